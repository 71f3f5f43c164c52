import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

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

    @Test func blankLinesBetweenTagsGo() throws {
        let html = "<table><tr><td><p>one</p><p>two</p></td></tr></table>"
        let document = try HTMLFrontend().parse(Array(html.utf8))
        let md = String(decoding: try MarkdownBackend().render(document, options: .init()), as: UTF8.self)
        #expect(md.hasPrefix("<table>"))
        #expect(!md.dropLast().contains("\n\n"), "\(md)")
    }
}
