public import TemperCore

extension RecordingImporter {
    /// `tegrastats`: one sample per line; `MM-DD-YYYY HH:MM:SS` first on newer releases, no time on older ones
    /// (then `interval` seconds apart, its default 1 s). Temperatures `name@47.5C`; rails `NAME now/avg`, in mW
    /// with or without the unit (measured power); `CPU [a%@f,…]` and `GR3D_FREQ n%` (load proxies).
    static func tegrastats(_ lines: [(number: Int, text: String)], interval: Double, file: String?) throws(TemperError) -> ImportedRecording
    {
        var rows = RecordingRows()
        var dated = 0
        for (number, raw) in lines {
            let words = raw.split(separator: " ", omittingEmptySubsequences: true)
            guard words.contains("RAM") else {
                if !RecordingText.trimmed(raw).isEmpty { rows.note("lines that are not tegrastats samples skipped") }
                continue
            }
            var sample = ImportedRecording.Sample(seconds: Double(rows.rows.count) * interval)
            if words.count > 2, let time = RecordingText.dateSeconds(words[0] + " " + words[1]) {
                sample.seconds = time
                dated += 1
            }
            for (index, word) in words.enumerated() {
                if let at = word.firstIndex(of: "@"), word.hasSuffix("C"), !word.hasPrefix("["),
                    let celsius = RecordingText.number(word[word.index(after: at)...].dropLast())
                {
                    // An absent sensor reads −256 °C on Orin modules.
                    if celsius > -100 { sample.temperatures.append(.init(label: String(word[..<at]), value: celsius)) }
                } else if word.hasPrefix("VDD") || word.hasPrefix("VIN") || word.hasPrefix("POM"), index + 1 < words.count,
                    let now = words[index + 1].split(separator: "/").first,
                    let milliwatts = RecordingText.number(now.hasSuffix("mW") ? now.dropLast(2) : now)
                {
                    sample.watts.append(.init(label: String(word), value: milliwatts / 1000))
                } else if word == "CPU", index + 1 < words.count, words[index + 1].hasPrefix("[") {
                    let cores = words[index + 1].dropFirst().dropLast().split(separator: ",")
                    let busy = cores.compactMap { core in core.split(separator: "%").first.flatMap { RecordingText.number($0) } }
                    if !busy.isEmpty {
                        sample.load.append(.init(label: "cpu", kind: .utilization, value: busy.reduce(0, +) / Double(cores.count)))
                    }
                } else if word == "GR3D_FREQ", index + 1 < words.count, let percent = words[index + 1].split(separator: "%").first,
                    let value = RecordingText.number(percent)
                {
                    sample.load.append(.init(label: "gpu", kind: .utilization, value: value))
                }
            }
            rows.append(sample, line: number)
        }
        if dated > 0, dated < rows.rows.count { rows.note("lines without a timestamp among dated ones: placed by their order") }
        let kind: RecordingTimeAxis.Kind =
            dated == rows.rows.count && dated > 0
            ? .epoch : .none(interval: interval, why: "tegrastats writes no time; its default interval, --interval sets it")
        if rows.rows.contains(where: { !$0.watts.isEmpty }) {
            rows.warnings.append("power: the rails as tegrastats names them, measured (mW read as W / 1000)")
        }
        return try rows.finish(.tegrastats, time: kind, file: file)
    }

    /// `turbostat`: after a preamble, a header line per interval, then a summary row (`-` for Core and CPU) and
    /// per-core rows. `PkgTmp`/`CoreTmp` (°C), `PkgWatt` and the other `…Watt` columns (measured power, W),
    /// `Busy%` and `Bzy_MHz` (load proxies). `Time_Of_Day_Seconds` when present, else `interval` apart (5 s, the
    /// tool's default).
    static func turbostat(_ lines: [(number: Int, text: String)], interval: Double, file: String?) throws(TemperError) -> ImportedRecording
    {
        var rows = RecordingRows()
        var header: [String] = []
        var headers = 0
        var timed = true
        for (number, raw) in lines {
            let fields = raw.split(whereSeparator: { $0 == "\t" || $0 == " " }).map(String.init)
            if fields.contains("Busy%") {
                header = fields
                headers += 1
                continue
            }
            guard !header.isEmpty, fields.count >= 2 else { continue }
            func value(_ name: String) -> Double? {
                header.firstIndex(of: name).flatMap { $0 < fields.count ? RecordingText.number(fields[$0]) : nil }
            }
            // The summary row: `-` for Core (and CPU), or the only row where there is no Core column.
            if let core = header.firstIndex(of: "Core"), core < fields.count, fields[core] != "-" { continue }
            if !header.contains("Core"), rows.rows.count >= headers { continue }
            let time = value("Time_Of_Day_Seconds")
            if time == nil { timed = false }
            var sample = ImportedRecording.Sample(seconds: time ?? Double(rows.rows.count) * interval)
            for name in ["PkgTmp", "CoreTmp"] {
                if let celsius = value(name) { sample.temperatures.append(.init(label: name, value: celsius)) }
            }
            for name in header where name.hasSuffix("Watt") {
                if let watts = value(name) { sample.watts.append(.init(label: name, value: watts)) }
            }
            if let busy = value("Busy%") { sample.load.append(.init(label: "Busy%", kind: .utilization, value: busy)) }
            if let clock = value("Bzy_MHz") { sample.load.append(.init(label: "Bzy_MHz", kind: .frequency, value: clock)) }
            rows.append(sample, line: number)
        }
        if headers > 1 { rows.warnings.append("\(headers) header lines, one per interval: each read as the columns of the rows below it") }
        let kind: RecordingTimeAxis.Kind =
            timed && !rows.rows.isEmpty
            ? .epoch : .none(interval: interval, why: "turbostat without Time_Of_Day_Seconds; its default interval, --interval sets it")
        return try rows.finish(.turbostat, time: kind, file: file)
    }
}
