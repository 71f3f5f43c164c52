import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// `MarkdownBackend.renderMapped`: the output is the plain rendering's, and each block's range
/// holds what that block writes, so that the output can be cut where the document's blocks are.
@Suite struct MappedOutputTests {
    func document(_ html: String) throws -> Document {
        try HTMLFrontend().parse(Array(html.utf8), options: .init())
    }

    func slice(_ output: MappedOutput, _ node: Node) -> String? {
        output.range(of: node.id).map { String(decoding: output.bytes[$0], as: UTF8.self) }
    }

    @Test("The mapped output is the rendering, and each top-level block's range is what it writes")
    func rangesOfTopLevelBlocks() throws {
        let html = "<h1>Title</h1><p>One <em>two</em>.</p><ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>"
            + "<blockquote><p>q1</p><p>q2</p></blockquote><pre><code>x\ny</code></pre><table><tr><th>h</th></tr><tr><td>r1</td></tr><tr><td>r2</td></tr></table>"
        let doc = try document(html)
        let output = try #require(try MarkdownBackend().renderMapped(doc, options: .init()))
        #expect(output.bytes == (try MarkdownBackend().render(doc, options: .init())))
        let blocks = doc.root.children.filter { $0.tag.isBlock }
        let slices = blocks.map { slice(output, $0) }
        #expect(slices == ["# Title", "One *two*.", "- a\n- b\n  - c", "> q1\n>\n> q2", "```\nx\ny\n```",
                           "| h   |\n| --- |\n| r1  |\n| r2  |"])
        // Inside containers: a quote's second paragraph starts with its line's prefix; a nested
        // item starts at its indentation; a table's rows are its lines.
        let quote = blocks[3], list = blocks[2], table = blocks[5]
        #expect(slice(output, Array(quote.children)[1]) == "> q2")
        let nested = try #require(Array(list.children)[1].children.first { $0.tag == .list })
        #expect(slice(output, nested) == "  - c")
        #expect(table.children.compactMap { slice(output, $0) } == ["| h   |", "| r1  |", "| r2  |"])
    }

    @Test("Citations and images listed at the end are end-matter entries, each with where the text uses it")
    func endMatterUses() throws {
        let doc = try document("<p>See <a href='https://a.example/'>A</a>.</p><p>Then <a href='https://b.example/'>B</a> and "
                               + "<a href='https://a.example/'>A again</a> <img src='https://i.example/x.png' alt='x'>.</p>")
        var options = MarkdownBackend.Options()
        options.linkStyle = .citations
        options.images = .end
        let output = try #require(try MarkdownBackend().renderMapped(doc, options: options))
        #expect(output.bytes == (try MarkdownBackend().render(doc, options: options)))
        let entries = output.endMatter.map { String(decoding: output.bytes[$0.range], as: UTF8.self) }
        #expect(entries == ["![x](https://i.example/x.png)", "[1]: https://a.example/", "[2]: https://b.example/"])
        let paragraphs = doc.root.children.map { output.range(of: $0.id) }
        // Source 1 is used in both paragraphs, source 2 and the image in the second only.
        func used(_ k: Int, in p: Int) -> Bool {
            guard let range = paragraphs[p] else { return false }
            return output.endMatter[k].uses.contains { range.lowerBound <= $0 && $0 <= range.upperBound }
        }
        #expect(used(1, in: 0) && used(1, in: 1))
        #expect(!used(2, in: 0) && used(2, in: 1))
        #expect(!used(0, in: 0) && used(0, in: 1))
    }

    @Test("Implicit figures rewrite the tree first: no map")
    func implicitFiguresAreNotMapped() throws {
        var options = MarkdownBackend.Options()
        options.implicitFigures = true
        #expect(try MarkdownBackend().renderMapped(try document("<p>x</p>"), options: options) == nil)
    }
}
