extension PolicyReader {
    static let ruleKeys: Set<String> = [
        "haptics", "intensityScale", "spatialAudioAllowed", "audioVolumeScale", "nonEssentialAudio", "particleScale",
        "exemptOnly", "budget", "rumbleCap", "pairedAudio", "trim",
    ]
    static let hapticsModes = ["full", "capRumble", "transientsOnly", "simpleImpact", "off"]
    static let budgetKeys: Set<String> = ["energy", "window"]

    /// One tier's or one low-power section's rules; keys left out stay unset in the patch.
    mutating func readRules(_ node: YAMLValue) -> FeedbackRulesPatch {
        var patch = FeedbackRulesPatch()
        guard !node.isNull else { return patch }
        guard attempt({ () throws(TemperError) in try node.entries() }) != nil else { return patch }
        problems.record(node.unknownKeys(allowed: Self.ruleKeys, renamed: ["rumbleCapSeconds": "rumbleCap: 0.5s"]))
        if let haptics = node["haptics"] { patch.haptics = readHaptics(haptics) }
        read(node["intensityScale"], into: &patch.intensityScale) { v throws(TemperError) in try v.double(in: 0...1) }
        read(node["spatialAudioAllowed"], into: &patch.spatialAudioAllowed) { v throws(TemperError) in try v.bool() }
        read(node["audioVolumeScale"], into: &patch.audioVolumeScale) { v throws(TemperError) in try v.double(in: 0...1) }
        read(node["nonEssentialAudio"], into: &patch.nonEssentialAudio) { v throws(TemperError) in try v.bool() }
        read(node["particleScale"], into: &patch.particleScale) { v throws(TemperError) in try v.double(in: 0...1) }
        read(node["exemptOnly"], into: &patch.exemptOnly) { v throws(TemperError) in try v.bool() }
        if let budget = node["budget"] { patch.budget = readBudget(budget) }
        read(node["rumbleCap"], into: &patch.rumbleCapSeconds) { v throws(TemperError) in
            Self.isNone(v) ? .some(nil) : .some(try v.durationSeconds(in: QuantityLimits.positiveSeconds))
        }
        read(node["pairedAudio"], into: &patch.pairedAudio) { v throws(TemperError) in try v.oneOf(PairedAudio.self) }
        if let trim = node["trim"] { patch.trim = readTrim(trim) }
        return patch
    }

    /// `none`, or `{maxDecibels: 2}` (or `2dB`): the most the trim may change the feel, within
    /// ``PerceptualTrim/decibelRange``; `allowPitchChange: true` lets it move pitch by up to the average frequency
    /// JND, a change people can notice, so only when a policy says so (``PerceptualTrim/allowsPitchChange``).
    private mutating func readTrim(_ node: YAMLValue) -> PerceptualTrim?? {
        if Self.isNone(node) { return .some(nil) }
        guard case .mapping = node.node else {
            problems.record(node.error(.invalidValue, "expected a trim such as {maxDecibels: 2}, or none"))
            return nil
        }
        problems.record(node.unknownKeys(allowed: ["maxDecibels", "allowPitchChange"]))
        let decibels = attempt { () throws(TemperError) in
            try node.require("maxDecibels").decibels(in: PerceptualTrim.decibelRange, unitInKey: true)
        }
        var allowsPitchChange: Bool? = false
        if let allow = node["allowPitchChange"] {
            allowsPitchChange = attempt { () throws(TemperError) in try allow.bool() }
        }
        guard let decibels, let allowsPitchChange else { return nil }
        return .some(PerceptualTrim(maxDecibels: decibels, allowsPitchChange: allowsPitchChange))
    }

    /// `full`, `transientsOnly`, `off`, or a mapping with `mode` and the mode's own keys:
    /// `capRumble` takes `maxDuration` and `fade`, `simpleImpact` takes `style`.
    mutating func readHaptics(_ node: YAMLValue) -> HapticsMode? {
        let modeNode: YAMLValue
        if case .mapping = node.node {
            guard let required = attempt({ () throws(TemperError) in try node.require("mode") }) else { return nil }
            modeNode = required
        } else {
            modeNode = node
        }
        guard let mode = attempt({ () throws(TemperError) in try modeNode.string() }) else { return nil }
        let allowed: Set<String> =
            switch mode {
            case "capRumble": ["mode", "maxDuration", "fade"]
            case "simpleImpact": ["mode", "style"]
            default: ["mode"]
            }
        if case .mapping = node.node {
            let renamed = mode == "capRumble" ? ["maxSeconds": "maxDuration: 0.5s", "fadeSeconds": "fade: 100ms"] : [:]
            problems.record(node.unknownKeys(allowed: allowed, renamed: renamed))
        }
        switch mode {
        case "full": return .full
        case "transientsOnly": return .transientsOnly
        case "off": return .off
        case "simpleImpact":
            var style = ImpactStyle.medium
            read(node["style"], into: &style) { v throws(TemperError) in try v.oneOf(ImpactStyle.self) }
            return .simpleImpact(style)
        case "capRumble":
            var maxSeconds = 0.5
            var fadeSeconds = 0.1
            read(node["maxDuration"], into: &maxSeconds) { v throws(TemperError) in
                try v.durationSeconds(in: QuantityLimits.positiveSeconds)
            }
            read(node["fade"], into: &fadeSeconds) { v throws(TemperError) in try v.durationSeconds() }
            guard fadeSeconds <= maxSeconds else {
                problems.record(
                    (node["fade"] ?? node).error(
                        .invalidValue,
                        "expected a fade at most maxDuration (\(YAMLText.number(maxSeconds))s), found \(YAMLText.number(fadeSeconds))s"
                    )
                )
                return nil
            }
            return .capRumble(maxSeconds: maxSeconds, fadeSeconds: fadeSeconds)
        default:
            problems.record(modeNode.error(.invalidValue, "expected one of \(Self.hapticsModes.joined(separator: ", ")), found '\(mode)'"))
            return nil
        }
    }

    /// `none`, or `{energy: 500mJ, window: 60s}`.
    private mutating func readBudget(_ node: YAMLValue) -> EnergyBudget?? {
        if Self.isNone(node) { return .some(nil) }
        guard case .mapping = node.node else {
            problems.record(node.error(.invalidValue, "expected a budget such as {energy: 500mJ, window: 60s}, or none"))
            return nil
        }
        problems.record(node.unknownKeys(allowed: Self.budgetKeys))
        let energy = attempt { () throws(TemperError) in try node.require("energy").energyMillijoules() }
        let window = attempt { () throws(TemperError) in
            let window = try node.require("window")
            return try window.durationSeconds(in: QuantityLimits.positiveSeconds)
        }
        guard let energy, let window else { return nil }
        return .some(EnergyBudget(millijoules: energy, windowSeconds: window))
    }
}
