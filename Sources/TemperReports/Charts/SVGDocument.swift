/// A small SVG writer: elements in drawing order, every number formatted the same way, all text escaped.
/// The output is a standalone `<svg>` element that is also well-formed XML, so it can be inlined in XHTML.
struct SVGDocument {
    let width: Double
    /// Settable, for a chart that knows its height only once it has laid out its parts (a timeline's lanes).
    var height: Double
    let title: String
    private var elements: [String] = []

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    static func n(_ value: Double) -> String { ReportNumber.coordinate(value) }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double? = nil, tooltip: String? = nil) {
        let opacityAttribute = opacity.map { " fill-opacity=\"\(Self.n($0))\"" } ?? ""
        let open =
            "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(0, width)))\" height=\"\(Self.n(max(0, height)))\" fill=\"\(fill)\"\(opacityAttribute)"
        if let tooltip {
            elements.append(open + "><title>\(Markup.escape(tooltip))</title></rect>")
        } else {
            elements.append(open + "/>")
        }
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
        elements.append(
            "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(dash)/>"
        )
    }

    /// `scalesWithZoom` keeps the stroke's width when a script stretches the line's group (a timeline's zoom).
    mutating func polyline(
        _ points: [(x: Double, y: Double)],
        stroke: String,
        width: Double = 1.5,
        dashed: Bool = false,
        scalesWithZoom: Bool = false
    ) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
        let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
        let effect = scalesWithZoom ? " vector-effect=\"non-scaling-stroke\"" : ""
        elements.append(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(dash)\(effect) stroke-linejoin=\"round\"/>"
        )
    }

    /// Markup written by the caller (groups, clip paths, elements with titles); it must be well-formed.
    mutating func raw(_ markup: String) { elements.append(markup) }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String, tooltip: String? = nil) {
        let open = "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(fill)\""
        elements.append(tooltip.map { open + "><title>\(Markup.escape($0))</title></circle>" } ?? open + "/>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(
        _ content: String,
        x: Double,
        y: Double,
        anchor: Anchor = .start,
        size: Double = 11,
        fill: String = Palette.ink,
        bold: Bool = false
    ) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        elements.append(
            "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(Self.n(size))\" fill=\"\(fill)\"\(weight)>\(Markup.escape(content))</text>"
        )
    }

    /// The whole `<svg>` element; `attributes` are added to it, `prelude` (definitions) follows its title.
    func render(attributes: String = "", prelude: String = "") -> String {
        let extra = attributes.isEmpty ? "" : " " + attributes
        var output =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" role=\"img\" font-family=\"sans-serif\"\(extra)>\n"
        output += "<title>\(Markup.escape(title))</title>\n"
        if !prelude.isEmpty { output += prelude + "\n" }
        for element in elements { output += element + "\n" }
        output += "</svg>\n"
        return output
    }
}
