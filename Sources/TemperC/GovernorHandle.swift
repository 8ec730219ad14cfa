import Synchronization
import TemperAHAP
import TemperCore
import TemperFiles
import TemperScoring

/// What a `temper_governor` holds: the policy's rewriter and the device's scorer, made once, and the condition
/// requests are decided under, which any thread may set while others decide.
///
/// Deciding is `temper rewrite`'s one request: the condition's rules, a fresh window of its budget, the request
/// priced on its own. The rewriter's price memo is shared and locked inside, so a pattern played again and again
/// is priced once whichever thread decides it.
final class GovernorHandle: Sendable {
    let rewriter: Rewriter
    let scorer: PatternScorer
    /// The governor that keeps this handle's live players (`temper_player_*`).
    let players: PlayerHost
    /// Every condition C can force (a tier, with or without low power), each with the budget snapshot a decision
    /// under it starts from (a full window), made once; a decision reads the one ``current`` names, with no lock.
    private let states: [(condition: Condition, budget: BudgetSnapshot?)]
    /// The index in ``states`` of the condition in force.
    private let current = Atomic<Int>(0)

    init(policy: Policy, profile: DeviceProfile) {
        let rewriter = Rewriter(policy: policy, energyModel: EnergyEstimator(profile: profile))
        self.rewriter = rewriter
        // As `temper score` without --power-series: the estimate has no power series to carry.
        scorer = PatternScorer(estimator: EnergyEstimator(profile: profile, options: .init(maxSeriesPoints: 0)))
        players = PlayerHost(policy: policy, profile: profile)
        states = Tier.allCases.flatMap { tier in
            [false, true].map { lowPower in
                let condition = Condition(tier: tier, lowPower: lowPower)
                return (condition, Self.freshBudget(of: rewriter, under: condition))
            }
        }
        current.store(Self.index(of: .nominal), ordering: .relaxed)
    }

    var condition: Condition { states[current.load(ordering: .relaxed)].condition }

    /// Forces `condition` (its tier and low power; a forced condition has no reasons). A change re-clamps the live
    /// players at once, and the player callback hears of each before this returns.
    func setCondition(_ condition: Condition) {
        let next = Self.index(of: condition)
        guard current.exchange(next, ordering: .relaxed) != next else { return }
        players.call(condition: { [self] in self.condition }, { _ in () })
    }

    func decide(_ request: SensoryRequest) -> Decision {
        let state = states[current.load(ordering: .relaxed)]
        return rewriter.decide(request, condition: state.condition, budget: state.budget)
    }

    private static func index(of condition: Condition) -> Int {
        condition.tier.rank * 2 + (condition.lowPower ? 1 : 0)
    }

    /// A full window of the budget `condition`'s rules set, as `temper rewrite` starts each run with.
    private static func freshBudget(of rewriter: Rewriter, under condition: Condition) -> BudgetSnapshot? {
        rewriter.rules(for: condition).budget.map {
            BudgetSnapshot(capacityMillijoules: $0.millijoules, remainingMillijoules: $0.millijoules, windowSeconds: $0.windowSeconds)
        }
    }

    /// The policy and profile `temper` would use for these names or paths (`nil`: default and phone).
    static func named(policy: String?, device: String?) throws(CFailure) -> GovernorHandle {
        let chosenPolicy: Policy
        do throws(TemperError) { chosenPolicy = try PolicyLibrary.standard().policy(policy) } catch {
            throw CFailure(error, reading: .policy)
        }
        let profile: DeviceProfile
        do throws(TemperError) { profile = try DeviceProfileLibrary.standard().profile(device) } catch {
            throw CFailure(error, reading: .device)
        }
        return GovernorHandle(policy: chosenPolicy, profile: profile)
    }

    /// The policy and profile in YAML text (`nil`: the defaults `named(policy:device:)` takes).
    static func parsing(policyYAML: String?, deviceYAML: String?) throws(CFailure) -> GovernorHandle {
        let policy: Policy
        do throws(TemperError) {
            if let policyYAML {
                policy = try Policy.parse(yaml: policyYAML, file: "policy")
            } else {
                policy = try PolicyLibrary.standard().policy()
            }
        } catch {
            throw CFailure(error, reading: .policy)
        }
        let profile: DeviceProfile
        do throws(TemperError) {
            if let deviceYAML {
                profile = try DeviceProfile.parse(yaml: deviceYAML, file: "device")
            } else {
                profile = try DeviceProfileLibrary.standard().profile()
            }
        } catch {
            throw CFailure(error, reading: .device)
        }
        return GovernorHandle(policy: policy, profile: profile)
    }
}

/// `temper_governor_new`, as Sources/TemperC/include/temper.h documents it.
@c(temper_governor_new)
public func temperGovernorNew(
    _ policy: UnsafePointer<CChar>?,
    _ device: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(out)
        let governor = try GovernorHandle.named(policy: try cText(policy, "the policy"), device: try cText(device, "the device"))
        out.pointee = CHandle.make(governor)
    }
}

/// `temper_governor_new_from_yaml`, as Sources/TemperC/include/temper.h documents it.
@c(temper_governor_new_from_yaml)
public func temperGovernorNewFromYAML(
    _ policyYAML: UnsafePointer<CChar>?,
    _ deviceYAML: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(out)
        let governor = try GovernorHandle.parsing(
            policyYAML: try cText(policyYAML, "the policy's YAML"),
            deviceYAML: try cText(deviceYAML, "the device profile's YAML")
        )
        out.pointee = CHandle.make(governor)
    }
}

/// `temper_governor_free`, as Sources/TemperC/include/temper.h documents it.
@c(temper_governor_free)
public func temperGovernorFree(_ governor: OpaquePointer?) {
    CHandle.release(governor)
}

/// `temper_governor_set_condition`, as Sources/TemperC/include/temper.h documents it.
@c(temper_governor_set_condition)
public func temperGovernorSetCondition(_ governor: OpaquePointer?, _ condition: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(CFailure) in
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        let text = try cRequiredText(condition, "the condition")
        guard let parsed = Condition(parsing: text) else {
            throw CFailure(
                .condition,
                "condition: expected TIER[,low-power] with TIER one of nominal, fair, serious, critical; found '\(text)'"
            )
        }
        handle.setCondition(parsed)
    }
}

/// `temper_governor_condition_json`, as Sources/TemperC/include/temper.h documents it.
@c(temper_governor_condition_json)
public func temperGovernorConditionJSON(_ governor: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(json)
        let handle = try CHandle.required(governor, as: GovernorHandle.self, "the governor")
        out.pointee = cString(try encoded(handle.condition))
    }
}

/// `value` as Temper's JSON (`TemperJSON`: as the command line prints it, or on one line).
func encoded(_ value: some Encodable, _ layout: TemperJSON.Layout = .pretty) throws(CFailure) -> String {
    do { return try TemperJSON.string(value, layout) } catch { throw CFailure(.internal, "cannot write JSON: \(error)") }
}
