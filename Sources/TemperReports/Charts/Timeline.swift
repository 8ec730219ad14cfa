/// One time axis with lanes stacked on it, as Instruments and Perfetto draw a run: a tier lane (one strip per
/// run, decisions and tier changes as marks), then one lane per quantity (temperatures, power, fans, battery…),
/// each with its own y axis and unit, all sharing the x axis at the bottom so a moment lines up in every lane.
///
/// The SVG reads on its own (tooltips are `<title>` elements; thresholds are dotted, unlike data). In a report's
/// HTML, ``script`` adds a crosshair that follows the pointer, zoom (drag across the chart; double-click resets)
/// and a toggle on each legend entry; it fetches nothing. To reuse it (a comparison page, say), fill ``lanes``,
/// call ``render()`` and put ``script`` once on the page, inside `<script>`.
///
/// No text is drawn outside the chart: names too long for the width are shortened with "…" (the full name is in
/// the tooltip), threshold labels are listed with the legend under their plot (never on the data or each
/// other), and the legend wraps.
public struct Timeline: Sendable {
    /// A line of a lane. `muted` draws it grey and thin: a sensor the classifier ignores.
    public struct Series: Sendable {
        public var name: String
        public var color: String
        /// A NaN `y` is a gap: the line breaks there rather than joining the points either side.
        public var points: [Point]
        public var dashed: Bool
        public var muted: Bool

        public init(name: String, color: String, points: [Point], dashed: Bool = false, muted: Bool = false) {
            self.name = name
            self.color = color
            self.points = points
            self.dashed = dashed
            self.muted = muted
        }
    }

    /// A point in axis units (time in the axis's unit, value in the lane's).
    public struct Point: Sendable {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A span of time, coloured, with what it was: a tier, low power, a power source.
    public struct Span: Sendable {
        public var from: Double
        public var to: Double
        public var color: String
        public var label: String

        public init(from: Double, to: Double, color: String, label: String) {
            self.from = from
            self.to = to
            self.color = color
            self.label = label
        }
    }

    /// A row of spans: one run's tier, or where the host ran on its battery.
    public struct Strip: Sendable {
        public var label: String
        public var spans: [Span]

        public init(label: String, spans: [Span]) {
            self.label = label
            self.spans = spans
        }
    }

    /// A moment: a decision or a tier change, its tooltip saying what happened and why.
    public struct Mark: Sendable {
        public var x: Double
        public var color: String
        public var tooltip: String

        public init(x: Double, color: String, tooltip: String) {
            self.x = x
            self.color = color
            self.tooltip = tooltip
        }
    }

    /// A horizontal line at `y` (a threshold), dotted; `exit` lines are fainter and unlabelled.
    public struct Threshold: Sendable {
        public var y: Double
        public var label: String
        public var color: String
        public var exit: Bool
        /// Which sensors it holds for, and the whole label.
        public var tooltip: String

        public init(y: Double, label: String, color: String, exit: Bool = false, tooltip: String) {
            self.y = y
            self.label = label
            self.color = color
            self.exit = exit
            self.tooltip = tooltip
        }
    }

    /// One lane: strips and marks (a tier lane), or lines with a y axis in `unit`, or both.
    public struct Lane: Sendable {
        public var title: String
        public var unit: String
        public var strips: [Strip] = []
        public var marks: [Mark] = []
        /// What the marks are, said at the left of their row.
        public var marksLabel = "changes"
        public var series: [Series] = []
        public var thresholds: [Threshold] = []
        /// Spans shaded behind the lines (low power).
        public var shading: [Span] = []
        /// Values the y axis must include besides the data (0 for power, say).
        public var yIncludes: [Double] = []
        public var plotHeight = 150.0
        /// Lines beyond this many are drawn but not named in the legend, which says how many it leaves out.
        public var legendLimit = 24

        public init(title: String, unit: String) {
            self.title = title
            self.unit = unit
        }
    }

    public var title: String
    /// The time axis's unit, as its label: `seconds` or `minutes`.
    public var timeLabel: String
    /// The x range every lane spans, in axis units.
    public var domain: (low: Double, high: Double)
    public var lanes: [Lane]
    /// Formats a time in axis units for the crosshair and tooltips (`m:ss`).
    public var secondsPerUnit: Double
    public var width = 760.0
    /// Tells this chart's clip paths apart from another's on the same page.
    public var identifier = "timeline"

    public init(title: String, timeLabel: String, secondsPerUnit: Double, domain: (low: Double, high: Double), lanes: [Lane]) {
        self.title = title
        self.timeLabel = timeLabel
        self.secondsPerUnit = secondsPerUnit
        self.domain = domain
        self.lanes = lanes
    }

    static let stripHeight = 16.0
    static let markRowHeight = 14.0
    static let legendRowHeight = 16.0
    var left: Double { width < 500 ? 46 : 58 }
    var right: Double { 10 }
    var plotWidth: Double { width - left - right }
}

extension Timeline: ReportChart {}

extension Timeline.Series {
    /// Lines with the same points drawn once, named after each (`battery = BAT0/power_now`, the first three and a
    /// count beyond): two readings of one quantity would otherwise draw one line twice, the second hiding the first.
    static func mergingIdentical(_ series: [Timeline.Series]) -> [Timeline.Series] {
        var merged: [Timeline.Series] = []
        var names: [[String]] = []
        var slot: [[Double]: Int] = [:]
        for line in series {
            let key = line.points.flatMap { [$0.x, $0.y] }
            if let index = slot[key] {
                names[index].append(line.name)
            } else {
                slot[key] = merged.count
                merged.append(line)
                names.append([line.name])
            }
        }
        for (index, all) in names.enumerated() where all.count > 1 {
            merged[index].name = all.prefix(3).joined(separator: " = ") + (all.count > 3 ? " and \(all.count - 3) more" : "")
        }
        return merged
    }
}
