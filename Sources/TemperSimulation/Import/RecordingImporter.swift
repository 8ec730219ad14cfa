public import FoundationEssentials
public import TemperCore

/// `temper import`: a recording in another tool's format read into an ``ImportedRecording``, whose snapshots make a
/// Temper trace that `report`, `calibrate` and `forecast` read.
public enum RecordingImporter: Sendable {
    /// The most samples one import keeps (about 55 hours at 1 s): the trace, every reading as JSON, is a few
    /// hundred bytes a sample, and `report`, `calibrate` and `forecast` hold it in memory.
    public static let maximumSamples = 200_000
    /// The most lines a recording may have, checked before any is split: turbostat writes a line per CPU per
    /// sample, so this is several times ``maximumSamples``.
    public static let maximumLines = 4_000_000

    /// Reads `data` as `format` (detected from its content when `nil`); `columns` maps a plain table (`--columns`),
    /// `interval` is the time between samples where the file writes none.
    public static func read(
        _ data: Data,
        file: String?,
        format: RecordingFormat? = nil,
        columns: RecordingColumns? = nil,
        interval: Double? = nil
    ) throws(TemperError) -> ImportedRecording {
        let lineCount = data.withUnsafeBytes { bytes in bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        guard lineCount <= maximumLines else {
            throw TemperError(
                code: .invalidRecording,
                message:
                    "\(lineCount) lines, more than the \(maximumLines) an import reads: split the recording (e.g. split -l) and import each part",
                file: file,
                line: maximumLines + 1
            )
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TemperError(code: .invalidRecording, message: "not UTF-8 text: not a recording Temper reads", file: file, line: 1)
        }
        guard !text.contains("\u{0}") else {
            throw TemperError(code: .invalidRecording, message: "contains NUL bytes: binary data, not a recording", file: file, line: 1)
        }
        let chosen = columns != nil && format == nil ? .csv : format ?? RecordingFormat.detect(String(text.prefix(65_536)))
        guard let chosen else {
            throw TemperError(
                code: .invalidRecording,
                message:
                    "not a format Temper recognises: name it with --from \(RecordingFormat.names), or map a table with --columns time=COL,temperature=COL",
                file: file,
                line: 1
            )
        }
        let lines = RecordingText.lines(text)
        switch chosen {
        case .tegrastats: return try tegrastats(lines, interval: interval ?? 1, file: file)
        case .turbostat: return try turbostat(lines, interval: interval ?? 5, file: file)
        case .vcgencmd: return try vcgencmd(lines, file: file)
        case .sensors: return try sensors(lines, interval: interval ?? 1, file: file)
        case .stressberry: return try stressberry(text, file: file)
        case .sTUI:
            let header = lines.first { !RecordingText.trimmed($0.text).isEmpty }?.text ?? ""
            return try table(lines, format: .sTUI, columns: columns ?? sTUIColumns(header), file: file)
        case .androidBattery: return try table(lines, format: .androidBattery, columns: columns ?? androidBatteryColumns, file: file)
        case .csv:
            guard let columns else {
                throw TemperError(
                    code: .invalidRecording,
                    message: "a plain table needs --columns time=COL,temperature=COL[,power=COL,load=COL,ambient=COL]",
                    file: file,
                    line: 1
                )
            }
            return try table(lines, format: .csv, columns: columns, file: file)
        }
    }
}
