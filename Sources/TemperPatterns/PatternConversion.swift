/// Something a conversion could not carry over, e.g. `frequency dropped: an Android waveform has amplitude only`.
public struct ConversionLoss: Sendable, Hashable, CustomStringConvertible {
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The target has no frequency or sharpness control.
        public static let frequencyDropped = Kind("frequencyDropped")
        /// Frequencies in Hz mapped onto a normalized range, or the reverse.
        public static let frequencyMapped = Kind("frequencyMapped")
        /// Emphasis or transients folded into the continuous amplitude (ducking and a burst) or dropped.
        public static let emphasisMerged = Kind("emphasisMerged")
        /// Curve points split, resampled or quantised.
        public static let pointsThinned = Kind("pointsThinned")
        /// A motor's track merged into or dropped from a single-actuator target.
        public static let tracksMerged = Kind("tracksMerged")
        /// Looping that the target cannot express.
        public static let repeatDropped = Kind("repeatDropped")
        /// Metadata the target has no place for.
        public static let metadataDropped = Kind("metadataDropped")
        /// Android primitives or predefined effects approximated by a shape.
        public static let effectApproximated = Kind("effectApproximated")
        /// Transients under an AHAP intensity curve, which Core Haptics multiplies into them: they play weaker
        /// than the source's emphasis, or not at all where the curve is 0.
        public static let emphasisScaled = Kind("emphasisScaled")
        /// A track without frequency, which plays at the actuator's resonance, written at another sharpness.
        public static let sharpnessDefaulted = Kind("sharpnessDefaulted")
        /// Ramps that Core Haptics interpolates in intensity (√amplitude) where the source ramps amplitude.
        public static let rampsReshaped = Kind("rampsReshaped")
    }

    public var kind: Kind
    public var message: String
    /// The moments (seconds) of the source's transients or emphases the loss changes, so what it costs can be
    /// priced on those alone; empty when it touches the pattern as a whole.
    public var times: [Double]

    public init(_ kind: Kind, _ message: String, times: [Double] = []) {
        self.kind = kind
        self.message = message
        self.times = times
    }

    public var description: String { "\(kind): \(message)" }
}

/// A conversion's output with what it lost.
public struct Converted<Output: Sendable>: Sendable {
    public var output: Output
    public var losses: [ConversionLoss]

    public init(output: Output, losses: [ConversionLoss]) {
        self.output = output
        self.losses = losses
    }
}

/// How a normalized 0...1 frequency maps to Hz when a conversion must cross between the two, `Hz = min + f·(max −
/// min)` as Meta's renderer maps `.haptic` frequency with an ACF. The default, 60–300 Hz, is our assumption for a
/// phone LRA and a VCM; pass a device's range (e.g. from an ACF) where one is known.
public struct FrequencyRange: Sendable, Hashable {
    public var minHz: Double
    public var maxHz: Double

    public init(minHz: Double, maxHz: Double) {
        self.minHz = minHz
        self.maxHz = maxHz
    }

    public static let assumed = FrequencyRange(minHz: 60, maxHz: 300)

    public func hertz(_ normalized: Double) -> Double { minHz + min(max(normalized, 0), 1) * (maxHz - minHz) }

    public func normalized(_ hertz: Double) -> Double {
        guard maxHz > minHz else { return 0.5 }
        return min(max((hertz - minHz) / (maxHz - minHz), 0), 1)
    }
}

/// How AHAP sharpness maps onto a device's drive frequency: linearly over `lowHz`…`highHz`, as Android maps
/// sharpness onto a device's supported range (`VibrationEffect.BasicEnvelopeBuilder`). A track without frequency
/// plays at the actuator's resonance, so an AHAP written from it says the sharpness of `resonanceHz`.
public struct SharpnessScale: Sendable, Hashable {
    public var lowHz: Double
    public var highHz: Double
    public var resonanceHz: Double

    public init(lowHz: Double, highHz: Double, resonanceHz: Double) {
        self.lowHz = lowHz
        self.highHz = highHz
        self.resonanceHz = resonanceHz
    }

    /// Our assumption without a device: ``FrequencyRange/assumed`` with the resonance in its middle, so a track
    /// without frequency gets sharpness 0.5, where the reference phone profile has its resonance too (145 Hz in
    /// 120–170 Hz).
    public static let centred = SharpnessScale(lowHz: 60, highHz: 300, resonanceHz: 180)

    /// The sharpness (0...1) that drives `hertz`, clamped to the range.
    public func sharpness(hertz: Double) -> Double {
        guard highHz > lowHz, hertz.isFinite else { return 0.5 }
        return min(max((hertz - lowHz) / (highHz - lowHz), 0), 1)
    }

    /// The sharpness of the resonance: what a track without frequency plays.
    public var resonanceSharpness: Double { sharpness(hertz: resonanceHz) }
}

extension PatternTimeline {
    /// The track a single-actuator target plays: the main one when there is one, else every motor's track
    /// merged into one that plays the louder motor at each moment (one actuator plays one signal, the strongest
    /// drive, as the energy model mixes it); with the loss of the merge.
    func primaryTrack(losses: inout [ConversionLoss]) -> PatternTrack? {
        if let main = tracks.first(where: { $0.motor == .main }) {
            let others = tracks.filter { $0.motor != .main }
            if !others.isEmpty {
                let names = others.map(\.motor.rawValue).joined(separator: ", ")
                losses.append(ConversionLoss(.tracksMerged, "\(names) track dropped; only the main track is kept"))
            }
            return main
        }
        guard let first = tracks.first else { return nil }
        guard tracks.count > 1 else { return first }
        losses.append(
            ConversionLoss(
                .tracksMerged,
                "\(tracks.map(\.motor.rawValue).joined(separator: " and ")) motor tracks merged into one, the louder at each moment"
            )
        )
        return PatternTrack.louder(of: tracks)
    }

    /// The primary track with its frequency normalized: Hz become the normalized frequency whose sharpness
    /// (√f) drives them on `scale`'s range, so the track prices as it did.
    func normalizedPrimaryTrack(scale: SharpnessScale, losses: inout [ConversionLoss]) -> PatternTrack? {
        guard var track = primaryTrack(losses: &losses) else { return nil }
        if track.frequencyUnit == .hertz, !track.frequency.isEmpty {
            track.frequency = track.frequency.map {
                let sharpness = scale.sharpness(hertz: $0.value)
                return PatternFrequencyPoint(time: $0.time, value: sharpness * sharpness)
            }
            track.frequencyUnit = .normalized
            losses.append(
                ConversionLoss(
                    .frequencyMapped,
                    "frequencies in Hz mapped onto 0...1 as the sharpness that drives them over \(Int(scale.lowHz))–\(Int(scale.highHz)) Hz"
                )
            )
        }
        return track
    }
}

extension PatternTrack {
    /// One track holding, at every moment, the loudest amplitude of `tracks` (steps kept as two points at one
    /// time), with the first track's frequency.
    static func louder(of tracks: [PatternTrack]) -> PatternTrack {
        let times = Set(tracks.flatMap { $0.amplitude.map(\.time) }).sorted()
        var amplitude: [PatternPoint] = []
        for time in times {
            let before = tracks.map { $0.amplitude(at: time.nextDown) }.max() ?? 0
            let at = tracks.map { $0.amplitude(at: time) }.max() ?? 0
            if before != at, !amplitude.isEmpty { amplitude.append(PatternPoint(time: time, value: before)) }
            amplitude.append(PatternPoint(time: time, value: at))
        }
        return PatternTrack(amplitude: amplitude, frequency: tracks[0].frequency, frequencyUnit: tracks[0].frequencyUnit)
    }
}
