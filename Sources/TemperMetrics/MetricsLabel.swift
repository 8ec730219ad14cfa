/// A label every exported metric carries, from `--metrics-label NAME=VALUE`: `device=R5CT20ABC` and `sku=pixel-7`
/// tell a fleet's central Prometheus (or Thanos, Mimir) which host and which model each series came from, where
/// the scrape target's address says neither once a Prometheus agent remote-writes them.
public struct MetricsLabel: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var value: String

    /// The most labels one export takes, and the longest value: a label per dimension a dashboard groups by.
    public static let maxCount = 16
    public static let maxValueLength = 256

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Reads `NAME=VALUE`: NAME a Prometheus label name (`[a-zA-Z_][a-zA-Z0-9_]*`, not `__…`, which Prometheus
    /// keeps for itself) and not one the metrics use themselves; VALUE 1 to 256 characters with no control
    /// character.
    ///
    /// - Throws: ``MetricsError/Code/invalidLabel`` naming what is wrong.
    public init(parsing text: String) throws(MetricsError) {
        func invalid(_ why: String) -> MetricsError {
            MetricsError(code: .invalidLabel, message: "--metrics-label: expected NAME=VALUE such as sku=pixel-7; \(why)")
        }
        guard let equals = text.firstIndex(of: "=") else { throw invalid("'\(text)' has no '='") }
        let name = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        let isNameStart = { (c: Character) in c.isASCII && (c.isLetter || c == "_") }
        guard let first = name.first, isNameStart(first), name.allSatisfy({ isNameStart($0) || ($0.isASCII && $0.isNumber) }) else {
            throw invalid("'\(name)' is not a label name (letters, digits and _, not starting with a digit)")
        }
        guard !name.hasPrefix("__") else { throw invalid("names starting with __ are Prometheus' own") }
        guard !Self.reserved.contains(name) else { throw invalid("'\(name)' is a label Temper's metrics use themselves") }
        guard (1...Self.maxValueLength).contains(value.count) else {
            throw invalid("the value of '\(name)' must be 1 to \(Self.maxValueLength) characters")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("the value of '\(name)' has a control character")
        }
        self.init(name: name, value: value)
    }

    /// Labels the governor's and the service's own metrics carry (a series may not have one twice), and the ones
    /// Prometheus sets on every scraped series.
    static let reserved: Set<String> = ["outcome", "kind", "rule", "version", "method", "error", "condition", "job", "instance", "le"]

    public var description: String { "\(name)=\(value)" }
}
