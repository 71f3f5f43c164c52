extension SanitizerPolicy {
    /// A copy of `document` with only what the policy allows (the `sanitize` transform, and the
    /// HTML writer before it writes a document under a policy with `kinds`):
    ///
    /// - nodes of a kind not in `kinds` are unwrapped (their content stays) or dropped, as
    ///   `disallowed` says;
    /// - raw HTML nodes follow `rawHTML`: dropped, replaced by their markup as text, or kept
    ///   (`nil`: kept, for a writer that cleans raw HTML itself);
    /// - links whose destination the policy does not allow are unwrapped (their text stays),
    ///   images with one are replaced by their alternative text;
    /// - attributes the policy does not allow are removed (a `style` attribute always is: the
    ///   typed style says the same, and stays when `styles` is true).
    public func apply(to document: Document, rawHTML: RawHTMLPolicy?) -> Document {
        guard isEnabled else { return document }
        return document.rewritten { node in
            let tag = node.tag
            if tag == .htmlBlock || tag == .htmlInline {
                switch rawHTML {
                case .drop: return .drop
                case .text: return .replace(with: .text(node.text))
                case .keep, nil: break
                }
            } else if tag != .text, let kinds, !kinds.contains(tag) {
                return disallowed == .drop ? .drop : .unwrap
            }
            switch node.kind {
            case .link(let destination, _) where !allowsURL(destination, attribute: "href"): return .unwrap
            case .image(let source, _, _) where !allowsURL(source, attribute: "src"): return .unwrap
            default: break
            }
            let style = styles ? node.style : nil
            let attributes = node.attributes
            let element: String
            switch node.kind {
            case .link: element = "a"
            case .image: element = "img"
            case .division(let name), .custom(let name): element = name
            default: element = tag.htmlTagName.map { "\($0)" } ?? ""
            }
            let kept = attributes.filter {
                $0.name.lowercased() != "style" && allowsAttribute($0.name, value: $0.value, element: element)
            }
            if kept.count == attributes.count && style == node.style { return .keep }
            if tag.hasLiteralText {
                var b = DocumentBuilder()
                if tag == .text && kept.isEmpty && style == nil {
                    b.text(node.text)
                } else {
                    b.leaf(node.kind, text: node.text, attributes: kept, style: style)
                }
                return .replace(with: .children(of: b.finish().root))
            }
            return .wrap(node.kind, attributes: kept, style: style, inner: .unwrap)
        }
    }
}
