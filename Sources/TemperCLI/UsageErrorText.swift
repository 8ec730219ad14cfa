import TemperAHAP
import TemperCore

/// ArgumentParser's usage error (`Error: …`, `Help: …`, `Usage: …`, `See '…' …`) as one line in Temper's voice:
/// what was wrong and what is expected, never the option's whole help glued on, and the same words as Temper's own
/// errors (`unknown command 'scroe'; did you mean 'score'?` beside `unknown option '--jsn'; did you mean
/// '--json'?`).
enum UsageErrorText {
    static func line(_ full: String) -> String {
        let lines = full.split(separator: "\n").map { $0.trimmingSpaces }
        var first = lines.first ?? full
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        // A value list ArgumentParser writes as bullets, one per line, after "one of the following:".
        let bullets = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { "'\($0.dropFirst(2))'" }
        if first.hasSuffix("Please provide one of the following:") {
            first = String(first.dropLast("the following:".count)) + bullets.joined(separator: ", ") + "."
        }
        // ArgumentParser quotes the value whole: a 100,000-digit `--trim` made a 200,330-character line.
        let message = OneLineText.quoted(rephrased(first, expected: expectation(in: lines)))
        guard let hint = lines.first(where: { $0.hasPrefix("See '") }), let start = hint.firstIndex(of: "'"),
            let end = hint[hint.index(after: start)...].firstIndex(of: "'")
        else { return "temper: \(message)" }
        return "temper: \(message) (see \(hint[start...end]))"
    }

    /// What the option or argument takes, from its help (`Help:  --interval <interval>  Seconds between …`): the
    /// help's first sentence, lowercased, without its final full stop.
    static func expectation(in lines: [String]) -> String? {
        guard let help = lines.first(where: { $0.hasPrefix("Help: ") }) else { return nil }
        let text = help.dropFirst("Help: ".count).trimmingSpaces
        guard let gap = text.firstRange(of: "  ") else { return nil }
        var sentence = text[gap.upperBound...].trimmingSpaces
        if let stop = sentence.firstRange(of: ". ") { sentence = String(sentence[..<stop.lowerBound]) }
        if sentence.hasSuffix(".") { sentence.removeLast() }
        guard let initial = sentence.first else { return nil }
        // "Seconds between samples" reads "seconds between samples"; "AHAP" or "JSON" keeps its capitals.
        let second = sentence.dropFirst().first
        return second?.isUppercase == true ? sentence : initial.lowercased() + sentence.dropFirst()
    }

    /// ArgumentParser's sentence as Temper says it.
    static func rephrased(_ message: String, expected: String?) -> String {
        let expecting = expected.map { "; expected \($0)" } ?? ""
        if let match = message.wholeMatch(of: #/Unknown option '(.+)'\. Did you mean '(.+)'\?/#) {
            return "unknown option '\(match.1)'; did you mean '\(match.2)'?"
        }
        if let match = message.wholeMatch(of: #/Unknown option '(.+)'/#) { return "unknown option '\(match.1)'" }
        if let match = message.wholeMatch(of: #/Missing value for '([^ ']+)(?: <[^>]*>)?'/#) {
            return "\(match.1) needs a value" + (expected.map { ": \($0)" } ?? "")
        }
        if let match = message.wholeMatch(of: #/Missing expected argument '(.+)'/#) {
            return "missing \(match.1)" + (expected.map { ": \($0)" } ?? "")
        }
        if let match = message.wholeMatch(of: #/The value '(.*)' is invalid for '([^ ']+)(?: <[^>]*>)?': (.+)/#) {
            return "\(match.2): \(match.3)"
        }
        if let match = message.wholeMatch(of: #/The value '(.*)' is invalid for '([^ ']+)(?: <[^>]*>)?'\. Please provide one of (.+)\./#) {
            return "\(match.2): '\(match.1)' is not one of \(match.3)"
        }
        if let match = message.wholeMatch(of: #/The value '(.*)' is invalid for '([^ ']+)(?: <[^>]*>)?'/#) {
            return "\(match.2): '\(match.1)' is not valid\(expecting)"
        }
        guard let initial = message.first, message.dropFirst().first?.isUppercase != true else { return message }
        return initial.lowercased() + message.dropFirst()
    }
}
