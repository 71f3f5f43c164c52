extension NodeKind.Tag {
    /// The HTML element nodes of this kind are written as, when the kind alone decides it:
    /// `p`, `blockquote`, `em`, `strong`, `del`, `sup`, `a`, …. `nil` for kinds whose element
    /// depends on the node (a heading's level, a bullet or ordered list, a header or data cell, a
    /// code block's `pre` and `code`, the tag of a division or custom node) and for those that
    /// are not one element (the document, text, breaks, raw HTML, footnotes). The one table of
    /// kind → element: the HTML writer and the Markdown writer's HTML fallbacks both read it.
    @inlinable public var htmlTagName: StaticString? {
        switch self {
        case .paragraph: "p"
        case .blockQuote: "blockquote"
        case .listItem: "li"
        case .thematicBreak: "hr"
        case .table: "table"
        case .tableRow: "tr"
        case .definitionList: "dl"
        case .term: "dt"
        case .definition: "dd"
        case .emphasis: "em"
        case .strong: "strong"
        case .strikethrough: "del"
        case .underline: "u"
        case .superscript: "sup"
        case .subscript: "sub"
        case .highlight: "mark"
        case .span: "span"
        case .code: "code"
        case .link: "a"
        case .image: "img"
        case .lineBreak: "br"
        case .document, .heading, .list, .codeBlock, .htmlBlock, .tableCell, .footnoteDefinition,
             .division, .text, .softBreak, .htmlInline, .footnoteReference, .custom:
            nil
        }
    }
}

extension NodeKind.Tag {
    /// The HTML elements that nodes of this kind stand for, when there are several that a writer
    /// of HTML keeps apart: the usual one (`htmlTagName`) first. `del`, `s`, `strike` for
    /// strikethrough; `u`, `ins` for underline; empty for every other kind. A node records which
    /// one it was read from as an index into this list (see `Node.htmlElementName`).
    @inlinable public var htmlElementVariants: [StaticString] {
        switch self {
        case .strikethrough: ["del", "s", "strike"]
        case .underline: ["u", "ins"]
        default: []
        }
    }

    /// The HTML element of a node of this kind with the given variant (see
    /// `htmlElementVariants`): the variant's element, else `htmlTagName`.
    @inlinable public func htmlTagName(variant: UInt8) -> StaticString? {
        if variant == 0 { return htmlTagName }
        let variants = htmlElementVariants
        return Int(variant) < variants.count ? variants[Int(variant)] : htmlTagName
    }

    /// The index of `name` in `htmlElementVariants` (ASCII case-insensitive), or nil.
    public func htmlElementVariant(named name: String) -> UInt8? {
        let lowered = name.lowercased()
        for (i, variant) in htmlElementVariants.enumerated() where variant.description == lowered {
            return UInt8(i)
        }
        return nil
    }
}
