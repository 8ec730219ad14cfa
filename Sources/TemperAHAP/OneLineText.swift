/// Keeps an error on one line: text quoted from a user's file (a key or an `EventType` holding `\n` or an escape
/// sequence) is shown escaped, so a message can neither break the line nor drive the terminal. Every Temper
/// error type and the command line's stderr use it.
public enum OneLineText: Sendable {
    /// `text` with control characters (C0, DEL, C1) and the Unicode line and paragraph separators written as
    /// Swift escapes (`\n`, `\u{1B}`).
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: breaksTheLine) else { return text }
        return text.unicodeScalars.map { breaksTheLine($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    /// The one way every Temper error reads, as a compiler's would: `file:line:column: path: message`, with
    /// `<input>` for an unnamed source read at a line, no location when the error concerns no input at all (an
    /// unknown device name), the path left out when there is none, and the whole kept on one line.
    public static func errorLine(file: String?, line: Int?, column: Int?, path: String?, message: String) -> String {
        var location = file ?? (line == nil ? "" : "<input>")
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let prefix = location.isEmpty ? "" : location + ": "
        let message = shortened(escaping(message))
        if let path, !path.isEmpty { return escaping("\(prefix)\(shortened(path)): \(message)") }
        return escaping(prefix) + message
    }

    /// A value quoted from input (a file, an option), escaped and cut as an error line cuts it.
    package static func quoted(_ text: String) -> String { shortened(escaping(text)) }

    /// The longest a value quoted from a file is shown, and the longest a whole message is: a 5 MB attribute makes
    /// a 5 MB error line otherwise.
    static let longestValue = 64
    static let longestMessage = 480

    /// `text` with each word longer than ``longestValue`` cut (a file path keeps up to 256 characters) and the
    /// whole cut at ``longestMessage``, each cut saying how long it was.
    static func shortened(_ text: String) -> String {
        guard text.count > longestValue else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices {
            let word = words[index]
            let limit = word.contains("/") ? 256 : longestValue
            if word.count > limit { words[index] = cut(word, to: longestValue - 16) }
        }
        let joined = words.joined(separator: " ")
        return joined.count > longestMessage ? cut(joined, to: longestMessage - 24) : joined
    }

    private static func cut(_ text: String, to length: Int) -> String {
        "\(text.prefix(length))… (\(text.count) characters)"
    }

    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
