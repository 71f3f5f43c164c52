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
