import Testing
import TransmarkCore
@testable import TransmarkHTML

/// A block directly in a list right after an item's end tag (`<ul><li>a</li><p>b</p></ul>`)
/// belongs to that item, as a browser shows it (no marker of its own) and as pandoc reads it;
/// inline content and text there still get an item of their own, so they are not glued to the
/// item's text.
@Suite struct BlockAfterListItemTests {
    /// The items of the first list, each as the plain text of its blocks.
    func items(_ html: String) throws -> [[String]] {
        let document = try HTMLFrontendInputs.parse(html)
        guard let list = document.root.children.first(where: { $0.tag == .list }) else { return [] }
        return list.children.map { item in
            item.children.map(\.plainText)
        }
    }

    @Test func aParagraphAfterAnItemContinuesIt() throws {
        #expect(try items("<ul>\n  <li>Bullet point.</li>\n  <p>Nested line.</p>\n</ul>") == [["Bullet point.", "Nested line."]])
        #expect(try items("<ol><li>a</li><div>d</div><h3>h</h3><li>b</li></ol>") == [["a", "d", "h"], ["b"]])
        // The list is loose then: the item holds paragraphs.
        let document = try HTMLFrontendInputs.parse("<ul><li>a</li><p>b</p><li>c</li></ul>")
        guard case .list(let attributes)? = Array(document.root.children).first?.kind else {
            Issue.record("no list")
            return
        }
        #expect(!attributes.isTight)
    }

    @Test func nestedListsStillAttachToTheItem() throws {
        let tree = try HTMLFrontendInputs.tree("<ul><li>a</li><ul><li>n</li></ul><p>p</p></ul>")
        #expect(tree == """
            document
              list bullet loose
                listItem
                  text "a"
                  list bullet tight
                    listItem
                      text "n"
                  paragraph
                    text "p"

            """, "\(tree)")
    }

    @Test func inlineContentAndTextGetAnItemOfTheirOwn() throws {
        #expect(try items("<ul><li>a</li>text after<li>b</li></ul>") == [["a"], ["text after"], ["b"]])
        #expect(try items("<ul><li>a</li><b>bold</b><li>b</li></ul>") == [["a"], ["bold"], ["b"]])
        // Content before any item has an item of its own as before.
        #expect(try items("<ul><p>first</p><li>a</li></ul>") == [["first"], ["a"]])
        // What shows nothing neither continues nor adds an item.
        #expect(try items("<ul><li>a</li><script>x()</script><li>b</li></ul>") == [["a"], ["b"]])
    }
}
