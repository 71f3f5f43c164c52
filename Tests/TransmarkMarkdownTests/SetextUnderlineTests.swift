import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// A setext heading is underlined as long as its text, wherever it stands: after other blocks
/// (the blank line before it is not counted) and inside quotes and list items (nor is the
/// container's prefix).
@Suite struct SetextUnderlineTests {
    func markdown(_ html: String, _ options: [String] = ["headingStyle=setext"]) throws -> String {
        try MarkdownBackend().renderString(try HTMLFrontend().parse(html), options: MarkdownBackend.Options(parsing: options))
    }

    @Test func underlinesFitTheText() throws {
        #expect(try markdown("X<h1>First</h1><p>abc</p><h2>Hello world</h2>")
                == "X\n\nFirst\n=====\n\nabc\n\nHello world\n-----------\n")
        #expect(try markdown("<blockquote><p>q</p><h2>Quoted</h2></blockquote>") == "> q\n>\n> Quoted\n> ------\n")
        #expect(try markdown("<ul><li><p>i</p><h2>In item</h2></li></ul>") == "- i\n\n  In item\n  -------\n")
        // turndown's blank lines keep the prefix's trailing space: still not counted.
        #expect(try markdown("<blockquote><p>p</p><h1>Quoted heading</h1></blockquote>", ["profile=turndown"])
                == "> p\n> \n> Quoted heading\n> ==============\n")
        // turndown counts UTF-16 units of the text, also after other blocks.
        #expect(try markdown("<p>a</p><h1>Héllo</h1>", ["profile=turndown"]) == "a\n\nHéllo\n=====\n")
    }
}

extension SetextUnderlineTests {
    /// An empty footnote definition before a heading of level 0 (a tree no reader makes; found by
    /// the backends fuzz target, crash-ec6b98d6) left the heading's recorded start past the end of
    /// the output. The underline is measured from a start inside the output, and the heading's text
    /// is kept.
    @Test func aHeadingAfterAnEmptyFootnoteDefinitionIsWritten() throws {
        var builder = DocumentBuilder()
        builder.open(.footnoteDefinition(label: "e"))
        builder.close()
        builder.open(.heading(level: 0))
        builder.text("e")
        builder.close()
        let written = try MarkdownBackend().renderString(builder.finish(), options: .init())
        #expect(written.contains("e\n"), "\(written)")
    }
}
