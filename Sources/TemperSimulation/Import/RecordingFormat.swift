/// The formats `temper import` reads, each the native output of a tool people already run.
public enum RecordingFormat: String, Sendable, Hashable, CaseIterable {
    /// NVIDIA Jetson `tegrastats`, with or without timestamps.
    case tegrastats
    /// s-tui's CSV log (`Time`, `Temp:…`, `Util:…`, `Frequency:…`, `Power:…`).
    case sTUI = "s-tui"
    /// Linux `turbostat` text: a header line per interval, a summary row, per-core rows.
    case turbostat
    /// stressberry's `.dat`: a YAML mapping of parallel `time` and `temperature` lists.
    case stressberry
    /// A `vcgencmd measure_temp` loop: a Unix time line, then `temp=47.2'C`.
    case vcgencmd
    /// lm-sensors' `sensors` printed in a loop (and filtered): `Package id 0:  +60.0°C  (high = …)`.
    case sensors
    /// An Android logger's CSV (`TimeStamp,CPU_Freq,Battery_temp,GPU_Load`) from `dumpsys battery` over ADB.
    case androidBattery = "android-battery"
    /// Any CSV or whitespace-separated table, mapped with `--columns`.
    case csv

    /// What a file's first lines say it is; `nil` when no format recognises it (plain CSV needs `--columns`).
    public static func detect(_ head: String) -> RecordingFormat? {
        let lines = head.split(whereSeparator: \.isNewline).prefix(200).map { RecordingText.trimmed($0) }
        if lines.contains(where: { $0.contains("RAM ") && $0.contains("@") && ($0.contains("CPU [") || $0.contains("GR3D")) }) {
            return .tegrastats
        }
        if let header = lines.first(where: { !$0.isEmpty }), header.hasPrefix("Time,"), header.contains("Temp:") { return .sTUI }
        if lines.contains(where: { $0.hasPrefix("TimeStamp,") && $0.contains("Battery_temp") }) { return .androidBattery }
        if lines.contains(where: { ($0.contains("PkgTmp") || $0.contains("CoreTmp")) && $0.contains("Busy%") }) { return .turbostat }
        if lines.contains(where: { $0.hasPrefix("temp=") && $0.hasSuffix("'C") }) { return .vcgencmd }
        // stressberry's lists run to hundreds of lines, so its keys are looked for in the whole head.
        if head.hasPrefix("# This file was created by stressberry")
            || (head.contains("\ntime:") && head.contains("\ntemperature:"))
        {
            return .stressberry
        }
        if lines.contains(where: { $0.contains("°C") && $0.contains(":") && ($0.contains("+") || $0.contains("crit")) }) { return .sensors }
        return nil
    }

    /// The names `--from` takes, for help and errors.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
