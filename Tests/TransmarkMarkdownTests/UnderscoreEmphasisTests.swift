import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `_` emphasis (turndown's default, `emphasisDelimiter=_`) is kept wherever `_` can open and
/// close: the characters that decide it are those written beside the delimiters, after the
/// content's edge whitespace has moved outside them, and U+00A0 is whitespace there. Elsewhere
/// (inside a word) the writer switches to `*`. Every output is read back to check the emphasis.
@Suite struct UnderscoreEmphasisTests {
    static let cases: [(html: String, markdown: String)] = [
        ("<i>foo&nbsp;</i>bar", "_foo_\u{A0}bar"),
        ("<i>foo&nbsp;</i>&nbsp;bar", "_foo_\u{A0}\u{A0}bar"),
        ("foo<i>&nbsp;bar</i>", "foo\u{A0}_bar_"),
        ("foo&nbsp;<i>&nbsp;bar</i>", "foo\u{A0}\u{A0}_bar_"),
        ("foo&nbsp;<i> bar</i>", "foo\u{A0} _bar_"),
        ("foo<i> bar</i>", "foo _bar_"),
        ("<i>foo </i>bar", "_foo_ bar"),
        ("<i>foo</i>&nbsp;bar", "_foo_\u{A0}bar"),
        ("x<i><b> y</b></i>", "x _**y**_"),
        // Inside a word `_` would not be emphasis: `*` is written instead.
        ("foo<i>bar</i>", "foo*bar*"),
        ("<i>foo</i>bar", "*foo*bar"),
        ("<i>&nbsp;foo</i>bar", "\u{A0}*foo*bar"),
    ]

    @Test(arguments: cases)
    func underscoreWhereItCanOpenAndClose(_ html: String, _ expected: String) throws {
        var options = MarkdownBackend.Options()
        options.emphasisDelimiter = "_"
        let document = try HTMLFrontend().parse(html)
        let markdown = try MarkdownBackend().renderString(document, options: options)
        #expect(markdown == expected + "\n")
        // The emphasis reads back as emphasis, with the same text.
        let back = try MarkdownFrontend().parse(markdown)
        #expect(back.root.plainText == document.root.plainText)
        var emphasis = 0
        back.walk { event in
            if case .enter(let node) = event, node.tag == .emphasis { emphasis += 1 }
            return .proceed
        }
        #expect(emphasis == 1, "\(markdown)")
    }
}
