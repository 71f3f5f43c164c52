import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// The Markdown writer on trees like the HTML frontend builds (inline content directly in
/// containers, whitespace inside emphasis, …), checked as text and by reading the output back.
@Suite struct MarkdownWriterTests {
    func markdown(_ build: (inout DocumentBuilder) -> Void, _ options: MarkdownBackend.Options = .init()) throws -> String {
        var b = DocumentBuilder()
        build(&b)
        return try MarkdownBackend().renderString(b.finish(), options: options)
    }

    func html(_ markdown: String) throws -> String {
        try HTMLBackend().renderString(try MarkdownFrontend().parse(markdown))
    }

    @Test func whitespaceMovesOutsideEmphasis() throws {
        let md = try markdown { b in
            b.open(.paragraph)
            b.text("a")
            b.open(.emphasis); b.text(" b "); b.close()
            b.text("c")
            b.close()
        }
        #expect(md == "a *b* c\n")
    }

    @Test func nbspMovesOutsideEmphasisToo() throws {
        let md = try markdown { b in
            b.open(.paragraph)
            b.text("x")
            b.open(.strong); b.text("\u{A0}bold\u{A0}"); b.close()
            b.text("y")
            b.close()
        }
        #expect(try html(md) == "<p>x\u{A0}<strong>bold</strong>\u{A0}y</p>\n")
    }

    @Test func whitespaceOnlyEmphasisBecomesASpace() throws {
        let md = try markdown { b in
            b.open(.paragraph)
            b.text("a")
            b.open(.emphasis); b.text(" "); b.close()
            b.text("b")
            b.close()
        }
        #expect(md == "a b\n")
    }

    @Test func intrawordEmphasisUsesAsterisks() throws {
        var options = MarkdownBackend.Options()
        options.emphasisDelimiter = "_"
        let md = try markdown({ b in
            b.open(.paragraph)
            b.text("un")
            b.open(.emphasis); b.text("believ"); b.close()
            b.text("able and ")
            b.open(.emphasis); b.text("word"); b.close()
            b.close()
        }, options)
        #expect(md == "un*believ*able and _word_\n")
        #expect(try html(md) == "<p>un<em>believ</em>able and <em>word</em></p>\n")
    }

    @Test func hardBreakInsideEmphasisClosesAndReopens() throws {
        let md = try markdown { b in
            b.open(.paragraph)
            b.open(.strong); b.text("one"); b.leaf(.lineBreak); b.text("two"); b.close()
            b.close()
        }
        #expect(md == "**one**  \n**two**\n")
    }

    @Test func textThatLooksLikeSyntaxIsEscapedExactly() throws {
        let samples: [(String, String)] = [
            ("# not a heading", "\\# not a heading"),
            ("1. not a list", "1\\. not a list"),
            ("- not a list", "\\- not a list"),
            ("> not a quote", "\\> not a quote"),
            ("a * b", "a * b"),
            ("snake_case_name", "snake_case_name"),
            ("*stars*", "\\*stars\\*"),
            ("_under_", "\\_under\\_"),
            ("[brackets]", "\\[brackets\\]"),
            ("a <b> tag", "a \\<b> tag"),
            ("5 < 6 & 7 > 3", "5 < 6 & 7 > 3"),
            ("&amp; entity", "\\&amp; entity"),
            ("back\\slash", "back\\slash"),
            ("end\\", "end\\\\"),
            ("`tick`", "\\`tick\\`"),
            ("1) paren", "1\\) paren"),
            ("2024. A year", "2024\\. A year"),
            ("===", "\\==="),
        ]
        for (text, expected) in samples {
            let md = try markdown { b in b.open(.paragraph); b.text(text); b.close() }
            #expect(md == expected + "\n", "\(text)")
            // And it reads back as the same text.
            let back = try MarkdownFrontend().parse(md)
            #expect(back.root.plainText == text, "\(text) → \(md)")
        }
    }

    @Test func codeSpansPickALongEnoughFence() throws {
        let cases: [(String, String)] = [
            ("plain", "`plain`"),
            ("a`b", "``a`b``"),
            ("``x", "` ``x `"),
            (" padded ", "`  padded  `"),
        ]
        for (code, expected) in cases {
            let md = try markdown { b in b.open(.paragraph); b.leaf(.code, text: code); b.close() }
            #expect(md == expected + "\n")
            let back = try MarkdownFrontend().parse(md)
            #expect(back.root.firstChild?.firstChild?.text == code, "\(code)")
        }
    }

    @Test func linkDestinationsWithSpacesAndParentheses() throws {
        let cases: [(String, String)] = [
            ("http://x.com/a b", "[t](<http://x.com/a b>)"),
            ("http://x.com/(a)", "[t](http://x.com/(a))"),
            ("http://x.com/a)", "[t](<http://x.com/a)>)"),
            ("", "[t]()"),
        ]
        for (destination, expected) in cases {
            let md = try markdown { b in
                b.open(.paragraph); b.open(.link(destination: destination, title: "")); b.text("t"); b.close(); b.close()
            }
            #expect(md == expected + "\n")
            let back = try MarkdownFrontend().parse(md)
            #expect(back.root.firstChild?.firstChild?.kind == .link(destination: destination, title: ""), "\(destination)")
        }
    }

    @Test func inlineContentDirectlyInContainersIsAParagraph() throws {
        let md = try markdown { b in
            b.open(.list(.bullet))
            b.open(.listItem(task: nil)); b.text("one "); b.open(.strong); b.text("bold"); b.close(); b.close()
            b.open(.listItem(task: nil))
            b.text("two")
            b.open(.list(.ordered)); b.open(.listItem(task: nil)); b.text("nested"); b.close(); b.close()
            b.close()
            b.close()
            b.open(.blockQuote); b.text("quoted"); b.close()
        }
        #expect(md == "- one **bold**\n- two\n  1. nested\n\n> quoted\n")
    }

    @Test func tablesEscapePipesAndBreakLinesWithBr() throws {
        let md = try markdown { b in
            b.open(.table(alignments: [.left, .right]))
            b.open(.tableRow(isHeader: true))
            b.open(.tableCell(TableCellAttributes(alignment: .left, isHeader: true))); b.text("a|b"); b.close()
            b.open(.tableCell(TableCellAttributes(alignment: .right, isHeader: true))); b.text("c"); b.close()
            b.close()
            b.open(.tableRow(isHeader: false))
            b.open(.tableCell(.plain)); b.text("x"); b.leaf(.lineBreak); b.text("y"); b.close()
            b.open(.tableCell(.plain)); b.leaf(.code, text: "p|q"); b.close()
            b.close()
            b.close()
        }
        #expect(md == """
            | a\\|b   | c      |
            | :----- | -----: |
            | x<br>y | `p\\|q` |

            """)
        #expect(try html(md).contains("<td align=\"right\"><code>p|q</code></td>"))
    }

    @Test func complexTablesFallBackToHTML() throws {
        var options = MarkdownBackend.Options()
        options.complexTable = .html
        options.layoutTables = .table   // a table of one cell is a layout table by default
        let md = try markdown({ b in
            b.open(.table(alignments: []))
            b.open(.tableRow(isHeader: false))
            b.open(.tableCell(TableCellAttributes(columnSpan: 2))); b.text("wide"); b.close()
            b.close()
            b.close()
        }, options)
        #expect(md == "<table>\n<tbody>\n<tr>\n<td colspan=\"2\">wide</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func fallbackPolicies() throws {
        func doc(_ b: inout DocumentBuilder) {
            b.open(.paragraph)
            b.open(.underline); b.text("u"); b.close()
            b.open(.superscript); b.text("2"); b.close()
            b.open(.highlight); b.text("m"); b.close()
            b.close()
        }
        #expect(try markdown(doc) == "<u>u</u><sup>2</sup><mark>m</mark>\n")
        var text = MarkdownBackend.Options()
        text.underline = .text; text.superscript = .text; text.highlight = .text
        #expect(try markdown(doc, text) == "u2m\n")
        var symbol = MarkdownBackend.Options()
        symbol.underline = .symbol; symbol.superscript = .symbol; symbol.highlight = .symbol
        #expect(try markdown(doc, symbol) == "++u++^2^==m==\n")
    }

    @Test func referenceLinks() throws {
        func doc(_ b: inout DocumentBuilder) {
            b.open(.paragraph)
            b.open(.link(destination: "/a", title: "T")); b.text("one"); b.close()
            b.text(" and ")
            b.open(.link(destination: "/a", title: "T")); b.text("again"); b.close()
            b.close()
        }
        var full = MarkdownBackend.Options()
        full.linkStyle = .reference
        #expect(try markdown(doc, full) == "[one][1] and [again][1]\n\n[1]: /a \"T\"\n")
        var collapsed = full
        collapsed.linkReferenceStyle = .collapsed
        #expect(try markdown(doc, collapsed) == "[one][] and [again][]\n\n[one]: /a \"T\"\n[again]: /a \"T\"\n")
        var shortcut = full
        shortcut.linkReferenceStyle = .shortcut
        let md = try markdown(doc, shortcut)
        #expect(md == "[one] and [again]\n\n[one]: /a \"T\"\n[again]: /a \"T\"\n")
        #expect(try html(md) == "<p><a href=\"/a\" title=\"T\">one</a> and <a href=\"/a\" title=\"T\">again</a></p>\n")
    }

    @Test func lineWidthWrapsButNeverInsideLinksOrCode() throws {
        var options = MarkdownBackend.Options()
        options.lineWidth = 20
        let md = try markdown({ b in
            b.open(.paragraph)
            b.text("one two three four five ")
            b.open(.link(destination: "/u", title: "")); b.text("a long link text here"); b.close()
            b.text(" six - seven")
            b.close()
        }, options)
        for line in md.split(separator: "\n") where !line.contains("[") {
            #expect(line.count <= 20, "\(line)")
        }
        #expect(md.contains("[a long link text here](/u)"))
        let back = try MarkdownFrontend().parse(md)
        #expect(back.root.plainText.replacingOccurrences(of: "\n", with: " ") == "one two three four five a long link text here six - seven")
    }

    @Test func turndownProfile() throws {
        let md = try markdown({ b in
            b.open(.heading(level: 1)); b.text("Title"); b.close()
            b.open(.paragraph); b.open(.emphasis); b.text("em"); b.close(); b.text(" and "); b.open(.strong); b.text("strong"); b.close(); b.close()
            b.open(.list(.bullet)); b.open(.listItem(task: nil)); b.text("item"); b.close(); b.close()
            b.open(.list(.ordered)); b.open(.listItem(task: nil)); b.text("first"); b.close(); b.close()
            b.leaf(.thematicBreak)
            b.leaf(.codeBlock(info: ""), text: "code\n")
        }, MarkdownBackend.Options(profile: .turndown))
        #expect(md == "Title\n=====\n\n_em_ and **strong**\n\n*   item\n\n1.  first\n\n* * *\n\n    code\n")
    }

    @Test func altTextOverSeveralLinesKeepsOneLineEndPerBreak() throws {
        // turndown's output for an alt attribute written over lines: each run of line ends is
        // one; cmark reads it back as the same alt text.
        let document = try HTMLFrontend().parse("<p><img src=\"logo.png\" alt=\"img with\n\n   alt\"></p>")
        let md = try MarkdownBackend().renderString(document, options: MarkdownBackend.Options(profile: .turndown))
        #expect(md == "![img with\nalt](logo.png)\n")
        let html = try HTMLBackend().renderString(try MarkdownFrontend().parse(md))
        #expect(html == "<p><img src=\"logo.png\" alt=\"img with alt\" /></p>\n")
    }

    @Test func profileIsAppliedBeforeOtherOptions() throws {
        let options = try MarkdownBackend.Options(parsing: ["bulletListMarker=+", "profile=turndown"])
        #expect(options.bulletListMarker == "+")
        #expect(options.headingStyle == .setext)
    }

    // MARK: HTML → Markdown round-trip fixes

    func gfmHTML(_ markdown: String) throws -> String {
        var reader = MarkdownFrontend.Options()
        reader.extensions = Set(MarkdownExtension.allCases)
        var writer = HTMLBackend.Options()
        writer.unsafe = true
        return try HTMLBackend().renderString(try MarkdownFrontend().parse(Array(markdown.utf8), options: reader), options: writer)
    }

    func viaMarkdown(_ html: String, _ options: MarkdownBackend.Options = .init()) throws -> (String, String) {
        let md = try MarkdownBackend().renderString(try HTMLFrontend().parse(html), options: options)
        return (md, try gfmHTML(md))
    }

    @Test func siblingEmphasisDoesNotJoinDelimiterRuns() throws {
        let (md, back) = try viaMarkdown("<p><em>e</em><cite>c</cite><dfn>d</dfn><var>v</var><del>a</del><s>b</s></p>")
        // `<s>` stays `<s>` (written as HTML after a `~~` run), as the input wrote it.
        #expect(back == "<p><em>e</em><em>c</em><em>d</em><em>v</em><del>a</del><s>b</s></p>\n", "\(md)")
        let (md2, back2) = try viaMarkdown("<p><b>1<i>2</b>3</i></p>")
        #expect(back2 == "<p><strong>1<em>2</em></strong><em>3</em></p>\n", "\(md2)")
    }

    @Test func closingDelimiterSeesTextThroughSpans() throws {
        let (md, back) = try viaMarkdown("<p><b>[1/2]</b><span>A caption</span></p>")
        #expect(back == "<p><strong>[1/2]</strong>A caption</p>\n", "\(md)")
    }

    @Test func linkTitlesKeepLineEndsAndReferences() throws {
        let (md, back) = try viaMarkdown("<p><a href=\"/x?a=1&amp;copy;\" title=\"one\n\ntwo &amp;amp;\">t</a> after</p>")
        #expect(back == "<p><a href=\"/x?a=1&amp;copy;\" title=\"one\n\ntwo &amp;amp;\">t</a> after</p>\n", "\(md)")
    }

    @Test func emptyCodeSpanWritesNothing() throws {
        let (md, _) = try viaMarkdown("<p>a <code></code>, b</p>")
        #expect(md == "a , b\n")
    }

    @Test func listsSeparatedByEmptyInlineContentKeepApart() throws {
        let (md, back) = try viaMarkdown("<ul><li>a</li></ul><div><span></span></div><ul><li>b</li></ul>")
        #expect(back.components(separatedBy: "<ul>").count == 3, "\(md)")
    }

    @Test func headingLineBreaks() throws {
        let (md1, back1) = try viaMarkdown("<h1>one<br>two</h1>")
        #expect(back1 == "<h1>one<br />\ntwo</h1>\n", "\(md1)")
        let (md3, back3) = try viaMarkdown("<h3>one<br>two</h3>")
        #expect(md3 == "### one<br>two\n")
        #expect(back3 == "<h3>one<br>two</h3>\n")
    }

    @Test func gfmAutolinkTextIsEscaped() throws {
        let (md, back) = try viaMarkdown("<p>see www.example.com or https://example.org/x</p>")
        #expect(back == "<p>see www.example.com or https://example.org/x</p>\n", "\(md)")
    }

    @Test func hardBreakInsideLinkStaysInside() throws {
        let (md, back) = try viaMarkdown("<p><a href=\"/s\">GitHub<br>Source</a> x</p>")
        #expect(back == "<p><a href=\"/s\">GitHub<br />\nSource</a> x</p>\n", "\(md)")
    }

    @Test func breaksEndingABlockAreDropped() throws {
        let (md, _) = try viaMarkdown("<p>text<br><br></p><p><a href=\"/v\"><br></a></p><p>x</p>")
        #expect(md == "text\n\n[](/v)\n\nx\n")
    }

    @Test func autolinkOnlyForPlainText() throws {
        let (md, back) = try viaMarkdown("<p><a href=\"https://e.org/\"><em>https://e.org/</em></a></p>")
        #expect(back == "<p><a href=\"https://e.org/\"><em>https://e.org/</em></a></p>\n", "\(md)")
    }

    @Test func indentedCodeAfterIndentedCodeIsFenced() throws {
        let (md, back) = try viaMarkdown("<pre>one</pre><div></div><pre>two</pre>", MarkdownBackend.Options(profile: .turndown))
        #expect(back.components(separatedBy: "<pre>").count == 3, "\(md)")
    }

    @Test func hashesAreEscapedOnlyWhereTheyOpenAHeading() throws {
        // `#5`, `#tag`: a character right after the run in the same text, so no heading opens.
        // Anything else is escaped, also where the next node decides (moved whitespace, more
        // `#`, an empty element) and past six `#` (pandoc reads those as a heading).
        let html = "<p>#5 and #tag</p><p># x</p><p>###### six</p><p>####### seven</p><p>#</p>"
            + "<p>#<em> x</em></p><p>#<span>#</span> x</p><p>#<b></b> x</p><p>#<a href=\"u\"> x</a></p>"
        let md = try MarkdownBackend().renderString(try HTMLFrontend().parse(html))
        #expect(md.hasPrefix("#5 and #tag\n\n\\# x\n\n\\###### six\n\n\\####### seven\n\n\\#\n\n"), "\(md)")
        // Every one reads back as a paragraph with its text.
        let back = try MarkdownFrontend().parse(md)
        #expect(back.root.children.allSatisfy { $0.tag == .paragraph }, "\(md)")
        #expect(back.root.children.map(\.plainText) == ["#5 and #tag", "# x", "###### six", "####### seven", "#", "# x", "## x", "# x", "# x"])
    }

    @Test func underscoresThatWouldMakeARuleAreEscaped() throws {
        // `_ _ _` is a thematic break, though no `_` in it flanks a word (turndown's suite).
        let html = "<p>_ _ _</p><p>a<br>_ _ _</p><blockquote><p>_  _ _ _</p></blockquote><ul><li>_ _ _</li></ul><p>_ _</p><p>_ _ _ x</p>"
        for profile in ["gfm", "commonmark", "pandoc"] {
            let options = try MarkdownBackend.Options(parsing: ["profile=\(profile)"])
            let md = try MarkdownBackend().renderString(try HTMLFrontend().parse(html), options: options)
            #expect(md.hasPrefix("\\_ _ _\n"), "\(profile): \(md)")
            let back = try MarkdownFrontend().parse(md)
            var rules = 0
            for case .enter(let node) in back.events() where node.tag == .thematicBreak { rules += 1 }
            #expect(rules == 0, "\(profile): \(md)")
            // (The quote's whitespace collapses, as in a browser.)
            #expect(back.root.plainText.contains("_ _ _ _"), "\(md)")
        }
    }
}
