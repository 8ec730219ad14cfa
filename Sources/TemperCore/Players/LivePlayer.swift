/// One live player as the governor keeps it: what its owner asks, what the rules allow, and how far it has been
/// charged.
struct LivePlayer: Sendable {
    let handle: PlayerHandle
    let request: PlayerRequest
    let account: RequestAccount
    let startSeconds: Double
    var asked: PlayerParameters
    /// The rules' clamp under the condition in force, before the budget.
    var clamp: PlayerClamp
    /// When the rumble cap in force started counting: the start, the moment a cap came into force, or the
    /// moment the haptics started again after silence.
    var capFrom: Double
    /// The budget ran out: nothing plays until it comes back (``PlayerBudgetRule``).
    var budgetSilenced = false
    /// What the player played is charged up to here.
    var chargedThrough: Double
    /// A looping player's next loop to charge (loops are charged as each begins, as one-shot patterns are).
    var nextLoop = 0
    /// The energy charged so far, in mJ.
    var chargedMillijoules = 0.0

    /// Whether the policy's exempt usages hold for this player (an exempt player is never silenced by the budget).
    let exempt: Bool

    /// What plays now, after the budget.
    var playing: PlayerValues {
        budgetSilenced ? PlayerValues(intensity: 0, sharpness: clamp.values.sharpness, volume: 0) : clamp.values
    }

    /// Why ``playing`` differs from ``asked``.
    var rules: [FiredRule] { budgetSilenced ? clamp.rules + [PlayerBudgetRule.spent] : clamp.rules }

    /// The loop period of a looping player.
    var loopSeconds: Double? {
        if case .looping(_, let seconds) = request.content { seconds } else { nil }
    }

    /// When loop `index` begins.
    func loopStart(_ index: Int) -> Double { startSeconds + Double(index) * (loopSeconds ?? .infinity) }

    /// Where it stands, from what plays.
    var outcome: PlayerDecision.Outcome {
        if playing.isSilent && clamp.loopBody == nil { return .silenced }
        if budgetSilenced { return .silenced }
        return rules.isEmpty ? .playing : .clamped
    }
}

/// The budget's reasons for a player.
enum PlayerBudgetRule {
    static let spent = FiredRule(
        "budget",
        code: "player.budgetSpent",
        "the energy budget is spent: the player is silent until \(Int(LivePlayerBook.resumeSeconds)) s of it fits again"
    )
    static let resumed = FiredRule("budget", code: "player.budgetResumed", "the energy budget came back: the player plays again")
}

/// The live players, in the order they started (so they are charged in a fixed order), and their handles.
struct LivePlayerBook: Sendable {
    /// The most live players a governor keeps; one more is refused with ``TemperError/Code/queueFull``.
    static let capacity = 256
    /// A player whose budget cannot pay this many more seconds of what it plays is silenced…
    static let leaseSeconds = 0.25
    /// …and plays again once it can pay this many.
    static let resumeSeconds = 1.0
    /// The most loops charged one by one in a catch-up; the rest of a long gap pays its own price per loop.
    static let maxLoopsPricedTogether = 64

    private(set) var players: [LivePlayer] = []
    private var lastHandle: PlayerHandle = 0

    var count: Int { players.count }
    var isEmpty: Bool { players.isEmpty }

    /// A new handle, never reused.
    mutating func nextHandle() -> PlayerHandle {
        lastHandle += 1
        return lastHandle
    }

    func index(of handle: PlayerHandle) -> Int? { players.firstIndex { $0.handle == handle } }

    mutating func add(_ player: LivePlayer) { players.append(player) }

    mutating func remove(at index: Int) -> LivePlayer { players.remove(at: index) }

    subscript(index: Int) -> LivePlayer {
        get { players[index] }
        set { players[index] = newValue }
    }
}
