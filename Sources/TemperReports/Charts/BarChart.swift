/// Horizontal bars, each a stack of coloured segments: energy by kind per run, or energy per pattern.
struct BarChart {
    struct Bar {
        var label: String
        /// Segment values in the order of ``BarChart/segmentNames``.
        var values: [Double]
    }

    var title: String
    var unit: String
    var segmentNames: [String]
    var segmentColors: [String]
    var bars: [Bar]
    var format: (Double) -> String = { ReportNumber.coordinate($0) }
    var width = 760.0

    private let labelWidth = 190.0, right = 90.0, top = 34.0, rowHeight = 26.0

    func render() -> String {
        let legendRows = segmentNames.count > 1 ? 1.0 : 0.0
        let height = top + Double(bars.count) * rowHeight + 36 + legendRows * 18
        var svg = SVGDocument(width: width, height: height, title: title)
        svg.text(title, x: 8, y: 18, size: 13, bold: true)
        let totals = bars.map { $0.values.reduce(0, +) }
        let scale = AxisScale(low: 0, high: max(totals.max() ?? 1, 1e-9))
        let plotWidth = width - labelWidth - right
        let xPosition = { (value: Double) in labelWidth + value / scale.high * plotWidth }
        let plotBottom = top + Double(bars.count) * rowHeight

        for tick in scale.ticks {
            svg.line(x1: xPosition(tick), y1: top - 4, x2: xPosition(tick), y2: plotBottom, stroke: Palette.grid)
            svg.text(format(tick), x: xPosition(tick), y: plotBottom + 14, anchor: .middle, size: 10, fill: Palette.muted)
        }
        // The unit follows the last tick's label, where the axis ends, rather than under a tick where it reads as one.
        let lastTick = scale.ticks.last ?? scale.high
        svg.text(unit, x: xPosition(lastTick) + 8 + Double(format(lastTick).count) * 3, y: plotBottom + 14, size: 10, fill: Palette.muted)
        for (row, bar) in bars.enumerated() {
            let y = top + Double(row) * rowHeight
            svg.text(bar.label, x: labelWidth - 8, y: y + rowHeight / 2 + 4, anchor: .end, size: 11)
            var start = 0.0
            for (index, value) in bar.values.enumerated() where value > 0 {
                let name = index < segmentNames.count ? segmentNames[index] : ""
                svg.rect(
                    x: xPosition(start), y: y + 4, width: xPosition(start + value) - xPosition(start), height: rowHeight - 8,
                    fill: segmentColors[index % segmentColors.count], tooltip: "\(bar.label): \(name) \(format(value)) \(unit)"
                )
                start += value
            }
            svg.text(format(totals[row]) + " " + unit, x: xPosition(start) + 6, y: y + rowHeight / 2 + 4, size: 10, fill: Palette.muted)
        }
        if segmentNames.count > 1 {
            var legendX = labelWidth
            for (index, name) in segmentNames.enumerated() {
                svg.rect(x: legendX, y: height - 20, width: 12, height: 10, fill: segmentColors[index % segmentColors.count])
                svg.text(name, x: legendX + 16, y: height - 11, size: 10)
                legendX += 28 + Double(name.count) * 5.6
            }
        }
        return svg.render()
    }
}
