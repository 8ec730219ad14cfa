import FoundationEssentials

// The readings' part of the snapshot's one JSON shape (see HostSnapshot+Coding.swift). Each decoder also reads
// the form trace format versions 1 and 2 wrote: health as an object under `health` and `limitHealth`.

extension TemperatureReading: Codable {
    private enum Keys: String, CodingKey {
        case chip, chipName, label, source, celsius, high, highHysteresis, critical, criticalHysteresis
        case emergency, emergencyHysteresis, alarm, fault
        /// The flat health (``ReadingHealth/FlatFields``), read from this one container.
        case status, errorCode, errorDomain, error, limitError, limitErrorCode, limitErrorDomain
        /// Trace format versions 1 and 2.
        case health, limitHealth
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(chip, forKey: .chip)
        try container.encode(chipName, forKey: .chipName)
        try container.encode(label, forKey: .label)
        try container.encode(source, forKey: .source)
        try container.encode(celsius, forKey: .celsius)
        try container.encode(high, forKey: .high)
        try container.encode(highHysteresis, forKey: .highHysteresis)
        try container.encode(critical, forKey: .critical)
        try container.encode(criticalHysteresis, forKey: .criticalHysteresis)
        try container.encodeIfPresent(emergency, forKey: .emergency)
        try container.encodeIfPresent(emergencyHysteresis, forKey: .emergencyHysteresis)
        try container.encodeIfPresent(alarm, forKey: .alarm)
        try container.encodeIfPresent(fault, forKey: .fault)
        try health.encodeFlat(to: encoder, .reading)
        try limitHealth?.encodeFlat(to: encoder, .limit)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            chip: try container.decode(String.self, forKey: .chip),
            chipName: try container.decode(String.self, forKey: .chipName),
            label: try container.decode(String.self, forKey: .label),
            source: try container.decodeIfPresent(TemperatureSourceKind.self, forKey: .source) ?? .hwmon,
            celsius: try container.decodeIfPresent(Double.self, forKey: .celsius),
            high: try container.decodeIfPresent(Double.self, forKey: .high),
            highHysteresis: try container.decodeIfPresent(Double.self, forKey: .highHysteresis),
            critical: try container.decodeIfPresent(Double.self, forKey: .critical),
            criticalHysteresis: try container.decodeIfPresent(Double.self, forKey: .criticalHysteresis),
            emergency: try container.decodeIfPresent(Double.self, forKey: .emergency),
            emergencyHysteresis: try container.decodeIfPresent(Double.self, forKey: .emergencyHysteresis),
            alarm: try container.decodeIfPresent(Bool.self, forKey: .alarm),
            fault: try container.decodeIfPresent(Bool.self, forKey: .fault)
        )
        if container.contains(.health) {
            health = try container.decode(ReadingHealth.self, forKey: .health)
            limitHealth = try container.decodeIfPresent(ReadingHealth.self, forKey: .limitHealth)
        } else {
            health = try ReadingHealth.decodeFlat(from: container, .reading) ?? .ok
            limitHealth = try ReadingHealth.decodeFlat(from: container, .limit)
        }
    }
}

extension PowerReading: Codable {
    private enum Keys: String, CodingKey {
        case chip, chipName, label, kind, watts, joules
        /// The flat health (``ReadingHealth/FlatFields/reading``).
        case status, errorCode, errorDomain, error
        /// Trace format versions 1 and 2.
        case value, health
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(chip, forKey: .chip)
        try container.encode(chipName, forKey: .chipName)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: kind == .power ? .watts : .joules)
        try health.encodeFlat(to: encoder, .reading)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let chip = try container.decode(String.self, forKey: .chip)
        let kind = try container.decode(Kind.self, forKey: .kind)
        let legacy = container.contains(.health)
        self.init(
            chip: chip,
            chipName: try container.decodeIfPresent(String.self, forKey: .chipName) ?? chip,
            label: try container.decode(String.self, forKey: .label),
            kind: kind,
            value: try container.decodeIfPresent(Double.self, forKey: legacy ? .value : kind == .power ? .watts : .joules),
            health: legacy
                ? try container.decode(ReadingHealth.self, forKey: .health) : try ReadingHealth.decodeFlat(from: container, .reading) ?? .ok
        )
    }
}

extension MeasurementReading: Codable {
    private enum Keys: String, CodingKey {
        case chip, chipName, label, kind, rpm, volts, amps, percent, megahertz, min, max
        /// The flat health (``ReadingHealth/FlatFields/reading``).
        case status, errorCode, errorDomain, error
    }

    /// The key its value is written under: `rpm`, `volts`, `amps`, `percent` or `megahertz`.
    private static func valueKey(_ kind: Kind) -> Keys {
        switch kind {
        case .fan: .rpm
        case .voltage: .volts
        case .current: .amps
        case .utilization: .percent
        case .frequency: .megahertz
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(chip, forKey: .chip)
        try container.encode(chipName, forKey: .chipName)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: Self.valueKey(kind))
        try container.encode(minimum, forKey: .min)
        try container.encode(maximum, forKey: .max)
        try health.encodeFlat(to: encoder, .reading)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        self.init(
            chip: try container.decode(String.self, forKey: .chip),
            chipName: try container.decode(String.self, forKey: .chipName),
            label: try container.decode(String.self, forKey: .label),
            kind: kind,
            value: try container.decodeIfPresent(Double.self, forKey: Self.valueKey(kind)),
            minimum: try container.decodeIfPresent(Double.self, forKey: .min),
            maximum: try container.decodeIfPresent(Double.self, forKey: .max),
            health: try ReadingHealth.decodeFlat(from: container, .reading) ?? .ok
        )
    }
}

extension BatteryState: Codable {
    private enum Keys: String, CodingKey {
        case status, detail, present, onBattery, lidClosed, percentage, warningLevel, state
        case energyRateWatts, energyWh, energyFullWh, timeToEmptySeconds, timeToFullSeconds, batteries
    }

    /// An unavailable battery is its status and why; an available one has every key, missing numbers `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(detail, forKey: .detail)
        guard status == .available else { return }
        try container.encode(present, forKey: .present)
        try container.encode(onBattery, forKey: .onBattery)
        try container.encodeIfPresent(lidClosed, forKey: .lidClosed)
        try container.encode(percentage, forKey: .percentage)
        try container.encode(warningLevel, forKey: .warningLevel)
        try container.encode(state, forKey: .state)
        try container.encode(energyRateWatts, forKey: .energyRateWatts)
        try container.encode(energyWh, forKey: .energyWh)
        try container.encode(energyFullWh, forKey: .energyFullWh)
        try container.encode(timeToEmptySeconds, forKey: .timeToEmptySeconds)
        try container.encode(timeToFullSeconds, forKey: .timeToFullSeconds)
        try container.encode(batteries, forKey: .batteries)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            status: try container.decode(Status.self, forKey: .status),
            present: try container.decodeIfPresent(Bool.self, forKey: .present) ?? false,
            onBattery: try container.decodeIfPresent(Bool.self, forKey: .onBattery) ?? false,
            lidClosed: try container.decodeIfPresent(Bool.self, forKey: .lidClosed),
            percentage: try container.decodeIfPresent(Double.self, forKey: .percentage),
            state: try container.decodeIfPresent(String.self, forKey: .state),
            warningLevel: try container.decodeIfPresent(BatteryWarningLevel.self, forKey: .warningLevel) ?? .unknown,
            energyRateWatts: try container.decodeIfPresent(Double.self, forKey: .energyRateWatts),
            energyWh: try container.decodeIfPresent(Double.self, forKey: .energyWh),
            energyFullWh: try container.decodeIfPresent(Double.self, forKey: .energyFullWh),
            timeToEmptySeconds: try container.decodeIfPresent(Double.self, forKey: .timeToEmptySeconds),
            timeToFullSeconds: try container.decodeIfPresent(Double.self, forKey: .timeToFullSeconds),
            batteries: try container.decodeIfPresent([BatteryDevice].self, forKey: .batteries) ?? [],
            detail: try container.decodeIfPresent(String.self, forKey: .detail)
        )
    }
}

/// A sensor in the snapshot's shape: its reading, and beside it how the classifier saw it (`tier`,
/// `thresholds` with their `exit` temperatures, `thresholdSource`, `note`), `null` where not known. A sensor
/// the classifier does not count has `status` `ignored` even though it read fine.
struct SensorEntry: Codable {
    var reading: TemperatureReading
    var assessment: SensorAssessment?

    init(reading: TemperatureReading, assessment: SensorAssessment?) {
        self.reading = reading
        self.assessment = assessment
    }

    private enum Keys: String, CodingKey {
        case status, tier, thresholds, thresholdSource, slopeCelsiusPerSecond, note, noteCode
    }

    /// The entry temperatures the classifier derived (`fair`, `serious`, `critical`, °C) and, under `exit`, the
    /// temperatures it must fall below to step down.
    private struct Thresholds: Codable {
        var fair: Double
        var serious: Double
        var critical: Double
        var exit: TierThresholds?
    }

    func encode(to encoder: any Encoder) throws {
        try reading.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        if reading.health.isOK, assessment?.status == .ignored { try container.encode("ignored", forKey: .status) }
        try container.encode(assessment?.tier, forKey: .tier)
        let thresholds = assessment?.thresholds.map {
            Thresholds(fair: $0.entry.fair, serious: $0.entry.serious, critical: $0.entry.critical, exit: $0.exit)
        }
        try container.encode(thresholds, forKey: .thresholds)
        try container.encodeIfPresent(assessment?.thresholds?.source, forKey: .thresholdSource)
        try container.encodeIfPresent(assessment?.slopeCelsiusPerSecond, forKey: .slopeCelsiusPerSecond)
        try container.encodeIfPresent(assessment?.note?.message, forKey: .note)
        try container.encodeIfPresent(assessment?.note?.code, forKey: .noteCode)
    }

    /// The assessment is read back where the entry has one: a tier, thresholds or an `ignored` status.
    init(from decoder: any Decoder) throws {
        reading = try TemperatureReading(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        let ignored = try container.decodeIfPresent(String.self, forKey: .status) == "ignored"
        let tier = try container.decodeIfPresent(Tier.self, forKey: .tier)
        let thresholds = try container.decodeIfPresent(Thresholds.self, forKey: .thresholds).map { written in
            let entry = TierThresholds(fair: written.fair, serious: written.serious, critical: written.critical)
            return SensorThresholds(entry: entry, exit: written.exit ?? entry, source: .ownLimits)
        }
        guard ignored || tier != nil || thresholds != nil else { return }
        var assessment = SensorAssessment(
            chip: reading.chip,
            chipName: reading.chipName,
            label: reading.label,
            celsius: reading.celsius,
            status: ignored ? .ignored : reading.health.isOK && tier != nil ? .counted : .unhealthy,
            thresholds: thresholds,
            tier: tier,
            slopeCelsiusPerSecond: try container.decodeIfPresent(Double.self, forKey: .slopeCelsiusPerSecond)
        )
        if let source = try container.decodeIfPresent(ThresholdSource.self, forKey: .thresholdSource) {
            assessment.thresholds?.source = source
        }
        if let message = try container.decodeIfPresent(String.self, forKey: .note) {
            assessment.note = Reason(
                code: try container.decodeIfPresent(Reason.Code.self, forKey: .noteCode) ?? "sensor.note",
                message: message
            )
        }
        self.assessment = assessment
    }
}
