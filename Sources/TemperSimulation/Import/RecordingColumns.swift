public import TemperCore

/// `--columns time=COL,temperature=COL[,temperature=COL…],power=COL,load=COL,ambient=COL`: which column of a
/// plain table is what. A column is named by its header or by its 1-based number.
public struct RecordingColumns: Sendable {
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case time, temperature, power, load, ambient
    }

    public var entries: [(role: Role, column: String)]

    public init(entries: [(role: Role, column: String)]) { self.entries = entries }

    /// Reads the option's text; the error says what is wrong in one line.
    public init(_ text: String) throws(TemperError) {
        var entries: [(Role, String)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1).map { RecordingText.trimmed($0) }
            guard pair.count == 2, !pair[1].isEmpty, let role = Role(rawValue: pair[0]) else {
                throw TemperError(
                    code: .invalidValue,
                    message:
                        "'\(part.count > 40 ? part.prefix(39) + "…" : part)' is not ROLE=COLUMN (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))",
                    path: "--columns"
                )
            }
            entries.append((role, pair[1]))
        }
        guard entries.contains(where: { $0.0 == .temperature }) else {
            throw TemperError(code: .invalidValue, message: "name at least one temperature=COLUMN", path: "--columns")
        }
        guard entries.count(where: { $0.0 == .time }) <= 1 else {
            throw TemperError(code: .invalidValue, message: "name one time=COLUMN at most", path: "--columns")
        }
        self.entries = entries
    }

    /// The index of `column` in `header`: by name, else by 1-based number.
    func index(of column: String, in header: [String]) -> Int? {
        if let index = header.firstIndex(of: column) { return index }
        if let number = Int(column), (1...header.count).contains(number) { return number - 1 }
        return nil
    }
}
