import FoundationEssentials
import Glibc

/// How wide the terminal is: `COLUMNS` when set (as shells and `ls` honour it), else the width of stdout's
/// terminal, else `nil` (piped: nothing to fit). The one place the width is read; every command's text goes
/// through ``TerminalText/fit(_:width:)`` with it.
enum TerminalWidth {
    /// The width of the terminal `descriptor` (stdout by default; stderr for diagnostics) writes to.
    static func current(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        of descriptor: Int32 = STDOUT_FILENO
    ) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The width prose is wrapped to when piped: a paragraph on one line of several hundred characters reads
    /// badly in a file too.
    static let prosePiped = 80

    /// The narrowest width text is fitted to; below it every line would be a word.
    static let narrowest = 40
}

/// Text fitted to a terminal's width: words wrapped, continuation lines indented under their line's text.
enum TerminalText {
    /// The text with spaces after it up to `width` characters (a longer text as it is).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Words in lines of at most `width` columns (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words(text) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` after `first`, wrapped to `width` with `rest` before each further line; one line when `width` is nil.
    static func fit(_ text: String, first: String, rest: String, width: Int?) -> [String] {
        guard let width, first.count + text.count > width else { return [first + text] }
        let body = text.drop { $0 == " " }
        let lead = text.prefix(text.count - body.count)
        let room = max(TerminalWidth.narrowest / 2, width - max(first.count, rest.count) - lead.count)
        let wrapped = wrap(String(body), width: room)
        return wrapped.enumerated().map { ($0.offset == 0 ? first : rest) + lead + $0.element }
    }

    /// Every line of `text` that is wider than `width` wrapped at its spaces, its further lines indented two
    /// columns past its own indent (a `label:  value` line's further lines go under the value). Colour codes
    /// take no columns. Unchanged when `width` is nil (piped).
    static func fit(_ text: String, width: Int?) -> String {
        guard let asked = width else { return text }
        let width = max(TerminalWidth.narrowest, asked)
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let line = String(line)
            guard TerminalStyle.visibleCount(line) > width else { return [line] }
            let leading = line.prefix { $0 == " " }.count
            let label = hangingIndent(line)
            let hanging = label ?? leading + 2
            let room = max(TerminalWidth.narrowest / 2, width - hanging)
            // A `label:   value` line keeps its label and the spaces after it as they are.
            let start = label ?? leading
            var lines: [String] = []
            var current = String(line.prefix(start))
            var currentCount = TerminalStyle.visibleCount(current)
            let indent = currentCount
            for word in words(String(line.dropFirst(start))) {
                let count = TerminalStyle.visibleCount(word)
                if currentCount > (lines.isEmpty ? indent : hanging), currentCount + 1 + count > (lines.isEmpty ? width : hanging + room) {
                    lines.append(current)
                    current = String(repeating: " ", count: hanging)
                    currentCount = hanging
                }
                let separator = currentCount > (lines.isEmpty ? indent : hanging) ? " " : ""
                current += separator + word
                currentCount += separator.count + count
            }
            lines.append(current)
            return lines
        }.joined(separator: "\n")
    }

    /// The units a number keeps on its line: `70.0 °C` never wraps between the figure and its unit.
    private static let units: Set<String> = [
        "°C", "K", "K/W", "mJ", "J", "kJ", "MJ", "mW", "W", "%", "ms", "s", "min", "h", "B", "kB", "MB", "V", "mA", "A",
        "uAh", "µAh", "mAh", "Wh", "Hz", "rpm",
    ]

    /// `text`'s words, a unit joined to the number before it.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        for word in text.split(separator: " ") {
            let bare = String(word.reversed().drop { ",.;:)".contains($0) }.reversed())
            if let last = words.last, last.last?.isNumber == true, units.contains(bare) {
                words[words.count - 1] += " " + word
            } else {
                words.append(String(word))
            }
        }
        return words
    }

    /// A file's size as people read it: `812 B`, `4.8 kB`, `12.3 MB` (decimal units, one decimal).
    static func size(bytes: Int) -> String {
        func oneDecimal(_ value: Double) -> String { String((value * 10).rounded() / 10) }
        if bytes >= 1_000_000 { return "\(oneDecimal(Double(bytes) / 1e6)) MB" }
        if bytes >= 1000 { return "\(oneDecimal(Double(bytes) / 1e3)) kB" }
        return "\(bytes) B"
    }

    /// Where a `label:   value` line's value starts (a colon followed by two or more spaces), when it leaves room.
    private static func hangingIndent(_ line: String) -> Int? {
        guard let range = line.firstRange(of: ":  ") else { return nil }
        let afterColon = line[range.upperBound...]
        let column = line.distance(from: line.startIndex, to: range.lowerBound) + 3 + afterColon.prefix { $0 == " " }.count
        return column <= 24 ? column : nil
    }
}
