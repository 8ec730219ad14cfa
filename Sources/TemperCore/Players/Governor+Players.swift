/// Live players: feedback with no fixed end whose parameters change while it plays (``PlayerRequest``).
///
/// Every call is a synchronous actor method that answers with plain values (a ``PlayerHandle`` and a
/// ``PlayerDecision``), and the decisions the governor makes by itself come to one callback
/// (``onPlayerDecision(_:)``) or stream (``playerDecisions(bufferingPolicy:)``): a C wrapper can block on each call
/// and forward the callback to a function pointer.
///
/// A player is charged as it plays: whenever the governor acts (a decision, a sample, a player call), what each
/// player played since the last charge enters the ``PlaybackLedger`` at the time it played (a continuous player's
/// stretch of constant values as one continuous event, a looping player's loops as each begins, its sound as a
/// cue) and the player's account pays what it adds to what else plays.
extension Governor {
    /// Starts a player: its values under the condition in force and the budget, with the reasons.
    ///
    /// The decision's ``PlayerDecision/outcome`` is ``PlayerDecision/Outcome/refused`` (and no player is kept) when
    /// nothing of it may play under the condition; ``PlayerDecision/Outcome/silenced`` when the budget cannot pay
    /// for it now (it plays once it can).
    ///
    /// - Throws: ``TemperError/Code/invalidRequest`` for parameters out of range,
    ///   ``TemperError/Code/queueFull`` when 256 players live (``Governor/maxLivePlayers``),
    ///   ``TemperError/Code/alreadyFinished`` after shutdown.
    public func startPlayer(_ request: PlayerRequest, account: RequestAccount = .shared) throws(TemperError) -> PlayerDecision {
        guard !gate.isFinished else {
            throw TemperError(code: .alreadyFinished, message: "the governor has shut down; player '\(request.id)' was not started")
        }
        try request.validate()
        guard players.count < LivePlayerBook.capacity else {
            throw TemperError(code: .queueFull, message: "\(LivePlayerBook.capacity) players are live already; stop one first")
        }
        let now = clock.now
        chargePlayers(at: now)
        let clamp = rewriter.clamp(
            request,
            asked: request.parameters,
            condition: condition,
            exemptAllowed: account.mayUseExemptUsages,
            capFrom: now
        )
        var player = LivePlayer(
            handle: players.nextHandle(),
            request: request,
            account: account,
            startSeconds: now,
            asked: request.parameters,
            clamp: clamp,
            capFrom: now,
            chargedThrough: now,
            exempt: account.mayUseExemptUsages && rewriter.isExempt(request.usage)
        )
        // Refused when the rules leave nothing of it at full parameters; asking for silence is not refused.
        let loudest = PlayerParameters(intensity: 1, sharpness: request.parameters.sharpness, volume: 1)
        let probe = rewriter.clamp(request, asked: loudest, condition: condition, exemptAllowed: account.mayUseExemptUsages, capFrom: now)
        guard !(probe.values.isSilent && probe.loopBody == nil) else {
            var refused = decision(for: player, cause: .start)
            refused.outcome = .refused
            publish(refused)
            return refused
        }
        player.budgetSilenced = !player.exempt && !budgetPays(player, seconds: LivePlayerBook.leaseSeconds, at: now)
        charge(&player, to: now)
        players.add(player)
        let started = decision(for: player, cause: .start)
        publish(started)
        return started
    }

    /// Asks a live player to play `parameters` from now: the answer is what will play, after the rules and the
    /// budget, with the reasons.
    ///
    /// - Throws: ``TemperError/Code/invalidRequest`` for parameters out of range or a handle that is not live.
    public func updatePlayer(_ handle: PlayerHandle, to parameters: PlayerParameters) throws(TemperError) -> PlayerDecision {
        try parameters.validate()
        let now = clock.now
        chargePlayers(at: now)
        guard let index = players.index(of: handle) else { throw Self.notLive(handle) }
        var player = players[index]
        if player.playing.intensity <= 0, parameters.intensity > 0 { player.capFrom = now }
        player.asked = parameters
        player.clamp = rewriter.clamp(
            player.request,
            asked: parameters,
            condition: condition,
            exemptAllowed: player.account.mayUseExemptUsages,
            capFrom: player.capFrom
        )
        if !player.exempt { player.budgetSilenced = !budgetPays(player, seconds: Self.budgetSeconds(player), at: now) }
        players[index] = player
        let updated = decision(for: player, cause: .update)
        publish(updated)
        return updated
    }

    /// Stops a live player, charging what it played; `rule` says why (`nil`: its owner stopped it). `nil` when
    /// the handle is not live.
    @discardableResult
    public func stopPlayer(_ handle: PlayerHandle, because rule: FiredRule? = nil) -> PlayerDecision? {
        chargePlayers(at: clock.now)
        guard let index = players.index(of: handle) else { return nil }
        let player = players.remove(at: index)
        var stopped = decision(for: player, cause: .stop)
        stopped.outcome = .stopped
        stopped.playing = .silent
        stopped.rules = [rule ?? FiredRule("player.stopped", code: "player.stopped", "stopped by its owner")]
        publish(stopped)
        return stopped
    }

    /// How a live player plays now and what it has been charged, after charging what it played; `nil` when the
    /// handle is not live.
    public func player(_ handle: PlayerHandle) -> PlayerDecision? {
        chargePlayers(at: clock.now)
        return players.index(of: handle).map { decision(for: players[$0], cause: .status) }
    }

    /// The most live players a governor keeps; one more is refused with ``TemperError/Code/queueFull``.
    public static var maxLivePlayers: Int { LivePlayerBook.capacity }

    /// The handles of the live players, in the order they started.
    public var livePlayers: [PlayerHandle] { players.players.map(\.handle) }

    /// Every player decision from now on (start, update, stop, and the governor's own: a change of condition, the
    /// budget), as an AsyncSequence: how a player's owner hears that what it plays changed.
    public nonisolated func playerDecisions(
        bufferingPolicy: AsyncStream<PlayerDecision>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<PlayerDecision> {
        playerBroadcast.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Hands every player decision to `handler` as it is made, on the governor's actor, before the stream gets
    /// it: a C callback's home. One handler at a time; `nil` removes it. It must not call back into the governor.
    public func onPlayerDecision(_ handler: (@Sendable (PlayerDecision) -> Void)?) {
        playerObserver = handler
    }

    // MARK: Charging and clamping

    /// Charges every live player up to `now`, then silences one whose budget ran out or plays again one whose
    /// budget came back. Called before anything else reads or forgets the ledger at `now`.
    func chargePlayers(at now: Double) {
        guard !players.isEmpty, now.isFinite else { return }
        for index in 0..<players.count {
            var player = players[index]
            charge(&player, to: now)
            if !player.exempt {
                let pays = budgetPays(player, seconds: Self.budgetSeconds(player), at: now)
                if pays == player.budgetSilenced {
                    player.budgetSilenced = !pays
                    players[index] = player
                    var told = decision(for: player, cause: .budget)
                    if pays { told.rules.append(PlayerBudgetRule.resumed) }
                    publish(told)
                    continue
                }
            }
            players[index] = player
        }
        ledger.forget(before: now)
    }

    /// Clamps every live player again under the condition now in force and tells each owner: after a change of
    /// tier or low power. A rumble cap that comes into force counts from now.
    func reclampPlayers() {
        let now = clock.now
        for index in 0..<players.count {
            var player = players[index]
            let capped = player.clamp.values.hapticsEndSeconds != nil
            var clamp = rewriter.clamp(
                player.request,
                asked: player.asked,
                condition: condition,
                exemptAllowed: player.account.mayUseExemptUsages,
                capFrom: player.capFrom
            )
            if !capped, clamp.values.hapticsEndSeconds != nil {
                player.capFrom = now
                clamp = rewriter.clamp(
                    player.request,
                    asked: player.asked,
                    condition: condition,
                    exemptAllowed: player.account.mayUseExemptUsages,
                    capFrom: now
                )
            }
            player.clamp = clamp
            if !player.exempt { player.budgetSilenced = !budgetPays(player, seconds: Self.budgetSeconds(player), at: now) }
            players[index] = player
            publish(decision(for: player, cause: .condition))
        }
    }

    /// Stops every live player with `rule` (the governor shuts down).
    func stopAllPlayers(because rule: FiredRule) {
        for handle in livePlayers { stopPlayer(handle, because: rule) }
        playerBroadcast.finish()
    }

    private func decision(for player: LivePlayer, cause: PlayerDecision.Cause) -> PlayerDecision {
        let now = clock.now
        return PlayerDecision(
            handle: player.handle,
            playerID: player.request.id,
            account: player.account.id,
            cause: cause,
            outcome: player.outcome,
            asked: player.asked,
            playing: player.playing,
            rules: player.rules,
            chargedMillijoules: player.chargedMillijoules,
            condition: condition,
            budget: bucket.map { shared in
                guard let id = player.account.id else { return shared.snapshot(at: now) }
                return (accountBuckets[id] ?? TokenBucket(budget: shared.budget, now: now)).snapshot(at: now)
            }
        )
    }

    private func publish(_ decision: PlayerDecision) {
        metrics.recordLivePlayers(players.count)
        playerObserver?(decision)
        playerBroadcast.yield(decision)
    }

    private static func notLive(_ handle: PlayerHandle) -> TemperError {
        TemperError(code: .invalidRequest, message: "no live player with handle \(handle) (stopped, refused or never started)")
    }
}
