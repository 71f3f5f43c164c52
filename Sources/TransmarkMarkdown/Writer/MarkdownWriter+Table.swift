@_spi(TransmarkStorage) import TransmarkCore

extension MarkdownWriter {
    /// A table a GFM pipe table can hold: its rows of rendered cells and column alignments.
    struct PipeTable {
        var rows: [[[UInt8]]]
        var alignments: [TableAlignment]
    }

    /// The table as a pipe table, or `nil` when a pipe table cannot hold it: no header row first,
    /// header rows after the first, cells spanning rows or columns, or block content in cells.
    mutating func pipeTable(_ table: Int32) -> PipeTable? {
        guard case .table(let alignments) = document.kind(at: table) else { return nil }
        var rowIndices: [Int32] = []
        var child = records.firstChild(table)
        while child >= 0 {
            guard records.tag(child) == .tableRow else { return nil }
            rowIndices.append(child)
            child = records.nextSibling(child)
        }
        guard let first = rowIndices.first, case .tableRow(true) = document.kind(at: first) else { return nil }
        var cellIndices: [[Int32]] = []
        for (n, row) in rowIndices.enumerated() {
            if n > 0, case .tableRow(true) = document.kind(at: row) { return nil }
            var cells: [Int32] = []
            var cell = records.firstChild(row)
            while cell >= 0 {
                guard case .tableCell(let attributes) = document.kind(at: cell),
                      attributes.columnSpan == 1, attributes.rowSpan == 1, records.cellHoldsOnlyInlines(cell) else { return nil }
                cells.append(cell)
                cell = records.nextSibling(cell)
            }
            cellIndices.append(cells)
        }
        var rows: [[[UInt8]]] = []
        for cells in cellIndices {
            rows.append(cells.map { renderCell($0) })
        }
        let columns = max(alignments.count, rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return nil }
        var columnAlignments = alignments
        if columnAlignments.count < columns {
            // Take missing alignments from the header cells.
            for c in columnAlignments.count..<columns {
                var alignment = TableAlignment.none
                if c < cellIndices[0].count, case .tableCell(let a) = document.kind(at: cellIndices[0][c]) { alignment = a.alignment }
                columnAlignments.append(alignment)
            }
        }
        return PipeTable(rows: rows, alignments: Array(columnAlignments.prefix(columns)))
    }

}

// Read-only questions about the tree: on `NodeRecords`, which is all they read.
extension NodeRecords {
    /// Whether the table has at least one cell (in any row).
    func tableHasCell(_ table: Int32) -> Bool {
        var row = firstChild(table)
        while row >= 0 {
            if tag(row) != .tableRow || firstChild(row) >= 0 { return true }
            row = nextSibling(row)
        }
        return false
    }

    /// Whether a cell holds only inline content (possibly inside one paragraph).
    func cellHoldsOnlyInlines(_ cell: Int32) -> Bool {
        var child = firstChild(cell)
        var paragraphs = 0
        while child >= 0 {
            let t = tag(child)
            if t == .paragraph {
                paragraphs += 1
                if paragraphs > 1 { return false }
            } else if t.isBlock {
                return false
            }
            child = nextSibling(child)
        }
        // No table, list or other block anywhere below (inline nodes hold no blocks).
        return true
    }
}

extension MarkdownWriter {

    /// Renders one cell's content on one line, with `|` escaped.
    private mutating func renderCell(_ cell: Int32) -> [UInt8] {
        let saved = w
        let savedInCell = inTableCell
        w = MarkdownLineWriter(capacity: 64)
        inTableCell = true
        blockContainers.append(BlockContainer(start: 0, lastBlock: nil, isTightItem: false))
        render(from: cell)
        blockContainers.removeLast()
        endInlineRun()
        var bytes = w.bytes
        w = saved
        inTableCell = savedInCell
        for k in bytes.indices where bytes[k] == 0x0A { bytes[k] = 0x20 }
        while let l = bytes.last, l == 0x20 { bytes.removeLast() }
        while let f = bytes.first, f == 0x20 { bytes.removeFirst() }
        return bytes
    }

    mutating func writePipeTable(_ table: PipeTable) {
        let columns = table.alignments.count
        var widths = [Int](repeating: 3, count: columns)
        for row in table.rows {
            for (c, cell) in row.enumerated() where c < columns {
                widths[c] = max(widths[c], Self.width(cell))
            }
        }
        func writeRow(_ writer: inout MarkdownWriter, _ row: [[UInt8]]) {
            var line: [UInt8] = [UInt8(ascii: "|")]
            for c in 0..<columns {
                let cell = c < row.count ? row[c] : []
                line.append(0x20)
                line += cell
                line += [UInt8](repeating: 0x20, count: max(0, widths[c] - Self.width(cell)))
                line += [0x20, UInt8(ascii: "|")]
            }
            writer.w.marker(line)
            writer.w.markContentStarted()
            writer.w.cr()
        }
        writeRow(&self, table.rows[0])
        var delimiter: [UInt8] = [UInt8(ascii: "|")]
        for c in 0..<columns {
            let dashes = [UInt8](repeating: UInt8(ascii: "-"), count: max(1, widths[c] - 2))
            switch table.alignments[c] {
            case .none: delimiter += [0x20] + dashes + [UInt8(ascii: "-"), UInt8(ascii: "-"), 0x20]
            case .left: delimiter += [0x20, UInt8(ascii: ":")] + dashes + [UInt8(ascii: "-"), 0x20]
            case .right: delimiter += [0x20, UInt8(ascii: "-")] + dashes + [UInt8(ascii: ":"), 0x20]
            case .center: delimiter += [0x20, UInt8(ascii: ":")] + dashes + [UInt8(ascii: ":"), 0x20]
            }
            delimiter.append(UInt8(ascii: "|"))
        }
        w.marker(delimiter)
        w.cr()
        for row in table.rows.dropFirst() { writeRow(&self, row) }
    }

    static func width(_ bytes: [UInt8]) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
