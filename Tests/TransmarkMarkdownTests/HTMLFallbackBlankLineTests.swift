import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// HTML written for what Markdown cannot hold is one HTML block, which a blank line would end:
/// blank lines of code inside it are kept as character references.
@Suite struct HTMLFallbackBlankLineTests {
    @Test func blankLinesOfCodeSurviveInAnHTMLBlock() throws {
        let html = "<dl><dt>T</dt><dd><pre><code>a = 1\n\n\nb = 2\n  \nc</code></pre></dd></dl>"
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let md = String(decoding: try MarkdownBackend().render(document, options: .init()), as: UTF8.self)
        #expect(!md.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains { $0.allSatisfy(\.isWhitespace) }, "\(md)")
        #expect(md.contains("<pre><code>a = 1\n&#10;&#10;b = 2\n&#32; \nc</code></pre>"), "\(md)")
        // Read back, the code is what it was.
        let back = try HTMLFrontend().parse(Array(md.utf8))
        var code = ""
        for case .enter(let node) in back.events() where node.tag == .codeBlock { code = node.text }
        #expect(code == "a = 1\n\n\nb = 2\n  \nc", "\(code.debugDescription)")
    }

    @Test func lineEndsInAttributeValuesAreKeptAsReferences() throws {
        // Blank lines inside an attribute (a cell's title) used to be dropped as whitespace
        // between tags; in an inline tag they would end the paragraph.
        let html = "<table><tr><td title=\"this\n  \n\nbreaks\">hello</td></tr></table><p>x <span title=\"p\n\nq\">y</span></p>"
        let document = try HTMLFrontend().parse(Array(html.utf8))
        // (A table of one cell is a layout table: `layoutTables=table` keeps it a table.)
        let options = try MarkdownBackend.Options(parsing: ["profile=commonmark", "span=html", "layoutTables=table"])
        let md = String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self)
        #expect(md.contains(#"<td title="this&#10;  &#10;&#10;breaks">hello</td>"#), "\(md)")
        #expect(md.contains(#"x <span title="p&#10;&#10;q">y</span>"#), "\(md)")
        // Read back as HTML, the values are what they were.
        let back = try HTMLFrontend().parse(Array(md.utf8))
        let titles = back.events().compactMap { event -> String? in
            guard case .enter(let node) = event else { return nil }
            return node.attributes.first { $0.name == "title" }?.value
        }
        #expect(titles == ["this\n  \n\nbreaks", "p\n\nq"], "\(titles)")
    }

    @Test func blankLinesBetweenTagsGo() throws {
        let html = "<table><tr><td><p>one</p><p>two</p></td></tr></table>"
        let document = try HTMLFrontend().parse(Array(html.utf8))
        var options = MarkdownBackend.Options()
        options.layoutTables = .table   // a table of one cell is a layout table by default
        let md = String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self)
        #expect(md.hasPrefix("<table>"))
        #expect(!md.dropLast().contains("\n\n"), "\(md)")
    }

    /// The fast path (a fragment with no `<pre`, the usual table) keeps exactly the lines that
    /// hold more than spaces and tabs, as they were; checked against `split` on random fragments.
    @Test func fragmentsWithoutPreLoseOnlyTheirBlankLines() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<td>", "</td>", "\n", "\n\n", " ", "\t", "x", "<tr>", "<p>", "é", "\n  \n"]
        for _ in 0 ..< 300 {
            var html = ""
            for _ in 0 ..< Int.random(in: 0 ... 30, using: &generator) { html += pieces.randomElement(using: &generator)! }
            let bytes = Array(html.utf8)
            #expect(!MarkdownWriter.mayHoldPreTag(bytes))
            let expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }.map(Array.init)
            #expect(MarkdownWriter.withoutBlankLines(bytes).map(Array.init) == expected, "\(html.debugDescription)")
        }
    }

    @Test func preTagsAreFoundWhereverTheyStand() {
        #expect(MarkdownWriter.mayHoldPreTag(Array("<td>a</td>\n<pre>x</pre>".utf8)))
        #expect(MarkdownWriter.mayHoldPreTag(Array("a\n</pre>".utf8)))
        #expect(MarkdownWriter.mayHoldPreTag(Array("<pre class=\"c\">".utf8)))
        #expect(!MarkdownWriter.mayHoldPreTag(Array("<p>pre</p> < pre <".utf8)))
        // Inside `<pre>` an empty line is kept as a reference on the next line.
        let lines = MarkdownWriter.withoutBlankLines(Array("<pre>a\n\nb</pre>\n\n<p>c</p>".utf8))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["<pre>a", "&#10;b</pre>", "<p>c</p>"])
    }
}
