public import CoreMetrics
public import Logging

/// The library other services embed: it keeps the host's condition and decides every feedback request against it.
///
/// Built from a policy, an energy model (a device profile's estimator), a host source, a clock, a `Logger` and a
/// `MetricsFactory`; nothing global. Use it three ways:
/// - ``submit(_:)`` decides a request now;
/// - ``schedule(_:at:)`` parks a request until its target time; it is decided under the condition in force then,
///   and the final decision comes out of ``drain(now:)`` (for frame loops that poll) and ``decisions(bufferingPolicy:)``;
/// - `run()` (TemperLifecycle's swift-service-lifecycle `Service` conformance) samples the source every
///   ``Configuration/sampleIntervalSeconds``, and at once after ``sampleSoon()``, and releases due requests, until
///   graceful shutdown. It is the only sampling loop: the simulator, `temper serve`, `watch` and `record` all run it.
///
/// The simulator runs `run()` on a ``VirtualClock``; a test can also skip it and feed the governor directly with
/// ``update(with:)`` or ``setCondition(_:)``, moving time with its own clock. Every request gets exactly one final decision.
///
/// Its life has three states (``LifecycleState``), as swift-service-lifecycle's `ServiceGroup` keeps them: `run()`
/// may be called once, from ``LifecycleState/initial``; after ``shutdown()`` (which `run()` calls when it ends) the
/// governor is ``LifecycleState/finished``: ``submit(_:)`` drops with reason code `governor.finished` and
/// ``schedule(_:at:)`` throws ``TemperError/Code/alreadyFinished``.
public actor Governor {
    /// What the governor is tuned with.
    public struct Configuration: Sendable, Hashable {
        /// How often `run()` samples the host source.
        public var sampleIntervalSeconds: Double
        /// How many scheduled requests may wait; one more is rejected with `queueFull`.
        public var queueCapacity: Int
        /// A scheduled request is released this long before its target time, so every subsystem can arm
        /// (the brief's δ); 0 releases at the target time.
        public var armingLeadSeconds: Double
        public var ladder: DegradationLadder
        /// Whether `run()` releases due requests by itself, to the decision streams only. Off by default: a
        /// frame loop releases them with ``drain(now:)``, which keeps the render thread in control.
        public var releasesInRunLoop: Bool

        public init(
            sampleIntervalSeconds: Double = 1,
            queueCapacity: Int = 1024,
            armingLeadSeconds: Double = 0,
            ladder: DegradationLadder = .standard,
            releasesInRunLoop: Bool = false
        ) {
            self.releasesInRunLoop = releasesInRunLoop
            self.sampleIntervalSeconds = sampleIntervalSeconds
            self.queueCapacity = queueCapacity
            self.armingLeadSeconds = armingLeadSeconds
            self.ladder = ladder
        }
    }

    public nonisolated let configuration: Configuration
    public nonisolated let clock: any GovernorClock
    let rewriter: Rewriter
    package let source: any HostSource
    package let logger: Logger
    private var classifier: Classifier
    /// Forecasts sensor temperatures for ``headroom(forecastSeconds:)``; `nil` is the classifier's trend, which
    /// needs no feeding.
    private var forecaster: (any ThermalForecaster)?
    var metrics: GovernorMetrics
    private var queue: PendingQueue
    /// What has been let play and when, so each request is charged what it adds to it.
    var ledger = PlaybackLedger()
    /// The live players (``startPlayer(_:account:)``), charged into ``ledger`` as they play.
    var players = LivePlayerBook()
    /// Handed every player decision first (``onPlayerDecision(_:)``).
    var playerObserver: (@Sendable (PlayerDecision) -> Void)?
    let playerBroadcast = Broadcast<PlayerDecision>()
    private var outbox: [Decision] = []
    var bucket: TokenBucket?
    /// The buckets of accounts other than the shared one (``RequestAccount/id``), made full on their first request.
    var accountBuckets: [UInt32: TokenBucket] = [:]
    /// Energy held for announced bursts (``reserve(usage:energyMillijoules:seconds:account:)``), by account.
    var reservations = ReservationBook()
    /// The accounts of scheduled requests not decided for the shared account, by ticket.
    private var scheduledAccounts: [UInt64: RequestAccount] = [:]
    /// When the run loop will wake, and the alarm that cuts its sleep short for an earlier request.
    var wakeUp: (time: Double, alarm: WakeAlarm)?
    /// Handed every final decision as it is made, in order, on the governor's actor: the simulator's recorder,
    /// which takes them with no stream in between. The decision streams get them too.
    private var decisionRecorder: (@Sendable (Decision) -> Void)?
    private let decisionBroadcast = Broadcast<Decision>()
    private let conditionBroadcast = Broadcast<Condition>()
    private let sampleBroadcast = Broadcast<HostSample>()
    /// The condition requests are decided under.
    public private(set) var condition: Condition
    /// Runs `run()` once and refuses work after ``shutdown()``.
    package nonisolated let gate = LifecycleGate(name: "the governor")
    /// Raised by ``sampleSoon()`` from any thread; the run loop takes it.
    nonisolated let sampleRequest = SampleRequest()
    /// Where the governor is in its life. In ``LifecycleState/initial`` it already decides requests; once
    /// ``LifecycleState/finished`` every request that waited has its final decision and the streams have ended.
    public var state: LifecycleState { gate.state }

    /// Makes a governor.
    ///
    /// - Parameters:
    ///   - policy: Classifier settings, rules per condition, budgets and exempt usages.
    ///   - energyModel: What each request costs (a device profile's estimator).
    ///   - source: The live host, a replayed trace, the simulator or a fake.
    ///   - clock: Time for budgets, target times and the run loop.
    ///   - logger: Where condition changes and drops are logged.
    ///   - metricsFactory: Where metrics go; the global `MetricsSystem.factory` by default.
    ///   - configuration: Sampling interval, queue capacity, arming lead, degradation ladder.
    ///   - initialCondition: The condition until the first snapshot says otherwise.
    ///   - forecaster: What forecasts ``headroom(forecastSeconds:)``; `nil` for the classifier's straight-line trend.
    public init(
        policy: Policy,
        energyModel: any FeedbackEnergyModel,
        source: any HostSource,
        clock: any GovernorClock,
        logger: Logger,
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        configuration: Configuration = .init(),
        initialCondition: Condition = .nominal,
        forecaster: (any ThermalForecaster)? = nil
    ) {
        self.forecaster = forecaster
        self.configuration = configuration
        self.clock = clock
        self.rewriter = Rewriter(policy: policy, energyModel: energyModel, ladder: configuration.ladder)
        self.source = source
        self.logger = logger
        self.classifier = Classifier(settings: policy.classifier)
        self.metrics = GovernorMetrics(factory: metricsFactory)
        self.queue = PendingQueue(capacity: configuration.queueCapacity)
        self.condition = initialCondition
        self.bucket = policy.rules(for: initialCondition).budget.map { TokenBucket(budget: $0, now: clock.now) }
        metrics.record(initialCondition)
    }

    /// Makes a governor that prices requests with `profile`'s energy estimator.
    public init(
        policy: Policy,
        profile: DeviceProfile,
        source: any HostSource,
        clock: any GovernorClock,
        logger: Logger,
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        configuration: Configuration = .init(),
        initialCondition: Condition = .nominal,
        forecaster: (any ThermalForecaster)? = nil
    ) {
        self.init(
            policy: policy,
            energyModel: EnergyEstimator(profile: profile),
            source: source,
            clock: clock,
            logger: logger,
            metricsFactory: metricsFactory,
            configuration: configuration,
            initialCondition: initialCondition,
            forecaster: forecaster
        )
    }

    public nonisolated var policy: Policy { rewriter.policy }

    // MARK: Deciding

    /// Decides `request` now under the current condition, spending its energy from the budget. Once the governor
    /// is ``State/finished`` the decision is `dropped` with reason code `governor.finished`.
    public func submit(_ request: SensoryRequest) -> Decision {
        submit(request, account: .shared)
    }

    /// Decides `request` now for `account`: it spends from that account's budget, and its usage is exempt only
    /// when the account may use exempt usages.
    public func submit(_ request: SensoryRequest, account: RequestAccount) -> Decision {
        guard !gate.isFinished else {
            let rule = FiredRule("governor.finished", code: "governor.finished", "the governor has shut down")
            let decision = dropDecision(request, rule: rule)
            metrics.record(decision, kind: request.kind.name)
            return decision
        }
        let now = clock.now
        return finalDecision(for: request, now: now, start: now, account: account)
    }

    /// Parks `request` until `targetTime` (default: the request's own target time, else now) and returns a handle
    /// that can cancel it.
    ///
    /// - Throws: ``TemperError/Code/queueFull`` when the queue is at capacity, ``TemperError/Code/alreadyFinished``
    ///   once the governor has shut down, and ``TemperError/Code/invalidRequest`` for a target time that is not a
    ///   finite number (NaN would jump the queue and infinity would never be released); in each case the request
    ///   was not taken and gets no decision.
    public func schedule(
        _ request: SensoryRequest,
        at targetTime: Double? = nil,
        account: RequestAccount = .shared
    ) throws(TemperError) -> ScheduledRequest {
        guard !gate.isFinished else {
            throw TemperError(code: .alreadyFinished, message: "the governor has shut down; request '\(request.id)' was not scheduled")
        }
        let target = targetTime ?? request.targetTime ?? clock.now
        guard target.isFinite else {
            throw TemperError(code: .invalidRequest, message: "the target time must be a finite number of seconds, found \(target)")
        }
        var parked = request
        parked.targetTime = target
        let ticket = try queue.insert(parked, at: target)
        if account != .shared { scheduledAccounts[ticket] = account }
        metrics.recordPending(queue.count)
        if configuration.releasesInRunLoop, let wakeUp, target - configuration.armingLeadSeconds < wakeUp.time {
            wakeUp.alarm.ring()
        }
        return ScheduledRequest(ticket: ticket, requestID: request.id, targetTime: target, governor: self)
    }

    /// Cancels a scheduled request. Its final decision is `dropped` with reason `request.cancelled`; it is returned,
    /// and also goes to ``drain(now:)`` and the decision streams. `nil` when the request had already been decided.
    @discardableResult
    public func cancel(_ handle: ScheduledRequest) -> Decision? {
        cancel(handle, because: nil)
    }

    /// Cancels a scheduled request with `rule` as its reason (e.g. `client.gone` when the service's client left);
    /// `nil` gives the usual `request.cancelled`.
    @discardableResult
    public func cancel(_ handle: ScheduledRequest, because rule: FiredRule?) -> Decision? {
        guard let entry = queue.remove(ticket: handle.ticket) else { return nil }
        scheduledAccounts[handle.ticket] = nil
        metrics.recordPending(queue.count)
        let rule =
            rule
            ?? FiredRule(
                "request.cancelled",
                code: "request.cancelled",
                "cancelled before its target time \(entry.targetTime.formatted2) s"
            )
        let decision = dropDecision(entry.request, rule: rule)
        deliver(decision)
        return decision
    }

    /// The decision a scheduled request would get if it fired now, under the current condition and what is left
    /// of the budget; `nil` once final. Made when asked, not kept: most requests are released before anyone asks.
    public func provisionalDecision(for handle: ScheduledRequest) -> Decision? {
        guard let entry = queue.entry(ticket: handle.ticket) else { return nil }
        let now = clock.now
        let playing = PlaybackContext(ledger: ledger, startSeconds: max(now, entry.targetTime))
        return rewriter.decide(entry.request, condition: condition, budget: budgetSnapshot(at: now), playing: playing)
    }

    /// The classifier's forecast after the last snapshot: when the next tier is due at the current slopes.
    public var forecast: ThermalForecast? { classifier.forecast }

    /// The host's thermal headroom `forecastSeconds` ahead (0 = now), on Android's scale (1.0 at the serious
    /// threshold of the sensor nearest it), with its band and the forecast method; `nil` without a valid reading.
    /// The horizon is held within 0...``ThermalHeadroom/maxForecastSeconds``.
    public func headroom(forecastSeconds: Double) -> ThermalHeadroom? {
        let seconds = forecastSeconds.isFinite ? min(max(0, forecastSeconds), ThermalHeadroom.maxForecastSeconds) : 0
        let chosen: any ThermalForecaster = forecaster ?? TrendForecaster()
        return ThermalHeadroom.of(classifier.sensors, forecastSeconds: seconds, forecaster: chosen)
    }

    /// The headroom at each tier's entry, for the sensor nearest its serious threshold; `nil` without a reading.
    public var headroomThresholds: HeadroomThresholds? { HeadroomThresholds.of(classifier.sensors) }

    /// How many scheduled requests wait.
    public var pendingCount: Int { queue.count }

    /// What is left of the budget in force now, or `nil` when the rules set none.
    public var budget: BudgetSnapshot? { budgetSnapshot(at: clock.now) }

    /// Releases every scheduled request due by `now` (plus the arming lead) and returns the final decisions made
    /// since the last drain, in order: the event-drain pattern, for a frame loop that polls each tick. A `now`
    /// that is not finite releases nothing (NaN is no time, and infinity is no reason to release everything).
    public func drain(now: Double) -> [Decision] {
        if now.isFinite { releaseDue(now: now, keepForDrain: true) }
        defer { outbox.removeAll(keepingCapacity: true) }
        return outbox
    }

    /// ``drain(now:)`` at the clock's present time.
    public func drain() -> [Decision] { drain(now: clock.now) }

    // MARK: Condition

    /// Feeds one host snapshot through the policy's classifier; returns the condition after it.
    @discardableResult
    public func update(with snapshot: HostSnapshot) -> Condition {
        chargePlayers(at: clock.now)
        let next = classifier.update(with: snapshot)
        forecaster?.observe(classifier.sensors, at: snapshot.time)
        setCondition(next)
        metrics.recordPeripherals(next.peripherals)
        metrics.recordHost(snapshot)
        sampleBroadcast.yield {
            HostSample(snapshot: snapshot, condition: next, sensors: classifier.sensors, forecast: classifier.forecast)
        }
        return next
    }

    /// Sets the condition directly (a simulator with its own classifier, a test). A change of tier or low power
    /// applies to every scheduled request from then on and is announced on ``conditions(bufferingPolicy:)``.
    public func setCondition(_ next: Condition) {
        let changed = !next.isSameState(as: condition)
        if changed { chargePlayers(at: clock.now) }
        condition = next
        guard changed else { return }
        let now = clock.now
        logger.info("condition changed", metadata: ["condition": "\(next)", "reasons": "\(next.reasons.map(\.message))"])
        metrics.record(next)
        let budget = rewriter.rules(for: next).budget
        switch (bucket, budget) {
        case (_, nil):
            bucket = nil
            accountBuckets.removeAll()
        case (nil, let budget?): bucket = TokenBucket(budget: budget, now: now)
        case (var current?, let budget?):
            current.reconfigure(budget, at: now)
            bucket = current
            for id in accountBuckets.keys { accountBuckets[id]?.reconfigure(budget, at: now) }
        }
        reclampPlayers()
        conditionBroadcast.yield(next)
    }

    // MARK: Streams

    /// Hands every final decision from now on to `recorder`, in order, on the governor's actor, before the decision
    /// streams get it: for a recorder that runs on this actor (the simulator's), which would otherwise pay an
    /// `AsyncStream` element per decision. One recorder at a time; `nil` removes it.
    package func recordDecisions(_ recorder: (@Sendable (Decision) -> Void)?) {
        decisionRecorder = recorder
    }

    /// Every final decision from now on (submitted, released, cancelled, shut down), as an AsyncSequence.
    public nonisolated func decisions(
        bufferingPolicy: AsyncStream<Decision>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Decision> {
        decisionBroadcast.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// The current condition, then every change of tier or low power.
    public func conditions(bufferingPolicy: AsyncStream<Condition>.Continuation.BufferingPolicy = .unbounded) -> AsyncStream<Condition> {
        conditionBroadcast.subscribe(initial: condition, bufferingPolicy: bufferingPolicy)
    }

    /// Every snapshot fed to the governor from now on (by `run()` or ``update(with:)``) with the condition after
    /// it, whether or not the condition changed: what `temper watch --verbose` and `temper record` print.
    public nonisolated func samples(
        bufferingPolicy: AsyncStream<HostSample>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<HostSample> {
        sampleBroadcast.subscribe(bufferingPolicy: bufferingPolicy)
    }

    // MARK: Internals

    private func budgetSnapshot(at now: Double) -> BudgetSnapshot? { bucket?.snapshot(at: now) }

    /// Decides `request`, playing from `start`, against the ledger and the account's budget, and charges what it adds.
    private func finalDecision(for request: SensoryRequest, now: Double, start: Double, account: RequestAccount = .shared) -> Decision {
        chargePlayers(at: now)
        ledger.forget(before: now)
        expireReservations(at: now)
        let decision: Decision
        if let id = account.id, let shared = bucket {
            var own = accountBuckets[id] ?? TokenBucket(budget: shared.budget, now: now)
            decision = rewriter.decide(
                request,
                condition: condition,
                budget: reservations.widen(own.snapshot(at: now), for: id, usage: request.usage),
                ledger: &ledger,
                startingAt: start,
                exemptAllowed: account.mayUseExemptUsages
            )
            own.spend(reservations.charge(decision, for: id), at: now)
            accountBuckets[id] = own
        } else {
            decision = rewriter.decide(
                request,
                condition: condition,
                budget: reservations.widen(budgetSnapshot(at: now), for: account.id, usage: request.usage),
                ledger: &ledger,
                startingAt: start,
                exemptAllowed: account.mayUseExemptUsages
            )
            bucket?.spend(reservations.charge(decision, for: account.id), at: now)
        }
        metrics.record(decision, kind: request.kind.name)
        if decision.outcome == .dropped {
            logger.debug("request dropped", metadata: ["id": "\(request.id)", "reasons": "\(decision.reasons.map(\.message))"])
        }
        decisionRecorder?(decision)
        decisionBroadcast.yield(decision)
        return decision
    }

    private func dropDecision(_ request: SensoryRequest, rule: FiredRule) -> Decision {
        Decision(
            requestID: request.id,
            usage: request.usage,
            outcome: .dropped,
            request: nil,
            rules: [rule],
            energyBeforeMillijoules: rewriter.energy(of: request),
            energyAfterMillijoules: 0,
            condition: condition,
            budget: budgetSnapshot(at: clock.now),
            perceivedChange: rewriter.perceivedChange(of: request, to: nil, changed: true, outcome: .dropped)
        )
    }

    /// A decision made outside ``submit(_:)``: counted, announced and kept for the next drain.
    private func deliver(_ decision: Decision) {
        metrics.record(decision, kind: decision.request?.kind.name ?? "dropped")
        decisionRecorder?(decision)
        decisionBroadcast.yield(decision)
        outbox.append(decision)
    }

    /// Final decisions for every request due by `now`; kept for the next drain only when a drain asked.
    func releaseDue(now: Double, keepForDrain: Bool) {
        let through = now + configuration.armingLeadSeconds
        var released = false
        while let entry = queue.popFirst(dueBy: through) {
            released = true
            let account = scheduledAccounts.removeValue(forKey: entry.ticket) ?? .shared
            let decision = finalDecision(for: entry.request, now: now, start: max(now, entry.targetTime), account: account)
            if keepForDrain { outbox.append(decision) }
        }
        if released { metrics.recordPending(queue.count) }
    }

    /// When the earliest scheduled request is due for release.
    var nextReleaseTime: Double? { queue.nextTargetTime.map { $0 - configuration.armingLeadSeconds } }

    /// Ends the governor's life: every waiting request gets its final decision (`dropped`, `governor.shutdown`),
    /// the decision and condition streams finish, and the state becomes ``State/finished``. Later calls do nothing.
    public func shutdown() {
        guard gate.finish() else { return }
        scheduledAccounts.removeAll()
        for entry in queue.removeAll() {
            deliver(
                dropDecision(
                    entry.request,
                    rule: FiredRule("governor.shutdown", code: "governor.shutdown", "the governor shut down before the target time")
                )
            )
        }
        metrics.recordPending(0)
        stopAllPlayers(because: FiredRule("governor.shutdown", code: "governor.shutdown", "the governor shut down"))
        decisionBroadcast.finish()
        conditionBroadcast.finish()
        sampleBroadcast.finish()
    }
}
