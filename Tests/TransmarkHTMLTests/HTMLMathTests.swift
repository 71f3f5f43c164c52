import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// Math in HTML read into math nodes: MathML, pandoc's spans, KaTeX, MathJax; and written back.
@Suite struct HTMLMathTests {
    /// The math nodes of `html`, as `inline:source` / `display:source`, and the document's text.
    static func math(_ html: String) throws -> (math: [String], text: String) {
        let document = try HTMLFrontendInputs.parse(html)
        var math: [String] = []
        var text = ""
        for event in document.events() {
            guard case .enter(let node) = event else { continue }
            switch node.kind {
            case .inlineMath: math.append("inline:" + node.text)
            case .displayMath: math.append("display:" + node.text)
            case .text: text += node.text
            default: break
            }
        }
        return (math, text)
    }

    @Test(arguments: [
        // pandoc's output, delimiters taken off, entities decoded.
        ("<p>a <span class=\"math inline\">\\(x &lt; y\\)</span> b</p>", ["inline:x < y"], "a  b"),
        ("<p><span class=\"math display\">\\[\\int f\\]</span></p>", ["display:\\int f"], ""),
        // MathML: the TeX annotation when there is one, else the text (best effort).
        ("<p><math display=\"block\"><semantics><mi>x</mi><annotation encoding=\"application/x-tex\">x^2</annotation></semantics></math></p>",
         ["display:x^2"], ""),
        ("<p>so <math><mi>a</mi><mo>+</mo><mn>1</mn></math></p>", ["inline:a+1"], "so "),
        // KaTeX: the annotation; the rendered HTML beside it is skipped.
        ("<p><span class=\"katex\"><span class=\"katex-mathml\"><math><semantics><mrow><mi>E</mi></mrow><annotation encoding=\"application/x-tex\">E=mc^2</annotation></semantics></math></span><span class=\"katex-html\" aria-hidden=\"true\"><span class=\"mord\">E</span></span></span></p>",
         ["inline:E=mc^2"], ""),
        ("<span class=\"katex-display\"><span class=\"katex\"><math><annotation encoding=\"application/x-tex\">\\sum</annotation></math><span class=\"katex-html\">∑</span></span></span>",
         ["display:\\sum"], ""),
        // MathJax 2: the script holds the source; the rendering is not shown.
        ("<p><span class=\"MathJax_Preview\">x</span><span class=\"MathJax\">x</span><script type=\"math/tex\">x_1</script> and <script type=\"math/tex; mode=display\">y</script></p>",
         ["inline:x_1", "display:y"], " and "),
        // Not math: other spans and scripts.
        ("<p><span class=\"mathematics\">m</span><script>x</script></p>", [], "m"),
    ])
    func readsMath(html: String, math: [String], text: String) throws {
        let read = try Self.math(html)
        #expect(read.math == math)
        #expect(read.text == text)
    }

    @Test func unclosedAndHiddenMath() throws {
        // Unclosed: the math ends with the input, its text as it came (one delimiter is not taken off).
        #expect(try Self.math("<p>a <span class=\"math inline\">\\(x").math == ["inline:\\(x"])
        #expect(try Self.math("<div hidden><span class=\"math inline\">x</span></div>").math == [])
        #expect(try Self.math("<math></math><span class=\"math inline\"></span>").math == [])
        // A block start tag breaks out of MathML, ending the math there.
        let broken = try Self.math("<math><mi>x</mi><p>after</p>")
        #expect(broken.math == ["inline:x"] && broken.text == "after")
    }

    @Test func htmlWriter() throws {
        let document = try HTMLFrontendInputs.parse("<p><span class=\"math inline\">\\(a&lt;b\\)</span> <math display=\"block\"><mi>y</mi></math></p>")
        #expect(String(decoding: HTMLRenderer.render(document), as: UTF8.self) == "<p><span class=\"math inline\">\\(a&lt;b\\)</span> <span class=\"math display\">\\[y\\]</span></p>\n")
        var options = HTMLRenderer.Options()
        options.mathML = true
        #expect(String(decoding: HTMLRenderer.render(document, options: options), as: UTF8.self) == "<p><math><semantics><mtext>a&lt;b</mtext><annotation encoding=\"application/x-tex\">a&lt;b</annotation></semantics></math> <math display=\"block\"><semantics><mtext>y</mtext><annotation encoding=\"application/x-tex\">y</annotation></semantics></math></p>\n")
        // MathML written reads back as the same math.
        let again = try HTMLFrontendInputs.parse(String(decoding: HTMLRenderer.render(document, options: options), as: UTF8.self))
        #expect(HTMLFrontendInputs.tree(again) == HTMLFrontendInputs.tree(document))
    }

    @Test func manyMathElementsAreLinear() throws {
        let html = String(repeating: "<span class=\"math inline\">x", count: 20_000) + String(repeating: "<math>", count: 20_000)
        _ = try HTMLFrontendInputs.parse(html)
    }
}
