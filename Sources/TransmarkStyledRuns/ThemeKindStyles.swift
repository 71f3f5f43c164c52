import TransmarkCore

extension Theme {
    /// The theme's style for a node of this kind: the built-in look (bold strong, italic emphasis,
    /// monospaced code, link color, heading sizes, …) filled under `kindStyles`.
    public func style(for kind: NodeKind) -> Style {
        var s = Style()
        switch kind {
        case .heading(let level):
            let scale = headingScale.isEmpty ? 1 : headingScale[min(max(level, 1), headingScale.count) - 1]
            s.fontSize = .length(.em(scale))
            s.fontWeight = .weight(headingWeight)
        case .strong, .term:
            s.fontWeight = .bold
        case .emphasis:
            s.fontStyle = .italic
        case .code, .codeBlock, .htmlBlock, .htmlInline:
            s.fontFamily = [monospaceFamily]
            s.fontSize = .length(.em(codeScale))
            if let codeBackground { s.backgroundColor = .rgba(codeBackground) }
        case .link:
            if let linkColor { s.color = .rgba(linkColor) }
            if linkUnderline { s.textDecoration = .underline }
        case .strikethrough:
            s.textDecoration = .lineThrough
        case .underline:
            s.textDecoration = .underline
        case .superscript, .footnoteReference:
            s.verticalAlign = .super
            s.fontSize = .length(.em(0.75))
        case .subscript:
            s.verticalAlign = .sub
            s.fontSize = .length(.em(0.75))
        case .highlight:
            s.backgroundColor = .rgba(highlightBackground)
        case .blockQuote:
            if let quoteColor { s.color = .rgba(quoteColor) }
        case .tableCell(let cell):
            if cell.isHeader { s.fontWeight = .bold }
        case .tableRow(let isHeader):
            if isHeader { s.fontWeight = .bold }
        default:
            break
        }
        if let extra = kindStyles[kind.tag] { return extra.filling(from: s) }
        return s
    }
}
