import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
@testable import TransmarkText

/// An `ol`'s `list-style-type` in its `style` attribute numbers the list as `type` does, and wins
/// over `type` (CSS over a presentational attribute, as in browsers).
@Suite struct ListStyleTypeTests {
    func markdown(_ html: String) throws -> String {
        let options = try MarkdownBackend.Options(parsing: ["profile=pandoc", "listNumbering=source"])
        return try MarkdownBackend().renderString(try HTMLFrontend().parse(html), options: options)
    }

    func text(_ html: String) throws -> String { try plain(try HTMLFrontend().parse(html)) }

    @Test func theStyleNumbersTheList() throws {
        #expect(try markdown(#"<ol style="list-style-type: lower-alpha"><li>one</li><li>two</li></ol>"#) == "a.  one\nb.  two\n")
        #expect(try markdown(#"<ol start="3" style="list-style-type: upper-roman"><li>x</li><li>y</li></ol>"#) == "III.  x\nIV.  y\n")
        #expect(try text(#"<ol style="list-style-type: lower-latin"><li>one</li><li>two</li></ol>"#) == "a. one\nb. two\n")
        #expect(try text(#"<ol style="list-style: upper-alpha inside"><li>one</li><li>two</li></ol>"#) == "A. one\nB. two\n")
    }

    @Test func theStyleWinsOverType() throws {
        #expect(try markdown(#"<ol type="a" style="list-style-type: decimal"><li>one</li><li>two</li></ol>"#) == "1.  one\n2.  two\n")
        #expect(try text(#"<ol type="I" style="list-style-type: lower-roman"><li>one</li><li>two</li></ol>"#) == " i. one\nii. two\n")
    }

    @Test func noneOrAnUnknownTypeLeavesTheList() throws {
        #expect(try markdown(#"<ol type="A" style="list-style-type: none"><li>one</li></ol>"#) == "A.  one\n")
        #expect(try text(#"<ol style="list-style-type: none"><li>one</li><li>two</li></ol>"#) == "1. one\n2. two\n")
        #expect(try text(#"<ol type="a" style="list-style-type: lower-greek"><li>one</li></ol>"#) == "a. one\n")
    }

    @Test func bulletListsStayBulletLists() throws {
        #expect(try text(#"<ul style="list-style-type: decimal"><li>one</li></ul>"#) == "• one\n")
    }
}
