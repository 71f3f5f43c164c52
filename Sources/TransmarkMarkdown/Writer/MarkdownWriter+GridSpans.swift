@_spi(TransmarkStorage) import TransmarkCore

// pandoc's grid tables with cells spanning rows and columns (read by pandoc 2.19 and later,
// written by pandoc 3.7 and later): a spanning cell is one box, and the borders inside it are
// left out. A `+` stands where borders meet; a cell that goes on below a row's border carries
// its text through it.
//
//     +---+---+-------+---+
//     | A     | J     | F |
//     +---+---+-------+   |
//     | C | B | H     |   |
//     |   +---+       |   |
//     |   | D |       |   |
//     +---+---+-------+---+
extension MarkdownWriter {
    /// Where the cells of a table with spans stand: for each slot, the cell that covers it, and
    /// for each cell, its first row and column and how many it spans.
    struct SpanLayout {
        /// Per row and column, the covering cell: a cell node's index, or `-1 - slot` for a slot
        /// no cell covers (written as an empty cell of its own).
        var owner: [[Int]]
        /// Per cell (as in `owner`): its first row and column and the rows and columns it spans.
        var boxes: [Int: (row: Int, column: Int, rows: Int, columns: Int)] = [:]
    }

    /// The boxes of the grid's cells, or nil when cells overlap (a column span reaching into a
    /// slot a row span covers): such a table is written with its spans padded.
    func spanLayout(_ grid: TableGrid) -> SpanLayout? {
        let rowCount = grid.rows.count, columns = grid.columns
        var layout = SpanLayout(owner: [[Int]](repeating: [Int](repeating: Int.min, count: columns), count: rowCount))
        for (r, row) in grid.rows.enumerated() {
            for (c, cell) in row.enumerated() where cell >= 0 {
                guard case .tableCell(let a) = document.kind(at: cell) else { return nil }
                let rows = min(max(a.rowSpan, 1), rowCount - r)
                let spanned = min(max(a.columnSpan, 1), columns - c)
                for y in r..<(r + rows) {
                    for x in c..<(c + spanned) {
                        guard layout.owner[y][x] == Int.min else { return nil }
                        layout.owner[y][x] = Int(cell)
                    }
                }
                layout.boxes[Int(cell)] = (r, c, rows, spanned)
            }
        }
        for r in 0..<rowCount {
            for c in 0..<columns where layout.owner[r][c] == Int.min {
                let empty = -1 - (r * columns + c)
                layout.owner[r][c] = empty
                layout.boxes[empty] = (r, c, 1, 1)
            }
        }
        return layout
    }

    /// Writes a table with spans as a grid table (see `writeGridTable` for the rest); false when
    /// its cells overlap, and nothing is written.
    mutating func writeSpannedGridTable(_ grid: TableGrid, table: Int32) -> Bool {
        guard let layout = spanLayout(grid) else { return false }
        let savedReferences = references, savedReferenceIndex = (referenceIndex, numberedReferenceIndex, titledReferenceIndex)
        var lines: [Int: [[UInt8]]] = [:]
        var contentBytes = 0
        var hasEmojiSequence = false
        // In document order (reference links are numbered as they are met).
        for cell in grid.rows.joined() where cell >= 0 {
            let rendered = renderGridCell(cell)
            for line in rendered {
                contentBytes += line.count
                if !hasEmojiSequence { hasEmojiSequence = Self.holdsEmojiSequence(line) }
            }
            lines[Int(cell)] = rendered
        }
        // Widths from the cells of one column, then widened for the spanning ones (their last
        // column takes what they lack); heights likewise, a border inside a row span holding a
        // line of its text.
        var widths = [Int](repeating: 3, count: grid.columns)
        var heights = [Int](repeating: 1, count: grid.rows.count)
        let boxes = layout.boxes.sorted { ($0.value.columns, $0.value.rows, $0.key) < ($1.value.columns, $1.value.rows, $1.key) }
        for (cell, box) in boxes {
            let cellLines = lines[cell] ?? []
            let width = cellLines.map { Self.gridWidth($0) }.max() ?? 0
            let available = widths[box.column..<(box.column + box.columns)].reduce(0, +) + 3 * (box.columns - 1)
            if width > available { widths[box.column + box.columns - 1] += width - available }
        }
        for (cell, box) in layout.boxes.sorted(by: { ($0.value.rows, $0.key) < ($1.value.rows, $1.key) }) {
            let count = lines[cell]?.count ?? 0
            let available = heights[box.row..<(box.row + box.rows)].reduce(0, +) + box.rows - 1
            if count > available { heights[box.row + box.rows - 1] += count - available }
        }
        // The same allowance for padding as a grid table without spans.
        guard fitsGridAllowance(table, lines: heights.reduce(grid.rows.count + 1, +), width: widths.reduce(0, +) + 3 * grid.columns + 1,
                                contentBytes: contentBytes, hasEmojiSequence: hasEmojiSequence,
                                references: (savedReferences, savedReferenceIndex)) else { return true }

        writeCaptionBefore(grid, table: table)
        let alignments = columnAlignments(grid, table: table)
        // A header (first row, as in `writeGridTable`) whose cells reach into the body is none.
        let hasHeader = (grid.hasHeaderRowFirst || options.tableHeader == .promote) && grid.rows.count > 1
            && !zip(layout.owner[0], layout.owner[1]).contains(where: ==)
        writeGridBorder(widths, fill: "-", alignments: hasHeader ? nil : alignments)
        let drawing = SpanGrid(layout: layout, lines: lines, widths: widths, heights: heights)
        for r in 0..<heights.count {
            for k in 0..<heights[r] { emit(drawing.contentLine(row: r, line: k)) }
            let isHeader = r == 0 && hasHeader
            emit(drawing.borderLine(below: r, fill: isHeader ? UInt8(ascii: "=") : UInt8(ascii: "-"),
                                    alignments: isHeader ? alignments : nil))
        }
        writeCaptionAfter(grid)
        return true
    }

    /// Writes one line of a table's box drawing.
    private mutating func emit(_ line: [UInt8]) {
        w.marker(line)
        w.markContentStarted()
        w.cr()
    }
}

/// The lines of a grid table with spans, drawn from a `SpanLayout`, its cells' lines and the
/// columns' widths and rows' heights.
struct SpanGrid {
    let layout: MarkdownWriter.SpanLayout
    let lines: [Int: [[UInt8]]]
    let widths: [Int]
    let heights: [Int]
    /// Per row, the lines drawn above it inside the table (content lines and the borders
    /// between rows), so that a tall row span finds its line in constant time.
    let linesBefore: [Int]

    init(layout: MarkdownWriter.SpanLayout, lines: [Int: [[UInt8]]], widths: [Int], heights: [Int]) {
        self.layout = layout
        self.lines = lines
        self.widths = widths
        self.heights = heights
        var before: [Int] = []
        before.reserveCapacity(heights.count)
        var total = 0
        for height in heights {
            before.append(total)
            total += height + 1
        }
        linesBefore = before
    }

    /// The width inside a box of `columns` columns from `column`, between its borders.
    func width(from column: Int, columns: Int) -> Int {
        widths[column..<(column + columns)].reduce(0, +) + 3 * (columns - 1)
    }

    /// Line `index` of a cell's text, or an empty line.
    func text(_ cell: Int, _ index: Int) -> [UInt8] {
        guard let cellLines = lines[cell], index < cellLines.count else { return [] }
        return cellLines[index]
    }

    /// Which line of its text a cell shows on content line `line` of row `row` (the rows above
    /// in its span and the borders between them come first).
    func lineIndex(_ cell: Int, row: Int, line: Int) -> Int {
        guard let box = layout.boxes[cell] else { return 0 }
        return linesBefore[row] - linesBefore[box.row] + line
    }

    /// `text` between spaces, padded to `width`.
    func padded(_ text: [UInt8], _ width: Int) -> [UInt8] {
        [0x20] + text + [UInt8](repeating: 0x20, count: max(0, width - MarkdownWriter.gridWidth(text))) + [0x20]
    }

    /// Content line `line` of row `row`: `|` at each box's edge, each box's text.
    func contentLine(row: Int, line: Int) -> [UInt8] {
        var out: [UInt8] = []
        var c = 0
        let owners = layout.owner[row]
        while c < owners.count {
            let cell = owners[c]
            let columns = layout.boxes[cell]?.columns ?? 1
            out.append(UInt8(ascii: "|"))
            out += padded(text(cell, lineIndex(cell, row: row, line: line)), width(from: c, columns: columns))
            c += columns
        }
        out.append(UInt8(ascii: "|"))
        return out
    }

    /// The border below row `row` (the table's bottom after the last): `fill` under each box
    /// that ends there, the text of each box that goes on, `+` where borders meet and `|` where
    /// only box edges do; `alignments` as colons (the header's border).
    func borderLine(below row: Int, fill: UInt8, alignments: [TableAlignment]?) -> [UInt8] {
        let above = layout.owner[row]
        let below = row + 1 < layout.owner.count ? layout.owner[row + 1] : nil
        let columns = above.count
        func continues(_ c: Int) -> Bool { below.map { $0[c] == above[c] } ?? false }
        func edge(_ b: Int) -> Bool {
            b == 0 || b == columns || above[b - 1] != above[b] || below.map { $0[b - 1] != $0[b] } ?? false
        }
        var out: [UInt8] = []
        var c = 0
        while c < columns {
            let leftFill = c > 0 && !continues(c - 1)
            if continues(c) {
                out.append(leftFill ? UInt8(ascii: "+") : UInt8(ascii: "|"))
                let cell = above[c]
                let spanned = layout.boxes[cell]?.columns ?? 1
                out += padded(text(cell, lineIndex(cell, row: row, line: heights[row])), width(from: c, columns: spanned))
                c += spanned
            } else {
                out.append(edge(c) ? UInt8(ascii: "+") : fill)
                var segment = [UInt8](repeating: fill, count: widths[c] + 2)
                let alignment = alignments.map { c < $0.count ? $0[c] : .none } ?? .none
                if alignment == .left || alignment == .center { segment[0] = UInt8(ascii: ":") }
                if alignment == .right || alignment == .center { segment[segment.count - 1] = UInt8(ascii: ":") }
                out += segment
                c += 1
            }
        }
        out.append(continues(columns - 1) ? UInt8(ascii: "|") : UInt8(ascii: "+"))
        return out
    }
}
