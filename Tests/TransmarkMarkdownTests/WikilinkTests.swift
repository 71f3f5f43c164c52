import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `wikilinks`: links marked `class="wikilink"` (pandoc's mark for them in HTML) written as
/// `[[target|text]]` or `[[text|target]]`, byte for byte as pandoc's writer with its
/// `wikilinks_title_after_pipe` / `wikilinks_title_before_pipe` extensions (pandoc's own test
/// `wikilinks_title_after_pipe.md`).
@Suite struct WikilinkTests {
    static let html = """
        <p><a href="https://example.org" class="wikilink">https://example.org</a></p>
        <p><a href="https://example.org" class="wikilink">title</a></p>
        <p><a href="Home" class="wikilink">Home</a></p>
        <p><a href="Name of page" class="wikilink">Title</a></p>
        """

    func markdown(_ html: String, _ options: [String]) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        return String(decoding: try MarkdownBackend().render(document, options: try MarkdownBackend.Options(parsing: options)),
                      as: UTF8.self)
    }

    @Test func titleAfterPipe() throws {
        #expect(try markdown(Self.html, ["wikilinks=titleAfterPipe"]) == """
            [[https://example.org]]

            [[https://example.org|title]]

            [[Home]]

            [[Name%20of%20page|Title]]

            """)
    }

    @Test func titleBeforePipe() throws {
        #expect(try markdown(Self.html, ["wikilinks=titleBeforePipe"]) == """
            [[https://example.org]]

            [[title|https://example.org]]

            [[Home]]

            [[Title|Name%20of%20page]]

            """)
    }

    @Test func otherLinksAndOffByDefault() throws {
        // Unmarked links, and marked ones whose text the syntax cannot hold, stay links; the
        // text of a wikilink is plain text, as pandoc writes it.
        let html = "<p><a href=\"x\" class=\"a wikilink b\">a <em>b</em></a> <a href=\"y\">y</a> <a href=\"z\" class=\"wikilink\">a|b</a></p>"
        #expect(try markdown(html, ["wikilinks=titleAfterPipe"]) == "[[x|a b]] [y](y) [a|b](z)\n")
        #expect(try markdown(Self.html, []).hasPrefix("<https://example.org>\n\n[title](https://example.org)"))
    }

    /// Text a reader without wikilinks would read as markup, or that would end the wikilink,
    /// makes it a link, escaped; in a table cell the pipe is `\|`, which GFM reads as the pipe.
    @Test func unsafeTextAndTableCells() throws {
        let html = "<p><a class=\"wikilink\" href=\"P\">&lt;img src=x onerror=alert(1)&gt;</a> <a class=\"wikilink\" href=\"P\">x]</a></p>"
            + "<table><tr><th>k</th></tr><tr><td><a class=\"wikilink\" href=\"P\">x</a></td></tr></table>"
        let out = try markdown(html, ["wikilinks=titleAfterPipe"])
        #expect(out.hasPrefix(#"[\<img src=x onerror=alert(1)>](P) [x\]](P)"# + "\n"), "\(out)")
        #expect(out.contains(#"| [[P\|x]] |"#), "\(out)")
    }
}
