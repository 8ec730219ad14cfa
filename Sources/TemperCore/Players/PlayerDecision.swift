/// A live player, as the handle its owner updates and stops it with. Handles are never reused.
public typealias PlayerHandle = UInt64

/// What a player plays now: its parameters after the rules and the budget.
public struct PlayerValues: Sendable, Hashable, Codable {
    /// The haptic intensity that plays (0 when the haptics are silent).
    public var intensity: Double
    /// The haptic sharpness that plays.
    public var sharpness: Double
    /// The sound's volume (0 when it is silent or the player has none).
    public var volume: Double
    /// When the haptics stop on the governor's clock, under a rumble cap; `nil` when they play on.
    public var hapticsEndSeconds: Double?

    public init(intensity: Double, sharpness: Double, volume: Double, hapticsEndSeconds: Double? = nil) {
        self.intensity = intensity
        self.sharpness = sharpness
        self.volume = volume
        self.hapticsEndSeconds = hapticsEndSeconds
    }

    /// Nothing plays.
    public static let silent = PlayerValues(intensity: 0, sharpness: 0, volume: 0)

    /// Whether nothing plays.
    public var isSilent: Bool { intensity <= 0 && volume <= 0 }
}

/// The governor's answer about a player: at its start, after each update, and whenever the governor changes what
/// it plays by itself (a change of condition, the budget running out or coming back, a stop), with the reasons.
public struct PlayerDecision: Sendable, Hashable, Codable {
    /// What the decision is about.
    public enum Cause: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``Governor/startPlayer(_:account:)``.
        case start
        /// ``Governor/updatePlayer(_:to:)``.
        case update
        /// The tier or low power changed: every live player is clamped again.
        case condition
        /// The budget ran out mid-play, or came back.
        case budget
        /// The player ended (its owner stopped it, its owner left, the governor shut down).
        case stop
        /// ``Governor/player(_:)`` asked how it plays now.
        case status
    }

    /// Where the player stands after the decision.
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        /// It plays as asked.
        case playing
        /// It plays, capped or scaled by the rules.
        case clamped
        /// It lives, but nothing plays (a tier that allows nothing of it, the budget spent); it plays again when
        /// the condition or the budget allows.
        case silenced
        /// It was not started: nothing of it may play under the condition.
        case refused
        /// It has ended; its handle is no longer live.
        case stopped
    }

    public var handle: PlayerHandle
    public var playerID: String
    /// Whose budget it spends from (a Unix user id in `temper serve`); `nil` for the shared account.
    public var account: UInt32?
    public var cause: Cause
    public var outcome: Outcome
    /// What the owner asks to play.
    public var asked: PlayerParameters
    /// What plays now.
    public var playing: PlayerValues
    /// Why ``playing`` differs from ``asked`` (or why the player stopped), in the order the rules applied.
    public var rules: [FiredRule]
    /// The energy charged for what the player played so far, in mJ (its entries in the playback ledger).
    public var chargedMillijoules: Double
    public var condition: Condition
    /// The budget of the player's account after the charge, when one is in force.
    public var budget: BudgetSnapshot?

    public init(
        handle: PlayerHandle,
        playerID: String,
        account: UInt32?,
        cause: Cause,
        outcome: Outcome,
        asked: PlayerParameters,
        playing: PlayerValues,
        rules: [FiredRule],
        chargedMillijoules: Double,
        condition: Condition,
        budget: BudgetSnapshot?
    ) {
        self.handle = handle
        self.playerID = playerID
        self.account = account
        self.cause = cause
        self.outcome = outcome
        self.asked = asked
        self.playing = playing
        self.rules = rules
        self.chargedMillijoules = chargedMillijoules
        self.condition = condition
        self.budget = budget
    }

    /// The reasons, one per fired rule.
    public var reasons: [Reason] { rules.map(\.reason) }
}
