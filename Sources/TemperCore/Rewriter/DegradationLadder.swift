/// The rungs a custom pattern steps down when it does not fit the energy budget, richest first:
/// full → capped rumble → transients only → simple impact. Below the last rung a non-exempt request is
/// dropped and an exempt one plays in its simplest form.
public struct DegradationLadder: Sendable, Hashable, Codable {
    /// The rumble cap of the second rung when the rules themselves do not cap (the brief: decay under 500 ms).
    public var capMaxSeconds: Double
    public var capFadeSeconds: Double
    /// The system impact of the last rung and of every "simplest form".
    public var simpleImpactStyle: ImpactStyle
    /// A transient within this many seconds before a removed continuous event already marks its onset.
    public var onsetWindowSeconds: Double
    /// A sound whose onset lies within this many seconds of a rumble's is the rumble's pair (the brief: channels
    /// more than three frames, 50 ms, apart are a defect, so closer ones were meant as one event).
    public var pairingWindowSeconds: Double

    public init(
        capMaxSeconds: Double = 0.5,
        capFadeSeconds: Double = 0.1,
        simpleImpactStyle: ImpactStyle = .medium,
        onsetWindowSeconds: Double = 0.05,
        pairingWindowSeconds: Double = 0.05
    ) {
        self.capMaxSeconds = capMaxSeconds
        self.capFadeSeconds = capFadeSeconds
        self.simpleImpactStyle = simpleImpactStyle
        self.onsetWindowSeconds = onsetWindowSeconds
        self.pairingWindowSeconds = pairingWindowSeconds
    }

    public static let standard = DegradationLadder()

    /// The haptic modes below `mode`, richest first; empty for `simpleImpact` and `off`.
    public func rungs(below mode: HapticsMode) -> [HapticsMode] {
        let all: [HapticsMode] = [
            .full, .capRumble(maxSeconds: capMaxSeconds, fadeSeconds: capFadeSeconds), .transientsOnly, .simpleImpact(simpleImpactStyle),
        ]
        let start: Int
        switch mode {
        case .full: start = 1
        case .capRumble(let maxSeconds, _):
            // A tighter cap than the ladder's skips the ladder's cap rung.
            start = maxSeconds <= capMaxSeconds ? 2 : 1
        case .transientsOnly: start = 3
        case .simpleImpact, .off: start = 4
        }
        return Array(all.dropFirst(start))
    }
}

extension HapticsMode {
    /// The rule name a mode fires under.
    var ruleName: String {
        switch self {
        case .full: "haptics.full"
        case .capRumble: "haptics.capRumble"
        case .transientsOnly: "haptics.transientsOnly"
        case .simpleImpact: "haptics.simpleImpact"
        case .off: "haptics.off"
        }
    }

    /// Words for messages: `transients only`, `a simple medium impact`.
    var phrase: String {
        switch self {
        case .full: "the full pattern"
        case .capRumble(let maxSeconds, _): "rumble capped at \(maxSeconds.formatted2) s"
        case .transientsOnly: "transients only"
        case .simpleImpact(let style): "a simple \(style.rawValue) impact"
        case .off: "no haptics"
        }
    }
}
