import Foundation
public import Logging
public import Metrics
public import ServiceLifecycle
import Synchronization
public import TemperCore
public import TemperHost
import TemperLifecycle

/// `org.temper.Temper1` on a message bus: the live host's condition as properties, and the governor's
/// Decide, Schedule, Cancel and Score as methods, as a swift-service-lifecycle `Service`.
///
/// It runs the real ``Governor`` with the ``LinuxHost`` as its source, sampling every
/// ``Configuration/sampleIntervalSeconds`` and at once when UPower, power-profiles-daemon or a udev uevent
/// (hwmon alarms, thermal zones) announces a change. Every scheduled request gets exactly one `Released`
/// signal, sent to its client only; a client that leaves the bus has its requests cancelled (`client.gone`).
/// Graceful shutdown gives the name back after every waiting request got its final decision. The service
/// installs no signal handlers; the `ServiceGroup` that runs it does.
public final class GovernorBusService: Service, Sendable {
    public let configuration: Configuration
    let governor: Governor
    let host: LinuxHost
    let profiles: DeviceProfileLibrary
    let logger: Logger
    let properties: GovernorProperties
    let tickets = TicketBook()
    let rateLimiter: SenderRateLimiter
    let wakeup = Wakeup()
    let callsInFlight = Atomic<Int>(0)
    private let glib = GLibThread(name: "temper.serve")
    private let endpoint = Mutex<BusEndpoint?>(nil)
    private let currentState = Mutex<State>(.idle)
    private let nameEvents: AsyncStream<Bool>
    private let nameEventSink: AsyncStream<Bool>.Continuation
    private let udev = Mutex<UdevClient?>(nil)
    private let thermalEvents = Mutex<ThermalNetlinkEvents?>(nil)
    private let classifierSettings: ClassifierSettings
    private let feedbackd: FeedbackdBridge?
    let scoreProfiles = Mutex<[String: DeviceProfile]>([:])

    /// - Parameters:
    ///   - policy: What the governor classifies and decides with.
    ///   - profile: The device profile requests are priced on.
    ///   - host: The live host; the service starts and stops its bus watching.
    ///   - profiles: Where Score finds device profiles by name (clients cannot name files).
    ///   - metricsFactory: Where the governor records its metrics.
    public init(
        policy: Policy,
        profile: DeviceProfile,
        host: LinuxHost,
        profiles: DeviceProfileLibrary,
        configuration: Configuration = .init(),
        logger: Logger,
        metricsFactory: any MetricsFactory = MetricsSystem.factory
    ) {
        self.configuration = configuration
        self.host = host
        self.profiles = profiles
        self.logger = logger
        // The service samples (on its interval and on events); the governor's own loop only releases. It runs on
        // the host's clock, so snapshot times, target times and budgets share one time base.
        self.governor = Governor(
            policy: policy,
            profile: profile,
            source: host,
            clock: host.clock,
            logger: logger,
            metricsFactory: metricsFactory,
            configuration: .init(sampleIntervalSeconds: .infinity, releasesInRunLoop: true)
        )
        self.properties = GovernorProperties(policy: policy.name, condition: .nominal)
        self.classifierSettings = policy.classifier
        self.rateLimiter = SenderRateLimiter(
            rate: configuration.limits.callsPerSecondPerSender,
            burst: configuration.limits.burstPerSender
        )
        (nameEvents, nameEventSink) = AsyncStream.makeStream(of: Bool.self)
        feedbackd = configuration.feedbackdBus.map { _ in FeedbackdBridge(mapping: policy.feedbackd, logger: logger) }
    }

    /// Where the service is in its life.
    public var state: State { currentState.withLock { $0 } }

    public func run() async throws {
        setState(.starting)
        glib.start()
        defer { glib.stop() }
        let bus = configuration.bus
        let opened: Result<BusEndpoint, DBusFailure> = await glib.perform { [self] in
            Result { () throws(DBusFailure) in try BusEndpoint(bus: bus, handler: self) }
        }
        let endpoint: BusEndpoint
        switch opened {
        case .success(let value): endpoint = value
        case .failure(let failure):
            setState(.failed(failure.description))
            throw failure
        }
        self.endpoint.withLock { $0 = endpoint }
        await host.start()
        defer { host.stop() }
        let decisions = governor.decisions()
        async let releases: Void = releaseLoop(decisions)
        var failure: DBusFailure?
        await glib.perform { endpoint.requestName() }
        var nameEvents = self.nameEvents.makeAsyncIterator()
        if await nameEvents.next() == true {
            setState(.serving)
            logger.info("serving", metadata: ["name": "\(GovernorInterface.busName)", "bus": "\(bus)"])
            if configuration.watchesUevents { await startUevents() }
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
        setState(.stopping)
        await governor.shutdown()
        await releases
        await glib.perform { [self] in
            udev.withLock { $0 = nil }
            thermalEvents.withLock { $0 = nil }
            feedbackd?.stop()
            endpoint.close()
        }
        self.endpoint.withLock { $0 = nil }
        if let failure {
            setState(.failed(failure.description))
            throw failure
        }
        setState(.stopped)
    }

    /// The governor's release loop, the sampling loop, the bus's change feed and the name watch, until one
    /// fails or the task is cancelled.
    private func serve() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.governor.run() }
            // On the GLib thread whose timer and bus callbacks signal it: a sample wakes that one thread.
            group.addTask(executorPreference: self.glib) { await self.sampleLoop(on: self.governor) }
            if let bus = self.host.bus {
                group.addTask {
                    for await _ in bus.updates() { self.wakeup.signal() }
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

    /// Samples at once, then at each tick of the sample timer or wake-up; publishes the properties that changed.
    /// It runs isolated to the governor on the GLib thread (the task prefers that executor), so a sample is one
    /// job on the thread the timer woke, with no hop between the host, the governor and the properties; the host's
    /// sweep is synchronous and well under a millisecond, so bus calls wait no longer than they would for the
    /// governor.
    private func sampleLoop(on governor: isolated Governor) async {
        // The interval's timer runs on the GLib thread, which sleeps in poll anyway: no runtime timer to re-arm.
        let milliseconds = UInt32((min(configuration.sampleIntervalSeconds * 1000, Double(UInt32.max))).rounded(.up))
        let ticks = glib.repeating(everyMilliseconds: max(milliseconds, 1)) { [wakeup] in wakeup.signal() }
        defer { withExtendedLifetime(ticks) {} }
        while !Task.isCancelled {
            // run() started the host and waited for its first bus reading.
            let snapshot = host.sample()
            let condition = governor.update(with: snapshot)
            let changes = properties.update(condition: condition, forecast: governor.forecast)
            if !changes.isEmpty {
                endpoint.withLock { $0 }?.connection.emitPropertiesChanged(
                    path: GovernorInterface.objectPath,
                    interface: GovernorInterface.interfaceName,
                    changes
                )
            }
            await wakeup.wait()
        }
    }

    /// Keeps kernel thresholds at the tier edges of the zones each sample shows (the edges move with trip points
    /// and settings); removes them when the service stops.
    private func followThresholds(_ thresholds: ThermalThresholds) async {
        for await sample in governor.samples(bufferingPolicy: .bufferingNewest(1)) {
            if Task.isCancelled { break }
            thresholds.follow(sample.snapshot, settings: classifierSettings)
        }
        thresholds.clear()
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

    private func startUevents() async {
        let wakeup = self.wakeup
        let logger = self.logger
        let host = self.host
        await glib.perform { [self] in
            let client = UdevClient(subsystems: Self.ueventSubsystems) { action, subsystem, path in
                logger.debug("uevent", metadata: ["action": "\(action)", "subsystem": "\(subsystem)", "path": "\(path)"])
                // A device may have come or gone, or a chip changed a limit: the next sample lists and reads again.
                host.devicesMayHaveChanged()
                wakeup.signal()
            }
            if client == nil {
                logger.warning("no udev uevents (cannot listen on netlink); sampling only")
            } else {
                // Every device the host lists announces itself here, so the listings need not be read each sample.
                host.keepDeviceListings(forSeconds: Self.deviceListingSeconds)
            }
            udev.withLock { $0 = client }
            do {
                let events = try ThermalNetlinkEvents { wakeup.signal() }
                thermalEvents.withLock { $0 = events }
                logger.info("listening for thermal netlink trip events")
            } catch {
                logger.info("no thermal netlink events; sampling covers trip points", metadata: ["why": "\(error)"])
            }
        }
    }

    private func setState(_ next: State) {
        currentState.withLock { $0 = next }
    }

    /// The uevents that wake the service: sensors and thermal zones (alarms, trips, limits), and every class of
    /// device the host lists (RAPL zones, power supplies).
    static let ueventSubsystems = ["hwmon", "thermal", "powercap", "power_supply"]
    /// How long device listings are kept while uevents announce every change: a minute, like the sensors' limits,
    /// in case an event is lost.
    static let deviceListingSeconds = 60.0

    static let clientGone = FiredRule("client.gone", code: "client.gone", "the client left the bus before the target time")

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension GovernorBusService: BusEndpoint.Handler {
    func property(named name: String) -> DBusValue? { properties.value(named: name) }

    func nameOwnership(_ owned: Bool) {
        if !owned { logger.warning("the bus name is not ours", metadata: ["name": "\(GovernorInterface.busName)"]) }
        nameEventSink.yield(owned)
    }

    func senderVanished(_ name: String) {
        rateLimiter.forget(name)
        let handles = tickets.handles(of: name)
        guard !handles.isEmpty else { return }
        logger.info("client left; cancelling its requests", metadata: ["client": "\(name)", "count": "\(handles.count)"])
        Task {
            for handle in handles { await governor.cancel(handle, because: Self.clientGone) }
        }
    }
}
