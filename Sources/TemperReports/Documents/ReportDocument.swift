/// A report's content, written once and rendered as both self-contained HTML and Markdown.
struct ReportDocument {
    enum Block {
        case heading(String)
        case paragraph(String)
        /// The report's opening statement, set apart from the paragraphs.
        case headline(String)
        case bullets([String])
        /// Terms and what they mean, for a glossary.
        case definitions([(term: String, meaning: String)])
        case table(headers: [String], rows: [[String]])
        /// An SVG chart: inlined in the HTML, written beside the Markdown as `file` and linked from it. `narrowSVG`
        /// is the same chart laid out for a phone's width; the page shows it on narrow screens.
        case chart(file: String, svg: String, narrowSVG: String, caption: String)
    }

    var title: String
    var subtitle: String
    var blocks: [Block] = []

    init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }

    /// The width charts are laid out for on a phone: at 420 px a chart of this width is drawn at its own size, so
    /// its 11-unit text stays 11 px.
    static let narrowChartWidth = 380.0

    mutating func heading(_ text: String) { blocks.append(.heading(text)) }
    mutating func paragraph(_ text: String) { blocks.append(.paragraph(text)) }
    mutating func headline(_ text: String) { blocks.append(.headline(text)) }
    mutating func bullets(_ items: [String]) { blocks.append(.bullets(items)) }
    mutating func definitions(_ items: [(term: String, meaning: String)]) { blocks.append(.definitions(items)) }
    mutating func table(_ headers: [String], _ rows: [[String]]) { blocks.append(.table(headers: headers, rows: rows)) }

    /// A chart laid out twice: at its own width for the page and the SVG file, and narrow for phones.
    mutating func chart(_ file: String, _ chart: some ReportChart, caption: String) {
        var narrow = chart
        narrow.width = Self.narrowChartWidth
        blocks.append(.chart(file: file, svg: chart.render(), narrowSVG: narrow.render(), caption: caption))
    }

    /// Every chart, for writing beside the Markdown.
    var charts: [(file: String, svg: String)] {
        blocks.compactMap { if case .chart(let file, let svg, _, _) = $0 { (file, svg) } else { nil } }
    }
}

/// A chart that can be laid out at any width.
protocol ReportChart {
    var width: Double { get set }
    func render() -> String
}
