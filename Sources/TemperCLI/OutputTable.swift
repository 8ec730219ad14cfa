/// A plain-text table: a header row, left-aligned text columns and right-aligned number columns.
struct OutputTable {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    func render() -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                let isLast = index == cells.count - 1
                switch columns[index].alignment {
                case .left: return isLast ? cell : cell + padding
                case .right: return padding + cell
                }
            }.joined(separator: "  ")
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
    }
}
