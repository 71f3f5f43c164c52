import TransmarkCore

/// A table being gathered: rows of cells, each cell's content captured as unwrapped lines.
struct TableBuilder {
    struct Cell {
        var content: StyledLines
        var span: Int
        var alignment: TableAlignment
    }

    struct Row {
        var isHeader: Bool
        var cells: [Cell] = []
        /// The columns the cells so far take (the sum of their spans).
        var columns = 0
    }

    var alignments: [TableAlignment]
    var rows: [Row] = []
    var pending: TableCellAttributes = .plain
    /// Whether a table was drawn in one of its cells: its lines are wrapped and padded again
    /// here (see `TextLayoutEngine.tableDrawingBudget`).
    var holdsTable = false

    var currentRowIsHeader: Bool { rows.last?.isHeader ?? false }

    mutating func startRow(isHeader: Bool) {
        rows.append(Row(isHeader: isHeader))
    }

    mutating func startCell(_ attributes: TableCellAttributes) {
        if rows.isEmpty { startRow(isHeader: false) }
        pending = attributes
    }

    mutating func finishCell(_ content: StyledLines) {
        if rows.isEmpty { startRow(isHeader: false) }
        let column = rows[rows.count - 1].columns
        var alignment = pending.alignment
        if alignment == .none && column < alignments.count { alignment = alignments[column] }
        let span = max(1, min(pending.columnSpan, TableCellAttributes.maximumColumnSpan))
        rows[rows.count - 1].cells.append(Cell(content: content, span: span, alignment: alignment))
        rows[rows.count - 1].columns += span
    }
}

/// The characters of one table border style.
struct TableBorders {
    var vertical: String
    /// Horizontal line, junctions up+down, up only, down only; left and right edges.
    var horizontal: String, cross: String, up: String, down: String, left: String, right: String
    var headerHorizontal: String, headerCross: String, headerUp: String, headerDown: String
    var headerLeft: String, headerRight: String
    var topLeft: String, topRight: String, bottomLeft: String, bottomRight: String

    static let box = TableBorders(
        vertical: "│", horizontal: "─", cross: "┼", up: "┴", down: "┬", left: "├", right: "┤",
        headerHorizontal: "═", headerCross: "╪", headerUp: "╧", headerDown: "╤", headerLeft: "╞", headerRight: "╡",
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")

    static let ascii = TableBorders(
        vertical: "|", horizontal: "-", cross: "+", up: "+", down: "+", left: "+", right: "+",
        headerHorizontal: "=", headerCross: "+", headerUp: "+", headerDown: "+", headerLeft: "+", headerRight: "+",
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
}

/// Column sizing: content-sized columns, shrunk to fit the available width.
enum TableColumnSizer {
    /// Column widths for natural (widest line) and minimal (widest word) widths within `available`
    /// content columns (`Int.max`: natural widths). When the natural widths do not fit, every
    /// column gets its minimal width plus a share of the rest in proportion to what it lacks; when
    /// even the minimal widths do not fit, the widest columns give up width first (their long
    /// words are then broken) so that narrow columns keep their words whole.
    static func widths(natural: [Int], minimal: [Int], available: Int) -> [Int] {
        let n = natural.count
        guard n > 0 else { return [] }
        let naturalTotal = natural.reduce(0, +)
        if available == Int.max || naturalTotal <= available { return natural }
        let minimal = zip(minimal, natural).map { max(1, min($0, $1)) }
        let minimalTotal = minimal.reduce(0, +)
        if minimalTotal <= available {
            let lacks = zip(natural, minimal).map { max(0, $0 - $1) }
            let extra = distribute(available - minimalTotal, weights: lacks)
            return zip(minimal, extra).map { $0 + $1 }
        }
        let floor = Array(repeating: 1, count: n)
        guard available > n else { return floor }
        // Take the missing width from the widest columns first (lower the highest minimal widths
        // to a common cap), so short words like "Grade" stay whole and only long ones break.
        var low = 1, high = minimal.max() ?? 1
        while low < high {
            let cap = (low + high + 1) / 2
            if minimal.reduce(0, { $0 + min($1, cap) }) <= available { low = cap } else { high = cap - 1 }
        }
        var widths = minimal.map { min($0, low) }
        var left = available - widths.reduce(0, +)
        for i in 0..<n where left > 0 && widths[i] < minimal[i] {
            widths[i] += 1
            left -= 1
        }
        return widths
    }

    /// Splits `total` in proportion to `weights` (largest remainders first, ties to the left).
    static func distribute(_ total: Int, weights: [Int]) -> [Int] {
        let sum = weights.reduce(0, +)
        guard sum > 0, total > 0 else { return Array(repeating: 0, count: weights.count) }
        var shares = weights.map { $0 * total / sum }
        var remainders = weights.enumerated().map { (index: $0.offset, rest: $0.element * total % sum) }
        var left = total - shares.reduce(0, +)
        remainders.sort { $0.rest != $1.rest ? $0.rest > $1.rest : $0.index < $1.index }
        var i = 0
        while left > 0 && !remainders.isEmpty {
            shares[remainders[i % remainders.count].index] += 1
            left -= 1
            i += 1
        }
        return shares
    }
}

extension TextLayoutEngine {
    /// How many times wider than its cell can end up a table in a cell may be before it is made
    /// to fit (see `layOutTable`).
    static let cellTableSlack = 16

    /// Lays out a finished table and writes its lines to the current sink.
    mutating func layOutTable(_ table: TableBuilder) {
        if !tables.isEmpty { tables[tables.count - 1].holdsTable = true }
        let rows = table.rows.filter { !$0.cells.isEmpty }
        guard !rows.isEmpty else { return }
        let columns = rows.map(\.columns).max() ?? 0
        guard columns > 0 else { return }

        // Measure.
        var natural = Array(repeating: 0, count: columns)
        var minimal = Array(repeating: 0, count: columns)
        var spanning: [(column: Int, span: Int, natural: Int, minimal: Int)] = []
        for row in rows {
            var column = 0
            for cell in row.cells {
                var cellNatural = 0, cellMinimal = 0
                cell.content.text.bytes.withUnsafeBufferPointer { bytes in
                    for line in cell.content.lines {
                        cellNatural = max(cellNatural, DisplayWidth.measure(bytes, line.start, line.end))
                        cellMinimal = max(cellMinimal, LineWrapper.widestWord(bytes, line.start, line.end))
                    }
                }
                if cell.span == 1 {
                    natural[column] = max(natural[column], cellNatural)
                    minimal[column] = max(minimal[column], min(cellMinimal, 30))
                } else {
                    spanning.append((column, cell.span, cellNatural, min(cellMinimal, 30)))
                }
                column += cell.span
            }
        }
        for s in spanning {
            let range = s.column..<min(columns, s.column + s.span)
            let joints = 3 * (range.count - 1)
            let haveNatural = range.reduce(0) { $0 + natural[$1] } + joints
            if s.natural > haveNatural {
                let extra = TableColumnSizer.distribute(s.natural - haveNatural, weights: range.map { _ in 1 })
                for (k, c) in range.enumerated() { natural[c] += extra[k] }
            }
            let haveMinimal = range.reduce(0) { $0 + minimal[$1] } + joints
            if s.minimal > haveMinimal {
                let extra = TableColumnSizer.distribute(s.minimal - haveMinimal, weights: range.map { _ in 1 })
                for (k, c) in range.enumerated() { minimal[c] += extra[k] }
            }
        }
        for c in 0..<columns where natural[c] == 0 { natural[c] = 1; minimal[c] = max(minimal[c], 1) }
        let overhead = 3 * columns + 1
        // In a cell lines are not wrapped: a table keeps its natural widths (the enclosing table
        // wraps its lines) unless it is more than `Self.cellTableSlack` times wider than the
        // cell can end up (see `Sink.budget`); then it fits that width. Otherwise every line of
        // every enclosing level would be padded to the widest one, however wide.
        let room = roomWidth
        let inCell = sinks[sinks.count - 1].captureIndex >= 0
        // (Without a width, `room` is `Int.max`: everything fits, and the product would overflow.)
        let fits = !inCell || room == Int.max || natural.reduce(0, +) + overhead <= Self.cellTableSlack * room
        let available = room == Int.max || (inCell && fits) ? Int.max : max(columns, room - overhead)
        let widths = TableColumnSizer.widths(natural: natural, minimal: minimal, available: available)

        // Wrap every cell to its width.
        var laidOut: [[(lines: [WrappedLine], width: Int)]] = []
        var wrapsAny = false
        for row in rows {
            var cells: [(lines: [WrappedLine], width: Int)] = []
            var column = 0
            for cell in row.cells {
                let range = column..<min(columns, column + cell.span)
                let width = range.reduce(0) { $0 + widths[$1] } + 3 * (range.count - 1)
                var lines: [WrappedLine] = []
                cell.content.text.bytes.withUnsafeBufferPointer { bytes in
                    for line in cell.content.lines {
                        let before = lines.count
                        LineWrapper.wrap(bytes, line.start, line.end, width: width, into: &lines)
                        if lines.count == before { lines.append(WrappedLine(start: line.start, end: line.start, width: 0)) }
                    }
                }
                while let last = lines.last, last.start == last.end { lines.removeLast() }
                if lines.count > 1 { wrapsAny = true }
                cells.append((lines, width))
                column += cell.span
            }
            laidOut.append(cells)
        }

        let headerCount = rows.prefix { $0.isHeader }.count
        let borders = settings.tables == .box ? TableBorders.box : TableBorders.ascii
        // A table in a cell is drawn into lines that the enclosing table wraps and pads again,
        // at every level; a table holding one wraps and pads those lines; a table with no width
        // to wrap to pads every row to its widest line. Those draw within the document's budget.
        // Any other table keeps its lines to the width: what it adds is a constant factor of its
        // own content, however large and sparse it is.
        if inCell || table.holdsTable || room == Int.max {
            guard drawWithinBudget(rows: rows, laidOut: laidOut, widths: widths, wrapsAny: wrapsAny,
                                   headerCount: headerCount, borderBytes: borders.vertical.utf8.count) else {
                writeCellsInOrder(rows)
                return
            }
        }
        let borderStyle = themedAlone(settings.theme.tableBorder)

        writeBorder(above: nil, below: rows[0], columns: columns, widths: widths, borders: borders, style: borderStyle, header: false)
        for (r, row) in rows.enumerated() {
            let cells = laidOut[r]
            var height = 1
            for cell in cells where cell.lines.count > height { height = cell.lines.count }
            for lineIndex in 0..<height {
                beginLine()
                var width = 0
                put(borders.vertical, style: borderStyle)
                width += 1
                for (k, cell) in row.cells.enumerated() {
                    let (lines, cellWidth) = cells[k]
                    put(" ", style: 0)
                    if lineIndex < lines.count {
                        let line = lines[lineIndex]
                        let slack = max(0, cellWidth - line.width)
                        let before: Int
                        switch cell.alignment {
                        case .right: before = slack
                        case .center: before = slack / 2
                        default: before = 0
                        }
                        putRepeated(" ", before, style: 0)
                        writeStyled(cell.content.text, line.start, line.end)
                        putRepeated(" ", slack - before, style: 0)
                    } else {
                        putRepeated(" ", cellWidth, style: 0)
                    }
                    put(" ", style: 0)
                    put(borders.vertical, style: borderStyle)
                    width += cellWidth + 3
                }
                // Missing cells at the end of a short row.
                let used = row.columns
                if used < columns {
                    for c in used..<columns {
                        putRepeated(" ", widths[c] + 2, style: 0)
                        put(borders.vertical, style: borderStyle)
                        width += widths[c] + 3
                    }
                }
                endLine(contentWidth: width)
            }
            if r + 1 < rows.count {
                let isHeaderEnd = headerCount > 0 && r + 1 == headerCount
                if isHeaderEnd || wrapsAny {
                    writeBorder(above: row, below: rows[r + 1], columns: columns, widths: widths, borders: borders,
                                style: borderStyle, header: isHeaderEnd)
                }
            }
        }
        writeBorder(above: rows[rows.count - 1], below: nil, columns: columns, widths: widths, borders: borders,
                    style: borderStyle, header: false)
    }

    /// Whether the table drawn with these lines and widths adds no more to its cells' text than
    /// what is left of `tableDrawingBudget`, and if so takes it from the budget. The padding of
    /// every line to its column, the rows of the tallest cell and the borders are what drawing
    /// adds (border lines counted at `borderBytes` a column: three for box drawing, one in ASCII).
    mutating func drawWithinBudget(rows: [TableBuilder.Row], laidOut: [[(lines: [WrappedLine], width: Int)]],
                                   widths: [Int], wrapsAny: Bool, headerCount: Int, borderBytes: Int) -> Bool {
        let lineWidth = widths.reduce(0, +) + 3 * widths.count + 2
        var text = 0
        var lines = 0
        for (r, row) in rows.enumerated() {
            var height = 1
            for (k, cell) in laidOut[r].enumerated() {
                height = max(height, cell.lines.count)
                for line in row.cells[k].content.lines { text += line.end - line.start }
            }
            lines += height
        }
        let borderLines = 2 + (wrapsAny ? rows.count - 1 : headerCount > 0 && headerCount < rows.count ? 1 : 0)
        let drawn = lines * lineWidth + borderLines * borderBytes * lineWidth
        let added = max(0, drawn - text)
        guard added <= tableDrawingBudget else { return false }
        tableDrawingBudget -= added
        return true
    }

    /// A table past the drawing budget: its cells' lines one after another, row by row, each
    /// wrapped to the room there is (as the cells of a table nested too deep are written).
    mutating func writeCellsInOrder(_ rows: [TableBuilder.Row]) {
        let room = roomWidth
        for row in rows {
            for cell in row.cells {
                var wrappedLines: [WrappedLine] = []
                cell.content.text.bytes.withUnsafeBufferPointer { bytes in
                    for line in cell.content.lines where line.end > line.start {
                        if room == Int.max {
                            wrappedLines.append(WrappedLine(start: line.start, end: line.end,
                                                            width: DisplayWidth.measure(bytes, line.start, line.end)))
                        } else {
                            LineWrapper.wrap(bytes, line.start, line.end, width: room, into: &wrappedLines)
                        }
                    }
                }
                for line in wrappedLines where line.end > line.start {
                    beginLine()
                    writeStyled(cell.content.text, line.start, line.end)
                    endLine(contentWidth: line.width)
                }
            }
        }
    }

    /// The column boundaries (1..<columns) that a row's cells do not span over.
    static func boundaries(of row: TableBuilder.Row, columns: Int) -> [Bool] {
        var result = Array(repeating: true, count: columns + 1)
        var column = 0
        for cell in row.cells {
            if cell.span > 1 {
                for b in (column + 1)..<min(columns, column + cell.span) { result[b] = false }
            }
            column += cell.span
        }
        return result
    }

    mutating func writeBorder(above: TableBuilder.Row?, below: TableBuilder.Row?, columns: Int, widths: [Int],
                              borders: TableBorders, style: Int32, header: Bool) {
        let up = above.map { Self.boundaries(of: $0, columns: columns) }
        let down = below.map { Self.boundaries(of: $0, columns: columns) }
        // The line's bytes, built directly (no string concatenation per piece).
        var line: [UInt8] = []
        line.reserveCapacity(3 * (widths.reduce(0, +) + 3 * columns + 1))
        func add(_ piece: String) { line.append(contentsOf: piece.utf8) }
        // The line's left or right end: a corner on the top and bottom lines, a side joint between.
        func end(top: String, bottom: String, headerSide: String, side: String) -> String {
            above == nil ? top : below == nil ? bottom : header ? headerSide : side
        }
        add(end(top: borders.topLeft, bottom: borders.bottomLeft, headerSide: borders.headerLeft, side: borders.left))
        let horizontal = Array((header ? borders.headerHorizontal : borders.horizontal).utf8)
        var width = 1
        for c in 0..<columns {
            for _ in 0 ..< widths[c] + 2 { line.append(contentsOf: horizontal) }
            width += widths[c] + 3
            if c + 1 == columns { break }
            let u = up?[c + 1] ?? false, d = down?[c + 1] ?? false
            switch (u, d) {
            case (true, true): add(header ? borders.headerCross : borders.cross)
            case (true, false): add(header ? borders.headerUp : borders.up)
            case (false, true): add(header ? borders.headerDown : borders.down)
            case (false, false): line.append(contentsOf: horizontal)
            }
        }
        add(end(top: borders.topRight, bottom: borders.bottomRight, headerSide: borders.headerRight, side: borders.right))
        beginLine()
        line.withUnsafeBufferPointer { put(bytes: $0, style: style) }
        endLine(contentWidth: width)
    }
}
