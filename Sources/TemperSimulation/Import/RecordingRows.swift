public import TemperCore

/// Rows as an importer reads them, each with its raw time, before they share one time axis: what every format's
/// reader hands on, and the checks every format shares (rows with nothing usable, columns that never change,
/// temperatures in m°C).
struct RecordingRows {
    var rows: [ImportedRecording.Sample] = []
    /// The line each row was read from, for the error when none is usable.
    var lines: [Int] = []
    var warnings: [String] = []
    private var counts: [String: Int] = [:]

    /// Counts one more occurrence of a problem; ``finish(_:time:file:)`` turns each into one warning.
    mutating func note(_ problem: String) { counts[problem, default: 0] += 1 }

    /// The line of the first row past ``RecordingImporter/maximumSamples``: the rest are not kept, and
    /// ``finish(_:time:file:)`` refuses the recording there.
    private var overflowLine: Int?

    mutating func append(_ row: ImportedRecording.Sample, line: Int) {
        guard rows.count < RecordingImporter.maximumSamples else {
            if overflowLine == nil { overflowLine = line }
            return
        }
        rows.append(row)
        lines.append(line)
    }

    /// The recording: rows with no temperature left out, broken columns dropped, m°C converted, times placed.
    mutating func finish(
        _ format: RecordingFormat,
        time kind: RecordingTimeAxis.Kind,
        file: String?
    ) throws(TemperError)
        -> ImportedRecording
    {
        if let overflowLine {
            throw TemperError(
                code: .invalidRecording,
                message:
                    "more than \(RecordingImporter.maximumSamples) samples, the most a trace holds in bounded memory: split the recording (e.g. split -l) and import each part",
                file: file,
                line: overflowLine
            )
        }
        for (problem, count) in counts.sorted(by: { $0.key < $1.key }) {
            warnings.append(count == 1 ? problem : "\(problem) (\(count) times)")
        }
        let usable = rows.indices.filter { !rows[$0].temperatures.isEmpty }
        if usable.count < rows.count {
            warnings.append("\(rows.count - usable.count) row\(rows.count - usable.count == 1 ? "" : "s") without a temperature left out")
        }
        guard usable.count >= 2 else {
            throw TemperError(
                code: .invalidRecording,
                message: usable.isEmpty
                    ? "no temperature readings found as \(format.rawValue) (name the format with --from, or map the columns with --columns)"
                    : "only one sample with a temperature: a recording needs at least two",
                file: file,
                line: usable.first.map { lines[$0] } ?? lines.first ?? 1
            )
        }
        var samples = usable.map { rows[$0] }
        dropBrokenColumns(&samples)
        convertMillidegrees(&samples)
        let axis = RecordingTimeAxis(samples.map(\.seconds), kind: kind)
        for index in samples.indices {
            samples[index].seconds = axis.seconds[index]
            samples[index].timestamp = axis.timestamps[index]
        }
        return ImportedRecording(format: format, samples: samples, warnings: warnings + axis.warnings)
    }

    /// A temperature or power column that holds one value over many samples is not a reading (tegrastats' PMIC at
    /// 100 °C, an absent sensor's −256 °C): left out, and said.
    private mutating func dropBrokenColumns(_ samples: inout [ImportedRecording.Sample]) {
        guard samples.count >= 10 else { return }
        var broken: [String] = []
        for label in Set(samples.flatMap { $0.temperatures.map(\.label) }).sorted() {
            let values = Set(samples.compactMap { $0.temperatures.first { $0.label == label }?.value })
            if values.count == 1 {
                broken.append("\(label) (always \(RecordingTimeAxis.format(values.first!)) °C)")
                for index in samples.indices { samples[index].temperatures.removeAll { $0.label == label } }
            }
        }
        if !broken.isEmpty {
            let what = broken.count == 1 ? "a column that never changes" : "columns that never change"
            warnings.append("left out \(what): \(broken.joined(separator: ", "))")
        }
    }

    /// Temperatures above 200 are in m°C (sysfs' unit): divided by 1000, and said.
    private mutating func convertMillidegrees(_ samples: inout [ImportedRecording.Sample]) {
        var converted = Set<String>()
        for index in samples.indices {
            for channel in samples[index].temperatures.indices where samples[index].temperatures[channel].value > 200 {
                samples[index].temperatures[channel].value /= 1000
                converted.insert(samples[index].temperatures[channel].label)
            }
        }
        if !converted.isEmpty { warnings.append("read as m°C and converted: \(converted.sorted().joined(separator: ", "))") }
    }
}
