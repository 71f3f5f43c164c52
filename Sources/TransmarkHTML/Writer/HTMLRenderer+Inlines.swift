@_spi(TransmarkStorage) import TransmarkCore

// Text, breaks, emphasis-like inlines and spans (their elements from the tag table,
// `NodeKind.Tag.htmlTagName`), code spans, raw HTML and custom inline nodes.
extension HTMLRenderer {
    /// The start of an inline container; all of a leaf (text, a break, code, raw HTML). Text is
    /// escaped, in a `<span>` when it carries attributes or a style.
    mutating func enterInline(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .text:
            guard hasAttributesOrStyle(index) else {
                HTMLEscaping.escapeText(textBytes(index), into: &out)
                return
            }
            openTag(.span, index)
            HTMLEscaping.escapeText(textBytes(index), into: &out)
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
            HTMLEscaping.escapeText(textBytes(index), into: &out)
            closeTag(.code)
        case .htmlInline:
            writeRawHTML(index, block: false)
        case .custom:
            openTag(elementName(index, block: false), index)
        case .strikethrough, .underline:
            // `s`, `strike` and `del`, `u` and `ins` are kept apart as the input wrote them.
            if let name = tag.htmlTagName(variant: records.variant(index)) { openTag(name, index) }
        default: // emphasis, strong, superscript, subscript, highlight, span
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
        case .strikethrough, .underline:
            if let name = tag.htmlTagName(variant: records.variant(index)) { closeTag(name) }
        default: // emphasis, strong, superscript, subscript, highlight, span
            closeTag(tag)
        }
    }

    /// `<br />` and a newline, as cmark writes a hard line break.
    mutating func writeLineBreak() {
        writeTagStart(.lineBreak)
        out.append(" />\n")
    }

    /// Raw HTML (inline or block), by `options.rawHTML`: as written (cleaned by the policy), as
    /// escaped text in `<code>`
    /// (a block in `<pre>`), or cmark's comment in its place.
    mutating func writeRawHTML(_ index: Int32, block: Bool) {
        switch options.rawHTML {
        case .keep:
            if policy.isEnabled {
                out.append(contentsOf: policy.sanitize(rawHTML: textBytes(index)))
            } else {
                out.append(contentsOf: textBytes(index))
            }
        case .text:
            var raw = textBytes(index)
            if block {
                while let last = raw.last, last == 0x0A || last == 0x0D { raw = raw.dropLast() }
                out.append("<pre>")
                HTMLEscaping.escapeText(raw, into: &out)
                out.append("</pre>")
            } else {
                out.append("<code>")
                HTMLEscaping.escapeText(raw, into: &out)
                out.append("</code>")
            }
        case .drop:
            out.append("<!-- raw HTML omitted -->")
        }
    }
}
