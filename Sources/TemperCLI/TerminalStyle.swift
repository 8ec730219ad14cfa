import FoundationEssentials
import Glibc
import TemperCore

/// Colour on a terminal, and none otherwise: the one place that decides. Off when the stream is not a terminal
/// (a pipe, a file, a test), when `NO_COLOR` is set to anything but the empty string (no-color.org), or when
/// `TERM` is `dumb`; `CLICOLOR_FORCE` (set and not `0`) turns it on for a pipe, and `NO_COLOR` still wins.
struct TerminalStyle: Sendable {
    let enabled: Bool

    static let plain = TerminalStyle(enabled: false)

    /// The style for stdout as this process runs.
    static func forStdout(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        TerminalStyle(enabled: colours(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment))
    }

    static func colours(isTerminal: Bool, environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return isTerminal && environment["TERM"] != "dumb"
    }

    /// The headline and section titles.
    func bold(_ text: String) -> String { paint(text, "1") }
    /// Secondary text: units in tables, notes.
    func dim(_ text: String) -> String { paint(text, "2") }
    /// Something that needs attention: an error, a broken sensor.
    func alarm(_ text: String) -> String { paint(text, "1;31") }

    /// `text` in the tier's colour: nominal green, fair yellow, serious red, critical bold red.
    func tier(_ tier: Tier, _ text: String? = nil) -> String {
        let codes =
            switch tier {
            case .nominal: "32"
            case .fair: "33"
            case .serious: "31"
            case .critical: "1;31"
            }
        return paint(text ?? tier.rawValue, codes)
    }

    /// Every tier's name in `text` coloured (the words nominal, fair, serious and critical).
    func tiers(in text: String) -> String {
        guard enabled else { return text }
        var result = ""
        var word = ""
        func flush() {
            if let tier = Tier(rawValue: word) { result += self.tier(tier) } else { result += word }
            word = ""
        }
        for character in text {
            if character.isLetter {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    private func paint(_ text: String, _ codes: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    /// The columns `text` takes on a terminal: its characters less its colour codes (`ESC [ … m`).
    static func visibleCount(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
