/// A rewrite of a document's URLs, for the transforms that only rewrite URLs (`resolve-links`,
/// `clean-urls`): link destinations by `link`, image sources by `image`, and the values of the
/// attributes named in `attributeNames` (kept from HTML) by `attribute(name, value)`. Each closure
/// returns the new value, or nil to leave it; a link whose new destination is empty becomes its
/// content.
///
/// Rewrites compose (`then`), so that a conversion applying several such transforms in a row
/// passes over the document once (see ``URLRewritingTransform``).
package struct URLRewrite {
    /// The new destination of a link, or nil.
    package let link: (String) -> String?
    /// The new source of an image, or nil.
    package let image: (String) -> String?
    /// The attributes whose values hold URLs, by name.
    package let attributeNames: [String]
    /// The new value of an attribute named in `attributeNames`, or nil.
    package let attribute: (_ name: String, _ value: String) -> String?

    /// A rewrite of these parts.
    package init(link: @escaping (String) -> String?, image: @escaping (String) -> String?,
                 attributeNames: [String], attribute: @escaping (_ name: String, _ value: String) -> String?) {
        self.link = link
        self.image = image
        self.attributeNames = attributeNames
        self.attribute = attribute
    }

    /// This rewrite, then `next` over what it leaves: what applying one and then the other gives.
    package func then(_ next: URLRewrite) -> URLRewrite {
        let first = self
        func chained(_ a: @escaping (String) -> String?, _ b: @escaping (String) -> String?) -> (String) -> String? {
            { value in
                let once = a(value)
                return b(once ?? value) ?? once
            }
        }
        return URLRewrite(
            link: chained(first.link, next.link), image: chained(first.image, next.image),
            attributeNames: first.attributeNames + next.attributeNames.filter { !first.attributeNames.contains($0) },
            attribute: { name, value in
                let once = first.attributeNames.contains(name) ? first.attribute(name, value) : nil
                let twice = next.attributeNames.contains(name) ? next.attribute(name, once ?? value) : nil
                return twice ?? once
            })
    }
}

extension Document {
    /// A copy with its URLs rewritten by `rewrite`.
    ///
    /// The tree keeps its shape unless a link is emptied, so the copy shares the node records,
    /// text and styles with this document and replaces only the link and image values and the
    /// attribute values that change: no walk over the tree and no `String` for the attributes
    /// that hold no URL. (Only an emptied link, rare, takes the rewrite that copies the tree.)
    package func rewritingURLs(_ rewrite: URLRewrite) -> Document {
        let storage = storage
        let records = storage.records
        var payloads = storage.payloads
        for i in payloads.indices {
            switch payloads[i] {
            case .link(let destination, let title):
                guard let d = rewrite.link(destination) else { continue }
                if d.isEmpty { return rewritingURLsCopyingTree(rewrite) }
                payloads[i] = .link(destination: d, title: title)
            case .image(let source, let title, let size):
                guard let s = rewrite.image(source) else { continue }
                payloads[i] = .image(source: s, title: title, size: size)
            default:
                continue
            }
        }
        var bytes = storage.attributeBytes
        var spans = storage.attributeSpans
        if !storage.attributeLists.isEmpty && !rewrite.attributeNames.isEmpty {
            let names = rewrite.attributeNames.map { Array($0.utf8) }
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
                    guard let new = rewrite.attribute(rewrite.attributeNames[n], value) else { continue }
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
    private func rewritingURLsCopyingTree(_ rewrite: URLRewrite) -> Document {
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
                if let d = rewrite.link(destination) {
                    if d.isEmpty { return .unwrap }
                    kind = .link(destination: d, title: title)
                    changedKind = true
                }
            case .image(let source, let title, let size):
                if let s = rewrite.image(source) {
                    kind = .image(source: s, title: title, size: size)
                    changedKind = true
                }
            default:
                break
            }
            var attributes = hasAttributes ? node.attributes : []
            var changedAttributes = false
            for i in attributes.indices where rewrite.attributeNames.contains(attributes[i].name) {
                if let value = rewrite.attribute(attributes[i].name, attributes[i].value) {
                    attributes[i].value = value
                    changedAttributes = true
                }
            }
            if changedAttributes && !node.tag.hasLiteralText { return .wrap(kind, attributes: attributes, style: node.style, inner: .unwrap) }
            return changedKind ? .replaceKind(kind) : .keep
        }
    }
}
