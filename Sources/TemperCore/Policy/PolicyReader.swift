/// Reads a version-1 policy document, collecting every problem instead of stopping at the first.
///
/// Every value a file leaves out takes the built-in ``Policy/default``'s value: classifier settings key by key,
/// tier rules key by key over the default's rules for that tier, and low-power keys over the default's
/// low-power changes, applied to the file's tier rules.
struct PolicyReader {
    static let supportedVersion = 1
    static let topLevelKeys: Set<String> = [
        "version", "name", "description", "classifier", "tiers", "lowPower", "exemptUsages", "exemptCallers", "feedbackd",
        "peripherals",
    ]

    var problems = YAMLProblems()

    /// The policy, or `nil` when the document could not be read at all. Check ``problems`` either way.
    mutating func read(_ root: YAMLValue, fallbackName: String) -> Policy? {
        guard case .mapping = root.node else {
            problems.record(root.error(.invalidPolicy, "expected a policy mapping with 'version: 1' at the top"))
            return nil
        }
        guard let versionNode = attempt({ () throws(TemperError) in try root.require("version") }),
            let version = attempt({ () throws(TemperError) in try versionNode.int() })
        else { return nil }
        guard version == Self.supportedVersion else {
            problems.record(
                versionNode.error(
                    .unsupportedVersion,
                    "unsupported policy version \(version); this build reads version \(Self.supportedVersion)"
                )
            )
            return nil
        }
        problems.record(root.unknownKeys(allowed: Self.topLevelKeys))
        var policy = Policy.default
        policy.summary = nil
        policy.name = root["name"].flatMap { node in attempt { () throws(TemperError) in try node.string() } } ?? fallbackName
        if let description = root["description"] { policy.summary = attempt { () throws(TemperError) in try description.string() } }
        if let classifier = root["classifier"] { policy.classifier = readClassifier(classifier) }
        let tierPatches = readTierSections(root["tiers"])
        let lowPowerPatches = readTierSections(root["lowPower"])
        for tier in Tier.allCases {
            let tierPatch = Policy.defaultTierPatches[tier, default: .init()].overridden(by: tierPatches[tier] ?? .init())
            let rules = tierPatch.applied(to: FeedbackRules())
            let lowPowerPatch = Policy.defaultLowPowerPatches[tier, default: .init()].overridden(by: lowPowerPatches[tier] ?? .init())
            policy.tiers[tier] = rules
            policy.lowPower[tier] = lowPowerPatch.appliedAsLowPower(to: rules)
        }
        if let usages = root["exemptUsages"] { policy.exemptUsages = readUsages(usages) ?? policy.exemptUsages }
        if let feedbackd = root["feedbackd"] { policy.feedbackd = readFeedbackd(feedbackd) }
        if let callers = root["exemptCallers"] { policy.exemptCallers = readExemptCallers(callers) }
        if let peripherals = root["peripherals"] { policy.peripherals = readPeripherals(peripherals) }
        return policy
    }

    /// Runs `body`, recording its error and returning `nil` on failure.
    mutating func attempt<T>(_ body: () throws(TemperError) -> T) -> T? {
        problems.attempt(body)
    }

    private mutating func readTierSections(_ node: YAMLValue?) -> [Tier: FeedbackRulesPatch] {
        guard let node, !node.isNull else { return [:] }
        guard let entries = attempt({ () throws(TemperError) in try node.entries() }) else { return [:] }
        problems.record(node.unknownKeys(allowed: Set(Tier.allCases.map(\.rawValue))))
        var patches: [Tier: FeedbackRulesPatch] = [:]
        for (key, value) in entries {
            guard let tier = Tier(rawValue: key) else { continue }
            patches[tier] = readRules(value)
        }
        return patches
    }

    private mutating func readUsages(_ node: YAMLValue) -> Set<UsageClass>? {
        guard let items = attempt({ () throws(TemperError) in try node.items() }) else { return nil }
        var usages = Set<UsageClass>()
        for item in items {
            if let usage = attempt({ () throws(TemperError) in try item.oneOf(UsageClass.self) }) { usages.insert(usage) }
        }
        return usages
    }
}

extension Policy {
    /// Parses a policy document, throwing its first problem. Use ``check(yaml:file:)`` to see them all.
    ///
    /// - Parameters:
    ///   - yaml: The document's text.
    ///   - file: The file name errors should name; its base name is the policy's name when the file gives none.
    /// - Returns: The effective policy, with every value the document leaves out taken from ``Policy/default``.
    /// - Throws: `TemperError` with the key path and line:column (`invalidYAML`, `invalidValue`, `unknownKey`,
    ///   `missingKey`, `unsupportedVersion`, `invalidPolicy`).
    public static func parse(yaml: String, file: String? = nil) throws(TemperError) -> Policy {
        let (policy, errors) = read(yaml: yaml, file: file)
        if let first = errors.first { throw first }
        guard let policy else { throw TemperError(code: .invalidPolicy, message: "not a policy", file: file) }
        return policy
    }

    /// Every problem in a policy document, in document order; empty when it is valid.
    public static func check(yaml: String, file: String? = nil) -> [TemperError] {
        read(yaml: yaml, file: file).errors
    }

    /// The effective policy (when the document could be read at all) and every problem found.
    public static func read(yaml: String, file: String? = nil) -> (policy: Policy?, errors: [TemperError]) {
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(yaml, file: file)
        } catch {
            return (nil, [error])
        }
        var reader = PolicyReader()
        let policy = reader.read(root, fallbackName: Self.name(fromFile: file))
        let errors = reader.problems.errors.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        return (policy, errors)
    }

    private static func name(fromFile file: String?) -> String {
        guard let file, let last = file.split(separator: "/").last else { return "custom" }
        let base = last.hasSuffix(".yaml") ? last.dropLast(5) : last.hasSuffix(".yml") ? last.dropLast(4) : last
        return base.isEmpty ? "custom" : String(base)
    }
}
