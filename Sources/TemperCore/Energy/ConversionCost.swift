public import TemperAHAP
public import TemperPatterns

/// What a format conversion does to a pattern's price on one device: the source and the output as written, each
/// priced by ``EnergyEstimator``, and each kind of loss with the energy of what it touches before and after.
///
/// A loss that names its moments (``ConversionLoss/times``: the transients or emphases it changes) is priced on
/// the short effects at those moments alone; one that changes the pattern as a whole carries the whole price
/// before and after, so on a file with several such losses they share one figure.
public struct ConversionCost: Sendable, Hashable, Codable {
    /// One kind of loss, with every message of that kind.
    public struct Loss: Sendable, Hashable, Codable {
        public var kind: String
        public var messages: [String]
        /// The source's moments it touches, in seconds; empty for the pattern as a whole.
        public var times: [Double]
        public var beforeMillijoules: Double
        public var afterMillijoules: Double

        /// The messages and the energy, on one line: `… (11.72 mJ → 0.00 mJ)`.
        public var summary: String {
            messages.joined(separator: "; ") + " (\(beforeMillijoules.formatted2) mJ → \(afterMillijoules.formatted2) mJ)"
        }
    }

    public var device: String
    public var sourceMillijoules: Double
    public var outputMillijoules: Double
    /// One entry per kind, in the order each kind was first reported.
    public var losses: [Loss]
    /// How much weaker (negative) or stronger the output is felt than the source on the device, with the events
    /// that changed most; `nil` when the source is not felt at all.
    public var perceivedChange: PerceivedChange?
    /// ``perceivedChange``'s figure, in dB of amplitude, beside the energy change.
    public var perceivedChangeDecibels: Double? { perceivedChange?.decibels }

    /// Short effects at the same moment within this many seconds are the same effect (times go through text).
    static let sameMoment = 1e-4

    public init(losses: [ConversionLoss], source: EnergyEstimate, output: EnergyEstimate, device: String) {
        self.device = device
        sourceMillijoules = source.energyMillijoules
        outputMillijoules = output.energyMillijoules
        var kinds: [ConversionLoss.Kind] = []
        var byKind: [ConversionLoss.Kind: [ConversionLoss]] = [:]
        for loss in losses {
            if byKind[loss.kind] == nil { kinds.append(loss.kind) }
            byKind[loss.kind, default: []].append(loss)
        }
        self.losses = kinds.map { kind in
            let group = byKind[kind] ?? []
            let times = group.flatMap(\.times).sorted()
            let messages = group.map(\.message).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            guard !times.isEmpty, group.allSatisfy({ !$0.times.isEmpty }) else {
                return Loss(
                    kind: kind.name,
                    messages: messages,
                    times: [],
                    beforeMillijoules: source.energyMillijoules,
                    afterMillijoules: output.energyMillijoules
                )
            }
            return Loss(
                kind: kind.name,
                messages: messages,
                times: times,
                beforeMillijoules: Self.shortEffects(of: source, at: times),
                afterMillijoules: Self.shortEffects(of: output, at: times)
            )
        }
    }

    /// The energy of the estimate's short effects (transients, emphases, primitives) at `times`.
    static func shortEffects(of estimate: EnergyEstimate, at times: [Double]) -> Double {
        estimate.events.filter { event in
            !isLong(event.type) && times.contains { abs($0 - event.timeSeconds) <= sameMoment }
        }.reduce(0) { $0 + $1.energyMillijoules }
    }

    /// Tracks, continuous events and sounds: what a loss on short effects does not touch.
    static func isLong(_ type: String) -> Bool {
        type.hasPrefix("track:") || type == AHAPEventKindName.continuous || type.hasPrefix("Audio")
    }
}

/// The estimate's name for an AHAP continuous haptic event.
enum AHAPEventKindName {
    static let continuous = "HapticContinuous"
}

extension DeviceProfile {
    /// How AHAP sharpness maps onto this device's drive frequency, for writing AHAP that plays what a timeline
    /// plays here.
    public var sharpnessScale: SharpnessScale {
        SharpnessScale(lowHz: haptics.sharpnessLowHertz, highHz: haptics.sharpnessHighHertz, resonanceHz: haptics.resonanceHertz)
    }
}

extension ConversionCost {
    /// `timeline` written as `target` for the estimator's device, read back and priced against `source`: the
    /// path `temper convert` takes. `earlier` are losses the caller already had (a device's shaping of the
    /// timeline); the output's own follow.
    public static func converting(
        _ timeline: PatternTimeline,
        from source: HapticPattern,
        to target: PatternTarget,
        flavor: AHAPFlavor = .coreHaptics,
        on estimator: EnergyEstimator,
        after earlier: [ConversionLoss] = []
    ) throws(PatternReadError) -> (output: [UInt8], cost: ConversionCost) {
        let profile = estimator.profile
        let converted = try PatternWriter.write(timeline, to: target, flavor: flavor, sharpness: profile.sharpnessScale)
        let written = try HapticPattern(written: converted.output, as: target)
        var cost = ConversionCost(
            losses: earlier + converted.losses,
            source: estimator.estimate(source),
            output: estimator.estimate(written),
            device: profile.name
        )
        cost.perceivedChange = estimator.perceivedChange(from: source, to: written)
        return (converted.output, cost)
    }
}

extension HapticPattern {
    /// A pattern as a writer wrote it in `target`, read back so it is priced as written.
    public init(written bytes: [UInt8], as target: PatternTarget) throws(PatternReadError) {
        switch target {
        case .ahap:
            do throws(AHAPError) {
                self = .ahap(try AHAPReader.read(bytes).pattern, waveforms: [:])
            } catch {
                throw PatternReadError(error)
            }
        case .haptic: self = try PatternReader.read(bytes, format: .haptic).timeline
        case .androidWaveform: self = try PatternReader.read(bytes, format: .androidWaveform).timeline
        case .androidXML: self = try PatternReader.read(bytes, format: .androidXML).timeline
        case .rumble: self = try PatternReader.read(bytes, format: .rumble).timeline
        }
    }
}

extension ConversionCost {
    private enum CodingKeys: String, CodingKey {
        case device, sourceMillijoules, outputMillijoules, losses, perceivedChangeDecibels, perceivedChange
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        device = try container.decode(String.self, forKey: .device)
        sourceMillijoules = try container.decode(Double.self, forKey: .sourceMillijoules)
        outputMillijoules = try container.decode(Double.self, forKey: .outputMillijoules)
        losses = try container.decode([Loss].self, forKey: .losses)
        perceivedChange = try container.decodeIfPresent(PerceivedChange.self, forKey: .perceivedChange)
    }

    /// Writes the perceived change's figure beside the energy, as a decision does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(sourceMillijoules, forKey: .sourceMillijoules)
        try container.encode(outputMillijoules, forKey: .outputMillijoules)
        try container.encode(losses, forKey: .losses)
        try container.encodeIfPresent(perceivedChangeDecibels, forKey: .perceivedChangeDecibels)
        try container.encodeIfPresent(perceivedChange, forKey: .perceivedChange)
    }
}
