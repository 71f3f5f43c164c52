import Testing
import Transmark

/// The Markdown writer's model-oriented link styles (`linkStyle=citations`, `textOnly`) and its
/// `images` option.
@Suite struct LinksForModelsTests {
    func markdown(_ html: String, _ options: [String: String]) throws -> String {
        try Registry.standard.convert(html, from: "html", to: "markdown", options: ConversionOptions(options))
    }

    @Test func citationsNumberSourcesOnceAndListThemAtTheEnd() throws {
        let out = try markdown("""
            <p>Read <a href="https://a.example/x" title="The A">the guide</a>, then <a href="https://b.example/">B</a>
            and <a href="https://a.example/x" title="The A">the guide again</a>.</p>
            """, ["linkStyle": "citations"])
        #expect(out == """
            Read the guide [1], then B [2] and the guide again [1].

            [1]: https://a.example/x "The A"
            [2]: https://b.example/

            """)
        // cmark-gfm reads each number as a link to its source.
        let html = try Registry.standard.convert(out, from: "markdown", to: "html")
        #expect(html.contains(#"<a href="https://a.example/x" title="The A">1</a>"#))
        #expect(html.contains(#"<a href="https://b.example/">2</a>"#))
    }

    @Test func linksThatGoNowhereUsefulAreTheirTextOrNothing() throws {
        let out = try markdown("""
            <head><link rel=canonical href="https://site.example/page"></head>
            <p><a href="#top">Top</a> <a href="javascript:alert(1)">Run</a> <a href="https://site.example/page#part">Part</a>
            <a href="https://x.example/"></a> <a href="https://y.example/"><span> </span></a> <a href="">Empty</a> <a href="https://z.example/">Z</a>
            <a href="blob:https://site.example/1f2c">Video</a> <a href="about:blank">Blank</a></p>
            """, ["linkStyle": "citations"])
        #expect(out == "Top Run Part Empty Z [1] Video Blank\n\n[1]: https://z.example/\n")
    }

    @Test func textOnlyWritesNoURLs() throws {
        let out = try markdown("<p>See <a href='https://a.example/'>this <em>page</em></a> and <a href='https://b.example/'></a>here.</p>",
                               ["linkStyle": "textOnly"])
        #expect(out == "See this *page* and here.\n")
    }

    @Test func citationsInListsTablesAndHeadings() throws {
        let out = try markdown("""
            <h2><a href="https://h.example/">Head</a></h2><ul><li><a href="https://l.example/">item</a></li></ul>
            <table><tr><th>h</th></tr><tr><td><a href="https://t.example/">cell</a></td></tr></table>
            """, ["linkStyle": "citations"])
        #expect(out.contains("## Head [1]"))
        #expect(out.contains("- item [2]"))
        #expect(out.contains("| cell [3] |"))
        #expect(out.hasSuffix("[1]: https://h.example/\n[2]: https://l.example/\n[3]: https://t.example/\n"))
    }

    @Test func imagesKeepAltDropOrEnd() throws {
        let html = "<p>Before <img src='a.png' alt='A chart' title='T'> after <img src='b.png' alt=''> and <img src='a.png' alt='again'>.</p>"
        #expect(try markdown(html, [:]) == "Before ![A chart](a.png \"T\") after ![](b.png) and ![again](a.png).\n")
        // The spaces around an image that writes nothing stay, as with `--transform drop-images`.
        #expect(try markdown(html, ["images": "alt"]) == "Before A chart after  and again.\n")
        #expect(try markdown(html, ["images": "drop"]) == "Before  after  and .\n")
        #expect(try markdown(html, ["images": "end"]) == """
            Before A chart after  and again.

            ![A chart](a.png "T")
            ![](b.png)

            """)
    }

    @Test func anImageInsideACitedLink() throws {
        let out = try markdown("<p><a href='https://a.example/'><img src='i.png' alt='Logo'></a></p>",
                               ["linkStyle": "citations", "images": "alt"])
        #expect(out == "Logo [1]\n\n[1]: https://a.example/\n")
    }

    @Test func unsafeURLsNeverReachTheSourceList() throws {
        for vector in ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:x", "data:text/html,<script>alert(1)</script>", "&#106;avascript:alert(1)"] {
            let out = try markdown("<p><a href=\"\(vector)\">x</a></p>", ["linkStyle": "citations"])
            #expect(!out.lowercased().contains("script:"), "\(vector): \(out)")
            #expect(!out.contains("[1]"), "\(vector): \(out)")
        }
    }

    @Test func badValuesAreTypedErrors() {
        #expect(throws: TransmarkError.self) { try markdown("<p>x</p>", ["linkStyle": "footnotes"]) }
        #expect(throws: TransmarkError.self) { try markdown("<p>x</p>", ["images": "blur"]) }
    }
}
