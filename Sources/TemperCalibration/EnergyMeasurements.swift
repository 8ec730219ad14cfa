import FoundationEssentials
public import TemperCore

/// One row of a measurements file: a pattern and the supply energy measured while it played.
public struct EnergyMeasurementRow: Sendable, Hashable {
    /// The pattern's path as written (relative paths are relative to the measurements file).
    public var patternPath: String
    /// Energy measured over all repetitions, above the idle baseline.
    public var millijoules: Double
    /// How many times the pattern played during the measurement.
    public var repetitions: Int
    /// The measurement's standard deviation (over runs), when known.
    public var standardDeviation: Double?
    /// The row's line in the file, for errors.
    public var line: Int

    public init(patternPath: String, millijoules: Double, repetitions: Int = 1, standardDeviation: Double? = nil, line: Int) {
        self.patternPath = patternPath
        self.millijoules = millijoules
        self.repetitions = repetitions
        self.standardDeviation = standardDeviation
        self.line = line
    }
}

/// Reads `temper calibrate energy`'s CSV: `pattern, millijoules[, repetitions[, standard deviation]]` per row.
///
/// Blank lines and lines starting with `#` are skipped; a first line whose second column is not a number is a
/// header. Fields may be double-quoted (a path with a comma). Every problem is one error naming the file and line.
public enum EnergyMeasurementsCSV: Sendable {
    public static let columns = "pattern, measured millijoules, optional repetitions, optional standard deviation (mJ)"
    /// The most rows one file may hold: far more than any bench session measures, and a fit of them stays seconds.
    public static let maxRows = 100_000

    public static func parse(_ text: String, file: String) throws(TemperError) -> [EnergyMeasurementRow] {
        var reader = Reader(file: file)
        // "\r\n" is one Character in Swift, so a split on "\n" alone read Excel's CSV as one line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, line) in lines.enumerated() { try reader.add(line, number: offset + 1) }
        return try reader.finish()
    }

    /// The rows of a measurements file read a line at a time, as `temper calibrate energy` streams the file.
    package struct Reader {
        let file: String
        private var rows: [EnergyMeasurementRow] = []
        private var sawFirstLine = false

        package init(file: String) { self.file = file }

        /// Reads line `number` (its newline left out; a trailing carriage return is dropped).
        package mutating func add(_ rawLine: Substring, number: Int) throws(TemperError) {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
            func fail(_ message: String) -> TemperError {
                TemperError(code: .invalidValue, message: message, file: file, line: number)
            }
            let fields = try EnergyMeasurementsCSV.split(line, fail: fail)
            guard (2...4).contains(fields.count) else {
                throw fail("expected 2 to 4 columns (\(columns)), found \(fields.count)")
            }
            defer { sawFirstLine = true }
            if !sawFirstLine, Double(fields[1]) == nil { return }  // the header
            guard !fields[0].isEmpty else { throw fail("the pattern column is empty") }
            guard let millijoules = Double(fields[1]), millijoules.isFinite, millijoules >= 0, millijoules < 1e9 else {
                throw fail("measured energy '\(fields[1])' is not a number of millijoules in 0...1e9")
            }
            var repetitions = 1
            if fields.count > 2, !fields[2].isEmpty {
                guard let count = Int(fields[2]), (1...1_000_000).contains(count) else {
                    throw fail("repetitions '\(fields[2])' is not a whole number in 1...1000000")
                }
                repetitions = count
            }
            var deviation: Double?
            if fields.count > 3, !fields[3].isEmpty {
                guard let value = Double(fields[3]), value.isFinite, value > 0, value < 1e9 else {
                    throw fail("standard deviation '\(fields[3])' is not a number of millijoules above 0")
                }
                deviation = value
            }
            guard rows.count < maxRows else { throw fail("more than \(maxRows) measurements, the most one calibration reads") }
            if let first = rows.first, (first.standardDeviation == nil) != (deviation == nil) {
                throw fail(
                    "give a standard deviation on every row or on none (line \(first.line) \(first.standardDeviation == nil ? "has none" : "has one"))"
                )
            }
            rows.append(
                EnergyMeasurementRow(
                    patternPath: fields[0],
                    millijoules: millijoules,
                    repetitions: repetitions,
                    standardDeviation: deviation,
                    line: number
                )
            )
        }

        /// The rows read; a file without any is an error.
        package func finish() throws(TemperError) -> [EnergyMeasurementRow] {
            guard !rows.isEmpty else {
                throw TemperError(code: .invalidValue, message: "no measurements: expected rows of \(columns)", file: file)
            }
            return rows
        }
    }

    /// The fields of one line (``CSVFields``); an unclosed quoted field is an error.
    fileprivate static func split(_ line: String, fail: (String) -> TemperError) throws(TemperError) -> [String] {
        let (fields, closed) = CSVFields.split(line)
        guard closed else { throw fail("a quoted field is not closed") }
        return fields
    }
}
