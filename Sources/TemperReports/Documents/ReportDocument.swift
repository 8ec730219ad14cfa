/// A report's content, written once and rendered as both self-contained HTML and Markdown.
struct ReportDocument {
    enum Block {
        case heading(String)
        case paragraph(String)
        case bullets([String])
        case table(headers: [String], rows: [[String]])
        /// An SVG chart: inlined in the HTML, written beside the Markdown as `file` and linked from it.
        case chart(file: String, svg: String, caption: String)
    }

    var title: String
    var subtitle: String
    var blocks: [Block] = []

    init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }

    mutating func heading(_ text: String) { blocks.append(.heading(text)) }
    mutating func paragraph(_ text: String) { blocks.append(.paragraph(text)) }
    mutating func bullets(_ items: [String]) { blocks.append(.bullets(items)) }
    mutating func table(_ headers: [String], _ rows: [[String]]) { blocks.append(.table(headers: headers, rows: rows)) }
    mutating func chart(_ file: String, _ svg: String, caption: String) { blocks.append(.chart(file: file, svg: svg, caption: caption)) }

    /// Every chart, for writing beside the Markdown.
    var charts: [(file: String, svg: String)] {
        blocks.compactMap { if case .chart(let file, let svg, _) = $0 { (file, svg) } else { nil } }
    }
}
