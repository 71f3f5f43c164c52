// Text, breaks, code spans and raw HTML. (Emphasis-like inlines are written by `enter`/`exit`
// from the tag table, `NodeKind.Tag.htmlTagName`.)
extension HTMLRenderer {
    /// Escaped text, in a `<span>` when it carries attributes or a style.
    mutating func writeText(_ index: Int32) {
        if hasAttributesOrStyle(index) {
            openTag(.span, index)
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
            closeTag(.span)
        } else {
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
        }
    }

    mutating func writeSoftBreak() {
        switch options.softBreak {
        case .newline: out.append(byte: 0x0A)
        case .space: out.append(byte: 0x20)
        case .hard: writeLineBreak()
        }
    }

    /// `<br />` and a newline, as cmark writes a hard line break.
    mutating func writeLineBreak() {
        writeTagStart(.lineBreak)
        out.append(" />\n")
    }

    mutating func writeCode(_ index: Int32) {
        openTag(.code, index)
        HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
        closeTag(.code)
    }

    /// Raw HTML (inline or block): passed through with `unsafe`, else replaced by a comment.
    mutating func writeRawHTML(_ index: Int32) {
        if options.unsafe {
            out.append(contentsOf: document.textBytes(at: index))
        } else {
            out.append("<!-- raw HTML omitted -->")
        }
    }
}
