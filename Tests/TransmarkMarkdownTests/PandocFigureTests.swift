import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `implicitFigures` (the `pandoc` profile's): a figure of one image and a caption becomes the
/// image alone in its paragraph, captioned in its brackets, with its own alt text as an
/// attribute, as pandoc writes the figures of its HTML reader; links carry their attributes in
/// pandoc's dialect. pandoc itself (when installed) reads the output back as figures.
@Suite struct PandocFigureTests {
    func pandocMarkdown(_ html: String, _ extra: [String] = []) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let options = try MarkdownBackend.Options(parsing: ["profile=pandoc"] + extra)
        return String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self)
    }

    @Test func aCaptionedImageIsAnImplicitFigure() throws {
        #expect(try pandocMarkdown(#"<figure><img src="m.png" alt="A map" title="T"><figcaption>The <em>old</em> map</figcaption></figure>"#)
                == #"![The *old* map](m.png "T"){alt="A map"}"# + "\n")
        // The figure's id and classes go with the image; a caption inside a paragraph or a div,
        // or before the image, is found; alt text equal to the caption is not repeated.
        #expect(try pandocMarkdown(#"<figure id="f" class="w"><figcaption><div><p>Cap</p></div></figcaption><p><img src="a.png" alt="Cap" class="c"></p></figure>"#)
                == "![Cap](a.png){#f .w .c}\n")
    }

    @Test func otherFiguresAreLeftToTheDivisionPolicy() throws {
        #expect(try pandocMarkdown(#"<figure><img src="a.png"></figure>"#) == "![](a.png)\n")
        // No caption: empty brackets, the alt text an attribute (pandoc would read alt text in
        // the brackets as a caption). Two images, a linked image, a caption of several blocks.
        #expect(try pandocMarkdown(#"<figure><img src="a.png" alt="A"></figure>"#) == #"![](a.png){alt="A"}"# + "\n")
        #expect(try pandocMarkdown(#"<figure><img src="a.png" alt="A"><img src="b.png" alt="B"><figcaption>C</figcaption></figure>"#)
                == "![A](a.png)![B](b.png)\n\nC\n")
        #expect(try pandocMarkdown(#"<figure><a href="big.png"><img src="a.png" alt="A"></a><figcaption>C</figcaption></figure>"#)
                == "[![A](a.png)](big.png)\n\nC\n")
        #expect(try pandocMarkdown(#"<figure><img src="a.png" alt="A"><figcaption><p>C</p><p>D</p></figcaption></figure>"#)
                == "![A](a.png)\n\nC\n\nD\n")
        // Off: the image keeps its alt text and the caption follows.
        #expect(try pandocMarkdown(#"<figure><img src="a.png" alt="A"><figcaption>C</figcaption></figure>"#, ["implicitFigures=false"])
                == "![A](a.png)\n\nC\n")
        #expect(MarkdownBackend.Options().implicitFigures == false)
    }

    @Test func linksCarryTheirAttributesInPandocsDialect() throws {
        #expect(try pandocMarkdown(#"<a href="https://e.com/d" id="d" class="ext x" target="_blank" onclick="x()">docs</a>"#)
                == #"[docs](https://e.com/d){#d .ext .x target="_blank"}"# + "\n")
        // An anchor's name is its id.
        #expect(try pandocMarkdown(#"<a name="top" href="/x">up</a>"#) == "[up](/x){#top}\n")
        // A URL that would be an autolink keeps the bracket form to carry them.
        #expect(try pandocMarkdown(#"<a href="https://e.com" class="u">https://e.com</a>"#).hasSuffix("](https://e.com){.u}\n"))
        #expect(try pandocMarkdown(#"<a href="https://e.com">https://e.com</a>"#) == "<https://e.com>\n")
        // Other dialects write no attributes.
        let gfm = try MarkdownBackend().renderString(try HTMLFrontend().parse(#"<a href="/d" class="ext">d</a>"#))
        #expect(gfm == "[d](/d)\n")
    }

    @Test func pandocReadsTheFiguresBack() throws {
        guard PandocRoundTripTests.pandoc != nil else {
            print("PandocFigureTests skipped: pandoc is not on the PATH (apt-get install pandoc)")
            return
        }
        let markdown = try pandocMarkdown(##"""
            <figure id="fig-1"><img src="m.png" alt="A map of the bay"><figcaption>The bay in <em>1890</em></figcaption></figure>
            <p>See <a href="#fig-1" class="xref">the map</a>.</p>
            """##)
        let html = try PandocRoundTripTests.run(["-f", "markdown", "-t", "html"], input: Array(markdown.utf8))
        let flat = html.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("<figure>"), "\(markdown)\n\(html)")
        #expect(flat.contains(#"alt="A map of the bay""#), "\(html)")
        #expect(flat.contains("<figcaption>The bay in <em>1890</em></figcaption>"), "\(html)")
        #expect(flat.contains(#"id="fig-1""#), "\(html)")
        #expect(flat.contains(##"<a href="#fig-1" class="xref">the map</a>"##), "\(html)")
    }
}
