extension DocumentBuilder {
    /// Adds a copy of `node` and everything under it, from another document, as the last child
    /// of the innermost open container. Iterative: any depth can be copied.
    public mutating func appendCopy(of node: NodeID, in document: Document) {
        let storage = document.storage
        guard node.index >= 0, Int(node.index) < storage.records.count else { return }
        var cursor = WalkCursor(start: node.index)
        while let (index, entering) = cursor.next(storage.records) {
            let record = storage.records[Int(index)]
            // Nodes with text are leaves; everything else is opened on enter and closed on exit
            // (a childless container or a text-less leaf gives the same record either way).
            if record.textCount > 0 {
                guard entering else { continue }
                let kind = document.kind(at: index)
                let attributes = document.attributes(at: index)
                let style = document.style(at: index)
                storage.text.withUnsafeBufferPointer { text in
                    let bytes = UnsafeBufferPointer(rebasing: text[Int(record.textStart)..<Int(record.textStart) + Int(record.textCount)])
                    if record.tag == .text && attributes.isEmpty && style == nil {
                        self.text(bytes: bytes)
                    } else {
                        let copy = leaf(kind, bytes: bytes, attributes: attributes, style: style)
                        let variant = storage.records.variant(index)
                        if variant != 0 { setVariant(variant, of: copy) }
                    }
                }
            } else if entering {
                let copy = open(document.kind(at: index), attributes: document.attributes(at: index), style: document.style(at: index))
                let variant = storage.records.variant(index)
                if variant != 0 { setVariant(variant, of: copy) }
            } else {
                close()
            }
        }
    }
}
