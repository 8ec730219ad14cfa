import TemperReports

/// What `temper compare` prints: which is which, the verdict, the figures that differ, then those shared.
enum ComparisonText {
    /// The comparison fitted to `width` columns (80 when piped).
    static func text(_ comparison: RunComparison, width: Int?) -> String {
        let width = width ?? 80
        var lines = TerminalText.wrap("A: \(comparison.a.label)", width: width)
        lines += TerminalText.wrap("B: \(comparison.b.label)", width: width)
        lines.append("")
        for sentence in comparison.verdict { lines += TerminalText.wrap(sentence, width: width) }
        let causes = comparison.causes
        if !causes.isEmpty {
            lines.append("")
            lines.append("Why, from A's run made again with each setting B changes, one at a time:")
            for sentence in causes { lines += TerminalText.fit(sentence, first: "- ", rest: "  ", width: width) }
        }
        let rows = comparison.rows
        let differing = rows.filter(\.differs)
        lines.append("")
        if differing.isEmpty {
            lines.append("Every figure is the same in both.")
        } else {
            var table = OutputTable(
                columns: [
                    .init(title: "what differs", alignment: .left),
                    .init(title: "A", alignment: .right),
                    .init(title: "B", alignment: .right),
                    .init(title: "B − A", alignment: .right, drop: 1),
                ]
            )
            for row in differing { table.append([row.figure, row.a, row.b, row.difference]) }
            lines.append(table.render(width: width))
        }
        let settingRows = comparison.settingRows
        if !settingRows.isEmpty {
            lines.append("")
            lines.append(settingsTable(settingRows).render(width: width))
        }
        let shared = rows.filter { !$0.differs }
        if !shared.isEmpty {
            lines.append("")
            lines += TerminalText.wrap(
                "The same in both: " + shared.map { "\($0.figure) \($0.a)" }.joined(separator: "; ") + ".",
                width: width
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Each setting B changes, A's and B's values (long ones cut: `--json` has them whole), and what it alone did.
    private static func settingsTable(_ rows: [[String]]) -> OutputTable {
        var table = OutputTable(
            columns: [
                .init(title: "setting B changes", alignment: .left),
                .init(title: "A", alignment: .left),
                .init(title: "B", alignment: .left),
                .init(title: "alone, it gives A", alignment: .left),
            ]
        )
        let cut = { (value: String) in value.count <= 24 ? value : value.prefix(23) + "…" }
        for row in rows { table.append([row[0], cut(row[1]), cut(row[2]), row[3]]) }
        return table
    }
}
