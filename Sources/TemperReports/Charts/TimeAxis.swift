/// The unit of a chart's time axis: minutes for runs of two minutes or more, seconds for shorter ones, so a
/// few-second trace is not drawn against ticks of 0.01 minutes.
struct TimeAxis {
    let secondsPerUnit: Double
    let label: String

    init(durationSeconds: Double) {
        if durationSeconds >= 120 {
            secondsPerUnit = 60
            label = "minutes"
        } else {
            secondsPerUnit = 1
            label = "seconds"
        }
    }

    /// `seconds` in the axis's unit.
    func callAsFunction(_ seconds: Double) -> Double { seconds / secondsPerUnit }
}
