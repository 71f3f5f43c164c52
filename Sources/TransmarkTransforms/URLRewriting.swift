@_spi(TransmarkStorage) import TransmarkCore

extension Document {
    /// A copy with its URLs rewritten, for the transforms that rewrite URLs (`resolve-links`,
    /// `clean-urls`): link destinations by `link`, image sources by `image`, and the attributes
    /// kept from HTML by `attribute(name, value)`. Each closure returns the new value, or nil to
    /// leave it; a link whose new destination is empty becomes its content.
    func rewritingURLs(link: (String) -> String?, image: (String) -> String?,
                       attribute: (_ name: String, _ value: String) -> String?) -> Document {
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
            for i in attributes.indices {
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
