import TemperCore

/// A time-series chart: lines over a shared x axis, with optional coloured bands behind them (tiers) and markers
/// along the bottom (decisions the policy changed).
struct LineChart {
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
    }

    struct Marker {
        var x: Double
        var weight: Int
        var label: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    var bands: [Band] = []
    var bandLegend: [(label: String, color: String)] = []
    var markers: [Marker] = []
    var markerLabel = "decisions changed"
    /// The x range to draw; `nil` fits the data. Charts of one run share it, so their time axes line up.
    var xDomain: (low: Double, high: Double)?
    /// Formats x tick values; defaults to plain numbers.
    var xFormat: (Double) -> String = { ReportNumber.coordinate($0) }
    var width = 760.0
    var height = 320.0

    private let left = 56.0, right = 16.0, top = 34.0, bottom = 74.0

    /// Roughly how wide 10-point sans-serif text runs, for laying out legends.
    static func textWidth(_ text: String) -> Double { Double(text.count) * 5.8 }

    func render() -> String {
        var svg = SVGDocument(width: width, height: height, title: title)
        let allX = series.flatMap { $0.points.map(\.x) } + bands.flatMap { [$0.from, $0.to] }
        let allY = series.flatMap { $0.points.map(\.y) }.filter { !$0.isNaN }
        let xRange = xDomain.map { AxisScale.range($0.low, $0.high) } ?? AxisScale.range(allX.min() ?? 0, allX.max() ?? 1)
        let yScale = AxisScale(low: allY.min() ?? 0, high: allY.max() ?? 1)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let xPosition = { (x: Double) in left + (x - xRange.low) / (xRange.high - xRange.low) * plotWidth }
        let yPosition = { (y: Double) in top + plotHeight - (y - yScale.low) / (yScale.high - yScale.low) * plotHeight }

        svg.text(title, x: left, y: 18, size: 13, bold: true)
        for band in bands {
            svg.rect(x: xPosition(band.from), y: top, width: xPosition(band.to) - xPosition(band.from), height: plotHeight, fill: band.color, tooltip: band.label)
        }
        for tick in yScale.ticks {
            svg.line(x1: left, y1: yPosition(tick), x2: left + plotWidth, y2: yPosition(tick), stroke: Palette.grid)
            svg.text(ReportNumber.coordinate(tick), x: left - 6, y: yPosition(tick) + 4, anchor: .end, size: 10, fill: Palette.muted)
        }
        for tick in AxisScale(low: xRange.low, high: xRange.high, exact: true).ticks {
            svg.line(x1: xPosition(tick), y1: top + plotHeight, x2: xPosition(tick), y2: top + plotHeight + 4, stroke: Palette.muted)
            svg.text(xFormat(tick), x: xPosition(tick), y: top + plotHeight + 16, anchor: .middle, size: 10, fill: Palette.muted)
        }
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: Palette.muted)
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: Palette.muted)
        svg.text(xLabel, x: left + plotWidth / 2, y: top + plotHeight + 32, anchor: .middle, size: 11)
        svg.text(yLabel, x: 8, y: top - 8, size: 11)

        for line in series {
            for run in line.points.split(whereSeparator: { $0.y.isNaN }) {
                svg.polyline(run.map { (xPosition($0.x), yPosition($0.y)) }, stroke: line.color, dashed: line.dashed)
            }
        }
        let heaviest = markers.map(\.weight).max() ?? 1
        for marker in markers {
            let tall = 3 + 9 * Double(marker.weight) / Double(max(1, heaviest))
            svg.rect(x: xPosition(marker.x) - 1, y: top + plotHeight - tall, width: 2, height: tall, fill: Palette.ink, opacity: 0.6, tooltip: marker.label)
        }

        var legend = LegendFlow(left: left, right: width - right, baseline: top + plotHeight + 50)
        for line in series {
            let (x, y) = legend.place(width: 26 + Self.textWidth(line.name))
            svg.line(x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: line.color, width: 2, dashed: line.dashed)
            svg.text(line.name, x: x + 22, y: y, size: 10)
        }
        for entry in bandLegend {
            let (x, y) = legend.place(width: 20 + Self.textWidth(entry.label))
            svg.rect(x: x, y: y - 9, width: 12, height: 10, fill: entry.color)
            svg.text(entry.label, x: x + 16, y: y, size: 10)
        }
        if !markers.isEmpty {
            let (x, y) = legend.place(width: 10 + Self.textWidth(markerLabel))
            svg.rect(x: x, y: y - 10, width: 2, height: 10, fill: Palette.ink, opacity: 0.6)
            svg.text(markerLabel, x: x + 6, y: y, size: 10)
        }
        return svg.render()
    }
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
            y += 16
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
