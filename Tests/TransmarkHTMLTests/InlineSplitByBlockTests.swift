import Testing
import TransmarkCore
@testable import TransmarkHTML

/// An inline element that a block splits before any content (`<a href><div>…</div></a>`, a card
/// link) leaves no empty node before the block: the element goes on inside the block.
@Suite struct InlineSplitByBlockTests {
    func links(_ html: String) throws -> [(destination: String, text: String)] {
        let document = try HTMLFrontendInputs.parse(html)
        var found: [(String, String)] = []
        for case .enter(let node) in document.events() {
            if case .link(let destination, _) = node.kind { found.append((destination, node.plainText)) }
        }
        return found
    }

    @Test func aCardLinkIsALinkInsideEachBlockOnly() throws {
        let found = try links(#"<a href="/p"><div>Title</div><p>Summary</p></a>"#)
        #expect(found.map(\.text) == ["Title", "Summary"])
        #expect(found.allSatisfy { $0.destination == "/p" })
    }

    @Test func inAListItemAndAParagraph() throws {
        #expect(try links(#"<ul><li><a href="/p"><h3>Title</h3></a></li></ul>"#).map(\.text) == ["Title"])
        #expect(try links(#"<p><a href="/p"><div>Title</div></a></p>"#).map(\.text) == ["Title"])
        // Nested inline elements go together.
        let tree = try HTMLFrontendInputs.tree(#"<a href="/p"><b><div>Bold title</div></b></a>"#)
        #expect(tree.hasPrefix("document\n  division tag=\"div\"\n    link"), "\(tree)")
        #expect(try links(#"<a href="/p"><b><div>Bold title</div></b></a>"#).map(\.text) == ["Bold title"])
    }

    @Test func aLinkWrittenEmptyStays() throws {
        #expect(try links(#"<p><a href="/x"></a> after</p>"#).map(\.text) == [""])
        // Content before the block keeps the first piece.
        #expect(try links(#"<a href="/p">Read <div>more</div></a>"#).map(\.text) == ["Read", "more"])
    }

    @Test func afterTextEndingInWhitespace() throws {
        // The whitespace goes with the empty piece: a block follows.
        #expect(try links(#"<div><span>New</span> <a href="/q"><div>Title</div></a></div>"#).map(\.text) == ["Title"])
        let tree = try HTMLFrontendInputs.tree(#"<p>text <a href="/p"><div>T</div></a></p>"#)
        #expect(tree.contains(#"text "text""#), "\(tree)")
        #expect(!tree.contains(#""text ""#), "\(tree)")
    }
}
