import FoundationEssentials
import TemperCore

/// Stable number formatting for reports: the same value prints the same way on every machine and locale, so
/// checked-in reports reproduce byte for byte.
enum ReportNumber {
    /// Fixed decimals, without a negative zero: `fixed(3.14159, 2)` is `3.14`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let text = String(cFormat: "%.\(decimals)f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
        return text
    }

    /// For SVG coordinates: at most two decimals, trailing zeros dropped.
    ///
    /// A chart of thousands of sensors writes millions of these, so hundredths are counted in integers rather than
    /// formatted by `printf` (which was a quarter of such a report's time); a tie rounds away from zero.
    static func coordinate(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        if scaled.magnitude < 1e15 {
            let hundredths = Int(scaled)
            let whole = String(hundredths.magnitude / 100)
            let fraction = hundredths.magnitude % 100
            let sign = hundredths < 0 ? "-" : ""
            if fraction == 0 { return sign + whole }
            return sign + whole + (fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction))
        }
        var text = fixed(value, 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// Energy in the unit that reads best, to three significant digits: `850 mJ`, `12.4 J`, `3.10 kJ`.
    static func energy(millijoules: Double) -> String {
        let magnitude = abs(millijoules)
        let (value, unit) =
            magnitude >= 999_500 ? (millijoules / 1_000_000, "kJ") : magnitude >= 999.5 ? (millijoules / 1_000, "J") : (millijoules, "mJ")
        let size = abs(value)
        return fixed(value, size >= 99.95 ? 0 : size >= 9.995 ? 1 : 2) + " " + unit
    }

    /// A difference with its sign: `+1.3`, `−0.4` (a true minus sign), `0.0`.
    static func signed(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        if text.hasPrefix("-") { return "−" + text.dropFirst() }
        return text.allSatisfy { $0 == "0" || $0 == "." } ? text : "+" + text
    }

    static func celsius(_ value: Double) -> String { fixed(value, 1) + " °C" }
    static func percent(_ value: Double) -> String { fixed(value, 1) + " %" }
}

/// Escapes text for XML and XHTML: content and attribute values alike.
enum Markup {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
