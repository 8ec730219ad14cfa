public import Foundation

/// The status document: the JSON shape of `temper status --json` and of each `temper watch --json` line, for
/// people and dashboards: the condition with its reasons, every sensor with its limits and health (flat:
/// `status`, `errorCode`, `errorDomain`, `error`, `limitError`), power in `watts` or `joules`, the battery and the
/// power profile. Missing numbers are written as `null` so every sensor has the same keys.
///
/// A service embedding Temper can publish the same document. (A recorded trace keeps ``HostSnapshot``'s own
/// Codable form, which ``HostSnapshot/traceDecoder()`` reads back.)
public struct HostStatusDocument: Sendable, Encodable {
    /// What a `watch` line reports.
    public enum Event: String, Sendable, Encodable {
        /// The tier or low power changed (and the first sample).
        case change
        /// A sample without a change (`watch --verbose`).
        case sample
    }

    /// `watch` only.
    public var event: Event?
    /// The snapshot's wall-clock time; `nil` (written as `null`) where its source read none.
    public var timestamp: Date?
    public var condition: Condition
    public var snapshot: HostSnapshot
    /// `status` only: the policy classified with and the file it was read from.
    public var policy: PolicyEntry?
    /// How the classifier saw each sensor of ``snapshot``, in its order; empty when not known (then each sensor's
    /// `status` is its reading's health alone and `tier` and `thresholds` are `null`).
    public var assessments: [SensorAssessment]

    /// A policy's name and where it was read from.
    public struct PolicyEntry: Sendable, Encodable {
        public var name: String
        /// The file's path, or `built-in Policies/NAME.yaml`.
        public var source: String

        public init(name: String, source: String) {
            self.name = name
            self.source = source
        }
    }

    public init(
        event: Event? = nil, condition: Condition, snapshot: HostSnapshot, policy: PolicyEntry? = nil, assessments: [SensorAssessment] = []
    ) {
        self.assessments = assessments
        self.event = event
        self.timestamp = snapshot.timestamp
        self.condition = condition
        self.snapshot = snapshot
        self.policy = policy
    }

    private enum Keys: String, CodingKey {
        case event, timestamp, tier, lowPower, reasons, sensors, sensorLibrary, power, battery, powerProfile, performanceDegraded
        case policy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(event, forKey: .event)
        try container.encode(timestamp?.timeIntervalSince1970, forKey: .timestamp)
        try container.encode(condition.tier, forKey: .tier)
        try container.encode(condition.lowPower, forKey: .lowPower)
        try container.encode(condition.reasons, forKey: .reasons)
        let sensors = snapshot.temperatures.indices.map { index in
            SensorEntry(reading: snapshot.temperatures[index], assessment: index < assessments.count ? assessments[index] : nil)
        }
        try container.encode(sensors, forKey: .sensors)
        try container.encodeIfPresent(snapshot.sensorLibrary, forKey: .sensorLibrary)
        try container.encode(snapshot.powerReadings.map(PowerEntry.init), forKey: .power)
        try container.encode(BatteryEntry(battery: snapshot.battery), forKey: .battery)
        try container.encode(snapshot.powerProfile.activeProfile, forKey: .powerProfile)
        // `null` only when the profile is unknown; "" when power-profiles-daemon says nothing is degraded.
        let degraded = snapshot.powerProfile.activeProfile == nil ? nil : snapshot.powerProfile.performanceDegraded ?? ""
        try container.encode(degraded, forKey: .performanceDegraded)
        try container.encodeIfPresent(policy, forKey: .policy)
    }

    /// One line of JSON, keys sorted.
    public func jsonLine() throws -> String {
        try TemperJSON.string(self, .line)
    }

    /// Pretty JSON, keys sorted.
    public func prettyJSON() throws -> String {
        try TemperJSON.string(self)
    }
}

private struct SensorEntry: Encodable {
    var reading: TemperatureReading
    var assessment: SensorAssessment?

    private enum Keys: String, CodingKey {
        case chip, chipName, label, source, celsius, high, highHysteresis, critical, criticalHysteresis
        case emergency, alarm, fault, status, errorCode, errorDomain, error, limitError
        case tier, thresholds, thresholdSource, note
    }

    /// The entry temperatures the classifier derived: `fair`, `serious`, `critical` in °C.
    private struct Thresholds: Encodable {
        var fair: Double
        var serious: Double
        var critical: Double
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(reading.chip, forKey: .chip)
        try container.encode(reading.chipName, forKey: .chipName)
        try container.encode(reading.label, forKey: .label)
        try container.encode(reading.source, forKey: .source)
        try container.encode(reading.celsius, forKey: .celsius)
        try container.encode(reading.high, forKey: .high)
        try container.encode(reading.highHysteresis, forKey: .highHysteresis)
        try container.encode(reading.critical, forKey: .critical)
        try container.encode(reading.criticalHysteresis, forKey: .criticalHysteresis)
        try container.encodeIfPresent(reading.emergency, forKey: .emergency)
        try container.encodeIfPresent(reading.alarm, forKey: .alarm)
        try container.encodeIfPresent(reading.fault, forKey: .fault)
        try container.encode(assessment?.tier, forKey: .tier)
        let thresholds = assessment?.thresholds.map { Thresholds(fair: $0.entry.fair, serious: $0.entry.serious, critical: $0.entry.critical) }
        try container.encode(thresholds, forKey: .thresholds)
        try container.encodeIfPresent(assessment?.thresholds?.source, forKey: .thresholdSource)
        try container.encodeIfPresent(assessment?.note?.message, forKey: .note)
        switch reading.health {
        case .ok where assessment?.status == .ignored:
            // Read fine, but the classifier does not count it (an absurd limit, a policy's ignore): not `ok`.
            try container.encode("ignored", forKey: .status)
        case .ok:
            try container.encode("ok", forKey: .status)
        case .error(let code, let message, let domain):
            try container.encode("error", forKey: .status)
            try container.encode(code, forKey: .errorCode)
            try container.encode(message, forKey: .error)
            if domain != .unspecified { try container.encode(domain, forKey: .errorDomain) }
        }
        if let limitHealth = reading.limitHealth { try container.encode(limitHealth.description, forKey: .limitError) }
    }
}

private struct PowerEntry: Encodable {
    var chip: String
    var label: String
    var kind: PowerReading.Kind
    var watts: Double?
    var joules: Double?
    var status: String

    init(_ reading: PowerReading) {
        chip = reading.chip
        label = reading.label
        kind = reading.kind
        watts = reading.kind == .power ? reading.value : nil
        joules = reading.kind == .energy ? reading.value : nil
        status = reading.health.isOK ? "ok" : "error"
    }
}

private struct BatteryEntry: Encodable {
    var battery: BatteryState

    private enum Keys: String, CodingKey {
        case status, detail, present, onBattery, lidClosed, percentage, warningLevel, state
        case energyRateWatts, timeToEmptySeconds, timeToFullSeconds, batteries
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(battery.status, forKey: .status)
        guard battery.status == .available else {
            try container.encodeIfPresent(battery.detail, forKey: .detail)
            return
        }
        try container.encode(battery.present, forKey: .present)
        try container.encode(battery.onBattery, forKey: .onBattery)
        try container.encodeIfPresent(battery.lidClosed, forKey: .lidClosed)
        try container.encode(battery.percentage, forKey: .percentage)
        try container.encode(battery.warningLevel, forKey: .warningLevel)
        try container.encode(battery.state, forKey: .state)
        try container.encodeIfPresent(battery.energyRateWatts, forKey: .energyRateWatts)
        try container.encodeIfPresent(battery.timeToEmptySeconds, forKey: .timeToEmptySeconds)
        try container.encodeIfPresent(battery.timeToFullSeconds, forKey: .timeToFullSeconds)
        try container.encode(battery.batteries, forKey: .batteries)
    }
}
