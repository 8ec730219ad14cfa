/// What a peripheral's low or critical battery does to feedback aimed at it (a request's ``SensoryRequest/device``),
/// on top of the host's rules: feedback never gets richer than the host allows, only poorer.
///
/// In a policy file (durations carry their unit, as everywhere):
/// ```yaml
/// peripherals:
///   lowBattery: {rumbleScale: 0.5, maxRumble: 0.3s}
///   critical: {haptics: off}
/// ```
/// `critical` adds to `lowBattery`: what it leaves out keeps `lowBattery`'s value, and it never plays richer.
public struct PeripheralRules: Sendable, Hashable, Codable {
    /// One battery condition's changes.
    public struct Degradation: Sendable, Hashable, Codable {
        /// The richest haptics allowed; `full` leaves the host's mode alone (a poorer host mode always wins).
        public var haptics: HapticsMode
        /// Multiplies haptic intensity (rumble strength), 0 to 1.
        public var rumbleScale: Double
        /// Any continuous haptic ends this long after its onset, with a release ramp; `nil` = no cap of its own.
        public var maxRumbleSeconds: Double?

        public init(haptics: HapticsMode = .full, rumbleScale: Double = 1, maxRumbleSeconds: Double? = nil) {
            self.haptics = haptics
            self.rumbleScale = rumbleScale
            self.maxRumbleSeconds = maxRumbleSeconds
        }

        /// The stricter of the two in each key: the poorer haptics, the smaller scale, the shorter cap.
        func stricter(_ other: Degradation) -> Degradation {
            Degradation(
                haptics: other.haptics.restrictiveness > haptics.restrictiveness ? other.haptics : haptics,
                rumbleScale: min(rumbleScale, other.rumbleScale),
                maxRumbleSeconds: [maxRumbleSeconds, other.maxRumbleSeconds].compactMap { $0 }.min()
            )
        }

        /// `rules` made no richer than this allows.
        public func applied(to rules: FeedbackRules) -> FeedbackRules {
            var result = rules
            if haptics.restrictiveness > rules.haptics.restrictiveness { result.haptics = haptics }
            result.intensityScale = rules.intensityScale * rumbleScale
            if let maxRumbleSeconds { result.rumbleCapSeconds = min(rules.rumbleCapSeconds ?? .infinity, maxRumbleSeconds) }
            return result
        }

        /// `rumble ×0.5, rumble ≤ 0.3 s`: what it changes, for reasons; empty when it changes nothing.
        var summary: String {
            if haptics == .off { return "haptics off" }
            var parts: [String] = []
            if haptics != .full { parts.append("haptics at most \(Policy.haptics(haptics))") }
            if rumbleScale < 1 { parts.append("rumble ×\(YAMLText.number(rumbleScale))") }
            if let maxRumbleSeconds { parts.append("rumble ≤ \(YAMLText.number(maxRumbleSeconds)) s") }
            return parts.joined(separator: ", ")
        }
    }

    public var lowBattery: Degradation
    /// Applied with ``lowBattery``, the stricter of the two in each key (see ``degradation(for:)``).
    public var critical: Degradation

    public init(lowBattery: Degradation, critical: Degradation) {
        self.lowBattery = lowBattery
        self.critical = critical
    }

    /// Half the rumble, capped at 0.3 s, on a low battery; no haptics on a critical one.
    public static let standard = PeripheralRules(
        lowBattery: Degradation(rumbleScale: 0.5, maxRumbleSeconds: 0.3),
        critical: Degradation(haptics: .off, rumbleScale: 0.5, maxRumbleSeconds: 0.3)
    )

    /// What a battery in `battery`'s condition changes; `nil` for `ok` and `unknown`, which change nothing.
    public func degradation(for battery: PeripheralBattery) -> Degradation? {
        switch battery {
        case .low: lowBattery
        case .critical: lowBattery.stricter(critical)
        case .ok, .unknown: nil
        }
    }
}
