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
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
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

extension PatternTimeline {
    /// The track a single-actuator target plays: the main one, else the strong motor, else the first; with the
    /// losses of leaving the others out.
    func primaryTrack(losses: inout [ConversionLoss]) -> PatternTrack? {
        guard let track = tracks.first(where: { $0.motor == .main }) ?? tracks.first(where: { $0.motor == .lowFrequency }) ?? tracks.first
        else {
            return nil
        }
        let others = tracks.filter { $0 != track }
        if !others.isEmpty {
            losses.append(
                ConversionLoss(
                    .tracksMerged,
                    "\(others.map(\.motor.rawValue).joined(separator: ", ")) track dropped; only the \(track.motor.rawValue) track is kept"
                )
            )
        }
        return track
    }

    /// The primary track with its frequency normalized (Hz mapped through `range`).
    func normalizedPrimaryTrack(range: FrequencyRange, losses: inout [ConversionLoss]) -> PatternTrack? {
        guard var track = primaryTrack(losses: &losses) else { return nil }
        if track.frequencyUnit == .hertz, !track.frequency.isEmpty {
            track.frequency = track.frequency.map { PatternFrequencyPoint(time: $0.time, value: range.normalized($0.value)) }
            track.frequencyUnit = .normalized
            losses.append(
                ConversionLoss(.frequencyMapped, "frequencies in Hz mapped onto 0...1 over \(Int(range.minHz))–\(Int(range.maxHz)) Hz")
            )
        }
        return track
    }
}
