@_spi(TransmarkStorage) import TransmarkCore

// Paragraphs, headings, block quotes, code and raw HTML blocks, thematic breaks and divisions.
extension HTMLRenderer {
    /// The start of a paragraph, heading, block quote or division; all of a code block, raw HTML
    /// block or thematic break. A paragraph in a tight list writes only its content (in a `<span>`
    /// when it carries attributes or a style).
    mutating func enterBlock(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .paragraph:
            if isInTightList(index) {
                if hasAttributesOrStyle(index) { openTag(.span, index) }
            } else {
                out.ensureNewline()
                openTag(.paragraph, index)
            }
        case .heading:
            out.ensureNewline()
            openTag(headingTag(index), index)
        case .blockQuote:
            out.ensureNewline()
            openTag(.blockQuote, index)
            out.append(byte: 0x0A)
        case .codeBlock:
            writeCodeBlock(index)
        case .htmlBlock:
            out.ensureNewline()
            writeRawHTML(index, block: true)
            out.ensureNewline()
        case .thematicBreak:
            out.ensureNewline()
            writeTagStart(.thematicBreak)
            writeAttributes(index, element: "hr")
            out.append(" />\n")
        case .division:
            out.ensureNewline()
            openTag(elementName(index, block: true), index)
            out.append(byte: 0x0A)
        default:
            break
        }
    }

    /// The end of a paragraph (with a footnote's back-references when it ends one), heading,
    /// block quote or division.
    mutating func exitBlock(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .paragraph:
            if isInTightList(index) {
                if hasAttributesOrStyle(index) { closeTag(.span) }
                return
            }
            let parent = records.parent(index)
            if parent >= 0 && records.tag(parent) == .footnoteDefinition && records.nextSibling(index) < 0 {
                out.append(byte: 0x20)
                writeFootnoteBackrefs(parent)
            }
            closeTag(.paragraph)
            out.append(byte: 0x0A)
        case .heading:
            closeTag(headingTag(index))
            out.append(byte: 0x0A)
        case .blockQuote:
            out.ensureNewline()
            closeTag(.blockQuote)
            out.append(byte: 0x0A)
        case .division:
            out.ensureNewline()
            closeTag(elementName(index, block: true))
            out.append(byte: 0x0A)
        default:
            break
        }
    }

    func isInTightList(_ paragraph: Int32) -> Bool {
        let parent = records.parent(paragraph)
        guard parent >= 0, records.tag(parent) == .listItem else { return false }
        let grandparent = records.parent(parent)
        guard grandparent >= 0, records.tag(grandparent) == .list else { return false }
        return listIsTight.last ?? false
    }

    private static let headingTags: [StaticString] = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// `h1` to `h6` by the heading's level (clamped).
    func headingTag(_ index: Int32) -> StaticString {
        guard case .heading(let level) = document.kind(at: index) else { return "h1" }
        return Self.headingTags[min(max(level, 1), 6) - 1]
    }

    /// `<pre><code>`, with the info string's first word as `class="language-…"`.
    mutating func writeCodeBlock(_ index: Int32) {
        guard case .codeBlock(let info) = document.kind(at: index) else { return }
        out.ensureNewline()
        out.append("<pre")
        writeAttributes(index, element: "pre")
        out.append("><code")
        if !info.isEmpty {
            var language: [UInt8] = []
            for b in info.utf8 {
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) { break }
                language.append(b)
            }
            out.append(" class=\"language-")
            HTMLEscaping.escapeText(language, into: &out)
            out.append("\"")
        }
        out.append(">")
        HTMLEscaping.escapeText(textBytes(index), into: &out)
        out.append("</code></pre>\n")
    }
}
