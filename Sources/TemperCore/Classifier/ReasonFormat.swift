/// Cheap number formatting for reason messages: the classifier builds reasons on every update, and
/// `String(cFormat:)` costs more than the whole classification.
enum ReasonFormat {
    /// `86.0 °C`
    static func celsius(_ value: Double) -> String { oneDecimal(value) + " °C" }

    /// `12.5 s`
    static func seconds(_ value: Double) -> String { oneDecimal(value) + " s" }

    /// One decimal place, e.g. `-3.5`, `65261.8`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard abs(value) < 1e15 else { return "\(value)" }
        let tenths = Int((value * 10).rounded())
        let magnitude = tenths.magnitude
        let sign = tenths < 0 ? "-" : ""
        return sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// Two decimals, for slopes such as `0.25 °C/s`.
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e13 else { return "\(value)" }
        let hundredths = Int((value * 100).rounded())
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        return sign + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// A percentage without needless decimals: `15 %`, `4.5 %`.
    static func percent(_ value: Double) -> String {
        (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : oneDecimal(value)) + " %"
    }
}

extension Double {
    /// Two decimals, for reason messages (locale-independent): ``ReasonFormat/twoDecimals(_:)``.
    var formatted2: String { ReasonFormat.twoDecimals(self) }
}
