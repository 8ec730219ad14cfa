public import FoundationEssentials
public import TemperCore

/// A scenario with everything it names already resolved: the device's thermal and battery constants and every
/// stream's feedback items, loaded and costed. The run reads no files.
public struct SimulationSetup: Sendable {
    public var scenario: Scenario
    public var deviceName: String
    public var thermal: ThermalParameters
    public var battery: BatteryParameters
    /// For each stream of the scenario, its payloads' items in order.
    public var items: [[FeedbackItem]]

    public init(
        scenario: Scenario,
        deviceName: String,
        thermal: ThermalParameters = .derivedDefaults,
        battery: BatteryParameters = .init(),
        items: [[FeedbackItem]]
    ) {
        self.scenario = scenario
        self.deviceName = deviceName
        self.thermal = thermal
        self.battery = battery
        self.items = items
    }

    /// Each item once, in the order the streams first name them.
    public var distinctItems: [FeedbackItem] {
        var seen: Set<String> = []
        return items.joined().filter { seen.insert($0.name).inserted }
    }

    /// Every request of the run in time order (streams in file order break ties), deterministic for the seed, as
    /// one list: for a caller that needs them all at once. A run takes ``arrivals`` and makes each as it comes.
    public func requests() -> [SimulatedRequest] { Array(arrivals) }

    /// Every request of the run in time order, made as it is iterated: memory stays flat however long the run.
    public var arrivals: SimulatedArrivals { SimulatedArrivals(self) }
}

extension SimulationSetup {
    /// Resolves every stream's payloads through `load`, once per distinct file.
    /// - Parameter load: reads and costs one payload, given its resolved URL; a request file may hold several.
    /// - Throws: the first payload's problem, at the scenario entry that names it; ``payloads(of:load:)`` has them all.
    public init(
        scenario: Scenario,
        deviceName: String,
        thermal: ThermalParameters,
        battery: BatteryParameters,
        load: (RequestStream.Payload, URL) throws(TemperError) -> [FeedbackItem]
    ) throws(TemperError) {
        let (items, errors) = Self.payloads(of: scenario, load: load)
        if let first = errors.first { throw first }
        self.init(scenario: scenario, deviceName: deviceName, thermal: thermal, battery: battery, items: items)
    }

    /// Every stream's items, loaded through `load` once per distinct file, and every payload's problem, each
    /// restated at the scenario entry that names the file.
    public static func payloads(
        of scenario: Scenario,
        load: (RequestStream.Payload, URL) throws(TemperError) -> [FeedbackItem]
    ) -> (items: [[FeedbackItem]], errors: [TemperError]) {
        var cache: [URL: [FeedbackItem]] = [:]
        var items: [[FeedbackItem]] = []
        var errors: [TemperError] = []
        for stream in scenario.streams {
            var streamItems: [FeedbackItem] = []
            for (position, payload) in stream.payloads.enumerated() {
                let url: URL
                switch payload {
                case .pattern(let path), .request(let path): url = scenario.resolve(path)
                }
                if let cached = cache[url] {
                    streamItems += cached
                    continue
                }
                do {
                    let loaded = try load(payload, url)
                    cache[url] = loaded
                    streamItems += loaded
                } catch {
                    errors.append(
                        scenario.error(
                            error,
                            at: stream.payloadLocations.indices.contains(position) ? stream.payloadLocations[position] : nil
                        )
                    )
                }
            }
            items.append(streamItems)
        }
        return (items, errors)
    }
}
