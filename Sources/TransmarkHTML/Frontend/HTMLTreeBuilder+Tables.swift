import TransmarkCore

// Tables: rows without tbody, implied rows and cells, column alignments and header rows
// known once the first row is complete.
extension HTMLTreeBuilder {
    /// The stack index of the innermost open table, or -1.
    var currentTable: Int32 { mutating get { top(.table) } }

    /// Pops to the table level (closing open cells, rows and sections of the innermost table).
    mutating func popToTableLevel() {
        let table = currentTable
        guard table >= 0 else { return }
        pop(through: table + 1)
    }

    /// Pops to the row or section level of the innermost table (closing an open cell).
    mutating func closeCell() {
        let table = currentTable
        let cell = max(top(.td), top(.th))
        if cell > table && cell >= 0 { pop(through: cell) }
    }

    mutating func openTable(key: Int32, attributes: AttributeListID, style: Style?) {
        let node = openNode(.table(alignments: []), attributes: attributes, style: style)
        var flags: HTMLOpenElement.Flags = [.blockNode, .tableContainer]
        if node >= 0 {
            tables.append(HTMLTableContext(node: node))
            flags.insert(.tableContext)
        }
        push(.table, key: key, node: node, flags: flags)
        spacing = .start
    }

    mutating func openSection(_ element: HTMLElement, key: Int32) {
        if currentTable < 0 { return }
        popToTableLevel()
        var flags: HTMLOpenElement.Flags = [.tableContainer]
        if element == .thead { flags.insert(.headerSection) }
        push(element, key: key, node: -1, flags: flags)
        if !tables.isEmpty && stack[Int(currentTable)].node == tables[tables.count - 1].node {
            tables[tables.count - 1].inHeaderSection = element == .thead
        }
    }

    mutating func openRow(key: Int32, attributes: AttributeListID, style: Style?) {
        let table = currentTable
        if table >= 0 {
            closeCell()
            let row = top(.tr)
            if row > table { pop(through: row) }
        }
        let hasContext = table >= 0 && !tables.isEmpty && stack[Int(table)].node == tables[tables.count - 1].node
        let isHeader = hasContext && tables[tables.count - 1].inHeaderSection
        let node = openNode(.tableRow(isHeader: isHeader), attributes: attributes, style: style)
        var flags: HTMLOpenElement.Flags = [.blockNode, .tableContainer]
        if hasContext && node >= 0 {
            flags.insert(.tableRow)
            tables[tables.count - 1].rowNode = node
            tables[tables.count - 1].rowIsHeader = isHeader
            tables[tables.count - 1].rowAllHeaderCells = true
            tables[tables.count - 1].rowCellCount = 0
        }
        push(.tr, key: key, node: node, flags: flags)
        spacing = .start
    }

    mutating func openCell(_ element: HTMLElement, key: Int32, attributes: AttributeListID, style: Style?,
                           cell: TableCellAttributes) {
        let table = currentTable
        if table >= 0 {
            closeCell()
            // A real cell never joins a row opened for misplaced content.
            let row = top(.tr)
            if row < table || stack[Int(row)].flags.contains(.fosteredRow) {
                openRow(key: Int32(HTMLElement.tr.rawValue), attributes: .none, style: nil)
            }
        }
        var cell = cell
        let hasContext = table >= 0 && !tables.isEmpty && stack[Int(table)].node == tables[tables.count - 1].node
        if hasContext {
            // Fields read one by one: a copy of the context would share its `alignments`, so
            // appending to them below would copy every column for every cell (5,000 cells of
            // colspan 1000 took seconds).
            if tables[tables.count - 1].rowIsHeader { cell.isHeader = true }
            if tables[tables.count - 1].rowCount == 0 {
                for _ in 0 ..< min(cell.columnSpan, TableCellAttributes.maximumColumnSpan) { tables[tables.count - 1].alignments.append(cell.alignment) }
            }
            if element != .th { tables[tables.count - 1].rowAllHeaderCells = false }
            tables[tables.count - 1].rowCellCount += 1
        }
        let node = openNode(.tableCell(cell), attributes: attributes, style: style)
        push(element, key: key, node: node, flags: [.blockNode, .formattingMarker])
        formatting.append(.marker)
        spacing = .start
    }

    /// Content other than table parts directly in a table, section or row goes into a cell of
    /// its own, in a row of its own unless a row is open, neither counted as the table's: a
    /// browser moves such content before the table (foster parenting), and so does
    /// `HTMLFosterParenting` once the document is built.
    mutating func openImpliedCell() {
        let table = currentTable
        closeCell()
        var row = top(.tr)
        if row < table || row < 0 {
            let node = openNode(.tableRow(isHeader: false), attributes: .none, style: nil)
            push(.tr, key: Int32(HTMLElement.tr.rawValue), node: node, flags: [.blockNode, .tableContainer, .fosteredRow])
            row = Int32(stack.count - 1)
            if node >= 0 { fostering.rows.insert(node) }
        }
        let node = openNode(.tableCell(.plain), attributes: .none, style: nil)
        push(.td, key: Int32(HTMLElement.td.rawValue), node: node, flags: [.blockNode, .formattingMarker])
        formatting.append(.marker)
        spacing = .start
        if node >= 0 && table >= 0 && row >= 0 && stack[Int(table)].node >= 0 && stack[Int(row)].node >= 0 {
            fostering.cells.append(node)
        }
    }

    /// Finishes the row just closed: a first row of only `th` cells is a header row.
    mutating func finishRow() {
        guard !tables.isEmpty else { return }
        let context = tables[tables.count - 1]
        guard context.rowNode >= 0 else { return }
        if context.rowCount == 0 && !context.rowIsHeader && context.rowAllHeaderCells && context.rowCellCount > 0 {
            builder.updateKind(of: NodeID(context.rowNode), to: .tableRow(isHeader: true))
        }
        if context.rowCount == 0 {
            builder.updateKind(of: NodeID(context.node), to: .table(alignments: context.alignments))
        }
        tables[tables.count - 1].rowCount += 1
        tables[tables.count - 1].rowNode = -1
    }

    mutating func finishTable() {
        _ = tables.popLast()
    }

    /// Parses a cell's `align`, `colspan`, `rowspan`.
    static func cellAttributes(_ element: HTMLElement, _ tag: HTMLStartTag) -> TableCellAttributes {
        var cell = TableCellAttributes(isHeader: element == .th)
        for a in tag.attributes {
            switch a.name {
            case "align":
                switch a.value.lowercased() {
                case "left": cell.alignment = .left
                case "center", "middle": cell.alignment = .center
                case "right": cell.alignment = .right
                default: break
                }
            case "colspan": cell.columnSpan = min(max(leadingInteger(a.value) ?? 1, 1), TableCellAttributes.maximumColumnSpan)
            case "rowspan": cell.rowSpan = min(max(leadingInteger(a.value) ?? 1, 1), TableCellAttributes.maximumRowSpan)
            default: break
            }
        }
        return cell
    }

    /// The integer at the start of `text` (after whitespace), as HTML's integer parsing reads it.
    static func leadingInteger(_ text: String) -> Int? {
        var value = 0
        var digits = 0
        var negative = false
        var started = false
        for b in text.utf8 {
            if !started && isSpace(b) { continue }
            if !started && (b == UInt8(ascii: "-") || b == UInt8(ascii: "+")) {
                negative = b == UInt8(ascii: "-")
                started = true
                continue
            }
            started = true
            guard b >= 0x30 && b <= 0x39 else { break }
            if value < 100_000_000 { value = value * 10 + Int(b - 0x30) }
            digits += 1
        }
        return digits > 0 ? (negative ? -value : value) : nil
    }
}
