/// A quantity as a person writes it, split into its number and its unit: `25mJ`, `0.5 J`, `500 ms`, `12/min`.
///
/// The one scanner behind ``EnergyAmount`` and the policy and scenario files' durations, powers and rates; each
/// caller checks the number's range and looks the unit up in its own table.
struct QuantityText: Sendable, Hashable {
    /// The number, when the text starts with one that parses.
    var number: Double?
    /// What follows the number, without surrounding whitespace; empty when there is none.
    var unit: String

    init(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let numberEnd =
            trimmed.firstIndex { !($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }
            ?? trimmed.endIndex
        // "1e" followed by a unit letter would swallow the unit's first letter; back off over a trailing e/E.
        var splitAt = numberEnd
        while splitAt > trimmed.startIndex, let last = trimmed[..<splitAt].last, last == "e" || last == "E" {
            splitAt = trimmed.index(before: splitAt)
        }
        let numberText = trimmed[..<splitAt]
        number = numberText.isEmpty ? nil : Double(numberText)
        unit = String(trimmed[splitAt...]).trimmingWhitespace()
    }
}

extension String {
    /// Without leading and trailing whitespace; Foundation-free, for the core.
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
