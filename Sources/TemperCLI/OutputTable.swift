import FoundationEssentials
import Glibc

/// A plain-text table (colour codes in a cell take no width): a header row, left-aligned text columns and right-aligned number columns.
///
/// Given a width, it fits: columns with the highest `drop` rank go first, then the `shortens` column (a path)
/// loses characters from its left, where paths say least.
struct OutputTable {
    enum Alignment { case left, right }

    struct Column {
        var title: String
        var alignment: Alignment
        /// When the table is too wide, columns are dropped highest rank first; 0 is never dropped.
        var drop: Int = 0
        /// Whether the column's cells may be shortened from the left ("…/patterns/tap.ahap").
        var shortens = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    }

    init(columns: [Column]) {
        self.columns = columns
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    static let gap = 2
    /// The narrowest a shortened column gets: "…" and a file name's tail.
    static let shortestShortened = 16

    /// The table as lines; with `width`, fitted to that many columns where dropping, shortening and wrapping
    /// the titles over several lines can.
    func render(width: Int? = nil) -> String {
        var kept = Array(columns.indices)
        let cellWidths = columns.indices.map { index in
            rows.reduce(0) { max($0, index < $1.count ? TerminalStyle.visibleCount($1[index]) : 0) }
        }
        var titles = columns.map { [$0.title] }
        var widths = columns.indices.map { max(cellWidths[$0], columns[$0].title.count) }
        if let width {
            func total() -> Int { kept.reduce(0) { $0 + widths[$1] } + Self.gap * max(0, kept.count - 1) }
            while total() > width,
                let dropped = kept.filter({ columns[$0].drop > 0 }).max(by: { columns[$0].drop < columns[$1].drop })
            {
                kept.removeAll { $0 == dropped }
            }
            // A title wider than its cells ("with policy (default)") goes over two lines.
            for index in kept where total() > width && columns[index].title.count > cellWidths[index] {
                titles[index] = Self.twoLines(columns[index].title)
                widths[index] = max(cellWidths[index], titles[index].map(\.count).max() ?? 0)
            }
            if total() > width, let shortened = kept.first(where: { columns[$0].shortens }) {
                widths[shortened] = max(
                    Self.shortestShortened,
                    titles[shortened].map(\.count).max() ?? 0,
                    widths[shortened] - (total() - width)
                )
            }
            if total() > width { return stacked() }
        }
        func line(_ cells: [String]) -> String {
            kept.enumerated().map { position, index in
                var cell = index < cells.count ? cells[index] : ""
                // Only a shortened column's plain cells (paths) are cut; a coloured cell keeps its codes whole.
                if TerminalStyle.visibleCount(cell) > widths[index] { cell = "…" + cell.suffix(widths[index] - 1) }
                let padding = String(repeating: " ", count: max(0, widths[index] - TerminalStyle.visibleCount(cell)))
                switch columns[index].alignment {
                case .left: return position == kept.count - 1 ? cell : cell + padding
                case .right: return padding + cell
                }
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }
        // Titles on several lines sit at the bottom of the header, next to the first row.
        let headerHeight = kept.map { titles[$0].count }.max() ?? 1
        let header = (0..<headerHeight).map { row in
            line(titles.map { lines in row - (headerHeight - lines.count) >= 0 ? lines[row - (headerHeight - lines.count)] : "" })
        }
        return (header + rows.map(line)).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// The table for a terminal too narrow for its columns: each row's first cell on a line of its own, then each
    /// other cell under it as `column title: value` (empty cells left out), so no row loses its alignment to wrapping.
    func stacked() -> String {
        let titleWidth = columns.dropFirst().map(\.title.count).max() ?? 0
        return rows.flatMap { row -> [String] in
            let values = zip(columns.indices.dropFirst(), row.dropFirst()).filter { !$0.1.isEmpty }
            return [row.first ?? ""]
                + values.map { index, value in
                    "  " + TerminalText.padded(columns[index].title + ":", to: titleWidth + 1) + " " + value
                }
        }.joined(separator: "\n")
    }

    /// `title` split at the space that makes its longer half shortest; itself when it has no space.
    static func twoLines(_ title: String) -> [String] {
        let spaces = title.indices.filter { title[$0] == " " }
        guard
            let split = spaces.min(by: {
                max(title.distance(from: title.startIndex, to: $0), title.distance(from: $0, to: title.endIndex))
                    < max(title.distance(from: title.startIndex, to: $1), title.distance(from: $1, to: title.endIndex))
            })
        else { return [title] }
        return [String(title[..<split]), String(title[title.index(after: split)...])]
    }
}
