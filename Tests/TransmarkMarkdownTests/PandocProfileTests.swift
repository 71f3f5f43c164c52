import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// Rules of the `pandoc` profile that pandoc's Markdown reader needs and CommonMark does not.
/// (PandocRoundTripTests has pandoc read whole fixtures back.)
@Suite struct PandocProfileTests {
    func pandocMarkdown(_ html: String) throws -> String {
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let bytes = try MarkdownBackend().render(document, options: .init(profile: .pandoc))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func adjacentEmphasisOfAnotherKindKeepsStars() throws {
        #expect(try pandocMarkdown("<b>s</b><i>e</i>") == "**s***e*\n")
        #expect(try pandocMarkdown("<i>e</i><b>s</b>") == "*e***s**\n")
    }

    @Test func underlineAndHighlightAreBracketedSpans() throws {
        // What pandoc itself writes for `<u>`, `<ins>` and `<mark>`, and reads back as them.
        #expect(try pandocMarkdown("<u>u</u> <ins>i</ins> <mark>m</mark>") == "[u]{.underline} [i]{.underline} [m]{.mark}\n")
        #expect(try pandocMarkdown("a<u><b>x</b></u>c") == "a[**x**]{.underline}c\n")
        // Other profiles keep their forms: `symbol` is `++x++` and `==x==` outside pandoc's dialect.
        let document = try HTMLFrontend().parse(Array("<u>u</u> <mark>m</mark>".utf8))
        var options = MarkdownBackend.Options()
        options.underline = .symbol
        options.highlight = .symbol
        #expect(String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self) == "++u++ ==m==\n")
    }

    @Test func imagesCarryTheirAttributes() throws {
        #expect(try pandocMarkdown(#"<img id="f" class="a b" src="x.png" alt="X" width="30" data-k="v">"#)
                == #"![X](x.png){#f .a .b data-k="v" width="30"}"# + "\n")
        // Event handlers are never written; an image with nothing else has no braces.
        #expect(try pandocMarkdown(#"<img src="x.png" alt="X" onclick="steal()">"#) == "![X](x.png)\n")
    }

    /// A `<section>` is a division of class `section` to pandoc, which writes it back as
    /// `<section>`. `data-` keys keep their prefix: without it `data-onclick` would be an event
    /// handler pandoc writes as one.
    @Test func sectionsAndDataKeysAsPandocReadsThem() throws {
        let html = #"<section id="chapter-1" class="level1" data-number="1"><h1 data-number="1">Chapter 1</h1><p>x</p></section>"#
            + #"<section class="c"><p>y</p></section><div data-id="3" data-a-b="q"><p>w</p></div>"#
        let out = try pandocMarkdown(html)
        #expect(out.hasPrefix("::: {#chapter-1 .section .level1 data-number=\"1\"}\n# Chapter 1 {data-number=\"1\"}\n"), "\(out)")
        #expect(out.contains("::: {.section .c}\n"), "\(out)")
        #expect(out.contains(#"::: {data-id="3" data-a-b="q"}"#), "\(out)")
        #expect(try pandocMarkdown(#"<div data-onclick="alert(1)" data-title="t"><p>x</p></div>"#)
                == "::: {data-onclick=\"alert(1)\" data-title=\"t\"}\nx\n\n:::\n")
        guard PandocRoundTripTests.pandoc != nil else {
            print("dataKeysAndSectionsAsPandocWritesThem: pandoc not on the PATH, read-back skipped (apt-get install pandoc)")
            return
        }
        let back = try PandocRoundTripTests.run(["-f", "markdown", "-t", "html"], input: Array(out.utf8))
        #expect(back.contains(#"<section id="chapter-1" class="level1" data-number="1">"#), "\(back)")
        #expect(back.contains(#"<h1 data-number="1">Chapter 1</h1>"#), "\(back)")
        #expect(back.contains(#"<section class="c">"#) && back.contains(#"<div data-id="3" data-a-b="q">"#), "\(back)")
    }

    @Test func attributeNamesPandocWouldRejectAreQuotedOrLeftOut() throws {
        // One name off pandoc's rule (a letter, then letters, digits, `-_:.`) makes pandoc read
        // the whole `{…}` as text, and raw HTML in it would be live.
        #expect(try pandocMarkdown(#"<p><a name="<svg/onload=alert(1)>">x</a></p>"#) == #"[x]{id="&lt;svg/onload=alert(1)>"}"# + "\n")
        #expect(try pandocMarkdown(#"<p><a name="_Toc123">Intro</a></p>"#) == #"[Intro]{id="_Toc123"}"# + "\n")
        #expect(try pandocMarkdown(#"<img src="a.png" alt="i" id="1st" class="w-1/2 ok">"#) == #"![i](a.png){id="1st" .ok class="w-1/2"}"# + "\n")
        // Values: references for `<` and `&`, backslashes for `"`, `\` and `|` (a table cell).
        #expect(try pandocMarkdown(#"<span title="a|b &amp; &quot;c&quot; <i>">s</span>"#) == #"[s]{title="a\|b &amp; \"c\" &lt;i>"}"# + "\n")
        // Outside pandoc's dialect an image's size alone is written.
        let document = try HTMLFrontend().parse(Array(#"<img src="a.png" alt="p" id="i" data-x="<b>" width="5">"#.utf8))
        var options = MarkdownBackend.Options()
        options.imageSize = .symbol
        #expect(String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self) == #"![p](a.png){width="5"}"# + "\n")
    }

    @Test func adjacentEmphasisOfTheSameKindIsHTML() throws {
        // pandoc reads neither `*e**c*` nor `*e*_c_` as two emphases.
        #expect(try pandocMarkdown("<i>e</i><i>c</i>") == "*e*<em>c</em>\n")
        #expect(try pandocMarkdown("<b>s</b><b>t</b>") == "**s**<strong>t</strong>\n")
        // CommonMark reads `_` there: the gfm profile keeps switching characters.
        let gfm = try MarkdownBackend().render(try HTMLFrontend().parse(Array("<i>e</i><i>c</i>".utf8)), options: .init())
        #expect(String(decoding: gfm, as: UTF8.self) == "*e*_c_\n")
    }

    @Test func longerStarRunsAreNeverJoined() throws {
        // Each is read back by pandoc as written (checked with pandoc 2.17).
        #expect(try pandocMarkdown("<p><em><strong>a</strong></em><strong>b</strong></p>") == "***a***<strong>b</strong>\n")
        #expect(try pandocMarkdown("<p><em>a<strong>b</strong></em><em>c</em></p>") == "*a**b***<em>c</em>\n")
        #expect(try pandocMarkdown("<p><strong>x</strong><em><strong>b</strong></em></p>") == "**x**<em>**b**</em>\n")
    }

    @Test func fancyListsPandocWouldMisreadAreDecimal() throws {
        // `i.` reads as a Roman numeral, `v.` as a letter; letters cannot start at 0.
        #expect(try pandocMarkdown(#"<ol type="a" start="9"><li>x</li><li>y</li></ol>"#) == "9.  x\n10.  y\n")
        #expect(try pandocMarkdown(#"<ol type="i" start="5"><li>x</li></ol>"#) == "5.  x\n")
        #expect(try pandocMarkdown(#"<ol type="a" start="0"><li>x</li><li>y</li></ol>"#) == "0.  x\n1.  y\n")
        #expect(try pandocMarkdown(#"<ol type="a" start="8"><li>h</li><li>i</li></ol>"#) == "h.  h\ni.  i\n")
        #expect(try pandocMarkdown(#"<ol type="I"><li>one</li></ol>"#) == "I.  one\n")
    }

    @Test func aListAfterAQuotedListNeedsNoComment() throws {
        #expect(try pandocMarkdown("<blockquote><ul><li>a</li></ul></blockquote><ul><li>b</li></ul>") == "> -   a\n\n-   b\n")
    }

    @Test func adjacentBulletListsAreSeparatedByAComment() throws {
        #expect(try pandocMarkdown("<ul><li>a</li></ul><ul><li>b</li></ul>") == "-   a\n\n<!-- -->\n\n-   b\n")
        // Ordered lists too, as pandoc writes them (a switch of delimiters would do as well).
        #expect(try pandocMarkdown("<ol><li>a</li></ol><ol><li>b</li></ol>") == "1.  a\n\n<!-- -->\n\n1.  b\n")
    }

    @Test func pipeTableColumnsWithoutAlignmentAreLeftAligned() throws {
        // pandoc reads the simple tables it writes for them as left-aligned.
        let md = try pandocMarkdown(#"<table><tr><th>a</th><th align="right">b</th><th align="center">c</th></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>"#)
        #expect(md.split(separator: "\n")[1] == "| :-- | --: | :-: |")
    }

    @Test func blocksAfterAParagraphInATightItemFollowABlankLine() throws {
        let md = try pandocMarkdown("<ul><li>Run:<pre><code>make</code></pre></li><li>x<ul><li>nested</li></ul></li></ul>")
        #expect(md == "-   Run:\n\n    ```\n    make\n    ```\n-   x\n    -   nested\n")
    }

    @Test func aBreakInAHeadingIsASpace() throws {
        // pandoc's headings hold no break; raw `<br>` would vanish from pandoc's other outputs.
        #expect(try pandocMarkdown("<h2>hi<br>there</h2><h3>a <br>b</h3>") == "## hi there\n\n### a b\n")
        // In GFM a heading with a break becomes a setext heading with the break kept.
        let gfm = try MarkdownBackend().renderString(try HTMLFrontend().parse("<h2>hi<br>there</h2>"))
        #expect(gfm == "hi  \nthere\n----------\n")
    }

    @Test func listItemAttributesAreASpanOrADiv() throws {
        // As pandoc writes an `<li id>`: a bracketed span around inline content, a fenced div
        // around blocks. A break inside keeps one span (one id).
        #expect(try pandocMarkdown("<ul><li>foo</li><li id=\"id\">bar</li></ul>") == "-   foo\n-   [bar]{#id}\n")
        #expect(try pandocMarkdown("<ul><li id=\"q\" class=\"c\">a<br>b</li></ul>") == "-   [a\\\n    b]{#q .c}\n")
        #expect(try pandocMarkdown("<ul><li><p>foo</p></li><li id=\"id\"><p>bar</p></li></ul>")
                == "-   foo\n\n-   ::: {#id}\n    bar\n    :::\n")
        // Without attributes, or outside pandoc's dialect, items are as before.
        let gfm = try MarkdownBackend().renderString(try HTMLFrontend().parse("<ul><li id=\"id\">bar</li></ul>"))
        #expect(gfm == "- bar\n")
    }
}
