import Testing
import Transmark

/// Fuzz findings of 2026-11-24, found by `Fuzz/run.sh markdown` and `Fuzz/run.sh tagged`.
@Suite struct FuzzFindingRegressionTests {
    /// markdown target: the text and ANSI output of this Markdown were not valid UTF-8: a U+FFFD
    /// lost its last byte (`ef bf` before `]`) and the bytes after it were lost. libcmark-gfm 0.29
    /// measured the `[^no: …]` bracket, which closes on a later line, with line-relative columns;
    /// `FootnoteBracketRepair` keeps such brackets text.
    @Test func markdownWithInvalidUTF8RendersAsValidText() throws {
        let input: [UInt8] = [
        115, 101, 101, 32, 91, 116, 124, 32, 32, 32, 32, 32, 32, 124, 104, 32, 32, 47, 32, 119, 105,
        116, 104, 32, 97, 32, 110, 111, 116, 49, 91, 94, 49, 93, 32, 104, 101, 114, 91, 94, 110, 111,
        116, 101, 93, 32, 97, 110, 100, 32, 97, 103, 97, 105, 110, 91, 94, 104, 105, 115, 93, 40, 126,
        49, 93, 46, 10, 10, 91, 94, 49, 93, 58, 32, 84, 104, 101, 32, 102, 105, 114, 115, 116, 32, 110,
        111, 116, 101, 46, 10, 91, 94, 110, 111, 58, 32, 65, 32, 110, 111, 116, 101, 32, 119, 105, 116,
        104, 10, 32, 96, 203, 37, 102, 79, 255, 255, 255, 255, 255, 250, 1, 6, 47, 86, 0, 0, 160, 124,
        93, 86, 87, 127, 0, 0, 32, 32, 97, 124, 10, 124, 158, 97, 32, 32, 32, 32, 32, 124, 32, 32, 32,
        32, 32, 124, 10, 255, 9, 41, 32, 110, 111, 119, 10
        ]
        let document = try MarkdownFrontend().parse(input)
        for format in ["text", "ansi"] {
            let output = try Registry.standard.render(document, to: format)
            #expect(String(validating: output, as: UTF8.self) != nil, "\(format) output is not valid UTF-8")
        }
    }

    /// tagged target: `styledText` dropped a final line end that `plainText` keeps (`"a\n"` was
    /// `"a"` styled). Each `\n` ends a paragraph, and the layout writes no end for the last one;
    /// now a final `\n` of the text is written as the last paragraph's end.
    @Test(arguments: ["a\n", "\u{0}<a\n", "<code>a\nb</code>", "a\n\nb", "\n", "<b>a\n</b>", "a\r\nb", "a&#10;", "<code>a</code>\n", "a\n<b></b>", "\n\n", "a\t b  ", "<unknown>a\n",
                      "<x/>", "a\n<x/>", "<b></b>", "a<x/>", "\n<x/>\n", "<x/>\n", "a\n<b></b>\n<i></i>", "<F\u{FFFD}/>",
                      "a\rb", "a\r", "\r\n", "a\u{2028}b", "a\u{85}b", "\u{FEFF}a", "a\u{0C}b", "<br>", "a<br>b", "a<br/>",
                      "\t", " ", "  a  ", "&#13;", "a\n\n", "<x/>\n<y/>", "&#x2028;", "<a href=\"x\">\n</a>", "<b>\n</b>x"])
    func styledTextIsPlainText(_ markup: String) throws {
        let tagged = TaggedString(markup: markup)
        let styled = try tagged.styledText(.standard())
        #expect(styled.text == tagged.plainText)
        try styled.validate()
        if styled.text.hasSuffix("\n"), let run = styled.runs.last, let paragraph = styled.paragraphs.last {
            let end = styled.text.utf16.count
            #expect(run.range.location + run.range.length == end)
            #expect(paragraph.range.location + paragraph.range.length == end)
        }
    }
}

extension FuzzFindingRegressionTests {
    /// tagged target, as the fuzzer reads its bytes (invalid UTF-8 repaired, NUL kept).
    @Test(arguments: [
        [224, 97, 60, 10, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 98, 0, 184, 0, 36, 105, 62, 120, 60, 47, 97, 32, 157, 62,
         97, 193, 32, 255, 97, 32, 60, 98, 111, 119, 255, 255, 255, 110, 62, 101, 115, 116, 101, 100, 0, 0, 0, 0, 0, 47,
         105, 62, 120, 92, 111, 108, 255, 255, 255, 255, 60, 10],
        // A self-closing tag alone: an empty paragraph, whose `\n` the text has not.
        Array("<FFFFF5FFFFFFr".utf8) + [0xA0] + Array("/>".utf8),
        // `&#0;` read as NUL in the styled text and as U+FFFD in the plain text.
        Array("&#0;on".utf8) + [0] + Array("t".utf8) + [0] + Array("&".utf8),
    ] as [[UInt8]])
    func styledTextOfFuzzedBytesIsPlainText(_ bytes: [UInt8]) throws {
        let tagged = TaggedString(markup: String(decoding: bytes, as: UTF8.self))
        let styled = try tagged.styledText(.standard())
        #expect(styled.text == tagged.plainText)
        try styled.validate()
    }

    /// html target, crash-702a3f66 (2026-11-28, minimized): the end tag `</a>` found its active
    /// formatting entry pointing past the top of the stack of open elements, and the tree
    /// builder trapped on the index. The cause: a quote kept open around a block writes its
    /// closing mark when the element it was moved to is popped, and that mark, written as
    /// ordinary text, first reopened the formatting elements the block had closed; the pop then
    /// removed the last of those instead of the element being popped. The mark is now written
    /// into the element as it stands (`writeClosingQuoteMark`), and debug builds, which these
    /// tests run, stop on an entry that is not at its place (so each case below failed before).
    @Test(arguments: [
        // The fuzzer's input: the quote closes with the item `</li>` ends; the link reopened
        // after it is the one `</a>` closes. (NUL in body text is dropped, as a browser does.)
        ("<ol sdiv>\n<q>On\u{0}h4>\n<p><a hre\"<>nine</li>\nnStri93;</a></su\n",
         ["\u{201C}Onh4>", "nine", "\u{201D}", "nStri93;", "</su"]),
        // The quote closes with the `div` it was moved to; `</b>` after it is still in scope.
        ("<div><q><b>a<p>x</p></div>after</b> tail", ["\u{201C}", "a", "x", "\u{201D}", "after", "tail"]),
        // The same with the quote's element an item followed by another item.
        ("<ul><li><q><i>a<p>x</p></li><li>two</i></ul>", ["\u{201C}", "a", "x", "\u{201D}", "two"]),
        // And a table cell.
        ("<table><tr><td><q><b>a<p>x</td><td>y</b></table>after", ["\u{201C}", "a", "x", "\u{201D}", "y", "after"]),
    ] as [(String, [String])])
    func aQuoteClosedAroundABlockKeepsTheStackInStep(_ html: String, _ pieces: [String]) throws {
        // Every piece of text is in the Markdown, in document order (the plain text lays a
        // table out as a grid, so there it is only looked for).
        let markdown = try Transmark.convert(html, from: "html", to: "markdown")
        var rest = Substring(markdown)
        for piece in pieces {
            guard let range = rest.range(of: piece) else {
                Issue.record("\(piece.debugDescription) missing or out of order in \(markdown.debugDescription)")
                break
            }
            rest = rest[range.upperBound...]
        }
        let text = try Transmark.convert(html, from: "html", to: "text")
        for piece in pieces { #expect(text.contains(piece), "\(piece.debugDescription) missing in \(text.debugDescription)") }
        let tree = try Transmark.convert(html, from: "html", to: "json-tree")
        #expect(try Transmark.convert(tree, from: "json-tree", to: "html") == Transmark.convert(html, from: "html", to: "html"))
    }
}
