public import TemperCore

extension RecordingImporter {
    /// A table with a header line: comma-separated (quoted fields read whole) or, without a comma in its header,
    /// separated by white space. Free text before the header (a start date) and lines that do not fit it (an end
    /// date, a truncated last row, repeated headers) are skipped, each kind said once.
    static func table(
        _ lines: [(number: Int, text: String)],
        format: RecordingFormat,
        columns: RecordingColumns,
        file: String?
    ) throws(TemperError) -> ImportedRecording {
        let named = columns.entries.map(\.column).filter { Int($0) == nil }
        func fields(_ line: String, comma: Bool) -> [String] {
            comma ? RecordingText.csvFields(line) : line.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        // The header: the first line naming every named column, or with none named, the first line followed by one
        // whose fields are numbers.
        var headerAt: Int?
        for (position, (_, text)) in lines.enumerated() {
            let comma = text.contains(",")
            let candidate = fields(text, comma: comma)
            if !named.isEmpty {
                if named.allSatisfy(candidate.contains) {
                    headerAt = position
                    break
                }
            } else if candidate.count >= 2, position + 1 < lines.count,
                fields(lines[position + 1].text, comma: comma).filter({ RecordingText.number($0) != nil }).count >= 2
            {
                headerAt = position
                break
            }
        }
        guard let headerAt else {
            let missing = named.isEmpty ? "a header line" : "a header line naming \(named.joined(separator: ", "))"
            throw TemperError(code: .invalidRecording, message: "no \(missing) found", file: file, line: lines.first?.number ?? 1)
        }
        let comma = lines[headerAt].text.contains(",")
        let header = fields(lines[headerAt].text, comma: comma)
        var map: [(RecordingColumns.Role, Int, String)] = []
        for (role, column) in columns.entries {
            guard let index = columns.index(of: column, in: header) else {
                throw TemperError(
                    code: .invalidRecording,
                    message: "no column '\(column)' in the header (\(header.prefix(12).joined(separator: ", ")))",
                    file: file,
                    line: lines[headerAt].number
                )
            }
            map.append((role, index, header[index]))
        }
        var rows = RecordingRows()
        if headerAt > 0 { rows.warnings.append("\(headerAt) line\(headerAt == 1 ? "" : "s") before the header skipped") }
        var timeKind: RecordingTimeAxis.Kind?
        for (number, text) in lines[(headerAt + 1)...] {
            if RecordingText.trimmed(text).isEmpty { continue }
            let values = fields(text, comma: comma)
            if values == header {
                rows.note("repeated header lines skipped")
                continue
            }
            guard values.count >= header.count else {
                rows.note(
                    number == lines.last?.number ? "a truncated last line skipped" : "lines with fewer fields than the header skipped"
                )
                continue
            }
            var sample = ImportedRecording.Sample(seconds: Double(rows.rows.count))
            var readings = 0
            var allZero = true
            for (role, index, name) in map {
                let field = values[index]
                if role == .time {
                    guard let (seconds, kind) = time(field) else {
                        rows.note("lines whose time cannot be read skipped")
                        readings = -1
                        break
                    }
                    sample.seconds = seconds
                    timeKind = timeKind ?? kind
                    continue
                }
                guard let value = RecordingText.number(field) else { continue }
                readings += 1
                if value != 0 { allZero = false }
                switch role {
                case .temperature: sample.temperatures.append(.init(label: name, value: value))
                case .ambient: sample.temperatures.append(.init(label: "ambient (\(name))", value: value))
                case .power: sample.watts.append(.init(label: name, value: name.lowercased().contains("mw") ? value / 1000 : value))
                case .load: sample.load.append(.init(label: name, kind: isClock(name) ? .frequency : .utilization, value: value))
                case .time: break
                }
            }
            if readings < 0 { continue }
            if readings > 0, allZero {
                rows.note("rows of zeros (failed reads) skipped")
                continue
            }
            rows.append(sample, line: number)
        }
        return try rows.finish(
            format,
            time: timeKind ?? .none(interval: 1, why: "no time column named; --columns time=COL names one"),
            file: file
        )
    }

    /// A time field: a date-time (Unix time from it), a time of day, or seconds (Unix time past 10⁹).
    static func time(_ field: String) -> (Double, RecordingTimeAxis.Kind)? {
        if let seconds = RecordingText.dateSeconds(field) { return (seconds, .epoch) }
        if let seconds = RecordingText.clockSeconds(field) { return (seconds, .clockOfDay) }
        if let seconds = RecordingText.number(field) { return (seconds, seconds > 1e9 ? .epoch : .elapsed) }
        return nil
    }

    /// Whether a load column holds a clock rather than a utilisation.
    static func isClock(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["freq", "mhz", "clk", "clock"].contains { lower.contains($0) }
    }

    /// s-tui's columns: `Time`, every `Temp:…`, `Power:…` (W), `Util:Avg` and `Frequency:Avg`.
    static func sTUIColumns(_ header: String) -> RecordingColumns {
        let names = RecordingText.csvFields(header)
        var entries: [(RecordingColumns.Role, String)] = [(.time, "Time")]
        for name in names {
            if name.hasPrefix("Temp:") { entries.append((.temperature, name)) }
            if name.hasPrefix("Power:") { entries.append((.power, name)) }
            if name == "Util:Avg" || name == "Frequency:Avg" { entries.append((.load, name)) }
        }
        return RecordingColumns(entries: entries)
    }

    /// The Android battery logger's columns.
    static let androidBatteryColumns = RecordingColumns(entries: [
        (.time, "TimeStamp"), (.temperature, "Battery_temp"), (.load, "CPU_Freq"), (.load, "GPU_Load"),
    ])
}
