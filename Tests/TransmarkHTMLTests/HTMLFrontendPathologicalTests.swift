import Testing
import TransmarkCore
@testable import TransmarkHTML

/// Hostile inputs just finish (linear work, no recursion) and keep their text.
@Suite struct HTMLFrontendPathologicalTests {
    func parse(_ html: String) throws -> Document { try HTMLFrontend().parse(html) }

    func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    @Test func millionNestedDivs() throws {
        let document = try parse(repeated("<div>", 1_000_000) + "deep" + repeated("</div>", 1_000_000))
        #expect(document.root.plainText == "deep")
    }

    @Test func misnestedBoldItalicPairs() throws {
        let document = try parse(repeated("<b>1<i>2</b>3</i>", 100_000))
        #expect(document.root.plainText == repeated("123", 100_000))
        let unclosed = try parse(repeated("<b><i>", 100_000) + "x<p>y")
        #expect(unclosed.root.plainText == "xy")
    }

    @Test func unclosedAnchors() throws {
        let document = try parse(repeated("<a href=x>t", 100_000))
        #expect(document.root.plainText == repeated("t", 100_000))
    }

    @Test func unclosedCommentOfOneMegabyte() throws {
        let document = try parse("before<!--" + repeated("x", 1 << 20))
        #expect(document.root.plainText == "before")
    }

    @Test func attributeValueOfOneMegabyte() throws {
        let document = try parse("<span title=\"" + repeated("v", 1 << 20) + "\">text</span>")
        #expect(document.root.plainText == "text")
        #expect(document.root.firstChild?.attribute("title")?.utf8.count == 1 << 20)
    }

    @Test func tagWithManyAttributes() throws {
        var html = "<span"
        for i in 0 ..< 100_000 { html += " a\(i)=\(i)" }
        html += ">text</span>"
        let document = try parse(html)
        #expect(document.root.plainText == "text")
        #expect(document.root.firstChild?.attributes.count == 100_000)
    }

    @Test func tenThousandNestedTables() throws {
        let document = try parse(repeated("<table><tr><td>", 10_000) + "cell")
        #expect(document.root.plainText == "cell")
        let direct = try parse(repeated("<table>", 10_000) + "x")
        #expect(direct.root.plainText == "x")
    }

    @Test func noscriptsNeverClosedAroundBlocks() throws {
        // Each block splits the noscripts before it, which stay open around it.
        let document = try parse(repeated("<span><noscript>", 20_000) + repeated("<div>t", 20_000) + "</noscript>")
        #expect(document.root.plainText == repeated("t", 20_000))
    }

    @Test func unknownTagsNeverClosed() throws {
        var html = ""
        for i in 0 ..< 20_000 { html += "<x\(i)>t" }
        let document = try parse(html)
        #expect(document.root.plainText.count == html.count)
    }

    @Test func depthLimitFlattensAndKeepsText() throws {
        var options = HTMLFrontend.Options()
        options.maxDepth = 10
        let document = try HTMLFrontend().parse(repeated("<div>a", 50), options: options)
        #expect(document.root.plainText == repeated("a", 50))
    }

    @Test func inputSizeLimitIsATypedError() throws {
        var options = HTMLFrontend.Options()
        options.maxInputSize = 4
        #expect(throws: TransmarkError.inputTooLarge(bytes: 9, limit: 4, option: "maxInputSize")) {
            try HTMLFrontend().parse("<p>x</p>!", options: options)
        }
    }
}
