/// How live players are charged as they play, and when the budget silences them.
extension Governor {
    /// How many seconds of play the budget must hold: a playing player is silenced below a lease, a silenced one
    /// plays again from a longer stretch, so a budget that refills slowly does not toggle it every sample.
    static func budgetSeconds(_ player: LivePlayer) -> Double {
        player.budgetSilenced ? LivePlayerBook.resumeSeconds : LivePlayerBook.leaseSeconds
    }

    /// Charges what `player` played from its last charge up to `now`.
    func charge(_ player: inout LivePlayer, to now: Double) {
        var millijoules = 0.0
        let values = player.playing
        if let loopSeconds = player.loopSeconds {
            millijoules += chargeLoops(&player, loopSeconds: loopSeconds, through: now)
        } else if values.intensity > 0, now > player.chargedThrough {
            let end = min(now, values.hapticsEndSeconds ?? now)
            if end > player.chargedThrough {
                let pattern = Rewriter.continuousPattern(
                    seconds: end - player.chargedThrough,
                    intensity: values.intensity,
                    sharpness: values.sharpness
                )
                millijoules += admit(.haptic(HapticPatternRequest(content: pattern)), at: player.chargedThrough)
            }
        }
        if !player.budgetSilenced, var cue = player.clamp.audio, now > player.chargedThrough {
            cue.durationSeconds = now - player.chargedThrough
            millijoules += admit(.audio(cue), at: player.chargedThrough)
        }
        player.chargedThrough = max(player.chargedThrough, now)
        player.chargedMillijoules += millijoules
        spend(millijoules, account: player.account, at: now)
    }

    /// Charges the loops that began by `now`, each at its start, as a one-shot pattern would be.
    private func chargeLoops(_ player: inout LivePlayer, loopSeconds: Double, through now: Double) -> Double {
        let due = Int(min(Double(Int.max / 2), ((now - player.startSeconds) / loopSeconds).rounded(.down))) + 1
        guard due > player.nextLoop else { return 0 }
        let body = player.budgetSilenced ? nil : player.clamp.loopBody
        defer { player.nextLoop = due }
        guard let body else { return 0 }
        var millijoules = 0.0
        // A long gap between charges: the loops before the last few pay their own price, which errs high.
        let unpriced = max(0, due - player.nextLoop - LivePlayerBook.maxLoopsPricedTogether)
        millijoules +=
            Double(unpriced) * rewriter.energy(of: SensoryRequest(id: player.request.id, usage: player.request.usage, kind: body))
        for loop in (player.nextLoop + unpriced)..<due {
            millijoules += admit(body, at: player.loopStart(loop))
        }
        return millijoules
    }

    /// Admits what plays from `start` into the ledger and returns what it adds to what already plays.
    private func admit(_ kind: SensoryRequest.Kind, at start: Double) -> Double {
        let signal = rewriter.energyModel.playbackSignal(of: kind).premixed()
        let price = ledger.marginalEnergy(of: signal, at: start)?.totalMillijoules ?? rewriter.energyModel.energyMillijoules(of: kind)
        ledger.admit(signal, at: start)
        return price
    }

    /// Whether the player's account can pay `seconds` more of what the rules let it play; always without a budget.
    func budgetPays(_ player: LivePlayer, seconds: Double, at now: Double) -> Bool {
        guard let left = remaining(for: player.account, at: now) else { return true }
        var cost = 0.0
        let values = player.clamp.values
        if let loopSeconds = player.loopSeconds, let body = player.clamp.loopBody {
            let loop = rewriter.energy(of: SensoryRequest(id: player.request.id, usage: player.request.usage, kind: body))
            cost += loop * max(1, seconds / loopSeconds)
        } else if values.intensity > 0 {
            cost += rewriter.energyModel.energyMillijoules(
                of: Rewriter.continuousPattern(seconds: seconds, intensity: values.intensity, sharpness: values.sharpness)
            )
        }
        if var cue = player.clamp.audio {
            cue.durationSeconds = seconds
            cost += rewriter.energyModel.energyMillijoules(of: cue)
        }
        return cost <= left + 1e-9
    }

    /// What is left of `account`'s budget at `now`; `nil` when no budget is in force.
    private func remaining(for account: RequestAccount, at now: Double) -> Double? {
        guard let shared = bucket else { return nil }
        guard let id = account.id else { return shared.remaining(at: now) }
        return (accountBuckets[id] ?? TokenBucket(budget: shared.budget, now: now)).remaining(at: now)
    }

    private func spend(_ millijoules: Double, account: RequestAccount, at now: Double) {
        guard millijoules > 0, let shared = bucket else { return }
        if let id = account.id {
            var own = accountBuckets[id] ?? TokenBucket(budget: shared.budget, now: now)
            own.spend(millijoules, at: now)
            accountBuckets[id] = own
        } else {
            bucket?.spend(millijoules, at: now)
        }
    }
}
