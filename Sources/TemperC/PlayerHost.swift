import Logging
import Metrics
import Synchronization
import TemperCore

/// The live players of a `temper_governor`: a ``Governor`` kept for them, on the wall clock, whose condition
/// follows the one C forces.
///
/// The governor has no run loop here: it charges players and checks the budget whenever C calls it (each start,
/// update, query or stop, and each change of condition), which a program updating a player at frame rate does
/// often. What the governor changes by itself (a re-clamp on a new condition, the budget running out or coming
/// back) is collected in the same actor turn as the call that caused it and handed to the C callback on the
/// calling thread before that call returns, so the callback may call back into the library.
final class PlayerHost: Sendable {
    /// A C callback and its context, kept as the address C gave it.
    struct Callback: Sendable {
        var function: @convention(c) (UInt64, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
        var context: UInt
    }

    let governor: Governor
    /// What the governor published in the current actor turn; only touched on its actor.
    private let published = Locked<[PlayerDecision]>([])
    private let callback = Locked<Callback?>(nil)
    /// Whether the governor's observer is installed; only touched on its actor.
    private let observing = Atomic<Bool>(false)

    init(policy: Policy, profile: DeviceProfile) {
        governor = Governor(
            policy: policy,
            profile: profile,
            source: NoHost(),
            clock: ContinuousGovernorClock(SuspendingClock()),
            logger: Logger(label: "temper.c", factory: { _ in SwiftLogNoOpLogHandler() }),
            metricsFactory: NOOPMetricsHandler.instance
        )
    }

    func setCallback(_ callback: Callback?) {
        self.callback.withLock { $0 = callback }
    }

    /// Runs `body` on the governor, first bringing its condition to `condition()`'s (read inside the turn, so the
    /// last of several racing changes wins), then tells the callback what changed without being asked.
    func call<Value: Sendable>(
        condition: @escaping @Sendable () -> Condition,
        _ body: @escaping @Sendable (isolated Governor) -> Value
    ) -> Value {
        let (value, changed) = onGovernor(governor) { [self] governor in
            published.withLock { $0.removeAll() }
            // Installed in the first call's turn rather than at init, so making a governor never waits on the
            // actor, and once, so an update at frame rate makes no closure. Weak: a strong capture would keep the
            // governor and this host alive through each other.
            if !observing.exchange(true, ordering: .relaxed) {
                governor.onPlayerDecision { [weak self] decision in self?.published.withLock { $0.append(decision) } }
            }
            governor.setCondition(condition())
            let value = body(governor)
            return (
                value,
                published.withLock { decisions in
                    defer { decisions.removeAll() }
                    return decisions.filter(Self.isUnasked)
                }
            )
        }
        if let callback = callback.withLock({ $0 }), !changed.isEmpty {
            for decision in changed {
                let json = (try? encoded(decision, .line)) ?? "{}"
                json.withCString { callback.function(decision.handle, $0, UnsafeMutableRawPointer(bitPattern: callback.context)) }
            }
        }
        return value
    }

    /// The decisions an owner did not ask for: a new condition, the budget, a stop it did not make.
    private static func isUnasked(_ decision: PlayerDecision) -> Bool {
        switch decision.cause {
        case .condition, .budget: true
        case .stop: decision.rules.first?.rule != "player.stopped"
        case .start, .update, .status: false
        }
    }
}

/// The host of a governor that only C's forced condition moves: it is never sampled (no run loop runs).
private struct NoHost: HostSource {
    func snapshot() async -> HostSnapshot { HostSnapshot(time: 0) }
}
