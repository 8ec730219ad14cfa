import FoundationEssentials

extension ReportDocument {
    /// The same content as Markdown, linking each chart's SVG file written beside it.
    func markdown() -> String {
        var text = "# \(title)\n\n\(subtitle)\n"
        for block in blocks {
            text += "\n"
            switch block {
            case .heading(let heading):
                text += "## \(heading)\n"
            case .paragraph(let paragraph):
                text += "\(paragraph)\n"
            case .headline(let headline):
                text += "**\(headline)**\n"
            case .definitions(let items):
                text += items.map { "- **\($0.term)**: \($0.meaning)\n" }.joined()
            case .bullets(let items):
                text += items.map { "- \($0)\n" }.joined()
            case .table(let headers, let rows):
                text += "| " + headers.map(Self.cell).joined(separator: " | ") + " |\n"
                text += "|" + headers.map { _ in " --- |" }.joined() + "\n"
                for row in rows { text += "| " + row.map(Self.cell).joined(separator: " | ") + " |\n" }
            case .chart(let file, _, _, let caption):
                text += "![\(caption)](\(file))\n"
            }
        }
        return text
    }

    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }
}
