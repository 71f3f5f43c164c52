/// What backends that cannot draw a page's layout (Markdown, plain and ANSI text) do with a table
/// that lays out a page rather than holds data (see `Document.layoutTableIndices()`); their
/// option `layoutTables`.
public enum LayoutTablePolicy: String, CaseIterable, Sendable {
    /// Write the table as its content: the blocks of its cells, in order (the default).
    case content
    /// Write it as any other table.
    case table
}

extension Document {
    /// The tables of the document that lay out a page rather than hold data, by node index:
    /// backends that cannot draw a table as a layout (Markdown, plain and ANSI text) write such a
    /// table as its content, the blocks of its cells in order. A table is a layout table when
    ///
    /// - it says so: `role="presentation"` or `role="none"`;
    /// - it has no header (no header row, no `<th>`) and either has a single cell (a box around
    ///   content), is nested in another table's cell, holds a table in one of its cells, or has
    ///   a cell holding a piece of page rather than
    ///   content: a division (`<div>`, `<center>`, `<section>`, …), a heading or a rule — old
    ///   pages' `border=0 cellpadding=0` grids (Hacker News, mail).
    ///
    /// Tables with a header, and header-less tables at the top level whose cells hold inline
    /// content, paragraphs, lists, quotes or code, are data tables. One pass over the nodes with an explicit stack of open tables: linear, at any depth.
    package func layoutTableIndices() -> Set<Int32> {
        struct Facts {
            var cells = 0
            var hasHeader = false
            var cellHoldsLayout = false
            var nested = false
        }
        let records = storage.records
        var open: [Facts] = []
        var layout: Set<Int32> = []
        var cursor = WalkCursor(start: 0)
        while let (index, entering) = cursor.next(records) {
            let tag = records.tag(index)
            guard tag.isBlock else {
                // Inline content holds no tables or blocks.
                if entering { cursor.skipChildren(of: index) }
                continue
            }
            if !entering {
                guard tag == .table, let facts = open.popLast() else { continue }
                let role = attributes(at: index).first { $0.name == "role" }?.value.lowercased()
                if role == "presentation" || role == "none"
                    || (!facts.hasHeader && (facts.cells == 1 || facts.nested || facts.cellHoldsLayout)) {
                    layout.insert(index)
                }
                continue
            }
            switch tag {
            case .table:
                var facts = Facts()
                if !open.isEmpty {
                    facts.nested = true
                    open[open.count - 1].nested = true
                }
                open.append(facts)
            case .tableRow:
                if case .tableRow(let header) = kind(at: index), header, !open.isEmpty { open[open.count - 1].hasHeader = true }
            case .tableCell:
                if !open.isEmpty {
                    open[open.count - 1].cells += 1
                    if case .tableCell(let cell) = kind(at: index), cell.isHeader { open[open.count - 1].hasHeader = true }
                }
            case .division, .heading, .thematicBreak:
                let parent = records.parent(index)
                if parent >= 0, records.tag(parent) == .tableCell, !open.isEmpty { open[open.count - 1].cellHoldsLayout = true }
            default:
                break
            }
        }
        return layout
    }
}
