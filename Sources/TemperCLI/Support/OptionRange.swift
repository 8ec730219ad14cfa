import ArgumentParser
import TemperCore

/// The valid ranges of the command line's numeric options, stated in their `--help` and checked in `validate()`,
/// so no option can make a command spin, write without bound or trap converting a number.
enum OptionRange {
    /// `--interval` of `record` and `watch`: 0.1 s to 1 h. Shorter intervals only burn a core and the disk.
    static let sampleInterval: ClosedRange<Double> = 0.1...3600
    /// `record --duration`: zero to 7 days.
    static let recordDuration: ClosedRange<Double> = QuantityLimits.seconds
    /// The most lines one recording may be asked for (duration ÷ interval): what a trace may hold.
    static let maxRecordedSnapshots = 1_000_000
    /// `simulate --trace-interval`: 1 ms to 7 days.
    static let traceInterval: ClosedRange<Double> = QuantityLimits.positiveSeconds
    /// The most snapshots `simulate --record-trace` may write (scenario duration ÷ --trace-interval).
    static let maxTraceSnapshots = 100_000

    /// Throws the one-line usage error `--interval must be from 0.1 s to 3600 s, found 1e-09` when `value` is
    /// outside `range` (NaN and infinities are outside every range).
    static func check(_ value: Double, _ range: ClosedRange<Double>, option: String, unit: String = "s") throws {
        guard range.contains(value) else {
            throw ValidationError(
                "\(option) must be from \(QuantityLimits.describe(range, unit: unit)), found \(QuantityLimits.number(value))"
            )
        }
    }
}
