public import TemperPatterns

/// What one Android composition primitive plays on a device. Android's `Vibrator.getPrimitiveDurations` differs
/// by device (a primitive is a waveform in the actuator's firmware), so a profile may carry its own table in
/// `primitives:`; a primitive it does not list plays as ``standard(_:)``.
public struct PrimitiveFigures: Sendable, Hashable, Codable {
    /// How long the primitive plays, in seconds.
    public var seconds: Double
    /// Its mean drive over that length at scale 1, as a fraction of full scale (0...1]: a ramp averages less
    /// than a held level.
    public var drive: Double

    public init(seconds: Double, drive: Double) {
        self.seconds = seconds
        self.drive = drive
    }

    /// The documented default for a device without a table: the primitive's typical length
    /// (`AndroidPrimitive.typicalSeconds`) held at its scale for all of it, the upper bound on its drive.
    public static func standard(_ primitive: AndroidPrimitive) -> PrimitiveFigures {
        PrimitiveFigures(seconds: primitive.typicalSeconds, drive: 1)
    }
}

extension DeviceProfile {
    /// What `primitive` plays on this device: its table's entry, else ``PrimitiveFigures/standard(_:)``.
    public func primitive(_ primitive: AndroidPrimitive) -> PrimitiveFigures {
        primitives[primitive] ?? .standard(primitive)
    }
}

extension PatternTimeline {
    /// The timeline with each Android primitive as long as it plays on `device`. In a composition (primitives
    /// only, each starting its delay after the one before ends) the later primitives move with the lengths, as
    /// the platform plays them; elsewhere only the lengths change. Amplitudes are left as written: the drive is
    /// the estimator's to apply.
    public func primitivesPlayed(on device: DeviceProfile) -> PatternTimeline {
        let primitives = transients.map { $0.effect.flatMap(AndroidPrimitive.init(rawValue:)) }
        guard primitives.contains(where: { $0 != nil }) else { return self }
        var result = self
        let composition = tracks.isEmpty && primitives.allSatisfy { $0 != nil }
        var oldEnd = 0.0
        var newEnd = 0.0
        for index in transients.indices {
            guard let primitive = primitives[index] else { continue }
            let transient = transients[index]
            let seconds = device.primitive(primitive).seconds
            if composition {
                let delay = max(0, transient.time - oldEnd)
                oldEnd = transient.time + (transient.duration ?? primitive.typicalSeconds)
                result.transients[index].time = newEnd + delay
                newEnd = result.transients[index].time + seconds
            }
            result.transients[index].duration = seconds
        }
        return result
    }
}
