import FoundationEssentials
public import Logging
public import Metrics
public import ServiceLifecycle
import Synchronization
public import TemperCore
import TemperGLib
public import TemperHost
import TemperLifecycle

/// `org.temper.Temper1` on a message bus: the live host's condition as properties, and the governor's
/// Decide, Schedule, Cancel and Score as methods, as a swift-service-lifecycle `Service`.
///
/// The real ``Governor`` samples the ``LinuxHost``: its own run loop, on a clock whose timers fire on the
/// service's GLib thread, every ``Configuration/sampleIntervalSeconds`` and at once (``Governor/sampleSoon()``)
/// when UPower, power-profiles-daemon, a udev uevent (hwmon alarms, thermal zones, power supplies) or a kernel
/// thermal event announces a change. The properties are published from the governor's samples. Run the three
/// together in one `ServiceGroup`, as ``services`` lists them: the host, the governor, then the service.
///
/// Every scheduled request gets exactly one `Released` signal, sent to its client only; a client that leaves the
/// bus has its requests cancelled (`client.gone`). Graceful shutdown gives the name back after every waiting
/// request got its final decision. The service installs no signal handlers; the `ServiceGroup` that runs it does.
public final class GovernorBusService: Service, Sendable {
    public let configuration: Configuration
    /// The governor the service decides with; it runs as a `Service` of its own (see ``services``).
    public let governor: Governor
    /// The live host the governor samples; it runs as a `Service` of its own (see ``services``).
    public let host: LinuxHost
    let profiles: DeviceProfileLibrary
    let logger: Logger
    let properties: GovernorProperties
    let tickets = TicketBook()
    let playerOwners = PlayerOwners()
    let rateLimiter: SenderRateLimiter
    let callers: CallerTable
    let busMetrics: BusMetrics
    let callsInFlight = Atomic<Int>(0)
    /// The one GLib thread of the whole service: the host's bus watch, the bus endpoint, uevents, thermal events,
    /// feedbackd and the governor's timers. The host's when it watches the bus (the host starts and stops it),
    /// else the service's own.
    let glib: GLibThread
    /// Whether ``glib`` is the service's own, to stop when it stops.
    private let ownsGLib: Bool
    private let gate = LifecycleGate(name: "the bus service")
    let endpoint = Locked<BusEndpoint?>(nil)
    private let nameEvents: AsyncStream<Bool>
    private let nameEventSink: AsyncStream<Bool>.Continuation
    let udev = Locked<UdevClient?>(nil)
    let thermalEvents = Locked<ThermalNetlinkEvents?>(nil)
    let classifierSettings: ClassifierSettings
    private let feedbackd: FeedbackdBridge?
    let scoreProfiles = Locked<[String: DeviceProfile]>([:])

    /// - Parameters:
    ///   - policy: What the governor classifies and decides with.
    ///   - profile: The device profile requests are priced on.
    ///   - host: The live host the governor samples.
    ///   - profiles: Where Score finds device profiles by name (clients cannot name files).
    ///   - metricsFactory: Where the governor records its metrics.
    ///   - forecaster: What forecasts GetHeadroom (a fitted model's, from TemperSimulation); `nil` for the trend.
    public init(
        policy: Policy,
        profile: DeviceProfile,
        host: LinuxHost,
        profiles: DeviceProfileLibrary,
        configuration: Configuration = .init(),
        logger: Logger,
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        forecaster: (any ThermalForecaster)? = nil
    ) {
        self.configuration = configuration
        self.host = host
        self.glib = host.bus?.thread ?? GLibThread(name: "temper.glib")
        self.ownsGLib = host.bus == nil
        self.profiles = profiles
        self.logger = logger
        // On the host's time base (snapshot times, target times and budgets agree), sleeping on the GLib thread.
        self.governor = Self.makeGovernor(
            policy: policy,
            energyModel: EnergyEstimator(profile: profile),
            source: host,
            clock: GLibClock(base: host.clock, thread: glib),
            configuration: configuration,
            logger: logger,
            metricsFactory: metricsFactory,
            forecaster: forecaster
        )
        self.properties = GovernorProperties(policy: policy.name, condition: .nominal)
        self.classifierSettings = policy.classifier
        self.callers = CallerTable(
            exemptCallers: policy.exemptCallers,
            maxConnectionsPerUser: configuration.limits.maxConnectionsPerUser,
            maxCallsInFlightPerUser: configuration.limits.maxCallsInFlightPerUser
        )
        self.busMetrics = BusMetrics(factory: metricsFactory)
        self.rateLimiter = SenderRateLimiter(
            rate: configuration.limits.callsPerSecondPerSender,
            burst: configuration.limits.burstPerSender
        )
        (nameEvents, nameEventSink) = AsyncStream.makeStream(of: Bool.self)
        feedbackd = configuration.feedbackdBus.map { _ in
            FeedbackdBridge(
                mapping: policy.feedbackd,
                markFile: configuration.feedbackdMarksPath.map(FeedbackdMarkFile.init),
                logger: logger
            )
        }
    }

    /// The governor as the service runs it, on any source and clock: sampling on the service's interval and
    /// releasing scheduled requests in its own loop.
    static func makeGovernor(
        policy: Policy,
        energyModel: any FeedbackEnergyModel,
        source: any HostSource,
        clock: any GovernorClock,
        configuration: Configuration,
        logger: Logger,
        metricsFactory: any MetricsFactory,
        forecaster: (any ThermalForecaster)? = nil
    ) -> Governor {
        Governor(
            policy: policy,
            energyModel: energyModel,
            source: source,
            clock: clock,
            logger: logger,
            metricsFactory: metricsFactory,
            configuration: .init(sampleIntervalSeconds: configuration.sampleIntervalSeconds, releasesInRunLoop: true),
            forecaster: forecaster
        )
    }

    /// The host, the governor and the service, in the order a `ServiceGroup` runs them: graceful shutdown reaches the
    /// service first (it gives the name back after the last decision), then the governor, then the host.
    public var services: [any Service] { [host, governor, self] }

    /// Where the service is in its life: it runs once.
    public var state: LifecycleState { gate.state }

    /// Exports the object, owns the name and answers calls until graceful shutdown or cancellation, or until the
    /// name is lost.
    ///
    /// - Throws: ``DBusFailure`` when the bus cannot be reached, the name cannot be owned or is lost;
    ///   ``TemperError/Code/alreadyRunning`` or ``TemperError/Code/alreadyFinished``: a service runs once.
    public func run() async throws {
        try gate.begin()
        defer { gate.finish() }
        glib.start()
        let bus = configuration.bus
        let opened: Result<BusEndpoint, DBusFailure> = await glib.perform { [self] in
            Result { () throws(DBusFailure) in try BusEndpoint(bus: bus, bodyLimit: configuration.limits.maxMessageBodyBytes, handler: self)
            }
        }
        let endpoint: BusEndpoint
        switch opened {
        case .success(let value): endpoint = value
        case .failure(let failure):
            if ownsGLib { await glib.shutDown() }
            throw failure
        }
        self.endpoint.withLock { $0 = endpoint }
        let decisions = governor.decisions()
        async let releases: Void = releaseLoop(decisions)
        let playerDecisions = governor.playerDecisions()
        async let clamps: Void = playerClampLoop(playerDecisions)
        var failure: DBusFailure?
        await glib.perform { endpoint.requestName() }
        var nameEvents = self.nameEvents.makeAsyncIterator()
        if await nameEvents.next() == true {
            logger.info("serving", metadata: ["name": "\(GovernorInterface.busName)", "bus": "\(bus)"])
            if configuration.watchesUevents { await startEvents() }
            if let feedbackd, let bus = configuration.feedbackdBus {
                let started: Result<Void, DBusFailure> = await glib.perform {
                    Result { () throws(DBusFailure) in try feedbackd.start(bus: bus) }
                }
                if case .failure(let problem) = started { failure = problem }
            }
            if failure == nil {
                do {
                    try await cancelWhenGracefulShutdown { try await self.serve() }
                } catch let lost as DBusFailure {
                    failure = lost
                } catch {}
            }
        } else {
            failure = DBusFailure(
                "cannot own \(GovernorInterface.busName) on the \(bus): the name is taken or the bus policy does not allow it"
            )
        }
        // Every waiting request gets its final decision, and its Released signal, before the name goes.
        await governor.shutdown()
        await releases
        await clamps
        await glib.perform { [self] in
            udev.withLock { $0 = nil }
            thermalEvents.withLock { $0 = nil }
            feedbackd?.stop()
            endpoint.close()
        }
        self.endpoint.withLock { $0 = nil }
        if ownsGLib { await glib.shutDown() }
        if let failure { throw failure }
    }

    /// Publishes the governor's samples, turns the bus's changes into samples, follows thresholds and feedbackd,
    /// and watches the name, until one fails or the task is cancelled.
    private func serve() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let samples = governor.samples(bufferingPolicy: .bufferingNewest(1))
            // On the GLib thread the governor's timer wakes: a sample and its PropertiesChanged are one turn there.
            group.addTask(executorPreference: self.glib) { await self.publishProperties(samples) }
            // The properties so far came from samples taken before anyone listened.
            self.governor.sampleSoon()
            if let bus = self.host.bus {
                group.addTask {
                    for await _ in bus.updates() { self.governor.sampleSoon() }
                }
            }
            if !self.configuration.setsThermalThresholds {
                self.logger.debug(
                    "no thermal thresholds at the tier edges: off in the configuration (the zones read may not be the kernel's own)"
                )
            } else if let thresholds = ThermalThresholds.kernel(logger: self.logger) {
                group.addTask { await self.followThresholds(thresholds) }
            }
            if let feedbackd = self.feedbackd {
                group.addTask {
                    for await condition in await self.governor.conditions() {
                        await self.glib.perform { feedbackd.conditionChanged(condition) }
                    }
                }
            }
            group.addTask {
                for await owned in self.nameEvents where !owned {
                    throw DBusFailure("lost \(GovernorInterface.busName) on the \(self.configuration.bus) (the bus closed?)")
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Sends each scheduled request's final decision to its client, until the governor shuts down.
    private func releaseLoop(_ decisions: AsyncStream<Decision>) async {
        for await decision in decisions {
            guard let release = tickets.finish(decision) else { continue }
            emit(release)
        }
    }

    func emit(_ release: TicketBook.Release) {
        // A client that left gets nothing: its unique name is never reused.
        guard !release.decision.rules.contains(where: { $0.rule == Self.clientGone.rule }) else { return }
        let json = Self.json(release.decision)
        endpoint.withLock { $0 }?.connection.emitTicketSignal(
            destination: release.sender,
            path: GovernorInterface.objectPath,
            interface: GovernorInterface.interfaceName,
            name: "Released",
            ticket: release.ticket,
            text: json
        )
    }

    static let clientGone = FiredRule("client.gone", code: "client.gone", "the client left the bus before the target time")

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension GovernorBusService: BusEndpoint.Handler {
    func property(named name: String) -> DBusValue? { properties.value(named: name) }

    func refusedOversized(member: String) {
        busMetrics.called(member)
        busMetrics.failed(member, .tooLarge)
    }

    func nameOwnership(_ owned: Bool) {
        if !owned { logger.warning("the bus name is not ours", metadata: ["name": "\(GovernorInterface.busName)"]) }
        nameEventSink.yield(owned)
    }

    func senderVanished(_ name: String) {
        rateLimiter.forget(name)
        callers.forget(name)
        stopPlayers(of: name)
        let handles = tickets.handles(of: name)
        guard !handles.isEmpty else { return }
        logger.info("client left; cancelling its requests", metadata: ["client": "\(name)", "count": "\(handles.count)"])
        Task {
            for handle in handles { await governor.cancel(handle, because: Self.clientGone) }
        }
    }
}
