extension Policy {
    /// The policy as a version-1 YAML document with every value written out, which ``parse(yaml:file:)`` reads
    /// back to an equal policy. `temper policy show` prints this.
    public func yamlDocument() -> String {
        var lines = [
            "# Effective policy '\(name)': every value filled in. Check a file with: temper policy check FILE",
            "version: \(version)",
            "name: \(YAMLText.quoted(name))",
        ]
        if let summary { lines.append("description: \(YAMLText.quoted(summary))") }
        lines.append("classifier:")
        lines += classifierLines(classifier).map { "  " + $0 }
        lines.append("tiers:")
        for tier in Tier.allCases {
            lines.append("  \(tier.rawValue):")
            lines += Self.ruleLines(tiers[tier] ?? FeedbackRules()).map { "    " + $0 }
        }
        lines.append("lowPower:")
        for tier in Tier.allCases {
            lines.append("  \(tier.rawValue):")
            lines += Self.ruleLines(rules(for: Condition(tier: tier, lowPower: true))).map { "    " + $0 }
        }
        let usages = UsageClass.allCases.filter(exemptUsages.contains).map(\.rawValue)
        lines.append("exemptUsages: [\(usages.joined(separator: ", "))]")
        lines.append("exemptCallers:")
        lines.append("  users: [\(exemptCallers.users.map(YAMLText.quoted).joined(separator: ", "))]")
        lines.append("  groups: [\(exemptCallers.groups.map(YAMLText.quoted).joined(separator: ", "))]")
        lines.append("feedbackd:")
        for tier in Tier.allCases { lines.append("  \(tier.rawValue): \(feedbackd.tiers[tier]?.rawValue ?? "none")") }
        lines.append("  lowPower: \(feedbackd.lowPower?.rawValue ?? "none")")
        lines += peripheralLines()
        return lines.joined(separator: "\n") + "\n"
    }

    private func classifierLines(_ settings: ClassifierSettings) -> [String] {
        var lines = ["defaultThresholds: \(Self.thresholds(settings.defaultThresholds))"]
        if settings.sensorOverrides.isEmpty {
            lines.append("sensorOverrides: []")
        } else {
            lines.append("sensorOverrides:")
            for override in settings.sensorOverrides {
                var fields: [String] = []
                if let chip = override.chip { fields.append("chip: \(YAMLText.quoted(chip))") }
                if let label = override.label { fields.append("label: \(YAMLText.quoted(label))") }
                if let thresholds = override.thresholds { fields.append("thresholds: \(Self.thresholds(thresholds))") }
                if let hysteresis = override.hysteresisCelsius { fields.append("hysteresis: \(YAMLText.number(hysteresis)) K") }
                fields.append("ignore: \(override.ignore)")
                lines.append("  - " + fields[0])
                lines += fields.dropFirst().map { "    " + $0 }
            }
        }
        lines += [
            "hysteresis: \(YAMLText.number(settings.hysteresisCelsius)) K",
            "dwell: \(YAMLText.number(settings.dwellSeconds))s",
            "trendWindow: \(YAMLText.number(settings.trendWindowSeconds))s",
            "preemptiveEscalation: \(settings.preemptiveEscalationSeconds.map { YAMLText.number($0) + "s" } ?? "none")",
            "absurdLimit: \(YAMLText.number(settings.absurdLimitCelsius)) °C",
            "sensorLossTimeout: \(YAMLText.number(settings.sensorLossTimeoutSeconds))s",
            "failSafeTier: \(settings.failSafeTier.rawValue)",
            "lowBatteryPercentage: \(YAMLText.number(settings.lowBatteryPercentage))",
            "criticalBatteryPercentage: \(YAMLText.number(settings.criticalBatteryPercentage))",
            "criticalBatteryTier: \(settings.criticalBatteryTier?.rawValue ?? "none")",
            "powerSaverMeansLowPower: \(settings.powerSaverMeansLowPower)",
        ]
        return lines
    }

    private static func thresholds(_ thresholds: TierThresholds) -> String {
        "{fair: \(YAMLText.number(thresholds.fair)) °C, serious: \(YAMLText.number(thresholds.serious)) °C, critical: \(YAMLText.number(thresholds.critical)) °C}"
    }

    static func ruleLines(_ rules: FeedbackRules) -> [String] {
        [
            "haptics: \(haptics(rules.haptics))",
            "intensityScale: \(YAMLText.number(rules.intensityScale))",
            "spatialAudioAllowed: \(rules.spatialAudioAllowed)",
            "audioVolumeScale: \(YAMLText.number(rules.audioVolumeScale))",
            "nonEssentialAudio: \(rules.nonEssentialAudio)",
            "particleScale: \(YAMLText.number(rules.particleScale))",
            "exemptOnly: \(rules.exemptOnly)",
            "budget: \(rules.budget.map(budget) ?? "none")",
            "rumbleCap: \(rules.rumbleCapSeconds.map { YAMLText.number($0) + "s" } ?? "none")",
            "pairedAudio: \(rules.pairedAudio.rawValue)",
            "trim: \(rules.trim.map(trim) ?? "none")",
        ]
    }

    static func trim(_ trim: PerceptualTrim) -> String {
        let pitch = trim.allowsPitchChange ? ", allowPitchChange: true" : ""
        return "{maxDecibels: \(YAMLText.number(trim.maxDecibels))\(pitch)}"
    }

    static func haptics(_ mode: HapticsMode) -> String {
        switch mode {
        case .full: "full"
        case .transientsOnly: "transientsOnly"
        case .off: "off"
        case .simpleImpact(let style): "{mode: simpleImpact, style: \(style.rawValue)}"
        case .capRumble(let maxSeconds, let fadeSeconds):
            "{mode: capRumble, maxDuration: \(YAMLText.number(maxSeconds))s, fade: \(YAMLText.number(fadeSeconds))s}"
        }
    }

    static func budget(_ budget: EnergyBudget) -> String {
        let wholeJoules = budget.millijoules >= 1000 && budget.millijoules.truncatingRemainder(dividingBy: 1000) == 0
        let energy = wholeJoules ? YAMLText.number(budget.millijoules / 1000) + "J" : YAMLText.number(budget.millijoules) + "mJ"
        return "{energy: \(energy), window: \(YAMLText.number(budget.windowSeconds))s}"
    }
}

/// Scalars written so that a YAML reader (ours, and any YAML 1.1 one) reads them back as the same value.
enum YAMLText {
    /// Whole numbers without a fraction; others in Swift's shortest round-tripping form, with the `.0` YAML 1.1
    /// needs before an exponent (`1.0e-05`, not `1e-05`, which would read as a string).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = "\(value)"
        guard let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }), !text[..<exponent].contains(".") else { return text }
        return text[..<exponent] + ".0" + text[exponent...]
    }

    /// A double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if character.value < 0x20 {
                    result += "\\x" + (character.value < 0x10 ? "0" : "") + String(character.value, radix: 16)
                } else {
                    result.unicodeScalars.append(character)
                }
            }
        }
        return result + "\""
    }
}
