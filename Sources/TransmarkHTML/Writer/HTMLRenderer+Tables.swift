import TransmarkCore

// Tables: `<thead>` for header rows, `<tbody>` opened before the first body row, cells with
// their alignment and spans.
extension HTMLRenderer {
    /// The start of a table, row or cell.
    mutating func enterTable(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .table:
            out.ensureNewline()
            openTag(.table, index)
            out.ensureNewline()
            tableBodyOpen.append(false)
            headerRowStack.append(inHeaderRow)
            inHeaderRow = false
        case .tableRow:
            enterTableRow(index)
        default:
            enterTableCell(index)
        }
    }

    /// The end of a table (closing its `<tbody>`), row or cell.
    mutating func exitTable(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .table:
            if tableBodyOpen.popLast() == true {
                out.ensureNewline()
                out.append("</tbody>")
                out.ensureNewline()
            }
            out.ensureNewline()
            closeTag(.table)
            out.ensureNewline()
            inHeaderRow = headerRowStack.popLast() ?? false
        case .tableRow:
            out.ensureNewline()
            closeTag(.tableRow)
            if case .tableRow(true) = document.kind(at: index) {
                out.ensureNewline()
                out.append("</thead>")
                inHeaderRow = false
            }
        default:
            guard case .tableCell(let cell) = document.kind(at: index) else { return }
            out.append(inHeaderRow || cell.isHeader ? "</th>" : "</td>")
            out.ensureNewline()
        }
    }

    /// `<tr>`, after `<thead>` for a header row or `<tbody>` before the first body row.
    private mutating func enterTableRow(_ index: Int32) {
        guard case .tableRow(let isHeader) = document.kind(at: index) else { return }
        out.ensureNewline()
        if isHeader {
            inHeaderRow = true
            out.append("<thead>")
            out.ensureNewline()
        } else if let open = tableBodyOpen.last, !open {
            out.append("<tbody>")
            out.ensureNewline()
            tableBodyOpen[tableBodyOpen.count - 1] = true
        }
        openTag(.tableRow, index)
    }

    /// `<th>` in a header row (or for a header cell), else `<td>`; a cell without alignment
    /// written without styles keeps its CSS `text-align` as `align`.
    private mutating func enterTableCell(_ index: Int32) {
        guard case .tableCell(let cell) = document.kind(at: index) else { return }
        out.ensureNewline()
        out.append(inHeaderRow || cell.isHeader ? "<th" : "<td")
        var alignment = cell.alignment
        if alignment == .none && !options.keepAttributes, let align = document.style(at: index)?.textAlign {
            switch align {
            case .left, .start: alignment = .left
            case .center: alignment = .center
            case .right, .end: alignment = .right
            case .justify: break
            }
        }
        switch alignment {
        case .none: break
        case .left: out.append(" align=\"left\"")
        case .center: out.append(" align=\"center\"")
        case .right: out.append(" align=\"right\"")
        }
        if cell.columnSpan != 1 {
            out.append(" colspan=\"")
            out.append(int: cell.columnSpan)
            out.append("\"")
        }
        if cell.rowSpan != 1 {
            out.append(" rowspan=\"")
            out.append(int: cell.rowSpan)
            out.append("\"")
        }
        writeAttributes(index, element: "td")
        out.append(">")
    }
}
