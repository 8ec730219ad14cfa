/// ArgumentParser's help with its USAGE line fitted to the terminal: the parser writes the synopsis on one line
/// however long (`serve`'s was 279 characters), so it is wrapped here between whole `[--option <value>]` groups,
/// each further line under the first word after `USAGE: `.
enum HelpText {
    static let usagePrefix = "USAGE: "

    /// `help` with its USAGE line wrapped to `width` (80 when piped, as prose is).
    static func fitted(_ help: String, width: Int?) -> String {
        let width = max(TerminalWidth.narrowest, width ?? TerminalWidth.prosePiped)
        return help.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix(usagePrefix), line.count > width else { return String(line) }
            return wrapUsage(String(line.dropFirst(usagePrefix.count)), width: width)
        }.joined(separator: "\n")
    }

    /// `USAGE: temper serve [--address <addr>] …` in lines of at most `width`, breaking only between groups; the
    /// further lines are indented under the command's name.
    static func wrapUsage(_ synopsis: String, width: Int) -> String {
        let indent = String(repeating: " ", count: usagePrefix.count)
        var lines: [String] = []
        var line = usagePrefix
        for group in groups(synopsis) {
            if line.count > indent.count, line.count + 1 + group.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + group
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The synopsis split at spaces outside brackets: `[--policy <policy>]` and `<file> ...` stay whole.
    static func groups(_ synopsis: String) -> [String] {
        var groups: [String] = []
        var current = ""
        var depth = 0
        for character in synopsis {
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth = max(0, depth - 1) }
            if character == " ", depth == 0 {
                if current == "..." || current.hasPrefix("..."), let last = groups.popLast() { current = last + " " + current }
                if !current.isEmpty { groups.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if current.hasPrefix("..."), let last = groups.popLast() { current = last + " " + current }
        if !current.isEmpty { groups.append(current) }
        return groups
    }
}
