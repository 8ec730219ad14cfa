/// Times as a clock shows them, the one format every report and command summary uses for a time or a span of
/// virtual time: `m:ss` under an hour, `h:mm:ss` from an hour on.
public enum ClockText: Sendable {
    /// `95` → `1:35`, `3725` → `1:02:05`, rounded to the second. Negative, non-finite and astronomically long
    /// times (beyond what an Int counts, about 2.9e11 years) are plain seconds.
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return "\(seconds) s" }
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
