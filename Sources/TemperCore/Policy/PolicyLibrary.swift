/// Finds policies: by name through a ``ConfigurationSearch`` (folders, then the built-in policies), or by file
/// path. Every command and service that takes `--policy NAME|FILE` resolves it here.
public struct PolicyLibrary: Sendable {
    /// The policy used when none is named. Overriding `policies/default.yaml` in a search folder changes it.
    public static let defaultName = "default"

    /// A policy's text, ready to parse, and where it came from.
    public struct Located: Sendable, Hashable {
        public var text: String
        /// The name errors show for the file: its path, or `built-in Policies/NAME.yaml`.
        public var file: String
        public var source: ConfigurationSearch.Source
    }

    /// Where names are looked up.
    public var search: ConfigurationSearch

    public init(search: ConfigurationSearch) {
        self.search = search
    }

    /// The names of every policy the search finds, sorted.
    public func availableNames() -> [String] {
        search.names(of: .policy)
    }

    /// The text of the policy `argument` names (a file path, a name, or the default when `nil`), unparsed, for
    /// callers that report every error in it (`temper policy check`).
    ///
    /// - Throws: `unknownPolicy` naming the available policies, or `unreadableFile`.
    public func locate(_ argument: String? = nil) throws(TemperError) -> Located {
        let argument = argument ?? Self.defaultName
        if ConfigurationSearch.isPath(argument) {
            guard let text = try search.readText(argument) else {
                throw TemperError(code: .unreadableFile, message: "cannot read the policy file: there is no such file", file: argument)
            }
            return Located(text: text, file: argument, source: .file(argument))
        }
        guard let found = try search.find(.policy, named: argument) else {
            let names = availableNames()
            throw TemperError(
                code: .unknownPolicy,
                message: "no such policy file or policy name (available: \(names.isEmpty ? "none" : names.joined(separator: ", "))); "
                    + "searched \(search.describeOrder(of: .policy))",
                file: argument
            )
        }
        return Located(text: found.text, file: found.source.description, source: found.source)
    }

    /// The policy `argument` names, parsed, and where it came from.
    ///
    /// - Throws: what ``locate(_:)`` throws, or the file's first problem.
    public func resolve(_ argument: String? = nil) throws(TemperError) -> (policy: Policy, source: ConfigurationSearch.Source) {
        let located = try locate(argument)
        return (try Policy.parse(yaml: located.text, file: located.file), located.source)
    }

    /// The policy `argument` names: a file path, a name, or the default when `nil`.
    public func policy(_ argument: String? = nil) throws(TemperError) -> Policy {
        try resolve(argument).policy
    }
}
