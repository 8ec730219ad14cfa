import TemperAHAP

extension Rewriter {
    /// The rules for a request aimed at `device` (``SensoryRequest/device``), and the reason to give for them.
    ///
    /// A peripheral with a low or critical battery makes the host's rules poorer by the policy's
    /// ``Policy/peripherals`` changes; one that is `ok` or `unknown` leaves them alone. A device no peripheral
    /// matches (unplugged, misnamed, or UPower not running) is governed by the host as if no device were named: the
    /// feedback still plays somewhere, and the host's rules are the ones Temper can stand behind; the reason
    /// `peripheral.notFound` says so, so the caller can tell a typo from a healthy battery.
    func peripheralRules(
        for device: String,
        host rules: FeedbackRules,
        condition: Condition
    ) -> (rules: FeedbackRules, reason: FiredRule?, degraded: Bool) {
        guard let target = PeripheralCondition.target(device, in: condition.peripherals) else {
            // Both are quoted from outside (a request, UPower), so each is cut as an error cuts a value.
            let known = condition.peripherals.map { OneLineText.quoted($0.peripheral.displayName) }
            let listed = known.isEmpty ? "none listed" : "listed: " + known.joined(separator: ", ")
            let reason = FiredRule(
                "peripheral",
                code: .peripheralNotFound,
                "no peripheral matches device '\(OneLineText.quoted(device))' (\(listed)); governed by the host"
            )
            return (rules, reason, false)
        }
        guard let degradation = policy.peripherals.degradation(for: target.battery) else { return (rules, nil, false) }
        let fact = target.reasons.first?.message ?? "\(target.peripheral.displayName) battery \(target.battery.rawValue)"
        let changes = degradation.summary
        let reason = FiredRule(
            "peripheral",
            code: target.battery == .critical ? .peripheralCritical : .peripheralLow,
            changes.isEmpty ? "\(fact); the policy changes nothing for it" : "\(fact): \(changes)"
        )
        return (degradation.applied(to: rules), reason, true)
    }
}
