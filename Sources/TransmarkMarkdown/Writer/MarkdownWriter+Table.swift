@_spi(TransmarkStorage) import TransmarkCore

extension MarkdownWriter {
    /// A table as a grid of cells: rows of cell nodes, with `-1` where a cell spanning rows or
    /// columns covers the position (written as an empty cell), and what a pipe table would lose.
    struct TableGrid {
        /// Cell nodes by row and column (`-1`: covered by a span).
        var rows: [[Int32]] = []
        /// Whether each row is a header row (`<thead>` or all `<th>`).
        var rowIsHeader: [Bool] = []
        /// The number of columns (the longest row).
        var columns = 0
        /// The table's `<caption>` (a division), or -1.
        var caption: Int32 = -1
        /// A cell spans several rows or columns.
        var hasSpans = false
        /// A cell holds blocks (several paragraphs, a list, a code block, a nested table).
        var hasBlocks = false

        /// Whether the first row is a header row and no other is.
        var hasHeaderRowFirst: Bool { rowIsHeader.first == true }
    }

    /// Most columns a spanning cell may add (HTML caps `colspan` at 1000).
    static let maximumTableColumns = 1000

    /// The table's rows and cells, with spans laid out on a grid; nil when the table holds
    /// anything but rows and one caption (the frontend moves other content out of tables), or a
    /// row of more than `maximumTableColumns` columns.
    func tableGrid(_ table: Int32) -> TableGrid? {
        var grid = TableGrid()
        // Rows still covered by a cell above, per column.
        var covered: [Int] = []
        var child = records.firstChild(table)
        while child >= 0 {
            defer { child = records.nextSibling(child) }
            let t = records.tag(child)
            if t == .division, grid.caption < 0, grid.rows.isEmpty, case .division(let name) = document.kind(at: child), name == "caption" {
                grid.caption = child
                continue
            }
            guard t == .tableRow else { return nil }
            // A row without cells shows nothing (no height): it writes no row.
            if records.firstChild(child) < 0 { continue }
            var row: [Int32] = []
            var column = 0
            func fillCovered() {
                while column < covered.count && covered[column] > 0 {
                    covered[column] -= 1
                    row.append(-1)
                    column += 1
                }
            }
            var cell = records.firstChild(child)
            while cell >= 0 {
                fillCovered()
                guard case .tableCell(let a) = document.kind(at: cell) else { return nil }
                if !records.cellHoldsOnlyInlines(cell) { grid.hasBlocks = true }
                let span = max(1, min(a.columnSpan, Self.maximumTableColumns - column))
                if a.columnSpan > 1 || a.rowSpan > 1 { grid.hasSpans = true }
                for k in 0..<span {
                    row.append(k == 0 ? cell : -1)
                    if covered.count <= column { covered.append(0) }
                    covered[column] = max(covered[column], a.rowSpan - 1)
                    column += 1
                }
                cell = records.nextSibling(cell)
                // A row wider than that is no grid (the table is written another way): no cell
                // is ever left out.
                if column >= Self.maximumTableColumns && cell >= 0 { return nil }
            }
            fillCovered()
            grid.rows.append(row)
            if case .tableRow(let header) = document.kind(at: child) { grid.rowIsHeader.append(header) } else { grid.rowIsHeader.append(false) }
            grid.columns = max(grid.columns, row.count)
        }
        return grid.columns > 0 ? grid : nil
    }

    /// Whether the table is written as a pipe table: always when one holds it as it is (a
    /// header row first, no spans, inline content, no caption), else by `complexTable`.
    func writesPipeTable(_ grid: TableGrid) -> Bool {
        let plain = grid.hasHeaderRowFirst && !grid.hasSpans && !grid.hasBlocks && grid.caption < 0
            && !grid.rowIsHeader.dropFirst().contains(true)
        if plain { return true }
        switch options.complexTable {
        case .pipe: return true
        case .auto: return !grid.hasBlocks
        // pandoc's grid tables hold spans as they are (pandoc 2.19 and later read them).
        case .grid: return !grid.hasBlocks && !grid.hasSpans
        case .html, .text: return false
        }
    }

    /// Whether a table that is no pipe table is written as a grid table: with `complexTable=grid`,
    /// unless it is inside a grid table's cell (so a cell is written once, whatever the nesting).
    func writesGridTable(_ grid: TableGrid) -> Bool {
        options.complexTable == .grid && !inGridCell
    }

    /// Writes a table as a pipe table: spans padded with empty cells, short rows padded, a
    /// table without a header row given one by `tableHeader`, the caption as a paragraph
    /// before it (or pandoc's `: caption` after it).
    mutating func writePipeTable(_ grid: TableGrid, table: Int32) {
        writeCaptionBefore(grid, table: table)
        var rowUses: [[[Int32]]] = []
        var rows: [[[UInt8]]] = grid.rows.map { row in
            var uses: [[Int32]] = []
            let cells = row.map { cell -> [UInt8] in
                let bytes = cell >= 0 ? renderCell(cell) : []
                if mapping {
                    // Most cells use no end matter: the empty array shares no buffer (emptying
                    // `deferredUses` while `uses` holds its buffer would allocate a new one).
                    if deferredUses.isEmpty {
                        uses.append([])
                    } else {
                        uses.append(deferredUses)
                        deferredUses = []
                    }
                }
                return bytes
            }
            if mapping { rowUses.append(uses) }
            return cells
        }
        // Each line's row node, for a mapped rendering (-1 for a header line made up).
        var rowNodes: [Int32] = mapping ? grid.rows.map { row in row.first { $0 >= 0 }.map { records.parent($0) } ?? -1 } : []
        let hasHeader = grid.hasHeaderRowFirst || options.tableHeader == .promote
        if !hasHeader {
            rows.insert([], at: 0)
            if mapping {
                rowNodes.insert(-1, at: 0)
                rowUses.insert([], at: 0)
            }
        }
        var alignments = columnAlignments(grid, table: table)
        if options.escaping == .pandoc {
            // pandoc reads the simple tables it writes for such columns as left-aligned: `:---`
            // makes its reading of this table the same.
            alignments = alignments.map { $0 == .none ? .left : $0 }
        }
        writePipeTable(PipeTable(rows: rows, alignments: alignments, rowNodes: rowNodes, rowUses: rowUses))
        writeCaptionAfter(grid)
    }

    /// Each column's alignment: the table's, else that of the first row's cell.
    func columnAlignments(_ grid: TableGrid, table: Int32) -> [TableAlignment] {
        guard case .table(let alignments) = document.kind(at: table) else { return [] }
        var columnAlignments: [TableAlignment] = []
        for c in 0..<grid.columns {
            var alignment = c < alignments.count ? alignments[c] : .none
            if alignment == .none, let first = grid.rows.first, c < first.count, first[c] >= 0,
               case .tableCell(let a) = document.kind(at: first[c]) {
                alignment = a.alignment
            }
            columnAlignments.append(alignment)
        }
        return columnAlignments
    }

    /// The caption as a paragraph before the table (`captionStyle=paragraph`).
    mutating func writeCaptionBefore(_ grid: TableGrid, table: Int32) {
        if grid.caption >= 0 && options.captionStyle == .paragraph {
            writeCaption(grid.caption)
            startBlock(table)
        }
    }

    /// The caption as pandoc's `: caption` line after the table (`captionStyle=pandoc`).
    mutating func writeCaptionAfter(_ grid: TableGrid) {
        guard grid.caption >= 0 && options.captionStyle == .pandoc else { return }
        w.blankLine()
        w.marker(": ")
        w.markLineStart()
        w.markContentStarted()
        let savedHeading = inHeading, savedLineStart = headingLineStart, savedRoot = flattenRoot
        inHeading = true
        headingLineStart = -1
        flattenRoot = grid.caption
        blockContainers.append(BlockContainer(start: w.bytes.count, lastBlock: .paragraph, isTightItem: false))
        render(from: grid.caption)
        blockContainers.removeLast()
        endInlineRun()
        inHeading = savedHeading
        headingLineStart = savedLineStart
        flattenRoot = savedRoot
        w.cr()
    }

    /// Writes a table's caption as the blocks it holds (a paragraph, mostly).
    mutating func writeCaption(_ caption: Int32) {
        startBlock(caption)
        previousSiblingIsInline.append(false)
        blockContainers.append(BlockContainer(start: w.bytes.count, lastBlock: nil, isTightItem: false))
        var child = records.firstChild(caption)
        while child >= 0 {
            render(from: child)
            child = records.nextSibling(child)
        }
        endInlineRun()
        blockContainers.removeLast()
        previousSiblingIsInline.removeLast()
        w.cr()
    }

    /// A table's rendered cells and column alignments, ready to be written as a pipe table.
    struct PipeTable {
        var rows: [[[UInt8]]]
        var alignments: [TableAlignment]
        /// In a mapped rendering, each row's node (-1 for none), whose line is marked.
        var rowNodes: [Int32] = []
        /// In a mapped rendering, the end-matter entries each row's cells use, cell by cell.
        var rowUses: [[[Int32]]] = []
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
    mutating func renderCell(_ cell: Int32) -> [UInt8] {
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
        // Lines join with one space (blocks in a cell, written as a pipe table, are one line).
        if bytes.contains(0x0A) {
            var joined: [UInt8] = []
            joined.reserveCapacity(bytes.count)
            for b in bytes {
                if b == 0x0A {
                    if joined.last != 0x20 { joined.append(0x20) }
                } else {
                    joined.append(b)
                }
            }
            bytes = joined
        }
        // Without the spaces around it.
        var start = 0
        var end = bytes.count
        while end > 0 && bytes[end - 1] == 0x20 { end -= 1 }
        while start < end && bytes[start] == 0x20 { start += 1 }
        return start == 0 && end == bytes.count ? bytes : Array(bytes[start ..< end])
    }

    mutating func writePipeTable(_ table: PipeTable) {
        let columns = table.alignments.count
        // Compact columns: no padding (every width 0) and three-character delimiter cells.
        let compact = options.tableColumnStyle == .compact
        var widths = [Int](repeating: compact ? 0 : 3, count: columns)
        for row in table.rows where !compact {
            for (c, cell) in row.enumerated() where c < columns {
                widths[c] = max(widths[c], Self.codePointCount(of: cell[...]))
            }
        }
        // A row is its cells padded to the widths, with ` | ` between them (wider cells, and
        // compact columns, make it longer: the array grows then).
        let lineCapacity = widths.reduce(1) { $0 + $1 + 3 }
        func writeRow(_ writer: inout MarkdownWriter, _ index: Int) {
            let row = table.rows[index]
            let node = index < table.rowNodes.count ? table.rowNodes[index] : -1
            if node >= 0 { writer.w.marks?.start(node) }
            var line: [UInt8] = []
            line.reserveCapacity(lineCapacity)
            line.append(UInt8(ascii: "|"))
            // Where each cell's content ends in the line: its uses of end matter are marked there.
            var cellEnds: [Int] = []
            cellEnds.reserveCapacity(columns)
            for c in 0..<columns {
                line.append(0x20)
                var width = 0
                if c < row.count {
                    line.append(contentsOf: row[c])
                    if widths[c] > 0 { width = Self.codePointCount(of: row[c][...]) }
                }
                cellEnds.append(line.count - 1)
                if widths[c] > width { line.append(contentsOf: repeatElement(UInt8(0x20), count: widths[c] - width)) }
                line.append(0x20)
                line.append(UInt8(ascii: "|"))
            }
            writer.w.marker(line)
            writer.w.markContentStarted()
            if index < table.rowUses.count {
                let lineStart = writer.w.bytes.count - line.count
                for (c, uses) in table.rowUses[index].enumerated() where c < cellEnds.count {
                    for entry in uses { writer.w.marks?.use(Int(entry), at: lineStart + cellEnds[c]) }
                }
            }
            if node >= 0 { writer.w.marks?.end(node, at: writer.w.bytes.count) }
            writer.w.cr()
        }
        writeRow(&self, 0)
        var delimiter: [UInt8] = [UInt8(ascii: "|")]
        for c in 0..<columns {
            let dashes = [UInt8](repeating: UInt8(ascii: "-"), count: max(1, (compact ? 3 : widths[c]) - 2))
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
        for index in table.rows.indices.dropFirst() { writeRow(&self, index) }
    }
}
