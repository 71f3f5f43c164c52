@_spi(TransmarkStorage) import TransmarkCore

// pandoc's grid tables: cells that hold blocks (paragraphs, lists, code) keep them, on as many
// lines as they take, between `+---+` borders.
//
//     +-------+--------------+
//     | Step  | Notes        |
//     +=======+==============+
//     | 1     | First        |
//     |       |              |
//     |       | -   install  |
//     +-------+--------------+
//
// pandoc cuts a row into cells at the columns of the border's `+`, counted in display columns
// (a wide character takes two), so cells are padded to `DisplayWidth`.
extension MarkdownWriter {
    /// Tab stops inside a grid table's cell: pandoc expands tabs before it cuts the lines.
    static let gridTabStop = 4

    /// Writes a table as a grid table: a header row (when the table's first row is one, or
    /// `tableHeader=promote`) under a `+===+` border, alignments as colons in the border below
    /// the header (or in the top border), spanning cells as one box (`writeSpannedGridTable`;
    /// padded with empty cells where spans overlap), and the caption as for a pipe table.
    mutating func writeGridTable(_ grid: TableGrid, table: Int32) {
        if grid.hasSpans && writeSpannedGridTable(grid, table: table) { return }
        // Reference links met in the cells, taken back if the table is written as HTML instead.
        let savedReferences = references, savedReferenceIndex = (referenceIndex, numberedReferenceIndex, titledReferenceIndex)
        let rows: [[[[UInt8]]]] = grid.rows.map { row in row.map { $0 >= 0 ? renderGridCell($0) : [] } }
        var widths = [Int](repeating: 3, count: grid.columns)
        var contentBytes = 0
        var hasEmojiSequence = false
        for row in rows {
            for (c, lines) in row.enumerated() {
                for line in lines {
                    widths[c] = max(widths[c], Self.gridWidth(line))
                    contentBytes += line.count
                    if !hasEmojiSequence { hasEmojiSequence = Self.holdsEmojiSequence(line) }
                }
            }
        }
        // Every line of a row is padded to the widest line of each column: one long line among
        // many would multiply the output. Past four times the cells' own size, and what is left
        // of the document's allowance (small tables of short cells pad more), HTML holds it.
        let lineWidth = widths.reduce(0, +) + 3 * grid.columns + 1
        let lineCount = rows.reduce(rows.count + 1) { $0 + max(1, $1.map(\.count).max() ?? 1) }
        guard fitsGridAllowance(table, lines: lineCount, width: lineWidth, contentBytes: contentBytes,
                                hasEmojiSequence: hasEmojiSequence, references: (savedReferences, savedReferenceIndex)) else { return }
        writeCaptionBefore(grid, table: table)
        let alignments = columnAlignments(grid, table: table)
        // pandoc reads no grid table that ends at its header's `+===+` border: a table of one
        // row has none.
        let hasHeader = (grid.hasHeaderRowFirst || options.tableHeader == .promote) && rows.count > 1
        writeGridBorder(widths, fill: "-", alignments: hasHeader ? nil : alignments)
        for (r, row) in rows.enumerated() {
            let height = max(1, row.map(\.count).max() ?? 1)
            for k in 0..<height {
                var line: [UInt8] = [UInt8(ascii: "|")]
                for c in 0..<grid.columns {
                    let cell = c < row.count && k < row[c].count ? row[c][k] : []
                    line.append(0x20)
                    line += cell
                    line += [UInt8](repeating: 0x20, count: widths[c] - Self.gridWidth(cell))
                    line += [0x20, UInt8(ascii: "|")]
                }
                w.marker(line)
                w.markContentStarted()
                w.cr()
            }
            let isHeader = r == 0 && hasHeader
            writeGridBorder(widths, fill: isHeader ? "=" : "-", alignments: isHeader ? alignments : nil)
        }
        writeCaptionAfter(grid)
    }

    /// Whether a grid table of `lines` lines `width` columns wide, for `contentBytes` of cell
    /// text, pads within the document's allowance (and takes what it uses of it). If not, or
    /// with emoji sequences — as wide as one emoji on screen, but pandoc adds up their parts, so
    /// no padding suits both — the table is written as HTML instead, the reference links met in
    /// its cells taken back.
    mutating func fitsGridAllowance(_ table: Int32, lines: Int, width: Int, contentBytes: Int, hasEmojiSequence: Bool,
                                    references saved: ([ReferenceDefinition], ([String: Int], NumbersByDestination, [String: Int]))) -> Bool {
        let (size, overflow) = lines.multipliedReportingOverflow(by: width)
        let excess = overflow ? Int.max : size - 4 * contentBytes
        if excess > gridPaddingAllowance || hasEmojiSequence {
            (references, (referenceIndex, numberedReferenceIndex, titledReferenceIndex)) = saved
            writeHTMLFragment(table)
            return false
        }
        if excess > 0 { gridPaddingAllowance -= excess }
        return true
    }

    /// A border line: `+` at each column boundary, `fill` between, and the alignments (if
    /// given) as colons at a column's ends.
    mutating func writeGridBorder(_ widths: [Int], fill: Unicode.Scalar, alignments: [TableAlignment]?) {
        let fillByte = UInt8(ascii: fill), colon = UInt8(ascii: ":")
        var line: [UInt8] = [UInt8(ascii: "+")]
        for (c, width) in widths.enumerated() {
            var segment = [UInt8](repeating: fillByte, count: width + 2)
            let alignment = alignments.map { c < $0.count ? $0[c] : .none } ?? .none
            if alignment == .left || alignment == .center { segment[0] = colon }
            if alignment == .right || alignment == .center { segment[segment.count - 1] = colon }
            line += segment
            line.append(UInt8(ascii: "+"))
        }
        w.marker(line)
        w.markContentStarted()
        w.cr()
    }

    /// Renders one cell's content as Markdown blocks, one entry per line, tabs expanded, trailing
    /// spaces trimmed. Inside, a table that is no pipe table is written as HTML (see
    /// `writesGridTable`), so no cell is rendered twice.
    mutating func renderGridCell(_ cell: Int32) -> [[UInt8]] {
        let saved = w
        let savedInGridCell = inGridCell, savedCloserEnd = lastCloserEnd, savedListEnd = lastListEnd
        let savedListMarker = previousListMarker, savedCodeEnd = lastIndentedCodeEnd
        w = MarkdownLineWriter(capacity: 64)
        w.blankLinesKeepPrefix = saved.blankLinesKeepPrefix
        // Positions in the outer output mean nothing in the cell's.
        inGridCell = true
        lastCloserEnd = (-1, 0)
        lastListEnd = nil
        previousListMarker = nil
        lastIndentedCodeEnd = -1
        blockContainers.append(BlockContainer(start: 0, lastBlock: nil, isTightItem: false))
        render(from: cell)
        blockContainers.removeLast()
        endInlineRun()
        let bytes = w.finish()
        w = saved
        inGridCell = savedInGridCell
        lastCloserEnd = savedCloserEnd
        lastListEnd = savedListEnd
        previousListMarker = savedListMarker
        lastIndentedCodeEnd = savedCodeEnd
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Self.expandingTabs)
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    /// A cell's line with tabs expanded to `gridTabStop` columns and trailing spaces trimmed.
    static func expandingTabs(_ line: ArraySlice<UInt8>) -> [UInt8] {
        guard line.contains(0x09) else {
            var out = Array(line)
            while out.last == 0x20 { out.removeLast() }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var column = 0
        var i = line.startIndex
        while i < line.endIndex {
            let b = line[i]
            if b == 0x09 {
                let spaces = gridTabStop - column % gridTabStop
                out += [UInt8](repeating: 0x20, count: spaces)
                column += spaces
                i += 1
                continue
            }
            let start = i
            i += 1
            while i < line.endIndex && line[i] & 0xC0 == 0x80 { i += 1 }
            out += line[start..<i]
            column += gridWidth(line[start..<i])
        }
        while out.last == 0x20 { out.removeLast() }
        return out
    }

    /// Whether a line holds a zero-width joiner, the emoji presentation selector (U+FE0F) or a
    /// skin-tone modifier (U+1F3FB–U+1F3FF).
    static func holdsEmojiSequence(_ line: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < line.count {
            let b = line[i]
            if b == 0xE2 && line[i + 1] == 0x80 && line[i + 2] == 0x8D { return true }
            if b == 0xEF && line[i + 1] == 0xB8 && line[i + 2] == 0x8F { return true }
            if b == 0xF0 && i + 3 < line.count && line[i + 1] == 0x9F && line[i + 2] == 0x8F
                && (0xBB...0xBF).contains(line[i + 3]) { return true }
            i += 1
        }
        return false
    }

    /// The display width of a cell's line (as pandoc counts it).
    static func gridWidth<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.withContiguousStorageIfAvailable { DisplayWidth.measure($0, 0, $0.count) }
            ?? Array(bytes).withUnsafeBufferPointer { DisplayWidth.measure($0, 0, $0.count) }
    }
}
