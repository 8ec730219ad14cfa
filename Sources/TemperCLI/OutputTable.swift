import FoundationEssentials
import Glibc

/// A plain-text table: a header row, left-aligned text columns and right-aligned number columns.
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

    /// The table as lines; with `width`, fitted to that many columns where dropping and shortening can.
    func render(width: Int? = nil) -> String {
        var kept = Array(columns.indices)
        var widths = columns.indices.map { index in
            rows.reduce(columns[index].title.count) { max($0, index < $1.count ? $1[index].count : 0) }
        }
        if let width {
            func total() -> Int { kept.reduce(0) { $0 + widths[$1] } + Self.gap * max(0, kept.count - 1) }
            while total() > width,
                let dropped = kept.filter({ columns[$0].drop > 0 }).max(by: { columns[$0].drop < columns[$1].drop })
            {
                kept.removeAll { $0 == dropped }
            }
            if total() > width, let shortened = kept.first(where: { columns[$0].shortens }) {
                widths[shortened] = max(Self.shortestShortened, columns[shortened].title.count, widths[shortened] - (total() - width))
            }
        }
        func line(_ cells: [String]) -> String {
            kept.enumerated().map { position, index in
                var cell = index < cells.count ? cells[index] : ""
                if cell.count > widths[index] { cell = "…" + cell.suffix(widths[index] - 1) }
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                switch columns[index].alignment {
                case .left: return position == kept.count - 1 ? cell : cell + padding
                case .right: return padding + cell
                }
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
    }
}

/// How wide the terminal is: `COLUMNS` when set (as shells and `ls` honour it), else the width of stdout's
/// terminal, else `nil` (piped: nothing to fit).
enum TerminalWidth {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
