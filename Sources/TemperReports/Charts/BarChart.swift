import TemperCore

/// Horizontal bars, each a stack of coloured segments: energy by kind per run, or energy per pattern.
struct BarChart: ReportChart {
    struct Bar {
        var label: String
        /// Segment values in the order of ``BarChart/segmentNames``.
        var values: [Double]
    }

    /// A vertical line across the bars at `value`, labelled above them: a budget.
    struct Limit {
        var value: Double
        var label: String
    }

    var title: String
    var unit: String
    var segmentNames: [String]
    var segmentColors: [String]
    var bars: [Bar]
    var limit: Limit?
    /// Decimals of each bar's total and segment values; ticks print as round as they are.
    var decimals = 1
    var width = 760.0

    /// Narrow charts put each bar's label above it rather than beside it, so the bars keep their length.
    private var labelsAbove: Bool { width < 500 }
    private var labelWidth: Double { labelsAbove ? 8 : 190 }
    private var rowHeight: Double { labelsAbove ? 40 : 26 }
    private let right = 96.0

    func render() -> String {
        let top = limit == nil ? 34.0 : 50.0
        let legendRows = segmentNames.count > 1 ? legendRowCount() : 0
        let height = top + Double(bars.count) * rowHeight + 36 + Double(legendRows) * 17
        var svg = SVGDocument(width: width, height: height, title: title)
        svg.text(title, x: 8, y: 18, size: ChartText.title, bold: true)
        let totals = bars.map { $0.values.reduce(0, +) }
        let scale = AxisScale(low: 0, high: max(max(totals.max() ?? 1, limit?.value ?? 0), 1e-9))
        let plotWidth = width - labelWidth - right
        let xPosition = { (value: Double) in labelWidth + value / scale.high * plotWidth }
        let plotBottom = top + Double(bars.count) * rowHeight

        for tick in scale.ticks {
            svg.line(x1: xPosition(tick), y1: top - 4, x2: xPosition(tick), y2: plotBottom, stroke: Palette.grid)
            svg.text(
                ReportNumber.coordinate(tick),
                x: xPosition(tick),
                y: plotBottom + 15,
                anchor: .middle,
                size: ChartText.small,
                fill: Palette.muted
            )
        }
        // The unit follows the last tick's label, where the axis ends, rather than under a tick where it reads as one.
        let lastTick = scale.ticks.last ?? scale.high
        svg.text(
            unit,
            x: xPosition(lastTick) + 8 + LineChart.textWidth(ReportNumber.coordinate(lastTick)) / 2,
            y: plotBottom + 15,
            size: ChartText.small,
            fill: Palette.muted
        )
        for (row, bar) in bars.enumerated() {
            let rowTop = top + Double(row) * rowHeight
            let barTop = labelsAbove ? rowTop + 16 : rowTop + 4
            let barHeight = labelsAbove ? rowHeight - 20 : rowHeight - 8
            if labelsAbove {
                svg.text(bar.label, x: labelWidth, y: rowTop + 13, size: ChartText.small)
            } else {
                svg.text(bar.label, x: labelWidth - 8, y: rowTop + rowHeight / 2 + 4, anchor: .end, size: ChartText.small)
            }
            var start = 0.0
            for (index, value) in bar.values.enumerated() where value > 0 {
                let name = index < segmentNames.count ? segmentNames[index] : ""
                svg.rect(
                    x: xPosition(start),
                    y: barTop,
                    width: xPosition(start + value) - xPosition(start),
                    height: barHeight,
                    fill: segmentColors[index % segmentColors.count],
                    tooltip: "\(bar.label): \(name) \(ReportNumber.fixed(value, decimals)) \(unit)"
                )
                start += value
            }
            svg.text(
                ReportNumber.fixed(totals[row], decimals) + " " + unit,
                x: xPosition(start) + 6,
                y: barTop + barHeight / 2 + 4,
                size: ChartText.small,
                fill: Palette.muted
            )
        }
        if let limit {
            let x = xPosition(limit.value)
            svg.line(x1: x, y1: top - 8, x2: x, y2: plotBottom, stroke: Palette.tierStrong(.critical), width: 1.5, dashed: true)
            let anchor: SVGDocument.Anchor = x > width - 160 ? .end : .start
            svg.text(
                limit.label,
                x: anchor == .end ? x - 4 : x + 4,
                y: top - 12,
                anchor: anchor,
                size: ChartText.small,
                fill: Palette.tierStrong(.critical)
            )
        }
        if segmentNames.count > 1 {
            var legend = LegendFlow(left: labelWidth, right: width - 8, baseline: plotBottom + 36)
            for (index, name) in segmentNames.enumerated() {
                let (x, y) = legend.place(width: 20 + LineChart.textWidth(name))
                svg.rect(x: x, y: y - 10, width: 12, height: 11, fill: segmentColors[index % segmentColors.count])
                svg.text(name, x: x + 16, y: y, size: ChartText.small)
            }
        }
        return svg.render()
    }

    private func legendRowCount() -> Int {
        var legend = LegendFlow(left: labelWidth, right: width - 8, baseline: 0)
        let lastY = segmentNames.map { legend.place(width: 20 + LineChart.textWidth($0)).y }.last ?? 0
        return Int(lastY / 17) + 1
    }
}
