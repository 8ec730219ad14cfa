import TemperCore

/// An x–y chart of lines, with optional coloured bands behind them (clipped spans): a pattern's power, a
/// calibration's fit. Reports draw time series of a run on a ``Timeline`` instead.
struct LineChart: ReportChart {
    struct Series {
        var name: String
        var color: String
        /// A NaN `y` is a gap: the line breaks there rather than joining the points either side.
        var points: [(x: Double, y: Double)]
        var dashed = false
    }

    struct Band {
        var from: Double
        var to: Double
        var color: String
        var label: String
        var opacity: Double? = nil
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    var bands: [Band] = []
    var bandLegend: [(label: String, color: String)] = []
    /// The x range to draw; `nil` fits the data. Charts of one run share it, so their time axes line up.
    var xDomain: (low: Double, high: Double)?
    /// Values the y axis must include besides the data (0 for power, say).
    var yIncludes: [Double] = []
    /// Formats x tick values; defaults to plain numbers.
    var xFormat: (Double) -> String = { ReportNumber.coordinate($0) }
    /// A note under the title, for what the chart leaves out.
    var note: String?
    var width = 760.0
    var height = 320.0

    private var left: Double { width < 500 ? 44 : 56 }
    private var right: Double { 16 }

    /// Roughly how wide sans-serif text of `size` runs, for laying out legends and labels.
    static func textWidth(_ text: String, size: Double = ChartText.small) -> Double { Double(text.count) * size * 0.58 }

    func render() -> String {
        var svg = SVGDocument(width: width, height: height, title: title)
        let allX = series.flatMap { $0.points.map(\.x) } + bands.flatMap { [$0.from, $0.to] }
        let allY = series.flatMap { $0.points.map(\.y) }.filter { !$0.isNaN } + yIncludes
        let xRange = xDomain.map { AxisScale.range($0.low, $0.high) } ?? AxisScale.range(allX.min() ?? 0, allX.max() ?? 1)
        let yScale = AxisScale(low: allY.min() ?? 0, high: allY.max() ?? 1)
        let top: Double = 34 + (note == nil ? 0 : 14)
        let legendEntries = series.count + bandLegend.count
        let legendRows = legendEntries > 1 ? legendRowCount() : 0
        let bottom = 44 + Double(legendRows) * 17
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let xPosition = { (x: Double) in left + (x - xRange.low) / (xRange.high - xRange.low) * plotWidth }
        let yPosition = { (y: Double) in top + plotHeight - (y - yScale.low) / (yScale.high - yScale.low) * plotHeight }
        let clampX = { (x: Double) in min(max(x, xRange.low), xRange.high) }

        svg.text(title, x: left, y: 18, size: ChartText.title, bold: true)
        if let note { svg.text(note, x: left, y: 34, size: ChartText.small, fill: Palette.muted) }
        for band in bands where band.to > xRange.low && band.from < xRange.high {
            svg.rect(
                x: xPosition(clampX(band.from)),
                y: top,
                width: xPosition(clampX(band.to)) - xPosition(clampX(band.from)),
                height: plotHeight,
                fill: band.color,
                opacity: band.opacity,
                tooltip: band.label
            )
        }
        for tick in yScale.ticks {
            svg.line(x1: left, y1: yPosition(tick), x2: left + plotWidth, y2: yPosition(tick), stroke: Palette.grid)
            svg.text(
                ReportNumber.coordinate(tick),
                x: left - 5,
                y: yPosition(tick) + 4,
                anchor: .end,
                size: ChartText.small,
                fill: Palette.muted
            )
        }
        let xTicks = AxisScale(low: xRange.low, high: xRange.high, exact: true).ticks
        for tick in xTicks {
            svg.line(x1: xPosition(tick), y1: top + plotHeight, x2: xPosition(tick), y2: top + plotHeight + 4, stroke: Palette.muted)
            svg.text(
                xFormat(tick),
                x: xPosition(tick),
                y: top + plotHeight + 17,
                anchor: .middle,
                size: ChartText.small,
                fill: Palette.muted
            )
        }
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: Palette.muted)
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: Palette.muted)
        svg.text(xLabel, x: left + plotWidth / 2, y: top + plotHeight + 33, anchor: .middle, size: ChartText.label)
        // High enough to clear the top tick label under it.
        svg.text(yLabel, x: left - 5, y: top - 10, anchor: .end, size: ChartText.label)

        for line in series {
            for run in line.points.split(whereSeparator: { $0.y.isNaN }) {
                let inside = Self.clip(Array(run), low: xRange.low, high: xRange.high)
                svg.polyline(inside.map { (xPosition($0.x), yPosition($0.y)) }, stroke: line.color, dashed: line.dashed)
            }
        }

        // A legend of one entry only repeats the title: charts of one series name it there instead.
        guard legendEntries > 1 else { return svg.render() }
        var legend = LegendFlow(left: left, right: width - 8, baseline: top + plotHeight + 52)
        for line in series {
            let (x, y) = legend.place(width: 26 + Self.textWidth(line.name))
            svg.line(x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: line.color, width: 2, dashed: line.dashed)
            svg.text(line.name, x: x + 22, y: y, size: ChartText.small)
        }
        for entry in bandLegend {
            let (x, y) = legend.place(width: 20 + Self.textWidth(entry.label))
            svg.rect(x: x, y: y - 10, width: 12, height: 11, fill: entry.color)
            svg.text(entry.label, x: x + 16, y: y, size: ChartText.small)
        }
        return svg.render()
    }

    /// The part of a line between `low` and `high`, cut where it crosses them, so a fixed domain never draws
    /// outside the plot.
    static func clip(_ points: [(x: Double, y: Double)], low: Double, high: Double) -> [(x: Double, y: Double)] {
        guard let first = points.first, let last = points.last, first.x < low || last.x > high else { return points }
        var clipped: [(x: Double, y: Double)] = []
        for (index, point) in points.enumerated() {
            if point.x >= low, point.x <= high {
                if index > 0, points[index - 1].x < low { clipped.append(crossing(points[index - 1], point, at: low)) }
                clipped.append(point)
                if index + 1 < points.count, points[index + 1].x > high { clipped.append(crossing(point, points[index + 1], at: high)) }
            }
        }
        return clipped
    }

    private static func crossing(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), at x: Double) -> (x: Double, y: Double) {
        guard b.x != a.x else { return (x, b.y) }
        return (x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    /// Rows the legend wraps into at this width.
    private func legendRowCount() -> Int {
        var legend = LegendFlow(left: left, right: width - 8, baseline: 0)
        var lastY = 0.0
        for line in series { lastY = legend.place(width: 26 + Self.textWidth(line.name)).y }
        for entry in bandLegend { lastY = legend.place(width: 20 + Self.textWidth(entry.label)).y }
        return Int(lastY / 17) + 1
    }
}

/// Text sizes in chart units. A chart is drawn at its own size on wide screens and laid out narrow for phones, so
/// no text is ever drawn below `small` (11 px).
enum ChartText {
    static let small = 11.0
    static let label = 12.0
    static let title = 13.0
}

/// Places legend entries left to right, wrapping to a new row when one would overflow.
struct LegendFlow {
    let left: Double
    let right: Double
    private(set) var x: Double
    private(set) var y: Double

    init(left: Double, right: Double, baseline: Double) {
        self.left = left
        self.right = right
        self.x = left
        self.y = baseline
    }

    mutating func place(width: Double) -> (x: Double, y: Double) {
        if x > left, x + width > right {
            x = left
            y += 17
        }
        defer { x += width + 12 }
        return (x, y)
    }
}

/// Picks round axis limits and about five ticks.
struct AxisScale {
    let low: Double
    let high: Double
    let step: Double

    init(low: Double, high: Double, exact: Bool = false) {
        let (low, high) = Self.range(low, high)
        // Divided before subtracting, so an axis from -1e308 to 1e308 gets a finite step.
        let step = Self.niceStep(high / 5 - low / 5)
        self.step = step
        if exact {
            self.low = low
            self.high = high
        } else {
            self.low = (low / step).rounded(.down) * step
            self.high = (high / step).rounded(.up) * step
        }
    }

    /// The ticks from `low` to `high`, each computed from its index: adding the step again and again stops
    /// moving above about 1e16, and would loop for ever.
    var ticks: [Double] {
        guard low.isFinite, high.isFinite, step.isFinite, step > 0 else { return [low, high].filter(\.isFinite) }
        let first = (low / step).rounded(.up) * step
        let span = ((high - first) / step + 1e-9).rounded(.down)
        guard span.isFinite, span >= 0 else { return [] }
        let count = Int(min(span, Double(Self.maxTicks - 1))) + 1
        return (0..<count).map { index in
            let tick = first + Double(index) * step
            return abs(tick) < step * 1e-9 ? 0 : tick
        }
    }

    /// More than any chart draws (about five); a bound, not a layout choice.
    static let maxTicks = 50

    /// Any finite range; an empty one widens around its value by a step that still moves it (±1, or ±10 % of a
    /// huge value), and non-finite bounds become a unit range.
    static func range(_ low: Double, _ high: Double) -> (low: Double, high: Double) {
        guard low.isFinite, high.isFinite else { return (0, 1) }
        if high > low { return (low, high) }
        let pad = max(1, abs(low) * 0.1)
        return (low - pad, low + pad)
    }

    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let fraction = rough / magnitude
        // The nice step nearest the rough one, so an axis gets four to seven ticks rather than as few as two.
        let nice: Double = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10
        return nice * magnitude
    }
}
