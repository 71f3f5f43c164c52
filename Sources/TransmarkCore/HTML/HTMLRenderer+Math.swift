// Math nodes (`inlineMath`, `displayMath`) in HTML: pandoc's `<span class="math …">` with the TeX
// source between `\(…\)` or `\[…\]` (what MathJax and KaTeX's auto-render pick up), or MathML.
extension HTMLRenderer {
    /// Writes a math node by `options.math`. The TeX source is escaped text either way.
    mutating func writeMath(_ index: Int32, display: Bool) {
        let source = document.textBytes(at: index)
        switch options.math {
        case .span:
            out.append(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
            HTMLEscaping.escapeText(source, into: &out)
            out.append(display ? "\\]</span>" : "\\)</span>")
        case .mathml:
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

extension HTMLRenderer.Options {
    /// How math nodes are written.
    public enum MathMarkup: String, CaseIterable, Sendable {
        /// `<span class="math inline">\(…\)</span>` and `<span class="math display">\[…\]</span>`
        /// (the default; pandoc's output, rendered by MathJax or KaTeX's auto-render).
        case span
        /// `<math>` (`display="block"` for display math) holding `<semantics>`: the TeX source as
        /// `<mtext>` (shown as it is: there is no TeX to MathML conversion) and as an
        /// `<annotation encoding="application/x-tex">`.
        case mathml
    }
}
