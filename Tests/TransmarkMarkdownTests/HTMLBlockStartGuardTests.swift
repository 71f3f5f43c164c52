import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TestSupport
@testable import TransmarkMarkdown

/// The Markdown writer's last check (`HTMLBlockStartGuard`): no line it means as Markdown opens
/// an HTML block, whose lines would make the escaped text after them raw HTML.
@Suite struct HTMLBlockStartGuardTests {
    /// `written` read back by libcmark-gfm with raw HTML on and no tag filter, as HTML with raw
    /// HTML passed through (what `cmark-gfm --unsafe` shows).
    func unsafeHTML(_ written: [UInt8]) throws -> String {
        var reader = MarkdownFrontend.Options()
        reader.extensions.remove(.tagfilter)
        let document = try MarkdownFrontend().parse(written, options: reader)
        return String(decoding: try HTMLBackend().render(document, options: .init(parsing: ["unsafe=true"])), as: UTF8.self)
    }

    /// An image written as HTML (`imageSize=html`) before a hard break written as two spaces is
    /// a complete tag alone on its line: before the guard it opened an HTML block (kind 7) that
    /// took in the escaped text of the next line, `\<script>` a live tag. Now the tag gets an
    /// empty comment after it and stays an image in the paragraph: in every profile, at the top
    /// level, in a quote and in a list item.
    @Test func anImageTagAloneBeforeAHardBreakOpensNoBlock() throws {
        let body = "<p><img src=\"a.png\" width=\"10\"><br>&lt;script&gt;alert(1)&lt;/script&gt;</p>"
        for html in [body, "<blockquote>\(body)</blockquote>", "<ul><li>\(body)</li></ul>"] {
            let document = try HTMLFrontend().parse(Array(html.utf8))
            for options in [[], ["profile=turndown"], ["profile=markdownify"], ["profile=commonmark"], ["hardBreak=spaces"]] {
                let written = try MarkdownBackend().render(document, options: .init(parsing: options + ["imageSize=html"]))
                let rendered = try unsafeHTML(written)
                let text = String(decoding: written, as: UTF8.self)
                #expect(MarkupSafety.violations(in: rendered).isEmpty, "\(options): \(text) → \(rendered)")
                #expect(rendered.contains("&lt;script&gt;alert(1)"), "\(options): \(text) → \(rendered)")
                #expect(rendered.contains("<img src=\"a.png\""), "the image is still an image: \(text) → \(rendered)")
            }
        }
    }

    /// An HTML block the writer writes for a block Markdown cannot hold (a definition list)
    /// inside a list item or quote that is itself inside an image's or a link's text, or inside
    /// emphasis: such a container is not written as one, so it does not end the HTML block, and
    /// the line after it (the image's `](<ac\\>\\<object l>)`) was raw HTML, its escaped
    /// `<object` live (backends fuzz target, crash-61d71727). A blank line now ends the block.
    @Test(arguments: [NodeKind.image(source: "ac><object l", title: "", size: nil), .link(destination: "ac><object l", title: ""), .strong])
    func anHTMLBlockInsideInlineContainersEndsBeforeWhatFollows(_ inline: NodeKind) throws {
        for container in [NodeKind.listItem(task: nil), .blockQuote] {
            var builder = DocumentBuilder()
            builder.open(inline)
            builder.text("x=")
            builder.open(container)
            builder.open(.definitionList)
            builder.close()
            builder.close()
            builder.text("<object data=y>")
            builder.close()
            let document = builder.finish()
            for options in [[], ["profile=turndown"], ["profile=markdownify"], ["profile=pandoc"]] {
                let written = try MarkdownBackend().render(document, options: .init(parsing: options))
                let rendered = try unsafeHTML(written)
                #expect(MarkupSafety.violations(in: rendered).isEmpty, "\(options): \(String(decoding: written, as: UTF8.self)) → \(rendered)")
            }
        }
    }

    /// A line whose first bytes open an HTML block of kinds 1–6 gets a `\` before its `<`; a
    /// complete tag alone on its line, an empty comment after it unless the line continues a
    /// paragraph or a blank line follows. Code and HTML written as such are left alone.
    @Test func linesAreCheckedWhereTheirContentStarts() {
        func written(_ build: (inout MarkdownLineWriter) -> Void) -> String {
            var w = MarkdownLineWriter(capacity: 64)
            w.htmlBlockGuard = HTMLBlockStartGuard()
            build(&w)
            var bytes = w.finish()
            _ = w.htmlBlockGuard?.apply(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        // Kinds 1–6, at the top level and after a container's marker.
        #expect(written { $0.content("<div>"); $0.content(" \\<script>") } == "\\<div> \\<script>\n")
        #expect(written { $0.content("<!-- a --> b") } == "\\<!-- a --> b\n")
        #expect(written { $0.marker("> "); $0.markLineStart(); $0.content("<pre>x") } == "> \\<pre>x\n")
        // Kind 7: alone on its line with a line after it.
        #expect(written { $0.content("<sup>"); $0.cr(); $0.content("\\<b>") } == "<sup><!-- -->\n\\<b>\n")
        // ... but not on a paragraph's continuation line, nor before a blank line or the end.
        #expect(written { $0.content("a"); $0.softBreak(); $0.content("<sup>"); $0.cr(); $0.content("b") } == "a\n<sup>\nb\n")
        #expect(written { $0.content("<sup>"); $0.blankLine(); $0.content("b") } == "<sup>\n\nb\n")
        #expect(written { $0.content("<sup>") } == "<sup>\n")
        // Not a tag: an autolink, an incomplete tag, escaped text.
        #expect(written { $0.content("<https://example.com>"); $0.cr(); $0.content("b") } == "<https://example.com>\nb\n")
        #expect(written { $0.content("<a href=\"x"); $0.cr(); $0.content("b") } == "<a href=\"x\nb\n")
        // Code lines and HTML meant as HTML are not checked.
        #expect(written { $0.marker("```"); $0.cr(); $0.flush(); $0.verbatim(Array("<div>\n<sup>".utf8)[...]); $0.forceLineEnd(); $0.marker("```") }
                == "```\n<div>\n<sup>\n```\n")
        #expect(written { $0.htmlBlockMarker("<div class=\"x\">"); $0.blankLine(); $0.content("a") } == "<div class=\"x\">\n\na\n")
        // A line written inside content (raw HTML over lines) is checked from its first byte.
        #expect(written { $0.content("a <span\n<div> b") } == "a <span\n\\<div> b\n")
    }

    /// A replacement on an earlier line (an opener written as a tag once its closer is known)
    /// moves no recorded line: the line's start is found by its number and column.
    @Test func editsOnEarlierLinesKeepTheLinesRecorded() {
        var w = MarkdownLineWriter(capacity: 64)
        w.htmlBlockGuard = HTMLBlockStartGuard()
        w.marker("> ")
        w.markLineStart()
        w.marker("**")
        w.content("a")
        w.cr()
        w.content("<div>")
        w.replace(at: 2, count: 2, with: Array("<strong>".utf8))
        var bytes = w.finish()
        _ = w.htmlBlockGuard?.apply(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "> <strong>a\n\\<div>\n")
    }

    /// Many edits on earlier lines (3,000 openers written as tags once the lines after them were
    /// written): every line is still found by its number and column.
    @Test func manyEditsAfterManyLinesFindTheSameLines() {
        var w = MarkdownLineWriter(capacity: 64)
        w.htmlBlockGuard = HTMLBlockStartGuard()
        var openers: [Int] = []
        for _ in 0..<3_000 {
            openers.append(w.bytes.count + (w.bytes.isEmpty ? 0 : 1))
            w.marker("**")
            w.content("a")
            w.cr()
        }
        w.content("<div>")
        for position in openers.reversed() { w.replace(at: position, count: 2, with: Array("<b>".utf8)) }
        var bytes = w.finish()
        _ = w.htmlBlockGuard?.apply(to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == String(repeating: "<b>a\n", count: 3_000) + "\\<div>\n")
    }

    /// The marks of a mapped rendering move with what the guard inserts: a start at the
    /// insertion stays (the inserted byte is its first), an end there moves past it.
    @Test func marksMoveWithTheInsertions() {
        var marks = MarkdownOutputMarks()
        marks.end(1, at: 4)
        marks.start(2)
        marks.resolveStarts(at: 4)
        marks.end(2, at: 10)
        marks.shift(insertions: [(offset: 4, length: 1), (offset: 10, length: 8)])
        #expect(marks.marks.map(\.offset) == [5, 4, 19])
    }

    /// Complete tags by CommonMark's grammar (6.6): where the tag at the start ends, or nil.
    @Test(arguments: [
        ("<a>", 3), ("<a/>", 4), ("<a />", 5), ("</a >", 5), ("<h1 class=\"x\">", 14), ("<b data-x='1' y=z>", 18),
        ("<img src=a.png width=10 />", 26), ("<a :b=c _d>", 11), ("<x-y>", 5),
        ("<https://example.com>", nil), ("<a@b.c>", nil), ("<1a>", nil), ("<a b=>", nil), ("<a b=\"c>", nil),
        ("<a b='c\">", nil), ("<a\"b>", nil), ("< a>", nil), ("</a b>", nil), ("<a/ >", nil), ("<ab=c>", nil),
    ] as [(String, Int?)])
    func completeTags(_ source: String, _ end: Int?) {
        #expect(HTMLBlockStart.completeTagEnd(in: Array(source.utf8)[...]) == end, "\(source)")
    }

    /// Linear: 20,000 such lines, each given its comment, in one pass (a generous bound).
    @Test func manyGuardedLinesStayLinear() throws {
        let html = String(repeating: "<p><img src=\"a.png\" width=\"1\"><br>x</p>", count: 20_000)
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let start = Date()
        let written = try MarkdownBackend().render(document, options: .init(parsing: ["imageSize=html"]))
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(String(decoding: written, as: UTF8.self).components(separatedBy: "<!-- -->").count == 20_001)
    }
}
