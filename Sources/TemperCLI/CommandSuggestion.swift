/// What `temper scor` or `temper help scor` gets: an unknown command named, with the closest one, in place of
/// ArgumentParser's "2 unexpected arguments" or the root help.
enum CommandSuggestion {
    /// The one-line error for `arguments` (without the program name) when their command is unknown; `nil` when it
    /// is known, or they start with an option.
    static func problem(in arguments: [String], commands: [String]) -> String? {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        guard let word = words.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" else { return nil }
        guard let match = closest(to: word, in: commands) else {
            return "unknown command '\(word)'; the commands are \(commands.joined(separator: ", "))"
        }
        return "unknown command '\(word)'; did you mean '\(match)'? (see 'temper --help')"
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
