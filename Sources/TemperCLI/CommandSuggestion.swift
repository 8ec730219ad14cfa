import ArgumentParser

/// What `temper scor`, `temper help scor` or `temper policy chek` gets: an unknown command named, with the closest
/// one, in place of ArgumentParser's "2 unexpected arguments" or the root help. Every level of commands is
/// checked: a command with subcommands takes no other words.
enum CommandSuggestion {
    /// The one-line error for `arguments` (without the program name) when they name an unknown command at any
    /// level below `root`; `nil` when every command they name is known, or an option comes first.
    static func problem(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        var command = root
        var path: [String] = []
        while let word = words.first, !word.hasPrefix("-"), word != "help" {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                words = words.dropFirst()
                continue
            }
            let commands = subcommands.map { $0._commandName }
            let parent = (["temper"] + path).joined(separator: " ")
            let prefix = path.map { $0 + " " }.joined()
            guard let match = closest(to: word, in: commands) else {
                return "unknown command '\(prefix)\(word)'; the commands of '\(parent)' are \(commands.joined(separator: ", "))"
            }
            return "unknown command '\(prefix)\(word)'; did you mean '\(prefix)\(match)'? (see '\(parent) --help')"
        }
        return nil
    }

    /// The command `word` is likeliest a typo of: one it starts, or one at most two edits away.
    static func closest(to word: String, in commands: [String]) -> String? {
        if word.count >= 2, let prefix = commands.first(where: { $0.hasPrefix(word) }) { return prefix }
        let scored = commands.map { (command: $0, distance: distance(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.command
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
