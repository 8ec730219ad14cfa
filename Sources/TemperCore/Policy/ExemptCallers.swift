/// Who may use the exempt usages through a service every local user shares (`temper serve`): an exempt usage
/// from any other caller is decided as an ordinary one (reason `exempt.notAllowed`), so no user can claim an
/// incoming call to empty a budget. Users and groups are named as in `/etc/passwd` and `/etc/group`.
public struct ExemptCallers: Sendable, Hashable, Codable {
    public var users: [String]
    public var groups: [String]

    public init(users: [String], groups: [String]) {
        self.users = users
        self.groups = groups
    }

    /// Root only: a distribution names the phone's own user or a group (e.g. `feedbackd`) in its policy.
    public static let standard = ExemptCallers(users: ["root"], groups: [])
}

extension PolicyReader {
    static let exemptCallersKeys: Set<String> = ["users", "groups"]

    /// `exemptCallers: {users: [root], groups: [audio]}`; a key left out keeps the standard value.
    mutating func readExemptCallers(_ node: YAMLValue) -> ExemptCallers {
        var callers = ExemptCallers.standard
        guard !node.isNull, let entries = attempt({ () throws(TemperError) in try node.entries() }) else { return callers }
        problems.record(node.unknownKeys(allowed: Self.exemptCallersKeys))
        for (key, value) in entries where Self.exemptCallersKeys.contains(key) {
            guard let items = attempt({ () throws(TemperError) in try value.items() }) else { continue }
            let names = items.compactMap { item in attempt { () throws(TemperError) in try item.string() } }
            if key == "users" { callers.users = names } else { callers.groups = names }
        }
        return callers
    }
}
