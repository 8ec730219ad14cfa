import FoundationEssentials
import TemperCore
import TemperFiles

/// Writes a report folder: `index.html`, `report.md`, `data.json` and each chart as an SVG file.
/// Everything is deterministic: no "now", sorted JSON keys, stable number formatting.
enum ReportBundle {
    static func write<Data: Encodable>(_ document: ReportDocument, data: Data, to directory: URL) throws(TemperError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.write(document.html(), to: directory.appendingPathComponent("index.html"))
            try Self.write(document.markdown(), to: directory.appendingPathComponent("report.md"))
            for chart in document.charts {
                try Self.write(chart.svg, to: directory.appendingPathComponent(chart.file))
            }
            var json = try TemperJSON.encoder().encode(data)
            json.append(UInt8(ascii: "\n"))
            try json.write(to: directory.appendingPathComponent("data.json"))
        } catch let error as TemperError {
            throw error
        } catch {
            throw TemperError(
                code: .unreadableFile,
                message: "cannot write the report: \(FileErrorText.describe(error, path: directory.path))",
                file: directory.path,
                underlying: error
            )
        }
    }

    private static func write(_ text: String, to url: URL) throws {
        try FoundationEssentials.Data(text.utf8).write(to: url)
    }
}
