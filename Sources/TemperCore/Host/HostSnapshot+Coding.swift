import FoundationEssentials

/// The one JSON shape of a host snapshot: what `temper status --json` prints, each `temper watch --json` line,
/// and each line of a trace `temper record` writes (``HostStatusDocument`` adds the condition around it).
///
/// Keys: `time`, `timestamp` (seconds since 1970 or `null`), `sensors[]` (each with the same keys, missing
/// numbers `null`, health flat: `status`, `errorCode`, `errorDomain`, `error`, and `limitError…` when a limit
/// could not be read), `sensorLibrary`, `power[]` (`watts` or `joules`), `fans[]` (`rpm`), `voltages[]`
/// (`volts`), `currents[]` (`amps`), `load[]` (an imported recording's load proxies, `percent` or `megahertz`; only
/// where there are any), `battery`, `powerProfile`, `performanceDegraded` (`null` only when the
/// profile is unknown), `profiles[]` (`name`, `driver`, `active`) and `peripherals[]` (each ``Peripheral``, with its
/// `battery` condition and `reasons` beside it where a classifier judged it).
///
/// Decoding also reads the shape trace format versions 1 and 2 wrote (`temperatures`, `powerReadings`, health as
/// objects), so older traces still load.
extension HostSnapshot: Codable {
    enum Keys: String, CodingKey {
        case time, timestamp, sensors, sensorLibrary, power, fans, voltages, currents, load, battery, powerProfile
        case performanceDegraded, profiles, peripherals
        /// Trace format versions 1 and 2.
        case temperatures, powerReadings
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, assessments: [])
    }

    /// Writes the snapshot with each sensor's assessment (its tier and thresholds) beside its reading; a sensor
    /// without one has `null` there, so every sensor has the same keys.
    func encode(to encoder: any Encoder, assessments: [SensorAssessment], peripheralConditions: [PeripheralCondition] = []) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(time, forKey: .time)
        try container.encode(timestamp?.timeIntervalSince1970, forKey: .timestamp)
        let sensors = temperatures.indices.map { index in
            SensorEntry(reading: temperatures[index], assessment: index < assessments.count ? assessments[index] : nil)
        }
        try container.encode(sensors, forKey: .sensors)
        try container.encodeIfPresent(sensorLibrary, forKey: .sensorLibrary)
        try container.encode(powerReadings, forKey: .power)
        try container.encode(measurements.filter { $0.kind == .fan }, forKey: .fans)
        try container.encode(measurements.filter { $0.kind == .voltage }, forKey: .voltages)
        try container.encode(measurements.filter { $0.kind == .current }, forKey: .currents)
        let load = measurements.filter { $0.kind == .utilization || $0.kind == .frequency }
        if !load.isEmpty { try container.encode(load, forKey: .load) }
        try container.encode(battery, forKey: .battery)
        try container.encode(powerProfile.activeProfile, forKey: .powerProfile)
        try container.encode(powerProfile.performanceDegraded, forKey: .performanceDegraded)
        let profiles = powerProfile.profiles.map { ProfileEntry(profile: $0, active: $0.name == powerProfile.activeProfile) }
        try container.encode(profiles, forKey: .profiles)
        let judged = peripheralConditions.map(\.peripheral) == peripherals
        let entries = peripherals.indices.map { index in
            PeripheralEntry(peripheral: peripherals[index], condition: judged ? peripheralConditions[index] : nil)
        }
        try container.encode(entries, forKey: .peripherals)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let seconds = try container.decodeIfPresent(Double.self, forKey: .timestamp)
        timestamp = seconds.map(Date.init(timeIntervalSince1970:))
        // A trace from before snapshots carried `time` has only the wall clock, which then serves as its time (a
        // replay measures from the trace's first snapshot either way).
        guard let time = try container.decodeIfPresent(Double.self, forKey: .time) ?? seconds else {
            throw DecodingError.keyNotFound(
                Keys.time,
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "no time and no timestamp")
            )
        }
        self.time = time
        battery = try container.decode(BatteryState.self, forKey: .battery)
        sensorLibrary = try container.decodeIfPresent(ReadingHealth.self, forKey: .sensorLibrary)
        peripherals = try container.decodeIfPresent([PeripheralEntry].self, forKey: .peripherals)?.map(\.peripheral) ?? []
        if container.contains(.temperatures) {
            temperatures = try container.decode([TemperatureReading].self, forKey: .temperatures)
            powerReadings = try container.decode([PowerReading].self, forKey: .powerReadings)
            measurements = []
            let profile = try container.decode(VersionTwoProfile.self, forKey: .powerProfile)
            powerProfile = PowerProfileState(activeProfile: profile.activeProfile, performanceDegraded: profile.performanceDegraded)
            return
        }
        temperatures = try container.decode([TemperatureReading].self, forKey: .sensors)
        powerReadings = try container.decodeIfPresent([PowerReading].self, forKey: .power) ?? []
        measurements = try [Keys.fans, .voltages, .currents, .load].flatMap { key in
            try container.decodeIfPresent([MeasurementReading].self, forKey: key) ?? []
        }
        let profiles = try container.decodeIfPresent([ProfileEntry].self, forKey: .profiles) ?? []
        powerProfile = PowerProfileState(
            activeProfile: try container.decodeIfPresent(String.self, forKey: .powerProfile),
            performanceDegraded: try container.decodeIfPresent(String.self, forKey: .performanceDegraded),
            profiles: profiles.map(\.profile)
        )
    }

    /// A peripheral in the snapshot's shape: its reading, and beside it the `battery` condition (`ok`, `low`,
    /// `critical`, `unknown`) and `reasons` where known, `null` otherwise.
    struct PeripheralEntry: Codable {
        var peripheral: Peripheral
        var condition: PeripheralCondition?

        private enum Keys: String, CodingKey { case battery, reasons }

        init(peripheral: Peripheral, condition: PeripheralCondition?) {
            self.peripheral = peripheral
            self.condition = condition
        }

        init(from decoder: any Decoder) throws {
            peripheral = try Peripheral(from: decoder)
            let container = try decoder.container(keyedBy: Keys.self)
            condition = try container.decodeIfPresent(PeripheralBattery.self, forKey: .battery).map { battery in
                PeripheralCondition(
                    peripheral: peripheral,
                    battery: battery,
                    reasons: try container.decodeIfPresent([Reason].self, forKey: .reasons) ?? []
                )
            }
        }

        func encode(to encoder: any Encoder) throws {
            try peripheral.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(condition?.battery, forKey: .battery)
            try container.encode(condition?.reasons, forKey: .reasons)
        }
    }

    /// Trace format version 2's `powerProfile` object.
    private struct VersionTwoProfile: Decodable {
        var activeProfile: String?
        var performanceDegraded: String?
    }

    private struct ProfileEntry: Codable {
        var profile: PowerProfileState.Profile
        var active: Bool

        init(profile: PowerProfileState.Profile, active: Bool) {
            self.profile = profile
            self.active = active
        }

        private enum Keys: String, CodingKey { case name, driver, active }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            profile = .init(
                name: try container.decode(String.self, forKey: .name),
                driver: try container.decodeIfPresent(String.self, forKey: .driver)
            )
            active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(profile.name, forKey: .name)
            try container.encode(profile.driver, forKey: .driver)
            try container.encode(active, forKey: .active)
        }
    }
}

/// A key by its name, for the fields several shapes share (a reading's flat health).
struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension ReadingHealth {
    /// Where a reading's health goes in its flat form: the reading's own (`status`, `errorCode`, `errorDomain`,
    /// `error`) or a limit's (`limitError`, `limitErrorCode`, `limitErrorDomain`, present only on failure).
    struct FlatFields: Sendable {
        var status: String?
        var code: String
        var domain: String
        var message: String

        static let reading = FlatFields(status: "status", code: "errorCode", domain: "errorDomain", message: "error")
        static let limit = FlatFields(status: nil, code: "limitErrorCode", domain: "limitErrorDomain", message: "limitError")
    }

    func encodeFlat(to encoder: any Encoder, _ fields: FlatFields) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        switch self {
        case .ok:
            if let status = fields.status { try container.encode("ok", forKey: NamedKey(status)) }
        case .error(let code, let message, let domain):
            if let status = fields.status { try container.encode("error", forKey: NamedKey(status)) }
            try container.encode(code, forKey: NamedKey(fields.code))
            try container.encode(message, forKey: NamedKey(fields.message))
            if domain != .unspecified { try container.encode(domain, forKey: NamedKey(fields.domain)) }
        }
    }

    /// The health written by ``encodeFlat(to:_:)``, read from the reading's own container (one per reading: the
    /// decoder builds a container's key table each time one is asked for, the most of a large trace's reading);
    /// `nil` for a limit that did not fail. A reading's `status` other than `error` (`ok`, `ignored`) is a good
    /// reading. `K` must have a key for each of the fields' names.
    static func decodeFlat<K: CodingKey>(from container: KeyedDecodingContainer<K>, _ fields: FlatFields) throws -> ReadingHealth? {
        func key(_ name: String) -> K {
            guard let key = K(stringValue: name) else { preconditionFailure("\(K.self) has no key \(name)") }
            return key
        }
        let message = try container.decodeIfPresent(String.self, forKey: key(fields.message))
        if let status = fields.status {
            guard try container.decode(String.self, forKey: key(status)) == "error" else { return .ok }
        } else if message == nil {
            return nil
        }
        return .error(
            code: try container.decodeIfPresent(Int.self, forKey: key(fields.code)) ?? 0,
            message: message ?? "error",
            domain: try container.decodeIfPresent(Domain.self, forKey: key(fields.domain)) ?? .unspecified
        )
    }
}
