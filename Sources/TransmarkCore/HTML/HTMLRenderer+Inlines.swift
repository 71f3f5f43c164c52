// Text, breaks, emphasis-like inlines and spans (their elements from the tag table,
// `NodeKind.Tag.htmlTagName`), code spans, raw HTML and custom inline nodes.
extension HTMLRenderer {
    /// The start of an inline container; all of a leaf (text, a break, code, raw HTML). Text is
    /// escaped, in a `<span>` when it carries attributes or a style.
    mutating func enterInline(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .text:
            guard hasAttributesOrStyle(index) else {
                HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
                return
            }
            openTag(.span, index)
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
            closeTag(.span)
        case .softBreak:
            switch options.softBreak {
            case .newline: out.append(byte: 0x0A)
            case .space: out.append(byte: 0x20)
            case .hard: writeLineBreak()
            }
        case .lineBreak:
            writeLineBreak()
        case .code:
            openTag(.code, index)
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
            closeTag(.code)
        case .htmlInline:
            writeRawHTML(index)
        case .custom:
            openTag(elementName(index, block: false), index)
        default: // emphasis, strong, strikethrough, underline, superscript, subscript, highlight, span
            openTag(tag, index)
        }
    }

    /// The end of an inline container (nothing for a leaf).
    mutating func exitInline(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .text, .softBreak, .lineBreak, .code, .htmlInline:
            break
        case .custom:
            closeTag(elementName(index, block: false))
        default: // emphasis, strong, strikethrough, underline, superscript, subscript, highlight, span
            closeTag(tag)
        }
    }

    /// `<br />` and a newline, as cmark writes a hard line break.
    mutating func writeLineBreak() {
        writeTagStart(.lineBreak)
        out.append(" />\n")
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
