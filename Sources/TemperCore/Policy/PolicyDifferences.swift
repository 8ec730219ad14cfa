/// The settings two policies differ in, grouped as a person sets them, and policy A with one group taken from B:
/// what `temper compare` runs one at a time to say which setting made each difference.
///
/// Read from both policies' effective documents (``Policy/yamlDocument()``), so every key either has is compared,
/// in the file's own words and units; no list of settings is kept here.
package struct PolicyDifferences: Sendable {
    /// One group: a classifier setting (`classifier.dwell`), one tier's rules (`tiers.fair`), or a top-level one.
    package struct Setting: Sendable, Hashable, Codable {
        /// The dotted key path of the group, as a policy file spells it.
        package var path: String
        /// Every key under the group whose values differ, A's and B's value as a file would write them.
        package var changes: [Change]

        package init(path: String, changes: [Change]) {
            self.path = path
            self.changes = changes
        }
    }

    package struct Change: Sendable, Hashable, Codable {
        package var key: String
        package var a: String
        package var b: String

        package init(key: String, a: String, b: String) {
            self.key = key
            self.a = a
            self.b = b
        }
    }

    /// The groups that differ, in the order of A's document.
    package let settings: [Setting]
    private let a: YAMLNode
    private let b: YAMLNode

    /// Keys that label a policy and change nothing it does.
    private static let labels: Set<String> = ["version", "name", "description"]

    package init(_ a: Policy, _ b: Policy) throws(TemperError) {
        guard let a = try YAMLComposer.compose(a.yamlDocument(), file: nil),
            let b = try YAMLComposer.compose(b.yamlDocument(), file: nil)
        else { throw TemperError(code: .invalidPolicy, message: "a policy wrote an empty document") }
        self.a = a
        self.b = b
        var groups: [Setting] = []
        for (path, valueA, valueB) in YAMLNode.differences(a, b) where !Self.labels.contains(path) {
            let group = path.split(separator: ".").prefix(2).joined(separator: ".")
            let change = Change(key: path, a: valueA ?? "–", b: valueB ?? "–")
            if groups.last?.path == group {
                groups[groups.count - 1].changes.append(change)
            } else {
                groups.append(Setting(path: group, changes: [change]))
            }
        }
        settings = groups
    }

    /// Policy A with `setting` as B has it, and everything else as A has it.
    package func policy(aWith setting: Setting) throws(TemperError) -> Policy {
        let path = setting.path.split(separator: ".")
        guard let taken = b.node(at: path), let changed = a.replacing(path, with: taken) else {
            throw TemperError(code: .invalidPolicy, message: "no setting \(setting.path) in both policies")
        }
        return try Policy.parse(yaml: changed.flowText, file: nil)
    }
}
