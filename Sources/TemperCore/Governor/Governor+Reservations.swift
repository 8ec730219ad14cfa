extension Governor {
    /// An app announces a burst: `usage` will want about `energyMillijoules` within `seconds`. The answer is the
    /// plan: how much of it the governor will let that usage spend now, and why. Under a budget the granted energy
    /// is taken from the account's own share at once and held for the usage's requests, which spend it before the
    /// budget, until it is spent or `seconds` pass; then what is left goes back to the share. An account holds one
    /// reservation at a time: a new one replaces the last, whose rest goes back first.
    ///
    /// - Throws: ``TemperError/Code/invalidRequest`` for energy not in (0, 100 J] or seconds not in (0, 60];
    ///   ``TemperError/Code/queueFull`` when 256 accounts already hold; ``TemperError/Code/alreadyFinished`` after
    ///   shutdown. A refused reservation changes nothing.
    public func reserve(
        usage: UsageClass,
        energyMillijoules: Double,
        seconds: Double,
        account: RequestAccount = .shared
    ) throws(TemperError) -> ReservationPlan {
        guard !gate.isFinished else { throw TemperError(code: .alreadyFinished, message: "the governor has shut down; nothing reserved") }
        try ReservationBook.validate(millijoules: energyMillijoules, seconds: seconds)
        guard reservations.hasRoom(for: account.id) else {
            throw TemperError(code: .queueFull, message: "\(ReservationBook.maxHolds) callers already hold reservations; try again shortly")
        }
        let now = clock.now
        expireReservations(at: now)
        giveBack(reservations.release(account.id), to: account.id, at: now)
        let rules = policy.rules(for: condition)
        var plan = ReservationPlan(
            usage: usage,
            askedMillijoules: energyMillijoules,
            grantedMillijoules: energyMillijoules,
            held: false,
            expiresAt: now + seconds,
            reasons: []
        )
        let asked = Self.joules(energyMillijoules)
        if policy.exemptUsages.contains(usage), account.mayUseExemptUsages {
            plan.reasons.append(Reason(code: "reserve.exempt", message: "\(usage.rawValue) is exempt: all \(asked) may play, nothing held"))
            return plan
        }
        if rules.exemptOnly {
            plan.grantedMillijoules = 0
            plan.reasons.append(
                Reason(
                    code: "reserve.exemptOnly",
                    message: "under \(condition.tier) only exempt usages play: nothing for \(usage.rawValue)"
                )
            )
            return plan
        }
        guard let shared = bucket else {
            plan.reasons.append(
                Reason(code: "reserve.noBudget", message: "no energy budget under \(condition.tier): all \(asked) may play, nothing held")
            )
            return plan
        }
        var own = account.id.map { accountBuckets[$0] ?? TokenBucket(budget: shared.budget, now: now) } ?? shared
        let left = own.remaining(at: now)
        let granted = min(energyMillijoules, left)
        own.spend(granted, at: now)
        if let id = account.id { accountBuckets[id] = own } else { bucket = own }
        plan.grantedMillijoules = granted
        plan.held = granted > 0
        if granted > 0 {
            reservations.hold(account.id, .init(usage: usage, millijoules: granted, expiresAt: now + seconds))
        }
        let share = "\(Self.joules(left)) left of \(Self.joules(own.budget.millijoules)) per \(Self.seconds(own.budget.windowSeconds))"
        if granted >= energyMillijoules {
            plan.reasons.append(
                Reason(
                    code: "reserve.held",
                    message:
                        "holding all \(asked) for \(usage.rawValue) for \(Self.seconds(seconds)): the share under \(condition.tier) had \(share)"
                )
            )
        } else {
            plan.reasons.append(
                Reason(
                    code: "reserve.partial",
                    message:
                        "holding \(Self.joules(granted)) of the \(asked) asked for \(usage.rawValue) for \(Self.seconds(seconds)): the share under \(condition.tier) had \(share)"
                )
            )
        }
        return plan
    }

    /// What `account` holds now, if anything: the usage, the energy left and when it expires.
    public func reservation(of account: RequestAccount = .shared) -> (usage: UsageClass, millijoules: Double, expiresAt: Double)? {
        expireReservations(at: clock.now)
        return reservations.holds[account.id].map { ($0.usage, $0.millijoules, $0.expiresAt) }
    }

    /// Ends expired holds and gives their unused energy back to the shares they came from.
    func expireReservations(at now: Double) {
        for (account, millijoules) in reservations.expire(at: now) { giveBack(millijoules, to: account, at: now) }
    }

    private func giveBack(_ millijoules: Double, to account: UInt32?, at now: Double) {
        guard millijoules > 0 else { return }
        if let account {
            accountBuckets[account]?.refund(millijoules, at: now)
        } else {
            bucket?.refund(millijoules, at: now)
        }
    }

    private static func joules(_ millijoules: Double) -> String { ReasonFormat.twoDecimals(millijoules / 1000) + " J" }
    private static func seconds(_ value: Double) -> String { ReasonFormat.seconds(value) }
}
