/// The lines of a plain-text table: each column as wide as its widest cell, two spaces apart,
/// no spaces at a line's end (`queue report`'s table, `simulate`'s figures).
func alignedLines(_ table: [[String]]) -> [String] {
    let widths = (table.first ?? []).indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    return table.map { cells in
        let line = zip(cells, widths).map { cell, width in cell + String(repeating: " ", count: max(0, width - cell.count)) }
            .joined(separator: "  ")
        return String(line.reversed().drop { $0 == " " }.reversed())
    }
}
