import TemperCore

/// A pattern's power over time, with what played instead drawn over it: the time axis fits the pattern (a 48 ms
/// tap is drawn over about 55 ms, in milliseconds), and the driver's idle tail after the last event is named in
/// a note rather than stretching the axis.
struct PowerChart {
    struct Curve {
        var name: String
        var series: [PowerSample]
        /// How long the pattern plays (s), without the driver's idle tail.
        var durationSeconds: Double
    }

    /// A span of time (s) in which the driver could not play what was asked (its headroom clipped the signal).
    struct Span {
        var from: Double
        var to: Double
    }

    static let clippedColor = "#d32f2f"

    var title: String
    /// The pattern as written first; what played instead after it, drawn dashed.
    var curves: [Curve]
    /// Where the energy model reports clipping; empty when it reports none.
    var clipped: [Span] = []

    /// The chart, its axis fitted to the longest curve.
    func chart() -> LineChart {
        let longest = curves.map(\.durationSeconds).max() ?? 0
        let lastSample = curves.compactMap { $0.series.last?.timeSeconds }.max() ?? 0
        // A little room after the last event so its fall is visible; the whole series when it is hardly longer.
        var end = max(longest * 1.15, 0.01)
        if lastSample <= end * 1.5 { end = max(end, lastSample) }
        let milliseconds = end <= 2
        let scale = milliseconds ? 1000.0 : 1
        var series: [LineChart.Series] = []
        for (index, curve) in curves.enumerated() {
            let name = index == 0 ? "as written" : curve.name
            let color = index == 0 ? Palette.series[2] : Palette.series[(index + 3) % Palette.series.count]
            series.append(
                .init(name: name, color: color, points: curve.series.map { ($0.timeSeconds * scale, $0.milliwatts) }, dashed: index > 0)
            )
        }
        var chart = LineChart(title: title, xLabel: milliseconds ? "milliseconds" : "seconds", yLabel: "mW", series: series)
        chart.xDomain = (0, end * scale)
        chart.yIncludes = [0]
        chart.height = 240
        chart.bands = clipped.map {
            .init(from: $0.from * scale, to: $0.to * scale, color: Self.clippedColor, label: "clipped", opacity: 0.18)
        }
        if !clipped.isEmpty { chart.bandLegend = [("clipped", Self.clippedColor)] }
        let tail = curves.flatMap { $0.series.filter { $0.timeSeconds > end } }
        if let tailPower = tail.map(\.milliwatts).max(), tailPower > 0 {
            // A driver in standby draws microwatts, which one decimal of a milliwatt would print as "up to 0.0 mW".
            let level = tailPower < 0.05 ? "under 0.1" : "up to \(ReportNumber.fixed(tailPower, tailPower < 10 ? 1 : 0))"
            chart.note = "then \(level) mW until \(ReportNumber.fixed(lastSample, 2)) s: hardware idle"
        }
        return chart
    }
}
