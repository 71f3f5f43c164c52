import TransmarkCore

// Math nodes (`inlineMath`, `displayMath`) in HTML: pandoc's `<span class="math …">` with the TeX
// source between `\(…\)` or `\[…\]` (what MathJax and KaTeX's auto-render pick up), or MathML.
extension HTMLRenderer {
    /// Writes a math node by `options.mathML`. The TeX source is escaped text either way.
    mutating func writeMath(_ index: Int32, display: Bool) {
        let source = textBytes(index)
        switch options.mathML {
        case false:
            out.append(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
            HTMLEscaping.escapeText(source, into: &out)
            out.append(display ? "\\]</span>" : "\\)</span>")
        case true:
            // No TeX to MathML conversion: the source is shown as MathML text (`mtext`) and kept
            // as the annotation that math renderers and readers (this package's too) take it from.
            out.append(display ? "<math display=\"block\">" : "<math>")
            out.append("<semantics><mtext>")
            HTMLEscaping.escapeText(source, into: &out)
            out.append("</mtext><annotation encoding=\"application/x-tex\">")
            HTMLEscaping.escapeText(source, into: &out)
            out.append("</annotation></semantics></math>")
        }
    }
}
