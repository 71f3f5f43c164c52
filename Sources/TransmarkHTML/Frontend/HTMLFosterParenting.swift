@_spi(TransmarkStorage) import TransmarkCore

/// Foster parenting, as browsers do it: content misplaced in a table (text, inline elements or
/// blocks directly in `table`, `tbody` or `tr`) is shown before the table.
///
/// The tree builder writes the document in preorder, and the table is written by the time its
/// misplaced content comes, so that content goes into cells of its own, marked (`cells`), in rows
/// of their own (`rows`) unless it came inside a real row. Neither counts as the table's: they
/// don't change its header row or its column alignments. Once the document is built, `apply`
/// copies it once, moving the marked cells' content to just before their table, in order, runs
/// of inline content in a paragraph. Documents without misplaced content are not copied.
struct HTMLFosterParenting {
    /// The cells opened for misplaced content, in document order.
    var cells: [Int32] = []
    /// The rows opened to hold such cells.
    var rows: Set<Int32> = []

    /// Whether there is nothing to move.
    var isEmpty: Bool { cells.isEmpty }

    /// `document` with the content of the marked cells moved before their tables.
    func apply(to document: Document) -> Document {
        let records = document.storage.records
        // The marked cells of each table, in order. A cell's parent is its row, the row's parent
        // its table (table sections have no nodes).
        var cellsOfTable: [Int32: [Node]] = [:]
        var moved = Set<Int32>()
        for index in cells {
            let cell = document[NodeID(index)]
            guard let row = cell.parent, row.tag == NodeKind.Tag.tableRow, let table = row.parent, table.tag == NodeKind.Tag.table else { continue }
            cellsOfTable[table.id.index, default: []].append(cell)
            moved.insert(index)
        }
        // A row of marked cells alone goes with them.
        var skipped = moved
        for index in rows where document[NodeID(index)].children.allSatisfy({ moved.contains($0.id.index) }) {
            skipped.insert(index)
        }

        /// What is left to do, innermost last.
        enum Task {
            /// Copy the node, then its children.
            case copy(Node)
            /// Copy the rest of a node's children; with `wrapsInline`, runs of inline content go
            /// into a paragraph (`paragraphOpen` while one is open).
            case children(Node.Children.Iterator, wrapsInline: Bool, paragraphOpen: Bool)
            /// Copy the content of a table's marked cells, in order, from `next` on: inline content
            /// that ends one cell and starts the next stays in one paragraph, a space between (a
            /// browser shows the moved text side by side).
            case fostered([Node], next: Int, paragraphOpen: Bool)
            case close
        }
        var builder = DocumentBuilder(estimatedNodes: records.count, estimatedTextBytes: document.storage.text.count)
        builder.metadata = document.metadata
        var tasks: [Task] = [.children(document.root.children.makeIterator(), wrapsInline: false, paragraphOpen: false)]
        while let task = tasks.popLast() {
            switch task {
            case .close:
                builder.close()
            case .copy(let node):
                let copy = builder.open(node.kind, attributes: node.attributes, style: node.style)
                let variant = records.variant(node.id.index)
                if variant != 0 { builder.setVariant(variant, of: copy) }
                tasks.append(.close)
                tasks.append(.children(node.children.makeIterator(), wrapsInline: false, paragraphOpen: false))
            case .fostered(let cells, let next, let paragraphOpen):
                guard next < cells.count else {
                    if paragraphOpen { builder.close() }
                    continue
                }
                let cell = cells[next]
                var continues = false
                if paragraphOpen {
                    // Inline content that starts this cell goes on with the paragraph the last
                    // cell ended.
                    var first = cell.children.makeIterator()
                    if let child = first.next(), !child.tag.isBlock {
                        builder.text(" ")
                        continues = true
                    } else {
                        builder.close()
                    }
                }
                tasks.append(.fostered(cells, next: next + 1, paragraphOpen: false))
                tasks.append(.children(cell.children.makeIterator(), wrapsInline: true, paragraphOpen: continues))
            case .children(var iterator, let wrapsInline, var paragraphOpen):
                guard let child = iterator.next() else {
                    if paragraphOpen {
                        // The marked cells' content: the next cell may go on with the paragraph.
                        if wrapsInline, case .fostered(let cells, let next, _)? = tasks.last {
                            tasks[tasks.count - 1] = .fostered(cells, next: next, paragraphOpen: true)
                        } else {
                            builder.close()
                        }
                    }
                    continue
                }
                if skipped.contains(child.id.index) {
                    tasks.append(.children(iterator, wrapsInline: wrapsInline, paragraphOpen: paragraphOpen))
                    continue
                }
                if wrapsInline && !child.tag.isBlock && !paragraphOpen {
                    builder.open(.paragraph)
                    paragraphOpen = true
                } else if wrapsInline && child.tag.isBlock && paragraphOpen {
                    builder.close()
                    paragraphOpen = false
                }
                tasks.append(.children(iterator, wrapsInline: wrapsInline, paragraphOpen: paragraphOpen))
                if child.tag == .table, let fostered = cellsOfTable[child.id.index] {
                    // The table after its misplaced content (tasks run last in, first out).
                    tasks.append(.copy(child))
                    tasks.append(.fostered(fostered, next: 0, paragraphOpen: false))
                } else if records.firstChild(child.id.index) < 0 {
                    builder.appendCopy(of: child.id, in: document)
                } else {
                    tasks.append(.copy(child))
                }
            }
        }
        return builder.finish()
    }
}
