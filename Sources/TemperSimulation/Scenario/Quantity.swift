import TemperCore

/// Numbers with units as scenario files write them: `10 min`, `0.1 s`, `50 ms`, `3.5 W`, `800 mW`.
/// A bare number is in the base unit (seconds, watts).
enum Quantity {
    static let durationUnits: [String: Double] = [
        "ms": 0.001, "s": 1, "sec": 1, "second": 1, "seconds": 1,
        "min": 60, "minute": 60, "minutes": 60, "h": 3600, "hour": 3600, "hours": 3600,
    ]
    static let powerUnits: [String: Double] = ["mW": 0.001, "W": 1]
    static let rateUnits: [String: Double] = ["/s": 1, "/min": 1.0 / 60, "/h": 1.0 / 3600]

    /// Seconds, from `10 min`, `0.1 s` or a bare number of seconds.
    static func seconds(_ value: YAMLValue) throws(TemperError) -> Double {
        try measure(value, units: durationUnits, what: "a duration such as '10 min', '30 s' or '50 ms'")
    }

    /// Watts, from `3.5 W`, `800 mW` or a bare number of watts.
    static func watts(_ value: YAMLValue) throws(TemperError) -> Double {
        try measure(value, units: powerUnits, what: "a power such as '3.5 W' or '800 mW'")
    }

    /// Events per second, from `0.5/s`, `12/min` or a bare number per second.
    static func perSecond(_ value: YAMLValue) throws(TemperError) -> Double {
        try measure(value, units: rateUnits, what: "a rate such as '0.5/s' or '12/min'")
    }

    private static func measure(_ value: YAMLValue, units: [String: Double], what: String) throws(TemperError) -> Double {
        if let number = try? value.double() {
            guard number >= 0 else { throw value.error(.invalidValue, "expected \(what), found a negative number") }
            return number
        }
        let text = (try? value.string())?.trimmingWhitespace ?? ""
        guard let split = text.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e") }) else {
            throw value.error(.invalidValue, "expected \(what), found '\(text)'")
        }
        let unit = String(text[split...]).trimmingWhitespace
        guard let number = Double(String(text[..<split]).trimmingWhitespace), number.isFinite, number >= 0,
            let scale = units[unit]
        else {
            throw value.error(.invalidValue, "expected \(what), found '\(text)'")
        }
        return number * scale
    }
}

extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
