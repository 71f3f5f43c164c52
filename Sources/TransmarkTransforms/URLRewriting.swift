@_spi(TransmarkStorage) import TransmarkCore

extension Document {
    /// A copy with its URLs rewritten, for the transforms that rewrite URLs (`resolve-links`,
    /// `clean-urls`): link destinations by `link`, image sources by `image`, and the values of the
    /// attributes named in `attributeNames` (kept from HTML) by `attribute(name, value)`. Each
    /// closure returns the new value, or nil to leave it; a link whose new destination is empty
    /// becomes its content.
    ///
    /// The tree keeps its shape unless a link is emptied, so the copy shares the node records,
    /// text and styles with this document and replaces only the link and image values and the
    /// attribute values that change: no walk over the tree and no `String` for the attributes
    /// that hold no URL. (Only an emptied link, rare, takes the rewrite that copies the tree.)
    func rewritingURLs(link: (String) -> String?, image: (String) -> String?,
                       attributeNames: [String], attribute: (_ name: String, _ value: String) -> String?) -> Document {
        let storage = storage
        let records = storage.records
        var payloads = storage.payloads
        for i in payloads.indices {
            switch payloads[i] {
            case .link(let destination, let title):
                guard let d = link(destination) else { continue }
                if d.isEmpty { return rewritingURLsCopyingTree(link: link, image: image, attributeNames: attributeNames, attribute: attribute) }
                payloads[i] = .link(destination: d, title: title)
            case .image(let source, let title, let size):
                guard let s = image(source) else { continue }
                payloads[i] = .image(source: s, title: title, size: size)
            default:
                continue
            }
        }
        var bytes = storage.attributeBytes
        var spans = storage.attributeSpans
        if !storage.attributeLists.isEmpty && !attributeNames.isEmpty {
            let names = attributeNames.map { Array($0.utf8) }
            // The lengths of the names, as bits (63 and over share the last): most attributes
            // (`class`, `id`, `style`, `data-…`) are told apart by their length alone.
            func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }
            let lengths = names.reduce(UInt64(0)) { $0 | lengthBit($1.count) }
            // Lists may be shared between nodes, and a list is rewritten once: the rewrite is a
            // function of name and value alone. Literal nodes (code, raw HTML) keep theirs.
            var done = [Bool](repeating: false, count: storage.attributeLists.count)
            for index in 0..<Int32(records.count) {
                let list = records.attributes(index)
                guard list >= 0, !done[Int(list)], !records.tag(index).hasLiteralText else { continue }
                done[Int(list)] = true
                for s in storage.attributeLists[Int(list)].spans {
                    let span = spans[s]
                    guard lengths & lengthBit(span.name.count) != 0 else { continue }
                    let name = storage.attributeBytes[span.name]
                    guard let n = names.firstIndex(where: { $0.elementsEqual(name) }) else { continue }
                    let value = String(decoding: storage.attributeBytes[span.value], as: UTF8.self)
                    guard let new = attribute(attributeNames[n], value) else { continue }
                    // Name and value are adjacent in the buffer: the pair is appended anew.
                    let start = Int32(bytes.count)
                    bytes.append(contentsOf: names[n])
                    bytes.append(contentsOf: new.utf8)
                    spans[s] = AttributeSpan(nameStart: start, valueStart: start + Int32(names[n].count), valueEnd: Int32(bytes.count))
                }
            }
        }
        return Document(storage: DocumentStorage(records: records, text: storage.text, payloads: payloads,
                                                 attributeBytes: bytes, attributeSpans: spans,
                                                 attributeLists: storage.attributeLists, styles: storage.styles,
                                                 metadata: storage.metadata))
    }

    /// `rewritingURLs` by a rewrite of the whole tree, for when a link is emptied and unwrapped.
    private func rewritingURLsCopyingTree(link: (String) -> String?, image: (String) -> String?,
                                          attributeNames: [String], attribute: (_ name: String, _ value: String) -> String?) -> Document {
        let records = storage.records
        return rewritten { node in
            // Only links, images and nodes with attributes hold URLs: the others are kept without
            // reading their kind or attributes.
            let tag = node.tag
            let hasAttributes = records.attributes(node.id.index) >= 0
            guard tag == .link || tag == .image || hasAttributes else { return .keep }
            var kind = node.kind
            var changedKind = false
            switch kind {
            case .link(let destination, let title):
                if let d = link(destination) {
                    if d.isEmpty { return .unwrap }
                    kind = .link(destination: d, title: title)
                    changedKind = true
                }
            case .image(let source, let title, let size):
                if let s = image(source) {
                    kind = .image(source: s, title: title, size: size)
                    changedKind = true
                }
            default:
                break
            }
            var attributes = hasAttributes ? node.attributes : []
            var changedAttributes = false
            for i in attributes.indices where attributeNames.contains(attributes[i].name) {
                if let value = attribute(attributes[i].name, attributes[i].value) {
                    attributes[i].value = value
                    changedAttributes = true
                }
            }
            if changedAttributes && !node.tag.hasLiteralText { return .wrap(kind, attributes: attributes, style: node.style, inner: .unwrap) }
            return changedKind ? .replaceKind(kind) : .keep
        }
    }
}
