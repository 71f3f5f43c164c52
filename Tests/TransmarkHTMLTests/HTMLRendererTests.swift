import Testing
import TransmarkCore
import TransmarkHTML

/// The HTML writer (`HTMLRenderer`, in `TransmarkHTML`, which the Markdown writer embeds for its
/// fallbacks): kinds with a fixed element are written from the one tag table,
/// `NodeKind.Tag.htmlTagName`.
@Suite("HTML writer")
struct HTMLRendererTests {
    static func document() -> Document {
        var builder = DocumentBuilder()
        builder.open(.paragraph)
        for kind: NodeKind in [.emphasis, .strong, .strikethrough, .underline, .superscript, .subscript, .highlight] {
            builder.open(kind)
            builder.text(kind.tag.name)
            builder.close()
        }
        builder.open(.span, attributes: [Attribute("onclick", "x()"), Attribute("class", "c")])
        builder.text("a < b")
        builder.close()
        builder.close()
        builder.open(.blockQuote)
        builder.open(.paragraph)
        builder.leaf(.code, text: "&")
        builder.close()
        builder.close()
        return builder.finish()
    }

    @Test("Inline and block kinds are written as the elements of the tag table")
    func tagTable() {
        let html = String(decoding: HTMLRenderer.render(Self.document()), as: UTF8.self)
        #expect(html == """
            <p><em>emphasis</em><strong>strong</strong><del>strikethrough</del><u>underline</u>\
            <sup>superscript</sup><sub>subscript</sub><mark>highlight</mark>\
            <span class="c">a &lt; b</span></p>
            <blockquote>
            <p><code>&amp;</code></p>
            </blockquote>

            """)
    }

    @Test("A fragment is one node's subtree; unsafe keeps event handlers")
    func fragment() {
        let document = Self.document()
        let quote = Array(document.root.children)[1]
        #expect(HTMLRenderer.renderFragment(quote) == Array("<blockquote>\n<p><code>&amp;</code></p>\n</blockquote>\n".utf8))
        var options = HTMLRenderer.Options()
        options.unsafe = true
        let span = Array(Array(document.root.children)[0].children)[7]
        #expect(HTMLRenderer.renderFragment(span, options: options)
                == Array("<span onclick=\"x()\" class=\"c\">a &lt; b</span>".utf8))
    }

    @Test("Kinds whose element depends on the node have no fixed tag")
    func nodeDependentKinds() {
        for tag: NodeKind.Tag in [.document, .heading, .list, .tableCell, .division, .custom, .text] {
            #expect(tag.htmlTagName == nil)
        }
    }
}
