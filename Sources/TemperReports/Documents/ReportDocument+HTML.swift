extension ReportDocument {
    /// A self-contained page: inline CSS and SVG, no network; a page with a ``Timeline`` carries its small inline
    /// script (in a CDATA section), and reads without it. Written as XHTML-style well-formed markup, so an XML
    /// parser reads it as well as a browser does.
    func html() -> String {
        var page = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(Markup.escape(title))</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <main>
            <h1>\(Markup.escape(title))</h1>
            <p class="subtitle">\(Markup.escape(subtitle))</p>

            """
        for block in blocks {
            switch block {
            case .heading(let text):
                page += "<h2>\(Markup.escape(text))</h2>\n"
            case .paragraph(let text):
                page += "<p>\(Markup.escape(text))</p>\n"
            case .headline(let text):
                page += "<p class=\"headline\">\(Markup.escape(text))</p>\n"
            case .definitions(let items):
                page +=
                    "<dl>\n" + items.map { "<dt>\(Markup.escape($0.term))</dt><dd>\(Markup.escape($0.meaning))</dd>\n" }.joined()
                    + "</dl>\n"
            case .bullets(let items):
                page += "<ul>\n" + items.map { "<li>\(Markup.escape($0))</li>\n" }.joined() + "</ul>\n"
            case .table(let headers, let rows):
                // A wide table scrolls inside its own box on a narrow screen instead of being cut or widening the page.
                page +=
                    "<div class=\"scroll\"><table>\n<thead><tr>" + headers.map { "<th>\(Markup.escape($0))</th>" }.joined()
                    + "</tr></thead>\n<tbody>\n"
                for row in rows {
                    // A short cell (a number, a status, a time) keeps to one line; long text wraps.
                    page +=
                        "<tr>" + row.map { "<td\($0.count <= 16 ? " class=\"short\"" : "")>\(Markup.escape($0))</td>" }.joined() + "</tr>\n"
                }
                page += "</tbody>\n</table></div>\n"
            case .chart(_, let svg, let narrowSVG, let caption):
                page += "<figure>\n<div class=\"wide\">\n\(svg)</div>\n<div class=\"narrow\">\n\(narrowSVG)</div>\n"
                page += "<figcaption>\(Markup.escape(caption))</figcaption>\n</figure>\n"
            }
        }
        page += "</main>\n"
        let hasTimeline = blocks.contains { if case .chart(_, let svg, _, _) = $0 { svg.contains("class=\"timeline\"") } else { false } }
        if hasTimeline { page += "<script>//<![CDATA[\n\(Timeline.script)\n//]]></script>\n" }
        page += "</body>\n</html>\n"
        return page
    }

    static let style = """
        body { margin: 0; background: #fafafa; color: #212121; font: 15px/1.5 system-ui, sans-serif; }
        main { max-width: 820px; margin: 0 auto; padding: 24px; background: #fff; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 19px; margin: 28px 0 8px; border-bottom: 1px solid #e0e0e0; padding-bottom: 4px; }
        .subtitle { color: #616161; margin-top: 0; }
        table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 14px; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eeeeee; }
        th { background: #f5f5f5; }
        figure { margin: 12px 0 20px; }
        figure svg { max-width: 100%; height: auto; }
        figcaption { color: #616161; font-size: 13px; }
        .headline { font-size: 17px; background: #f5f5f5; border-left: 4px solid #1565c0; padding: 10px 14px; }
        .scroll { overflow-x: auto; }
        .short { white-space: nowrap; }
        .scroll table { width: auto; min-width: 100%; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; font-size: 14px; }
        dt { font-weight: bold; }
        dd { margin: 0; }
        .narrow { display: none; }
        svg.timeline { cursor: crosshair; user-select: none; }
        .tl-key { cursor: pointer; }
        @media (max-width: 820px) {
          main { padding: 12px; }
          .wide { display: none; }
          .narrow { display: block; }
          .narrow svg { width: 100%; max-width: 570px; }
          dl { grid-template-columns: 1fr; }
          dd { margin: 0 0 6px; }
        }
        """
}
