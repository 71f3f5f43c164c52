import Testing
import TransmarkCore
@testable import TransmarkHTML

/// Attributes travel from the tokenizer's buffers into the document as bytes: what is kept,
/// what is consumed into kinds and styles, and what reopened formatting elements carry.
@Suite("HTML attributes in the tree")
struct HTMLAttributeTests {
    @Test("A reopened formatting element keeps its attributes")
    func reopenedFormatting() throws {
        let tree = try HTMLFrontendInputs.tree(#"<p><b class="x" data-k="v">bold<p>more</b>"#)
        #expect(tree == """
            document
              paragraph
                strong [class="x" data-k="v"]
                  text "bold"
              paragraph
                strong [class="x" data-k="v"]
                  text "more"

            """)
    }

    /// Real pages write `href=" //www.reuters.com/…"` and `href="\n  /a\n"`: a browser strips
    /// the spaces and controls around a URL and the tabs and line ends inside it. They were kept
    /// and percent-encoded (`%20//www.reuters.com/…`, a path relative to the page).
    @Test("A link's href loses the white space a browser ignores; spaces inside are encoded")
    func hrefWhiteSpace() throws {
        let tree = try HTMLFrontendInputs.tree(
            "<p><a href=\" //x.example/a \">a</a><a href=\"\n  /p\nat\th\r\n\">b</a><a href=\"\u{1}c d\u{0C}\">c</a><a href=\" \">d</a></p>")
        #expect(tree == """
            document
              paragraph
                link destination="//x.example/a"
                  text "a"
                link destination="/path"
                  text "b"
                link destination="c%20d"
                  text "c"
                link destination=""
                  text "d"

            """)
    }

    @Test("Alt text over several lines keeps one soft break per line end, as Markdown alt text does")
    func altTextLineEnds() throws {
        let tree = try HTMLFrontendInputs.tree("<p><img src=a.png alt=\"img with\n\n   alt\"><img src=b.png alt=\"\n a \r\n b  c\n\"><img src=c.png alt=\"one \t two\"></p>")
        #expect(tree == """
            document
              paragraph
                image source="a.png"
                  text "img with"
                  softBreak
                  text "alt"
                image source="b.png"
                  text "a"
                  softBreak
                  text "b c"
                image source="c.png"
                  text "one two"

            """)
    }

    @Test("An anchor keeps its name as its id, with or without a link")
    func namedAnchor() throws {
        let tree = try HTMLFrontendInputs.tree(#"<p><a name="sec1">S</a><a name="x" id="y">b</a><a href="/u" name="n">l</a></p>"#)
        #expect(tree == """
            document
              paragraph
                span [id="sec1"]
                  text "S"
                span [name="x" id="y"]
                  text "b"
                link destination="/u" [id="n"]
                  text "l"

            """)
        // An empty name names nothing: it is no id.
        #expect(try HTMLFrontendInputs.tree(#"<p><a name="">E</a></p>"#).contains(#"span [name=""]"#))
    }

    @Test("A bidi override keeps its direction as a span's dir")
    func bidiOverride() throws {
        let tree = try HTMLFrontendInputs.tree(#"<p><bdo dir="rtl">foo</bdo> <bdi>x</bdi></p>"#)
        #expect(tree == """
            document
              paragraph
                span [dir="rtl"]
                  text "foo"
                text " x"

            """, "\(tree)")
    }

    @Test("Noah's Ark compares attributes by content")
    func noahsArk() throws {
        // Four identical <b class=x> are open; only three are reopened in the next paragraph. A
        // fourth with another class is a different entry and is reopened too.
        let same = try HTMLFrontendInputs.parse(#"<p><b class=x><b class=x><b class=x><b class=x>a<p>b"#)
        let other = try HTMLFrontendInputs.parse(#"<p><b class=x><b class=x><b class=x><b class=y>a<p>b"#)
        func strongDepth(_ paragraph: Node) -> Int {
            var depth = 0
            var node = paragraph
            while let child = node.children.first(where: { _ in true }), child.kind == .strong {
                depth += 1
                node = child
            }
            return depth
        }
        let sameParagraphs = Array(same.root.children)
        let otherParagraphs = Array(other.root.children)
        #expect(strongDepth(sameParagraphs[0]) == 4)
        #expect(strongDepth(sameParagraphs[1]) == 3)
        #expect(strongDepth(otherParagraphs[1]) == 4)
    }

    @Test("Attributes consumed into kinds and styles are not kept; the others keep their order")
    func consumedAndKept() throws {
        let tree = try HTMLFrontendInputs.tree(
            #"<pre class="language-swift extra" id=p>code</pre><pre class="lang-c">c</pre>"#
                + #"<a href=u title=t class=c>l</a><img src=i.png alt=A width=3 data-z=1>"#
                + #"<table><tr><td colspan=2 align=right class=c style="color:red">z</td></tr></table>"#)
        #expect(tree == """
            document
              codeBlock info="swift" [class="extra" id="p"] "code"
              codeBlock info="c" "c"
              link destination="u" title="t" [class="c"]
                text "l"
              image source="i.png" width=3 [data-z="1"]
                text "A"
              table alignments=right,right
                tableRow
                  tableCell align=right colspan=2 [class="c"] {color: #ff0000}
                    text "z"

            """)
    }

    @Test("Attribute values with references, quotes and non-ASCII text arrive decoded")
    func decodedValues() throws {
        let document = try HTMLFrontendInputs.parse(#"<span title="a&amp;b &quot;q&quot; é" data-e='日本' lang=en>x</span>"#)
        let span = try #require(document.root.children.first { _ in true })
        #expect(span.attributes == [Attribute("title", #"a&b "q" é"#), Attribute("data-e", "日本"), Attribute("lang", "en")])
    }
}
