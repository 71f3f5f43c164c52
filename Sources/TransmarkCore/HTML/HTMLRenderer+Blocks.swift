// Paragraphs, headings, block quotes, code and raw HTML blocks, thematic breaks and divisions.
extension HTMLRenderer {
    /// A paragraph is a `<p>`, except in a tight list, where only its content is written (in a
    /// `<span>` when it carries attributes or a style).
    mutating func enterParagraph(_ index: Int32) {
        if isInTightList(index) {
            if hasAttributesOrStyle(index) { openTag(.span, index) }
        } else {
            out.ensureNewline()
            openTag(.paragraph, index)
        }
    }

    mutating func exitParagraph(_ index: Int32) {
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
    }

    mutating func isInTightList(_ paragraph: Int32) -> Bool {
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

    mutating func enterHeading(_ index: Int32) {
        out.ensureNewline()
        openTag(headingTag(index), index)
    }

    mutating func exitHeading(_ index: Int32) {
        closeTag(headingTag(index))
        out.append(byte: 0x0A)
    }

    mutating func enterBlockQuote(_ index: Int32) {
        out.ensureNewline()
        openTag(.blockQuote, index)
        out.append(byte: 0x0A)
    }

    mutating func exitBlockQuote() {
        out.ensureNewline()
        closeTag(.blockQuote)
        out.append(byte: 0x0A)
    }

    /// `<pre><code>`, with the info string's first word as `class="language-…"`.
    mutating func writeCodeBlock(_ index: Int32) {
        guard case .codeBlock(let info) = document.kind(at: index) else { return }
        out.ensureNewline()
        out.append("<pre")
        writeAttributes(index)
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
        HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
        out.append("</code></pre>\n")
    }

    /// A raw HTML block: passed through with `unsafe`, else replaced by a comment.
    mutating func writeHTMLBlock(_ index: Int32) {
        out.ensureNewline()
        writeRawHTML(index)
        out.ensureNewline()
    }

    mutating func writeThematicBreak(_ index: Int32) {
        out.ensureNewline()
        writeTagStart(.thematicBreak)
        writeAttributes(index)
        out.append(" />\n")
    }

    mutating func enterDivision(_ index: Int32) {
        out.ensureNewline()
        openTag(elementName(index, block: true), index)
        out.append(byte: 0x0A)
    }

    mutating func exitDivision(_ index: Int32) {
        out.ensureNewline()
        closeTag(elementName(index, block: true))
        out.append(byte: 0x0A)
    }
}
