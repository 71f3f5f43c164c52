import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// A link that shows nothing (`<a href="x"></a>`: an icon link whose icon was CSS or SVG, a
/// heading's anchor link) is written `[](x)` by default, as turndown and pandoc write it and as
/// Markdown input had it; `dropEmptyLinks` leaves it out, as markdownify does, whitespace in it
/// kept as a space.
@Suite struct EmptyLinkTests {
    func markdown(_ html: String, _ options: [String] = []) throws -> String {
        try MarkdownBackend().renderString(try HTMLFrontend().parse(html),
                                           options: MarkdownBackend.Options(parsing: ["dropEmptyLinks=true"] + options))
    }

    @Test func linksThatShowNothingAreLeftOut() throws {
        #expect(try markdown(#"foo <a href="http://example.com"></a> bar"#) == "foo bar\n")
        #expect(try markdown(#"foo<a href="x"> </a>bar"#) == "foo bar\n")
        #expect(try markdown(#"a <a href="/x"><span></span><b> </b></a> b"#) == "a b\n")
        // No whitespace inside, none added.
        #expect(try markdown(#"foo<a href="x"><i></i></a>bar"#) == "foobar\n")
        // Past 16 nodes a link counts as showing something (the look stays short): kept.
        let deep = String(repeating: "<span>", count: 20) + String(repeating: "</span>", count: 20)
        #expect(try markdown(#"a <a href="/x">"# + deep + "</a> b") == "a [](/x)b\n")
        #expect(try markdown(##"<h2><a href="#install" class="anchor"><svg><path d="M0"/></svg></a>Install</h2>"##) == "## Install\n")
    }

    @Test func linksWithContentStay() throws {
        #expect(try markdown(#"<a href="x"><img src="i.png" alt="icon"></a> ok"#) == "[![icon](i.png)](x) ok\n")
        #expect(try markdown(#"a <a href="/x"><b>x</b></a> b"#) == "a [**x**](/x) b\n")
        #expect(try markdown(#"<a href="/c"><code>f()</code></a>"#) == "[`f()`](/c)\n")
    }

    @Test func keptByDefault() throws {
        #expect(try markdown(#"foo <a href="/x"></a> bar"#, ["dropEmptyLinks=false"]) == "foo [](/x)bar\n")
        #expect(!MarkdownBackend.Options().dropEmptyLinks)
        // Markdown to Markdown keeps a link the author wrote empty.
        let markdownInput = try MarkdownFrontend().parse("see [](./target.md)")
        #expect(try MarkdownBackend().renderString(markdownInput) == "see [](./target.md)\n")
    }

    @Test func textAfterAnAutolinkStillWraps() throws {
        // An autolink (and an image written as HTML) once left the writer believing it was
        // inside a link for the rest of the document, so nothing after it was wrapped.
        let html = #"<p><a href="http://a.com">http://a.com</a> then a long text that wraps at twenty columns</p>"#
        let wrapped = try markdown(html, ["lineWidth=20"])
        #expect(wrapped.split(separator: "\n").allSatisfy { (line: Substring) in line.count <= 20 }, "\(wrapped)")
        let sized = #"<p><img src="a.png" alt="a" width="10"> then a long text that wraps at twenty columns</p>"#
        let wrappedAfterImage = try markdown(sized, ["lineWidth=20", "imageSize=html"])
        #expect(wrappedAfterImage.split(separator: "\n").dropFirst().allSatisfy { (line: Substring) in line.count <= 20 }, "\(wrappedAfterImage)")
    }
}
