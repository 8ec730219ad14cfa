/// A fitted figure in a calibration's JSON summary: its value and its 95 % interval.
public struct FittedInterval: Codable, Sendable, Hashable {
    public var value: Double
    public var low: Double
    public var high: Double

    public init(value: Double, low: Double, high: Double) {
        self.value = value
        self.low = low
        self.high = high
    }
}

/// The keys of a calibration's flat JSON summary: one per fitted figure (named as in the profile), then the
/// fit's own (`rmseCelsius`, `residuals`, …). Both fits write their summaries through it, so they stay one shape.
struct FitSummaryKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedEncodingContainer where Key == FitSummaryKey {
    /// Each figure as `"key": {value, low, high}`.
    mutating func encode(figures: [(key: String, interval: FittedInterval)]) throws {
        for figure in figures { try encode(figure.interval, forKey: FitSummaryKey(stringValue: figure.key)) }
    }

    mutating func encode(_ value: some Encodable, forKey name: String) throws {
        try encode(value, forKey: FitSummaryKey(stringValue: name))
    }
}
