import FoundationEssentials
import TemperCore

/// The text handling every importer shares: lines, fields, numbers with units, and times as tools write them.
enum RecordingText {
    /// `text` without the spaces and tabs around it (``StringProtocol/trimmingSpaces``).
    static func trimmed(_ text: some StringProtocol) -> String { text.trimmingSpaces }

    /// The lines of `text`, each with its 1-based number, carriage returns (Windows line ends) and a leading
    /// byte-order mark removed.
    static func lines(_ text: String) -> [(number: Int, text: String)] {
        var result: [(Int, String)] = []
        // "\r\n" is one Character in Swift, so a Windows line end is split on as a whole.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = Substring(line)
            if line.last == "\r" { line = line.dropLast() }
            if index == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
            result.append((index + 1, String(line)))
        }
        return result
    }

    /// The fields of a CSV line (``CSVFields``); a quoted field left open runs to the line's end, as a truncated
    /// last line does.
    static func csvFields(_ line: String) -> [String] { CSVFields.split(line).fields }

    /// A number as a tool writes it, finite, or `nil`: `47.2`, `+60.0`, `-3`.
    static func number(_ text: some StringProtocol) -> Double? {
        let text = trimmed(text)
        guard !text.isEmpty, text.count < 40, let value = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text), value.isFinite
        else { return nil }
        return value
    }

    /// A time of day `H:MM:SS` (fractions allowed) as seconds since midnight.
    static func clockSeconds(_ text: some StringProtocol) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Double(parts[2]),
            (0..<24).contains(hours), (0..<60).contains(minutes), (0..<61).contains(seconds)
        else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// A date and time as seconds since 1970 (UTC, as the tools write local time without a zone):
    /// `YYYY-MM-DD HH:MM:SS`, with `T` or `_` between them too, or `MM-DD-YYYY HH:MM:SS` (tegrastats).
    static func dateSeconds(_ text: some StringProtocol) -> Double? {
        let text = trimmed(text)
        let separators: Set<Character> = [" ", "T", "_"]
        guard let split = text.firstIndex(where: { separators.contains($0) }), let clock = clockSeconds(text[text.index(after: split)...])
        else { return nil }
        let date = text[..<split].split(separator: "-").compactMap { Int($0) }
        guard date.count == 3 else { return nil }
        let (year, month, day) = date[0] > 31 ? (date[0], date[1], date[2]) : (date[2], date[0], date[1])
        guard (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        return Double(daysSince1970(year: year, month: month, day: day)) * 86_400 + clock
    }

    /// Days from 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
