extension PolicyReader {
    static let classifierKeys: Set<String> = [
        "defaultThresholds", "sensorOverrides", "hysteresis", "dwell", "trendWindow", "preemptiveEscalation", "absurdLimit",
        "sensorLossTimeout", "failSafeTier", "lowBatteryPercentage", "criticalBatteryPercentage", "criticalBatteryTier",
        "powerSaverMeansLowPower",
    ]
    /// The keys that named their unit before values carried it, and what replaces each.
    static let renamedClassifierKeys = [
        "hysteresisCelsius": "hysteresis: 3 K", "dwellSeconds": "dwell: 10s", "trendWindowSeconds": "trendWindow: 20s",
        "preemptiveEscalationSeconds": "preemptiveEscalation: 30s", "absurdLimitCelsius": "absurdLimit: 200 °C",
        "sensorLossTimeoutSeconds": "sensorLossTimeout: 30s",
    ]
    static let thresholdKeys: Set<String> = ["fair", "serious", "critical"]
    static let overrideKeys: Set<String> = ["chip", "label", "thresholds", "hysteresis", "ignore"]

    /// The classifier section over the default settings; each bad key is recorded and keeps its default.
    mutating func readClassifier(_ node: YAMLValue) -> ClassifierSettings {
        var settings = ClassifierSettings()
        guard attempt({ () throws(TemperError) in try node.entries() }) != nil else { return settings }
        problems.record(node.unknownKeys(allowed: Self.classifierKeys, renamed: Self.renamedClassifierKeys))
        if let value = node["defaultThresholds"], let thresholds = readThresholds(value) { settings.defaultThresholds = thresholds }
        if let value = node["sensorOverrides"] { settings.sensorOverrides = readOverrides(value) }
        read(node["hysteresis"], into: &settings.hysteresisCelsius) { v throws(TemperError) in try v.temperatureDifference(in: 0...50) }
        read(node["dwell"], into: &settings.dwellSeconds) { v throws(TemperError) in try v.durationSeconds() }
        read(node["trendWindow"], into: &settings.trendWindowSeconds) { v throws(TemperError) in
            try v.durationSeconds(in: QuantityLimits.positiveSeconds)
        }
        read(node["preemptiveEscalation"], into: &settings.preemptiveEscalationSeconds) { v throws(TemperError) in
            Self.isNone(v) ? nil : try v.durationSeconds(in: QuantityLimits.positiveSeconds)
        }
        read(node["absurdLimit"], into: &settings.absurdLimitCelsius) { v throws(TemperError) in try v.celsius(in: 1...1000) }
        read(node["sensorLossTimeout"], into: &settings.sensorLossTimeoutSeconds) { v throws(TemperError) in try v.durationSeconds() }
        read(node["failSafeTier"], into: &settings.failSafeTier) { v throws(TemperError) in try v.oneOf(Tier.self) }
        read(node["lowBatteryPercentage"], into: &settings.lowBatteryPercentage) { v throws(TemperError) in try v.double(in: 0...100) }
        read(node["criticalBatteryPercentage"], into: &settings.criticalBatteryPercentage) { v throws(TemperError) in
            try v.double(in: 0...100)
        }
        read(node["criticalBatteryTier"], into: &settings.criticalBatteryTier) { v throws(TemperError) in
            Self.isNone(v) ? nil : try v.oneOf(Tier.self)
        }
        read(node["powerSaverMeansLowPower"], into: &settings.powerSaverMeansLowPower) { v throws(TemperError) in try v.bool() }
        if settings.criticalBatteryPercentage > settings.lowBatteryPercentage, let value = node["criticalBatteryPercentage"] {
            problems.record(
                value.error(
                    .invalidValue,
                    "expected criticalBatteryPercentage at or under lowBatteryPercentage (\(settings.lowBatteryPercentage)), found \(settings.criticalBatteryPercentage)"
                )
            )
        }
        return settings
    }

    /// Reads an optional key into `target`, leaving the default when the key is absent or wrong.
    mutating func read<T>(_ node: YAMLValue?, into target: inout T, _ body: (YAMLValue) throws(TemperError) -> T) {
        guard let node else { return }
        if let value = attempt({ () throws(TemperError) in try body(node) }) { target = value }
    }

    /// `none`, `null`, `~` or an empty value: switches an optional setting off.
    static func isNone(_ node: YAMLValue) -> Bool {
        if node.isNull { return true }
        if case .scalar(let scalar) = node.node { return scalar.text == "none" }
        return false
    }

    mutating func readThresholds(_ node: YAMLValue) -> TierThresholds? {
        guard attempt({ () throws(TemperError) in try node.entries() }) != nil else { return nil }
        problems.record(node.unknownKeys(allowed: Self.thresholdKeys))
        let values = ["fair", "serious", "critical"].map { key in
            attempt { () throws(TemperError) in try node.require(key).celsius(in: -273.15...1000) }
        }
        guard let fair = values[0], let serious = values[1], let critical = values[2] else { return nil }
        guard fair <= serious, serious <= critical else {
            problems.record(node.error(.invalidValue, "expected fair ≤ serious ≤ critical, found \(fair), \(serious), \(critical)"))
            return nil
        }
        return TierThresholds(fair: fair, serious: serious, critical: critical)
    }

    private mutating func readOverrides(_ node: YAMLValue) -> [SensorOverride] {
        guard let items = attempt({ () throws(TemperError) in try node.items() }) else { return [] }
        var overrides: [SensorOverride] = []
        for item in items {
            guard attempt({ () throws(TemperError) in try item.entries() }) != nil else { continue }
            problems.record(item.unknownKeys(allowed: Self.overrideKeys, renamed: ["hysteresisCelsius": "hysteresis: 3 K"]))
            var override = SensorOverride()
            read(item["chip"], into: &override.chip) { v throws(TemperError) in try v.string() }
            read(item["label"], into: &override.label) { v throws(TemperError) in try v.string() }
            if let thresholds = item["thresholds"] { override.thresholds = readThresholds(thresholds) }
            read(item["hysteresis"], into: &override.hysteresisCelsius) { v throws(TemperError) in try v.temperatureDifference(in: 0...50) }
            read(item["ignore"], into: &override.ignore) { v throws(TemperError) in try v.bool() }
            guard override.chip != nil || override.label != nil else {
                problems.record(item.error(.missingKey, "expected 'chip' or 'label' (or both) to say which sensor this overrides"))
                continue
            }
            overrides.append(override)
        }
        return overrides
    }
}
