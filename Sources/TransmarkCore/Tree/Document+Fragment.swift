extension Document {
    /// A new document holding a copy of `node` and everything under it, inside the containers
    /// the node cannot stand without: a table row goes in a table, a cell in a row of a table, a
    /// list item in a list like its own (an ordered one starting at the item's number), a term or definition in a definition list. Any backend can
    /// render the result (this is how `transmark select` writes each match). The root of the
    /// document gives a copy of the whole document.
    public func fragment(_ node: Node) -> Document {
        if node.id == .root { return rewritten { _ in .keepSubtree } }
        var builder = DocumentBuilder()
        var opened = 0
        let parent = node.parent
        switch node.kind {
        case .tableCell:
            let row = parent
            let table = row?.parent
            if case .table(let alignments)? = table?.kind { _ = builder.open(.table(alignments: alignments)) } else { _ = builder.open(.table(alignments: [])) }
            if case .tableRow(let isHeader)? = row?.kind { _ = builder.open(.tableRow(isHeader: isHeader)) } else { _ = builder.open(.tableRow(isHeader: false)) }
            opened = 2
        case .tableRow:
            if case .table(let alignments)? = parent?.kind { _ = builder.open(.table(alignments: alignments)) } else { _ = builder.open(.table(alignments: [])) }
            opened = 1
        case .listItem:
            if case .list(let attributes)? = parent?.kind, let parent {
                _ = builder.open(.list(attributes.starting(at: node, in: parent)))
            } else {
                _ = builder.open(.list(.bullet))
            }
            opened = 1
        case .term, .definition:
            _ = builder.open(.definitionList)
            opened = 1
        default:
            break
        }
        builder.appendCopy(of: node.id, in: self)
        for _ in 0..<opened { builder.close() }
        return builder.finish()
    }
}

extension ListAttributes {
    /// These attributes for a copy of `list` that begins at `item`, one of its children: an
    /// ordered list starts at the item's own number (from its position among the list's items),
    /// so the item keeps its number; other lists are returned as they are.
    package func starting(at item: Node, in list: Node) -> ListAttributes {
        guard isOrdered else { return self }
        var position = 0
        for sibling in list.children {
            if sibling.id == item.id { break }
            if sibling.tag == .listItem { position += 1 }
        }
        var attributes = self
        attributes.start = number(ofItemAt: position)
        return attributes
    }
}
