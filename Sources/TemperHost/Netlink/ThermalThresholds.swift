public import Logging
public import TemperCore

/// What ``ThermalThresholds`` asks of the kernel: the thermal netlink socket in service, a fake in tests.
protocol ThermalThresholdCommands: Sendable {
    func thresholds(zone: UInt32) throws(ThermalNetlinkError) -> [ThermalThreshold]
    func add(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError)
    func delete(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError)
}

extension ThermalNetlinkSocket: ThermalThresholdCommands {
    func thresholds(zone: UInt32) throws(ThermalNetlinkError) -> [ThermalThreshold] {
        try request(.thresholdGet, zone: zone).flatMap(ThermalNetlink.thresholds(from:))
    }

    func add(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError) {
        _ = try request(.thresholdAdd, zone: zone, threshold: threshold)
    }

    func delete(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError) {
        _ = try request(.thresholdDelete, zone: zone, threshold: threshold)
    }
}

/// User thresholds (Linux ≥ 6.13) on the kernel's thermal zones at the policy's tier edges, so the kernel
/// announces a tier change on its thermal netlink "event" group (`THRESHOLD_UP`, `THRESHOLD_DOWN`) the moment a
/// zone crosses an edge: each counted zone gets its fair, serious and critical entry temperatures as
/// way-up thresholds and their exit temperatures as way-down ones.
///
/// Only thresholds this owner added are ever removed: a threshold (or a direction of one) some other program
/// set first is left alone and not counted as ours. ``follow(_:settings:)`` moves them when the edges move (a
/// zone's trip points, or other settings); ``clear()`` removes them all. Where the kernel cannot (no family,
/// Linux < 6.13, no `CAP_SYS_ADMIN`), it says so once and stands back: trip-point events and sampling remain.
public final class ThermalThresholds: Sendable {
    typealias Edges = [UInt32: [Int32: ThermalThreshold.Directions]]

    private struct State {
        /// What ``follow(_:settings:)`` last asked for, per zone.
        var wanted: Edges = [:]
        /// The directions this owner added, per zone and temperature.
        var owned: Edges = [:]
        /// Zones the kernel refused (it has no such zone): not asked again.
        var refusedZones: Set<UInt32> = []
        var standingBack = false
    }

    private let commands: any ThermalThresholdCommands
    private let logger: Logger
    private let state = Locked(State())

    init(commands: any ThermalThresholdCommands, logger: Logger) {
        self.commands = commands
        self.logger = logger
    }

    /// The kernel's thermal netlink family, or `nil` (logged at info with the reason) when it cannot take
    /// thresholds.
    public static func kernel(logger: Logger) -> ThermalThresholds? {
        do {
            let socket = try ThermalNetlinkSocket()
            guard socket.family.supportsThresholds else {
                throw ThermalNetlinkError(
                    .noThresholds,
                    "the kernel's thermal netlink family (version \(socket.family.version)) has no threshold commands (Linux < 6.13)"
                )
            }
            return ThermalThresholds(commands: socket, logger: logger)
        } catch {
            logger.info("no thermal thresholds at the tier edges; trip-point events and sampling remain", metadata: ["why": "\(error)"])
            return nil
        }
    }

    /// Puts thresholds at the tier edges of every thermal zone in `snapshot` that `settings` count, and removes
    /// the ones this owner set that are no longer edges. Does nothing when the edges have not moved.
    public func follow(_ snapshot: HostSnapshot, settings: ClassifierSettings) {
        let edges = Self.edges(snapshot.temperatures, settings: settings)
        state.withLock { state in
            guard !state.standingBack, edges != state.wanted else { return }
            state.wanted = edges
            for zone in Set(edges.keys).union(state.owned.keys).subtracting(state.refusedZones).sorted() {
                do throws(ThermalNetlinkError) {
                    try reconcile(zone: zone, wanted: edges[zone] ?? [:], state: &state)
                } catch {
                    handle(error, zone: zone, state: &state)
                    if state.standingBack { return }
                }
            }
        }
    }

    /// Removes every threshold this owner added.
    public func clear() {
        state.withLock { state in
            for (zone, owned) in state.owned.sorted(by: { $0.key < $1.key }) {
                for (millicelsius, directions) in owned.sorted(by: { $0.key < $1.key }) {
                    do {
                        try commands.delete(ThermalThreshold(millicelsius: millicelsius, directions: directions), zone: zone)
                    } catch {
                        logger.debug("cannot remove a thermal threshold", metadata: ["zone": "\(zone)", "why": "\(error)"])
                    }
                }
            }
            state.owned = [:]
            state.wanted = [:]
        }
    }

    /// The thresholds this owner added, per zone (what ``clear()`` removes).
    var owned: Edges { state.withLock { $0.owned } }

    private func reconcile(zone: UInt32, wanted: [Int32: ThermalThreshold.Directions], state: inout State) throws(ThermalNetlinkError) {
        var owned = state.owned[zone] ?? [:]
        defer { state.owned[zone] = owned.isEmpty ? nil : owned }
        for (millicelsius, directions) in owned.sorted(by: { $0.key < $1.key }) {
            let stale = directions.subtracting(wanted[millicelsius] ?? [])
            guard !stale.isEmpty else { continue }
            try commands.delete(ThermalThreshold(millicelsius: millicelsius, directions: stale), zone: zone)
            owned[millicelsius] = directions.subtracting(stale).isEmpty ? nil : directions.subtracting(stale)
        }
        let missing = wanted.filter { !$0.value.subtracting(owned[$0.key] ?? []).isEmpty }
        guard !missing.isEmpty else { return }
        // What the zone has now, so a threshold another program set is neither added again nor taken as ours.
        let present = Dictionary(
            try commands.thresholds(zone: zone).map { ($0.millicelsius, $0.directions) },
            uniquingKeysWith: { $0.union($1) }
        )
        for (millicelsius, directions) in missing.sorted(by: { $0.key < $1.key }) {
            let adding = directions.subtracting(present[millicelsius] ?? [])
            guard !adding.isEmpty else { continue }
            try commands.add(ThermalThreshold(millicelsius: millicelsius, directions: adding), zone: zone)
            owned[millicelsius, default: []].formUnion(adding)
        }
    }

    private func handle(_ error: ThermalNetlinkError, zone: UInt32, state: inout State) {
        if error.code == .refused {
            // A zone the kernel does not have (sysfs and kernel disagree, e.g. a testbed's fake zones).
            state.refusedZones.insert(zone)
            logger.debug("the kernel refused thresholds on a thermal zone", metadata: ["zone": "\(zone)", "why": "\(error)"])
            return
        }
        state.standingBack = true
        logger.info("no thermal thresholds at the tier edges; trip-point events and sampling remain", metadata: ["why": "\(error)"])
    }

    /// The tier edges of every counted thermal zone among `readings`, by kernel zone id (the N of
    /// `thermal_zoneN`): entries are crossed the way up, exits the way down.
    static func edges(_ readings: [TemperatureReading], settings: ClassifierSettings) -> Edges {
        var edges: Edges = [:]
        for reading in readings where reading.source == .thermalZone {
            guard let zone = zoneID(reading.chipName), let thresholds = settings.thresholds(for: reading) else { continue }
            var zoneEdges: [Int32: ThermalThreshold.Directions] = [:]
            let entries = [thresholds.entry.fair, thresholds.entry.serious, thresholds.entry.critical]
            let exits = [thresholds.exit.fair, thresholds.exit.serious, thresholds.exit.critical]
            for (temperatures, direction) in [(entries, ThermalThreshold.Directions.up), (exits, .down)] {
                for celsius in temperatures {
                    guard let millicelsius = millicelsius(celsius) else { continue }
                    zoneEdges[millicelsius, default: []].insert(direction)
                }
            }
            edges[zone] = zoneEdges
        }
        return edges
    }

    /// `thermal_zone12` → 12.
    static func zoneID(_ name: String) -> UInt32? {
        guard name.hasPrefix("thermal_zone") else { return nil }
        return UInt32(name.dropFirst("thermal_zone".count))
    }

    /// Millidegrees for the kernel, or `nil` outside what a thermal zone can report (−273.15 °C to 1000 °C).
    static func millicelsius(_ celsius: Double) -> Int32? {
        guard celsius.isFinite, celsius >= -273.15, celsius <= 1000 else { return nil }
        return Int32((celsius * 1000).rounded())
    }
}
