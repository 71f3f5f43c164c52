import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `superscript=unicode` / `subscript=unicode`: Unicode superscript and subscript characters
/// where the content has them, else `^(x)` / `_(x)`, as pandoc writes for dialects that read
/// neither HTML nor `^x^`.
@Suite struct UnicodeScriptTests {
    func markdown(_ html: String, _ options: [String]) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let parsed = try MarkdownBackend.Options(parsing: ["superscript=unicode", "subscript=unicode"] + options)
        return String(decoding: try MarkdownBackend().render(document, options: parsed), as: UTF8.self)
    }

    @Test func digitsAndSignsBecomeUnicodeCharacters() throws {
        #expect(try markdown("<p>10<sup>-3</sup> 2<sup>10</sup> H<sub>2</sub>O x<sub>(1+2=3)</sub> y<sup>4 5</sup> z<sup>&#x2212;1</sup></p>", [])
                == "10⁻³ 2¹⁰ H₂O x₍₁₊₂₌₃₎ y⁴ ⁵ z⁻¹\n")
        // Spans inside are transparent, as in pandoc.
        #expect(try markdown("<p>a<sup><span class=\"n\">2</span></sup></p>", []) == "a²\n")
    }

    @Test func otherContentIsWrittenInParentheses() throws {
        #expect(try markdown("<p>x<sup>n</sup> and <sup><em>2</em> 3</sup> and H<sub>i</sub></p>", [])
                == #"x^(n) and ^(*2* 3) and H\_(i)"# + "\n")
        // The content is escaped as any text is.
        #expect(try markdown("<p>a<sub>*b*</sub> c_ d</p>", []) == #"a\_(\*b\*) c\_ d"# + "\n")
        // pandoc's `_(` would pair up as emphasis with a later `_`: written `\_(`. Under pandoc's
        // escaping `^(` is escaped too, as `^` is superscript there.
        #expect(try markdown("<p>a <sub>x</sub>b<sub>y</sub></p>", []) == #"a \_(x)b\_(y)"# + "\n")
        #expect(try markdown("<p><sup>a</sup><sup>b</sup></p>", ["profile=pandoc"]) == #"\^(a)\^(b)"# + "\n")
    }

    /// Where the characters stand beside emphasis, the delimiters are chosen for them:
    /// a digit's form is no punctuation, so `_x_²` would not close.
    @Test func emphasisBesideUnicodeDigits() throws {
        let out = try markdown("<p><em>y</em><sub>2</sub> <em>y</em><sup>(2)</sup> <em>y</em><sub>n</sub></p>", ["emphasisDelimiter=_"])
        #expect(out == #"*y*₂ _y_⁽²⁾ _y_\_(n)"# + "\n")
        let html = String(decoding: try HTMLBackend().render(try MarkdownFrontend().parse(Array(out.utf8), options: .init()), options: .init()),
                          as: UTF8.self)
        #expect(html.contains("<em>y</em>₂") && html.contains("<em>y</em>⁽²⁾") && html.contains("<em>y</em>_(n)"), "\(html)")
    }

    @Test func pandocReadsTheFormsAsPandocWritesThem() throws {
        guard PandocRoundTripTests.pandoc != nil else {
            print("UnicodeScriptTests skipped: pandoc is not on the PATH (apt-get install pandoc)")
            return
        }
        let html = "<p>This has <sup>superscript</sup> in it and <sup>2 3</sup> again. With a span: <sup><span class=foo>2</span></sup>. H<sub>2</sub>O and <sub>foo</sub>.</p>"
        let ours = try markdown(html, ["profile=commonmark"])
        let theirs = try PandocRoundTripTests.run(["-f", "html", "-t", "commonmark-raw_html", "--wrap=none"], input: Array(html.utf8))
        // The same bytes but for the escaped `\_(`, which reads as the same text.
        #expect(ours.replacingOccurrences(of: #"\_("#, with: "_(") == theirs)
        #expect(ours.contains(#"\_(foo)"#))
    }
}
