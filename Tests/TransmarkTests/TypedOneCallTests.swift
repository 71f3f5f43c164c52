import Testing
import Transmark

/// The one-call API with typed formats and options (`from: .html, to: .ansi(.with { … })`), and
/// reading a node's data from its kind, as the README shows it.
@Suite struct TypedOneCallTests {
    @Test func typedFormatsAndOptionsConvertLikeTheStringForms() throws {
        let html = "<h1>Title</h1><p>A <b>bold</b> <a href=\"https://x.org\">link</a></p>"
        let ansi = try Transmark.convert(html, from: .html, to: .ansi(.with { $0.color = .always }))
        #expect(ansi == (try Transmark.convert(html, from: "html", to: "ansi", options: ["color": "always"])))
        #expect(ansi.contains("\u{1B}["))
        let setext = try Transmark.convert(html, from: .html, to: .markdown(.with { $0.headingStyle = .setext }))
        #expect(setext.hasPrefix("Title\n=====\n"))
        #expect(try Transmark.convert("# Hi", from: .markdown, to: .html) == "<h1>Hi</h1>\n")
        #expect(try Transmark.convert("*hi* <https://x.org|there>", from: .chat, to: .text) == "hi there (https://x.org)\n")
    }

    @Test func typedTransformsApplyInOrder() throws {
        let page = "<nav><a href=\"/\">Home</a></nav><article><h1>News</h1><p>" + String(repeating: "Words of the story. ", count: 30) + "</p></article>"
        let markdown = try Transmark.convert(page, from: .html, to: .markdown,
                                             transforms: [MainContentTransform(), ShiftHeadingsTransform()])
        #expect(markdown.hasPrefix("## News"))
        #expect(!markdown.contains("Home"))
    }

    @Test func aNodesDataIsReadFromItsKind() throws {
        let document = try Transmark.parse("<h2>T</h2><p><a href=\"/a\" title=\"A\">x</a></p>", from: .html)
        var found: [String] = []
        for case .enter(let node) in document.events() {
            if case .link(let destination, let title) = node.kind { found.append("link \(destination) \(title)") }
            if case .heading(let level) = node.kind { found.append("heading \(level)") }
        }
        #expect(found == ["heading 2", "link /a A"])
    }
}
