extension Timeline {
    /// The `<svg>` element: lanes top to bottom, the shared time axis under the last one.
    public func render() -> String {
        let xRange = AxisScale.range(domain.low, domain.high)
        let x = { (value: Double) in left + (value - xRange.low) / (xRange.high - xRange.low) * plotWidth }
        let clampX = { (value: Double) in min(max(value, xRange.low), xRange.high) }
        let id = "\(identifier)-\(Int(width))"
        var body = SVGDocument(width: width, height: 0, title: title)
        var y = 8.0
        let xTicks = AxisScale(low: xRange.low, high: xRange.high, exact: true).ticks
        var gridTop = 0.0
        for (index, lane) in lanes.enumerated() {
            body.text(
                Self.fitted(lane.title + (lane.unit.isEmpty ? "" : " (\(lane.unit))"), width: width - 24, size: ChartText.label),
                x: 8,
                y: y + 13,
                size: ChartText.label,
                bold: true
            )
            y += 20
            if index == 0 { gridTop = y }
            for strip in lane.strips {
                body.rect(x: left, y: y, width: plotWidth, height: Self.stripHeight, fill: Palette.grid)
                // Each span carries its times and what it was, for the hover readout.
                body.raw(
                    "<g clip-path=\"url(#\(id)-clip)\"><g class=\"tl-zoom\"><g class=\"tl-strip\" data-lane=\"\(index)\" data-name=\"\(Markup.escape(strip.label))\">"
                )
                for span in strip.spans where span.to > xRange.low && span.from < xRange.high {
                    let (from, to) = (x(clampX(span.from)), x(clampX(span.to)))
                    body.raw(
                        "<rect x=\"\(SVGDocument.n(from))\" y=\"\(SVGDocument.n(y))\" width=\"\(SVGDocument.n(max(0, to - from)))\" height=\"\(SVGDocument.n(Self.stripHeight))\" fill=\"\(span.color)\" data-label=\"\(Markup.escape(span.label))\">"
                            + "<title>\(Markup.escape("\(strip.label): \(span.label), \(clock(span.from))–\(clock(span.to))"))</title></rect>"
                    )
                }
                body.raw("</g></g></g>")
                body.raw(Self.label(strip.label, x: left + 4, y: y + 12, width: plotWidth - 8))
                y += Self.stripHeight + 2
            }
            if !lane.marks.isEmpty {
                body.raw("<g clip-path=\"url(#\(id)-clip)\"><g class=\"tl-zoom\">")
                for mark in lane.marks where mark.x >= xRange.low && mark.x <= xRange.high {
                    body.raw(
                        "<line class=\"tl-mark\" data-lane=\"\(index)\" x1=\"\(SVGDocument.n(x(mark.x)))\" y1=\"\(SVGDocument.n(y + 1))\" x2=\"\(SVGDocument.n(x(mark.x)))\" y2=\"\(SVGDocument.n(y + Self.markRowHeight - 1))\" stroke=\"\(mark.color)\" stroke-width=\"3\" vector-effect=\"non-scaling-stroke\"><title>\(Markup.escape(clock(mark.x) + " " + mark.tooltip))</title></line>"
                    )
                }
                body.raw("</g></g>")
                body.raw(Self.label(lane.marksLabel, x: left + 4, y: y + 11, width: plotWidth - 8))
                y += Self.markRowHeight + 2
            }
            if !lane.series.isEmpty {
                y = drawPlot(lane, index: index, top: y + 4, x: x, clampX: clampX, xRange: xRange, id: id, into: &body)
            }
            y += 10
        }
        // The shared axis: ticks and their grid through every lane, labelled once at the bottom.
        let axis = y
        body.raw("<g class=\"tl-ticks\">")
        for tick in xTicks {
            body.line(x1: x(tick), y1: gridTop, x2: x(tick), y2: axis, stroke: Palette.grid, width: 0.6)
            body.text(xFormat(tick), x: x(tick), y: axis + 14, anchor: .middle, size: ChartText.small, fill: Palette.muted)
        }
        body.raw("</g>")
        body.line(x1: left, y1: axis, x2: left + plotWidth, y2: axis, stroke: Palette.muted)
        body.text(timeLabel, x: left + plotWidth / 2, y: axis + 30, anchor: .middle, size: ChartText.label)
        // The crosshair and its readout, hidden until the script moves them.
        body.raw(
            "<line class=\"tl-cross\" x1=\"0\" y1=\"\(SVGDocument.n(gridTop))\" x2=\"0\" y2=\"\(SVGDocument.n(axis))\" stroke=\"\(Palette.ink)\" stroke-width=\"0.8\" visibility=\"hidden\"/>"
        )
        body.raw(
            "<text class=\"tl-readout\" x=\"0\" y=\"\(SVGDocument.n(axis + 30))\" font-size=\"11\" fill=\"\(Palette.ink)\" visibility=\"hidden\"></text>"
        )
        let height = axis + 40
        body.height = height
        let data =
            "class=\"timeline\" data-left=\"\(SVGDocument.n(left))\" data-right=\"\(SVGDocument.n(left + plotWidth))\" "
            + "data-low=\"\(SVGDocument.n(xRange.low))\" data-high=\"\(SVGDocument.n(xRange.high))\" data-unit=\"\(SVGDocument.n(secondsPerUnit))\""
        let clip =
            "<defs><clipPath id=\"\(id)-clip\"><rect x=\"\(SVGDocument.n(left))\" y=\"0\" width=\"\(SVGDocument.n(plotWidth))\" height=\"\(SVGDocument.n(height))\"/></clipPath></defs>"
        return body.render(attributes: data, prelude: clip)
    }

    /// One lane's plot: shading, grid, thresholds, lines, y axis and legend; returns the y under it.
    private func drawPlot(
        _ lane: Lane,
        index: Int,
        top: Double,
        x: (Double) -> Double,
        clampX: (Double) -> Double,
        xRange: (low: Double, high: Double),
        id: String,
        into body: inout SVGDocument
    ) -> Double {
        let values = lane.series.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
        let yScale = AxisScale(
            low: (values + lane.thresholds.map(\.y) + lane.yIncludes).min() ?? 0,
            high: (values + lane.thresholds.map(\.y) + lane.yIncludes).max() ?? 1
        )
        let height = lane.plotHeight
        let bottom = top + height
        let y = { (value: Double) in bottom - (value - yScale.low) / (yScale.high - yScale.low) * height }
        body.raw("<g clip-path=\"url(#\(id)-clip)\"><g class=\"tl-zoom\">")
        for span in lane.shading where span.to > xRange.low && span.from < xRange.high {
            body.rect(
                x: x(clampX(span.from)),
                y: top,
                width: x(clampX(span.to)) - x(clampX(span.from)),
                height: height,
                fill: span.color,
                opacity: 0.6,
                tooltip: span.label
            )
        }
        body.raw("</g></g>")
        for tick in yScale.ticks {
            body.line(x1: left, y1: y(tick), x2: left + plotWidth, y2: y(tick), stroke: Palette.grid, width: 0.6)
            body.text(ReportNumber.coordinate(tick), x: left - 5, y: y(tick) + 4, anchor: .end, size: ChartText.small, fill: Palette.muted)
        }
        body.line(x1: left, y1: top, x2: left, y2: bottom, stroke: Palette.muted)
        // What the hover readout needs to turn a line's drawn height back into its value.
        body.raw(
            "<g class=\"tl-lane\" data-lane=\"\(index)\" data-name=\"\(Markup.escape(lane.title))\" data-unit=\"\(Markup.escape(lane.unit))\" "
                + "data-top=\"\(SVGDocument.n(top))\" data-bottom=\"\(SVGDocument.n(bottom))\" "
                + "data-ylow=\"\(yScale.low)\" data-yhigh=\"\(yScale.high)\"/>"
        )
        drawThresholdLines(lane.thresholds, y: y, into: &body)
        body.raw("<g clip-path=\"url(#\(id)-clip)\"><g class=\"tl-zoom\">")
        for (number, line) in lane.series.enumerated() {
            let key = "\(index)-\(number)"
            body.raw("<g data-series=\"\(key)\"\(line.muted ? " data-muted=\"1\"" : "")><title>\(Markup.escape(line.name))</title>")
            for run in line.points.split(whereSeparator: { !$0.y.isFinite }) {
                let inside = LineChart.clip(run.map { ($0.x, $0.y) }, low: xRange.low, high: xRange.high)
                body.polyline(
                    inside.map { (x($0.x), y($0.y)) },
                    stroke: line.muted ? "#bdbdbd" : line.color,
                    width: line.muted ? 1 : 1.5,
                    dashed: line.dashed,
                    scalesWithZoom: true
                )
            }
            body.raw("</g>")
        }
        body.raw("</g></g>")
        // A legend entry per line, each a toggle for the script; a line the lane's title already names needs none.
        // The thresholds are listed after the lines, so their labels lie on neither the data nor each other.
        var next = bottom + 6
        let named = lane.series.count == 1 && lane.title.lowercased().contains(lane.series[0].name.lowercased())
        var legend = LegendFlow(left: left, right: width - right, baseline: bottom + 18)
        for (number, line) in lane.series.prefix(named ? 0 : lane.legendLimit).enumerated() {
            let name = Self.fitted(line.name, width: width - right - left - 24, size: ChartText.small)
            let (lx, ly) = legend.place(width: 24 + LineChart.textWidth(name))
            let color = line.muted ? "#bdbdbd" : line.color
            body.raw(
                "<g class=\"tl-key\" data-key=\"\(index)-\(number)\"><title>\(Markup.escape(line.name)): click to hide or show</title>"
            )
            body.line(x1: lx, y1: ly - 4, x2: lx + 18, y2: ly - 4, stroke: color, width: 2, dashed: line.dashed)
            body.text(name, x: lx + 22, y: ly, size: ChartText.small, fill: line.muted ? Palette.muted : Palette.ink)
            body.raw("</g>")
            next = ly + 6
        }
        if !named, lane.series.count > lane.legendLimit {
            let more = "and \(lane.series.count - lane.legendLimit) more (in data.json)"
            let (lx, ly) = legend.place(width: LineChart.textWidth(more))
            body.text(more, x: lx, y: ly, size: ChartText.small, fill: Palette.muted)
            next = ly + 6
        }
        for threshold in lane.thresholds.filter({ !$0.exit }).sorted(by: { $0.y < $1.y }) {
            let name = Self.fitted(threshold.label, width: width - right - left - 24, size: ChartText.small)
            let (lx, ly) = legend.place(width: 24 + LineChart.textWidth(name))
            body.raw("<g class=\"tl-threshold-key\"><title>\(Markup.escape(threshold.tooltip))</title>")
            body.raw(
                "<line x1=\"\(SVGDocument.n(lx))\" y1=\"\(SVGDocument.n(ly - 4))\" x2=\"\(SVGDocument.n(lx + 18))\" y2=\"\(SVGDocument.n(ly - 4))\" stroke=\"\(threshold.color)\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\"/>"
            )
            body.text(name, x: lx + 22, y: ly, size: ChartText.small, fill: threshold.color)
            body.raw("</g>")
            next = ly + 6
        }
        return next
    }

    /// Dotted lines across the plot, their labels listed under it (see `drawPlot`); exit lines fainter.
    private func drawThresholdLines(_ thresholds: [Threshold], y: (Double) -> Double, into body: inout SVGDocument) {
        for threshold in thresholds {
            body.raw(
                "<line x1=\"\(SVGDocument.n(left))\" y1=\"\(SVGDocument.n(y(threshold.y)))\" x2=\"\(SVGDocument.n(left + plotWidth))\" y2=\"\(SVGDocument.n(y(threshold.y)))\" stroke=\"\(threshold.color)\" stroke-width=\"\(threshold.exit ? "0.8" : "1.2")\" stroke-dasharray=\"\(threshold.exit ? "1 4" : "2 3")\"\(threshold.exit ? " stroke-opacity=\"0.6\"" : "")><title>\(Markup.escape(threshold.tooltip))</title></line>"
            )
        }
    }

    /// A label drawn over a strip or a row of marks, with a white halo so it reads over any colour.
    static func label(_ text: String, x: Double, y: Double, width: Double) -> String {
        "<text x=\"\(SVGDocument.n(x))\" y=\"\(SVGDocument.n(y))\" text-anchor=\"start\" font-size=\"11\" fill=\"\(Palette.ink)\" "
            + "stroke=\"#ffffff\" stroke-width=\"3\" stroke-opacity=\"0.8\" paint-order=\"stroke\">"
            + "\(Markup.escape(fitted(text, width: width, size: ChartText.small)))</text>"
    }

    /// A time in axis units as a clock: `4:20`.
    func clock(_ value: Double) -> String { ClockText.format(value * secondsPerUnit) }

    /// Tick labels: whole minutes or seconds as numbers.
    func xFormat(_ value: Double) -> String { ReportNumber.coordinate(value) }

    /// `text` shortened with "…" to fit `width` at `size`.
    static func fitted(_ text: String, width: Double, size: Double) -> String {
        guard LineChart.textWidth(text, size: size) > width else { return text }
        let keep = max(1, Int(width / (size * 0.58)) - 1)
        return String(text.prefix(keep)) + "…"
    }
}
