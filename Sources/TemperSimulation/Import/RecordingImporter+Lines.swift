public import FoundationEssentials
public import TemperCore

extension RecordingImporter {
    /// A `vcgencmd measure_temp` loop: a Unix time line (`date +%s`), then `temp=47.2'C`.
    static func vcgencmd(_ lines: [(number: Int, text: String)], file: String?) throws(TemperError) -> ImportedRecording {
        var rows = RecordingRows()
        var time: Double?
        for (number, raw) in lines {
            let line = RecordingText.trimmed(raw)
            if line.isEmpty { continue }
            if let value = RecordingText.number(line) {
                time = value
            } else if line.hasPrefix("temp="), line.hasSuffix("'C"), let celsius = RecordingText.number(line.dropFirst(5).dropLast(2)) {
                guard let seconds = time else {
                    rows.note("a reading before any time line left out")
                    continue
                }
                var sample = ImportedRecording.Sample(seconds: seconds)
                sample.temperatures = [.init(label: "soc", value: celsius)]
                rows.append(sample, line: number)
                time = nil
            } else {
                rows.note("lines that are neither a time nor a temp= reading skipped")
            }
        }
        return try rows.finish(.vcgencmd, time: .epoch, file: file)
    }

    /// `sensors` printed in a loop: `Label:  +60.0°C  (high = …)`; a label seen again starts the next sample. No
    /// times: the loop's period, `interval` seconds.
    static func sensors(_ lines: [(number: Int, text: String)], interval: Double, file: String?) throws(TemperError) -> ImportedRecording {
        var rows = RecordingRows()
        var current: ImportedRecording.Sample?
        var currentLine = 0
        for (number, raw) in lines {
            let line = RecordingText.trimmed(raw)
            guard let colon = line.firstIndex(of: ":"), let degree = line.firstRange(of: "°C") else {
                if !line.isEmpty { rows.note("lines without a °C reading skipped (chip names, adapters, fans)") }
                continue
            }
            let label = RecordingText.trimmed(line[..<colon])
            guard let celsius = RecordingText.number(line[line.index(after: colon)..<degree.lowerBound]) else {
                rows.note("readings that are not a number skipped")
                continue
            }
            if current == nil || current!.temperatures.contains(where: { $0.label == label }) {
                if let sample = current { rows.append(sample, line: currentLine) }
                current = ImportedRecording.Sample(seconds: Double(rows.rows.count) * interval)
                currentLine = number
            }
            current!.temperatures.append(.init(label: label, value: celsius))
        }
        if let sample = current { rows.append(sample, line: currentLine) }
        return try rows.finish(.sensors, time: .none(interval: interval, why: "the loop's period; --interval sets it"), file: file)
    }

    /// stressberry's `.dat`: a YAML mapping of parallel lists `time` (s), `temperature` (°C) and, in newer
    /// versions, `cpu frequency` (MHz).
    /// A file cut off mid-list (a copy or a run interrupted) is not YAML; its lists are then read up to where it
    /// ends, and said.
    static func stressberry(_ text: String, file: String?) throws(TemperError) -> ImportedRecording {
        var rows = RecordingRows()
        let list: (String) -> [Double]?
        do throws(TemperError) {
            let root = try YAMLValue.parse(text, file: file)
            guard root.isMapping else { throw TemperError(code: .invalidRecording, message: "not a mapping", file: file) }
            list = { key in
                guard let value = root[key], let items = try? value.items() else { return nil }
                return items.map { (try? $0.double()) ?? .nan }
            }
        } catch {
            let lists = truncatedStressberryLists(text)
            for key in lists.unclosed.sorted() {
                rows.note("the file ends inside the '\(key)' list (truncated): the entries before the cut kept")
            }
            list = { lists.values[$0] }
        }
        guard let times = list("time"), let temperatures = list("temperature") else {
            throw TemperError(
                code: .invalidRecording,
                message: "no 'time' and 'temperature' lists: not a stressberry .dat",
                file: file,
                line: 1
            )
        }
        let frequencies = list("cpu frequency")
        if times.count != temperatures.count { rows.note("'time' and 'temperature' differ in length: the shorter kept") }
        for index in 0..<min(times.count, temperatures.count) {
            guard times[index].isFinite else {
                rows.note("entries whose time is not a number skipped")
                continue
            }
            var sample = ImportedRecording.Sample(seconds: times[index])
            if temperatures[index].isFinite { sample.temperatures = [.init(label: "soc", value: temperatures[index])] }
            if let frequencies, index < frequencies.count, frequencies[index].isFinite {
                sample.load = [.init(label: "cpu frequency", kind: .frequency, value: frequencies[index])]
            }
            rows.append(sample, line: 1)
        }
        return try rows.finish(.stressberry, time: .elapsed, file: file)
    }
}

extension RecordingImporter {
    /// The flow lists (`key: [1.0, 2.0,` over lines) of a stressberry file that is not whole YAML, each up to its
    /// `]` or the end of the text, and the keys whose list the text ends inside. A number cut off by the end is
    /// not kept.
    static func truncatedStressberryLists(_ text: String) -> (values: [String: [Double]], unclosed: Set<String>) {
        var values: [String: [Double]] = [:]
        var unclosed: Set<String> = []
        var key: String?
        var pending: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = line[...]
            if key == nil {
                guard let colon = line.firstIndex(of: ":"), let open = line[colon...].firstIndex(of: "["),
                    line[line.index(after: colon)..<open].allSatisfy(\.isWhitespace)
                else { continue }
                key = RecordingText.trimmed(line[..<colon])
                pending = []
                rest = line[line.index(after: open)...]
            }
            if let close = rest.firstIndex(of: "]") {
                pending += rest[..<close].split(separator: ",")
                values[key!] = pending.map { RecordingText.number($0) ?? .nan }
                key = nil
            } else {
                pending += rest.split(separator: ",")
            }
        }
        if let key {
            // Unless the text ends with a comma, its last field may be a number cut in two.
            let cut = RecordingText.trimmed(text).last != ","
            values[key] = pending.dropLast(cut ? 1 : 0).map { RecordingText.number($0) ?? .nan }
            unclosed.insert(key)
        }
        return (values, unclosed)
    }
}
