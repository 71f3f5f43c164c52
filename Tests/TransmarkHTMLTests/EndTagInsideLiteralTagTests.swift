import Testing
import TransmarkCore
@testable import TransmarkHTML

/// An isolated unknown start tag stays literal text, but only up to the real end tag written
/// inside it: in `x<y, z</li>` the tokenizer reads `</li` as attributes of a tag `y,`, and
/// `</li>` must still end the item.
@Suite struct EndTagInsideLiteralTagTests {
    func tree(_ html: String) throws -> String { try HTMLFrontendInputs.tree(html) }
    func text(_ html: String) throws -> String { try HTMLFrontendInputs.parse(html).root.plainText }

    @Test func aStrayLessThanInAListItem() throws {
        #expect(try tree("<ul><li>x<y, z</li><li>b</li></ul>")
            == "document\n  list bullet tight\n    listItem\n      text \"x<y, z\"\n    listItem\n      text \"b\"\n")
        #expect(try tree("<ol><li>1 <n, 2</li><li>3</li></ol>")
            == "document\n  list ordered start=1 tight\n    listItem\n      text \"1 <n, 2\"\n    listItem\n      text \"3\"\n")
    }

    @Test func theFirstRealEndTagEndsTheLiteralText() throws {
        // `</b` has no `b` open: it is read as an end tag (and ignored), not kept as text.
        #expect(try tree("<p>a<yy c d</b>e</p>f") == "document\n  paragraph\n    text \"a<yy c de\"\n  text \"f\"\n")
        // An unknown name's end tag closes its open element.
        #expect(try text("<story>x<yy, z</story> w") == "x<yy, z w")
    }

    @Test func endTagsThatEndNothingStayText() throws {
        // Inside a quoted attribute value, or an unknown name with no open element.
        #expect(try text(#"<p>a<yy c="</p>">b</p>"#) == #"a<yy c="</p>">b"#)
        #expect(try text("a <story about </story> b") == "a <story about </story> b")
    }

    @Test func isolatedUnknownTagsWithoutEndTagsAreUnchanged() throws {
        #expect(try text("Hi <Congratulation!> there") == "Hi <Congratulation!> there")
        #expect(try text("<p>mail <name@example.com> now</p>") == "mail <name@example.com> now")
    }

    @Test func manySplitTagsStayLinear() throws {
        let html = String(repeating: "<li>x<yy, z</li>", count: 50_000)
        let document = try HTMLFrontendInputs.parse("<ul>" + html + "</ul>")
        var items = 0
        for case .enter(let node) in document.events() where node.tag == .listItem { items += 1 }
        #expect(items == 50_000)
    }
}
