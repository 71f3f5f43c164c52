@_spi(TransmarkStorage) import TransmarkCore

// GFM footnotes as cmark-gfm writes them: numbered references, definitions in a closing
// `<section class="footnotes">`, each with back-references to every reference of its label.
extension HTMLRenderer {
    /// A footnote reference (all of it), or the start of a definition (opening the section first).
    mutating func enterFootnote(_ tag: NodeKind.Tag, _ index: Int32) {
        if tag == .footnoteReference { writeFootnoteReference(index) } else { enterFootnoteDefinition(index) }
    }

    private mutating func writeFootnoteReference(_ index: Int32) {
        guard case .footnoteReference(let label) = document.kind(at: index) else { return }
        let number: Int
        if let n = footnoteNumbers[label] {
            number = n
        } else {
            number = footnoteNumbers.count + 1
            footnoteNumbers[label] = number
        }
        let seen = footnoteRefsSeen[label, default: 0] + 1
        footnoteRefsSeen[label] = seen
        out.append("<sup class=\"footnote-ref\"><a href=\"#fn-")
        HTMLEscaping.escapeHref(label, into: &out)
        out.append("\" id=\"")
        writeFootnoteReferenceID(label, seen)
        out.append("\" data-footnote-ref>")
        out.append(int: number)
        out.append("</a></sup>")
    }

    /// The id of the `n`th reference to a label: `fnref-label`, then `fnref-label-2`, ….
    mutating func writeFootnoteReferenceID(_ label: String, _ n: Int) {
        out.append("fnref-")
        HTMLEscaping.escapeHref(label, into: &out)
        if n > 1 {
            out.append("-")
            out.append(int: n)
        }
    }

    private mutating func enterFootnoteDefinition(_ index: Int32) {
        guard case .footnoteDefinition(let label) = document.kind(at: index) else { return }
        if !footnoteSectionOpen {
            out.ensureNewline()
            out.append("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
            footnoteSectionOpen = true
        }
        out.append("<li id=\"fn-")
        HTMLEscaping.escapeHref(label, into: &out)
        out.append("\">\n")
    }

    /// The end of a definition: back-references (unless its last paragraph wrote them), and the
    /// section's end after the last definition. (A reference is a leaf.)
    mutating func exitFootnote(_ tag: NodeKind.Tag, _ index: Int32) {
        guard tag == .footnoteDefinition else { return }
        if writeFootnoteBackrefs(index) { out.append(byte: 0x0A) }
        out.append("</li>\n")
        if records.nextSibling(index) < 0 || records.tag(records.nextSibling(index)) != .footnoteDefinition {
            closeFootnoteSection()
        }
    }

    /// Counts the references per label, the first time a definition needs the total.
    mutating func countFootnoteReferences() {
        footnoteRefTotalsCounted = true
        for i in 0..<records.count where records.tag(Int32(i)) == .footnoteReference {
            if case .footnoteReference(let label) = document.kind(at: Int32(i)) {
                footnoteRefTotals[label, default: 0] += 1
            }
        }
    }

    /// Writes the back-references of a footnote definition once; returns whether it wrote any.
    @discardableResult
    mutating func writeFootnoteBackrefs(_ definition: Int32) -> Bool {
        guard case .footnoteDefinition(let label) = document.kind(at: definition),
              !footnoteBackrefWritten.contains(label) else { return false }
        footnoteBackrefWritten.insert(label)
        if !footnoteRefTotalsCounted { countFootnoteReferences() }
        let total = footnoteRefTotals[label, default: 0]
        guard total > 0 else { return false }
        for ref in 1...total {
            if ref > 1 { out.append(byte: 0x20) }
            out.append("<a href=\"#")
            writeFootnoteReferenceID(label, ref)
            out.append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩")
            if ref > 1 {
                out.append("<sup class=\"footnote-ref\">")
                out.append(int: ref)
                out.append("</sup>")
            }
            out.append("</a>")
        }
        return true
    }

    mutating func closeFootnoteSection() {
        if footnoteSectionOpen {
            out.append("</ol>\n</section>\n")
            footnoteSectionOpen = false
        }
    }
}
