import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// The Markdown writer's options that answer python-markdownify's (`heading_style=ATX_CLOSED`,
/// `code_language`, `autolinks`, `default_title`, `escape_asterisks`/`escape_underscores`), each
/// read back by the Markdown reader to the structure it was written for.
@Suite struct MarkdownifyOptionsTests {
    func markdown(_ html: String, _ options: [String]) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let parsed = try MarkdownBackend.Options(parsing: options)
        return String(decoding: try MarkdownBackend().render(document, options: parsed), as: UTF8.self)
    }

    func html(_ markdown: String) throws -> String {
        let tree = try MarkdownFrontend().parse(Array(markdown.utf8), options: .init())
        return String(decoding: try HTMLBackend().render(tree, options: .init()), as: UTF8.self)
    }

    @Test func closedATXHeadings() throws {
        let out = try markdown("<h1>Hello</h1><h2>A <em>b</em> C#</h2><h3></h3><h3>x ##</h3><h1>two<br>lines</h1>",
                               ["headingStyle=atxClosed"])
        #expect(out == "# Hello #\n\n## A *b* C# ##\n\n### ###\n\n### x #\\# ###\n\ntwo  \nlines\n===========\n")
        #expect(try html(out) == "<h1>Hello</h1>\n<h2>A <em>b</em> C#</h2>\n<h3></h3>\n<h3>x ##</h3>\n<h1>two<br />\nlines</h1>\n")
        // With pandoc's attributes, the closing sequence comes first, as pandoc's manual has it.
        #expect(try markdown("<h2 id=\"x\">Two</h2>", ["profile=pandoc", "headingStyle=atxClosed"]) == "## Two ## {#x}\n")
    }

    @Test func aHashAfterALetterEndsNoHeading() throws {
        // Only a run of `#` after a space closes an ATX heading: `C#` needs no escape.
        let out = try markdown("<h2>C#</h2><h2>C #</h2><h2>C ##</h2>", [])
        #expect(out == "## C#\n\n## C \\#\n\n## C #\\#\n")
        #expect(try html(out) == "<h2>C#</h2>\n<h2>C #</h2>\n<h2>C ##</h2>\n")
        // pandoc reads any run of `#` at the end as the closing sequence (`## C#` is "C").
        #expect(try markdown("<h2>C#</h2>", ["profile=pandoc"]) == "## C\\#\n")
    }

    @Test func defaultCodeLanguage() throws {
        let source = "<pre>plain</pre><pre><code class=\"language-js\">named</code></pre>"
        #expect(try markdown(source, ["defaultCodeLanguage=python"]) == "```python\nplain\n```\n\n```js\nnamed\n```\n")
        // Indented code blocks have no info string: they stay indented, without it.
        #expect(try markdown("<p>a</p><pre>plain</pre>", ["defaultCodeLanguage=python", "codeBlockStyle=indented"])
                == "a\n\n    plain\n")
        #expect(throws: (any Error).self) { try MarkdownBackend.Options(parsing: ["defaultCodeLanguage=two words"]) }
    }

    @Test func autolinksCanBeTurnedOff() throws {
        let source = "<p><a href=\"https://a.org/x_y\">https://a.org/x_y</a></p>"
        #expect(try markdown(source, []) == "<https://a.org/x_y>\n")
        let out = try markdown(source, ["autolinks=false"])
        // No escape inside the link's text: cmark-gfm makes no autolink there.
        #expect(out == "[https://a.org/x_y](https://a.org/x_y)\n")
        #expect(try html(out) == "<p><a href=\"https://a.org/x_y\">https://a.org/x_y</a></p>\n")
        // turndown writes none.
        #expect(try markdown(source, ["profile=turndown"]) == "[https://a.org/x\\_y](https://a.org/x_y)\n")
    }

    @Test func urlsInLinkTextAreNotEscaped() throws {
        let out = try markdown("<p><a href=\"http://x.org\">see http://x.org and www.y.org</a> http://z.org www.w.org</p>", [])
        #expect(out == "[see http://x.org and www.y.org](http://x.org) http\\://z.org www\\.w.org\n")
        #expect(try html(out) == "<p><a href=\"http://x.org\">see http://x.org and www.y.org</a> http://z.org www.w.org</p>\n")
    }

    @Test func linkTitleFromDestination() throws {
        let out = try markdown("<p><a href=\"https://g.com\">https://g.com</a> <a href=\"u\" title=\"T\">t</a> <a href=\"v\">v</a></p>",
                               ["linkTitleFromDestination=true"])
        #expect(out == "[https://g.com](https://g.com \"https://g.com\") [t](u \"T\") [v](v \"v\")\n")
    }

    @Test func noEscapingWritesMarkdownInTextAsMarkdown() throws {
        let source = "<p>*hey*dude_x_ and **bold** [a](b)</p><table><tr><th>a|b</th></tr></table><h2>C #</h2>"
        let out = try markdown(source, ["escaping=none"])
        // What the structure needs stays escaped: `|` in a cell, a closing `#`.
        #expect(out == "*hey*dude_x_ and **bold** [a](b)\n\n| a\\|b |\n| ---- |\n\n## C \\#\n")
        #expect(try html(out).hasPrefix("<p><em>hey</em>dude_x_ and <strong>bold</strong> <a href=\"b\">a</a></p>"))
        #expect(try markdown("<p>*hey*dude*</p>", []) == "\\*hey\\*dude\\*\n")
    }

    /// `escaping=none` passes Markdown through, but text never becomes raw HTML (`<` stays
    /// escaped unless `unsafe`), and a link's text keeps its brackets and backslashes as text.
    @Test func noEscapingKeepsHTMLAndLinksAsText() throws {
        let source = "<p>&lt;img src=x onerror=alert(1)&gt; <a href=\"u\">a]b\\</a> *x*</p>"
        let out = try markdown(source, ["escaping=none"])
        #expect(out == #"\<img src=x onerror=alert(1)> [a\]b\\](u) *x*"# + "\n")
        #expect(try html(out) == "<p>&lt;img src=x onerror=alert(1)&gt; <a href=\"u\">a]b\\</a> <em>x</em></p>\n")
        #expect(try markdown(source, ["escaping=none", "unsafe=true"]).hasPrefix("<img src=x onerror=alert(1)>"))
    }
}

/// `profile=markdownify`: python-markdownify 1.x's defaults as options.
@Suite struct MarkdownifyProfileTests {
    @Test func writesWhatMarkdownifyWrites() throws {
        let html = "<h1>Title</h1><h3>Three</h3><ul><li>a<ul><li>b</li></ul></li></ul>"
            + "<p>H<sub>2</sub>O, x<sup>2</sup>, <u>u</u> <mark>m</mark>, <a href=\"#top\"></a>end <a href=\"https://x.org\">https://x.org</a></p>"
            + "<dl><dt>term</dt><dd>definition</dd></dl>"
            + "<table><tr><td>a</td><td>b<ul><li>c</li><li>d</li></ul></td></tr></table>"
        let out = try MarkdownifyOptionsTests().markdown(html, ["profile=markdownify"])
        #expect(out == """
            Title
            =====

            ### Three

            * a
              + b

            H2O, x2, u m, end <https://x.org>

            term
            :   definition

            |     |           |
            | --- | --------- |
            | a   | b - c - d |

            """)
    }

    /// Images inside headings and table cells as their alt text (markdownify's default), other
    /// images kept.
    @Test func imagesInHeadingsAndCellsAsAltText() throws {
        let html = #"<h3>A <img src="/i.jpg" alt="Alt"/> B</h3><table><tr><th>k</th></tr><tr><td><img src="x.png" alt="X *y*"> "#
            + #"<a href="u"><img src="z.png" alt="Z"></a></td></tr></table><p><img src="p.png" alt="P"></p>"#
        #expect(try MarkdownifyOptionsTests().markdown(html, ["profile=markdownify"]) == #"""
            ### A Alt B

            | k              |
            | -------------- |
            | X \*y\* [Z](u) |

            ![P](p.png)

            """#)
        #expect(try MarkdownifyOptionsTests().markdown(#"<h3>A <img src="/i.jpg" alt="Alt"/></h3>"#, []) == "### A ![Alt](/i.jpg)\n")
        // The alt text is escaped as the heading's text: `www.` would be an autolink there.
        #expect(try MarkdownifyOptionsTests().markdown(#"<h2><img alt="www.example.com" src="x.png"></h2>"#,
                                                        ["imagesInHeadingsAndCells=altText"]) == #"## www\.example.com"# + "\n")
    }

    /// Several bullet markers are used in turn by nesting level, as markdownify's `bullets`.
    @Test func bulletMarkersInTurnByLevel() throws {
        let html = "<ul><li>a<ul><li>b<ol><li>c<ul><li>d<ul><li>e</li></ul></li></ul></li></ol></li></ul></li></ul>"
        let out = try MarkdownifyOptionsTests().markdown(html, ["bulletListMarker=*+-"])
        #expect(out == "* a\n  + b\n    1. c\n       - d\n         * e\n")
        #expect(throws: (any Error).self) { try MarkdownBackend.Options(parsing: ["bulletListMarker=*x"]) }
    }

    /// In a cell of a pipe table a list's lines are joined: its markers must stay text there,
    /// whatever `bulletListMarker` says (`* c * d` would read as emphasis).
    @Test func joinedListsInCellsKeepTheirMarkersAsText() throws {
        let html = "<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>x<ul><li>c</li><li>d</li></ul><ul><li>e</li></ul></td></tr></table>"
        let out = try MarkdownifyOptionsTests().markdown(html, ["complexTable=pipe", "bulletListMarker=*"])
        #expect(out.contains("| x - c - d + e |"), "\(out)")
        #expect(try !MarkdownifyOptionsTests().html(out).contains("<em>"))
    }
}
