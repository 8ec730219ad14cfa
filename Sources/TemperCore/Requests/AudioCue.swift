/// A sound to play: a mono point source placed in the scene, heard by a listener.
///
/// Scene units convert to metres by one factor (A = V × S; S is 0.01 for centimetres). The listener sits at the
/// origin looking down −z unless told otherwise. A `spatial` cue is rendered with HRTF or panning by the app; a
/// `2d` cue carries its ``stereo`` placement, which the rewriter computes when it drops spatialisation.
public struct AudioCue: Sendable, Hashable {
    /// The source's position, in scene units.
    public var position: Vector3
    /// Metres per scene unit.
    public var sceneToMetres: Double
    public var listener: Listener
    public var rendering: AudioRendering
    /// 0…1.
    public var volume: Double
    /// How long the cue plays; required unless a waveform gives it.
    public var durationSeconds: Double?
    /// A sound file, as named in the request.
    public var waveform: String?
    public var distanceModel: DistanceModel
    /// Pan and gains of a `2d` cue; `nil` for spatial cues and for 2D cues the app places itself.
    public var stereo: StereoPlacement?

    public init(
        position: Vector3,
        sceneToMetres: Double = 1,
        listener: Listener = .init(),
        rendering: AudioRendering = .spatial,
        volume: Double = 1,
        durationSeconds: Double? = nil,
        waveform: String? = nil,
        distanceModel: DistanceModel = .init(),
        stereo: StereoPlacement? = nil
    ) {
        self.position = position
        self.sceneToMetres = sceneToMetres
        self.listener = listener
        self.rendering = rendering
        self.volume = volume
        self.durationSeconds = durationSeconds
        self.waveform = waveform
        self.distanceModel = distanceModel
        self.stereo = stereo
    }

    /// The duration energy is estimated over: the stated one, else one second (a waveform of unknown length).
    public var effectiveDurationSeconds: Double { durationSeconds ?? 1 }
}

/// How a cue is rendered: spatialised in 3D, or panned and attenuated in 2D (cheaper on CPU).
public enum AudioRendering: String, Sendable, Hashable, Codable, CaseIterable {
    case spatial
    case twoD = "2d"
}

/// Who hears the scene: a position in scene units and an orientation.
public struct Listener: Sendable, Hashable {
    public var position: Vector3
    public var forward: Vector3
    public var up: Vector3

    /// The default listener: at the origin, looking down −z, +y up.
    public init(position: Vector3 = .zero, forward: Vector3 = Vector3(0, 0, -1), up: Vector3 = Vector3(0, 1, 0)) {
        self.position = position
        self.forward = forward
        self.up = up
    }
}

/// The inverse distance model: full volume up to ``referenceDistance``, attenuation stops growing at
/// ``maxDistance``; gain = ref / (ref + rolloff · (clamp(d, ref, max) − ref)).
public struct DistanceModel: Sendable, Hashable {
    public var referenceDistance: Double
    public var rolloff: Double
    public var maxDistance: Double

    public init(referenceDistance: Double = 1, rolloff: Double = 1, maxDistance: Double = 100) {
        self.referenceDistance = referenceDistance
        self.rolloff = rolloff
        self.maxDistance = maxDistance
    }

    /// The gain at `distance` metres.
    public func gain(atMetres distance: Double) -> Double {
        let reference = max(referenceDistance, .leastNonzeroMagnitude)
        let clamped = min(max(distance, reference), max(maxDistance, reference))
        return reference / (reference + rolloff * (clamped - reference))
    }
}

/// Where a 2D cue sits between the speakers, and how loud.
public struct StereoPlacement: Sendable, Hashable, Codable {
    /// −1 (left) … 1 (right).
    public var pan: Double
    /// Equal-power channel gains: left² + right² = 1.
    public var leftGain: Double
    public var rightGain: Double
    /// The inverse-distance gain, applied on top of the volume.
    public var distanceGain: Double

    public init(pan: Double, leftGain: Double, rightGain: Double, distanceGain: Double) {
        self.pan = pan
        self.leftGain = leftGain
        self.rightGain = rightGain
        self.distanceGain = distanceGain
    }
}

/// A point or direction in 3D; JSON `[x, y, z]`.
public struct Vector3: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(0, 0, 0)

    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(lhs.x + rhs.x, lhs.y + rhs.y, lhs.z + rhs.z) }
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(lhs.x - rhs.x, lhs.y - rhs.y, lhs.z - rhs.z) }
    public static func * (lhs: Vector3, rhs: Double) -> Vector3 { Vector3(lhs.x * rhs, lhs.y * rhs, lhs.z * rhs) }

    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    public var length: Double { dot(self).squareRoot() }

    /// The unit vector, or `nil` for a zero vector.
    public var normalized: Vector3? {
        let length = self.length
        guard length > 1e-12, length.isFinite else { return nil }
        return self * (1 / length)
    }
}

extension DistanceModel: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case referenceDistance, rolloff, maxDistance }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = DistanceModel()
        referenceDistance =
            try RequestDecoding.optionalNumber(container, .referenceDistance, in: RequestDecoding.distances) ?? defaults.referenceDistance
        rolloff = try RequestDecoding.optionalNumber(container, .rolloff, in: 0...100) ?? defaults.rolloff
        maxDistance = try RequestDecoding.optionalNumber(container, .maxDistance, in: RequestDecoding.distances) ?? defaults.maxDistance
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(referenceDistance, forKey: .referenceDistance)
        try container.encode(rolloff, forKey: .rolloff)
        try container.encode(maxDistance, forKey: .maxDistance)
    }
}
