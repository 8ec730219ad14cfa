extension PolicyReader {
    static let peripheralKeys: Set<String> = ["lowBattery", "critical"]
    static let degradationKeys: Set<String> = ["haptics", "rumbleScale", "maxRumble"]

    /// `peripherals:` over ``PeripheralRules/standard``: `lowBattery` key by key, then `critical` key by key over
    /// the standard critical changes applied to the file's `lowBattery`.
    mutating func readPeripherals(_ node: YAMLValue) -> PeripheralRules {
        var rules = PeripheralRules.standard
        guard !node.isNull, attempt({ () throws(TemperError) in try node.entries() }) != nil else { return rules }
        problems.record(node.unknownKeys(allowed: Self.peripheralKeys))
        if let low = node["lowBattery"] { rules.lowBattery = readDegradation(low, over: rules.lowBattery) }
        var critical = rules.lowBattery
        critical.haptics = PeripheralRules.standard.critical.haptics
        rules.critical = node["critical"].map { readDegradation($0, over: critical) } ?? critical
        return rules
    }

    private mutating func readDegradation(_ node: YAMLValue, over base: PeripheralRules.Degradation) -> PeripheralRules.Degradation {
        var result = base
        guard !node.isNull, attempt({ () throws(TemperError) in try node.entries() }) != nil else { return result }
        problems.record(node.unknownKeys(allowed: Self.degradationKeys, renamed: ["maxRumbleSeconds": "maxRumble: 0.3s"]))
        if let haptics = node["haptics"], let mode = readHaptics(haptics) { result.haptics = mode }
        read(node["rumbleScale"], into: &result.rumbleScale) { v throws(TemperError) in try v.double(in: 0...1) }
        read(node["maxRumble"], into: &result.maxRumbleSeconds) { v throws(TemperError) in
            Self.isNone(v) ? nil : try v.durationSeconds(in: QuantityLimits.positiveSeconds)
        }
        return result
    }
}

extension Policy {
    /// The `peripherals:` section of ``yamlDocument()``.
    func peripheralLines() -> [String] {
        func lines(_ degradation: PeripheralRules.Degradation) -> [String] {
            [
                "haptics: \(Self.haptics(degradation.haptics))",
                "rumbleScale: \(YAMLText.number(degradation.rumbleScale))",
                "maxRumble: \(degradation.maxRumbleSeconds.map { YAMLText.number($0) + "s" } ?? "none")",
            ]
        }
        return ["peripherals:", "  lowBattery:"] + lines(peripherals.lowBattery).map { "    " + $0 } + ["  critical:"]
            + lines(peripherals.critical).map { "    " + $0 }
    }
}
