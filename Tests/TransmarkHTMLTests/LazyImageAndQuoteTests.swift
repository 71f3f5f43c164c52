import Testing
import TransmarkCore
@testable import TransmarkHTML

/// The `<noscript>` copy of a lazy image is left out in the shapes pages write it; `q` quotes
/// as browsers show them.
@Suite struct LazyImageAndQuoteTests {
    func images(_ html: String) throws -> [String] {
        let document = try HTMLFrontendInputs.parse(html)
        var sources: [String] = []
        for case .enter(let node) in document.events() {
            if case .image(let source, _, _) = node.kind { sources.append(source) }
        }
        return sources
    }

    @Test func theCopyIsLeftOutHoweverItIsWritten() throws {
        #expect(try images(#"<img data-src="a.jpg"><noscript><img src="a.jpg"></noscript>"#) == ["a.jpg"])
        #expect(try images(#"<img data-src="a.jpg"><noscript><img srcset="a.jpg 1x"></noscript>"#) == ["a.jpg"])
        #expect(try images(#"<img data-src="a.jpg"><noscript><img data-src="a.jpg" src="a.jpg"></noscript>"#) == ["a.jpg"])
        #expect(try images(#"<div><img data-src="a.jpg"><noscript><div><img src="a.jpg"></div></noscript></div>"#) == ["a.jpg"])
    }

    @Test func aLinkAroundTheCopyGoesWithIt() throws {
        let document = try HTMLFrontendInputs.parse(#"<a href="/p"><img data-src="a.jpg" alt="A"></a><noscript><a href="/p"><img src="a.jpg" alt="A"></a></noscript>"#)
        var links = 0
        for case .enter(let node) in document.events() where node.tag == .link { links += 1 }
        #expect(links == 1)
    }

    @Test func otherNoscriptImagesStay() throws {
        #expect(try images(#"<img data-src="a.jpg"><noscript><img src="b.jpg"></noscript>"#) == ["a.jpg", "b.jpg"])
        // A copy before the lazy image is not known to be one yet.
        #expect(try images(#"<noscript><img src="x.jpg"></noscript><img data-src="x.jpg">"#) == ["x.jpg", "x.jpg"])
    }

    @Test func aNoscriptNeverClosedEndsWithTheElementItIsIn() throws {
        // The `div` closes the `noscript` inside it: what follows is the page again.
        let html = #"<img data-src="a.jpg"><div><noscript><img src="a.jpg"></div><p>After</p><img src="a.jpg" alt="B">"#
        #expect(try images(html) == ["a.jpg", "a.jpg"])
        #expect(try HTMLFrontendInputs.tree(html).hasSuffix("paragraph\n    text \"After\"\n  image source=\"a.jpg\"\n    text \"B\"\n"))
        // An item's implied end, a paragraph's end and an inline ancestor's end tag close it too.
        #expect(try images(#"<img data-src="a.jpg"><ul><li><noscript><img src="a.jpg"><li><img src="a.jpg"></ul>"#) == ["a.jpg", "a.jpg"])
        #expect(try images(#"<img data-src="a.jpg"><p><noscript><img src="a.jpg"></p><img src="a.jpg">"#) == ["a.jpg", "a.jpg"])
        #expect(try images(#"<img data-src="a.jpg"><span><noscript><img src="a.jpg"></span><img src="a.jpg">"#) == ["a.jpg", "a.jpg"])
    }

    @Test func aNoscriptABlockSplitStaysOpenAroundIt() throws {
        // Inside the block and after it, up to the end of the element the noscript is in (as in
        // a browser, where the noscript is still open there).
        let inDiv = #"<img data-src="a.jpg"><div><noscript><div>x</div><img src="a.jpg"></div><img src="a.jpg">"#
        #expect(try images(inDiv) == ["a.jpg", "a.jpg"])
        // Or up to its own end tag.
        let closed = #"<img data-src="a.jpg"><noscript><div><img src="a.jpg"></div></noscript><img src="a.jpg">"#
        #expect(try images(closed) == ["a.jpg", "a.jpg"])
        let nested = #"<img data-src="a.jpg"><noscript><div><noscript><p>x</p></noscript><img src="a.jpg"></div></noscript><img src="a.jpg">"#
        #expect(try images(nested) == ["a.jpg", "a.jpg"])
    }

    @Test func quotesInsideQuotesAreSingle() throws {
        func text(_ html: String) throws -> String { try HTMLFrontendInputs.parse(html).root.plainText }
        #expect(try text("<p><q>a <q>b <q>c</q></q></q> <q>d</q></p>") == "“a ‘b ‘c’’” “d”")
        // A block inside a quote does not lose count of it.
        #expect(try text("<div><q>a<div>b <q>c</q></div>d</q> <q>e</q></div>").filter { $0 != "\n" } == "“ab ‘c’d” “e”")
        // A paragraph's end closes a quote in it: `<div>` closes the `p` (and the `q` in it), so
        // the `</q>` after the block has nothing to close.
        #expect(try text("<p><q>a<div>b <q>c</q></div>d</q> <q>e</q></p>").filter { $0 != "\n" } == "“a”b “c”d “e”")
    }

    @Test func aQuoteClosedWithoutItsEndTagGetsItsClosingMark() throws {
        /// The text without the line breaks between blocks.
        func text(_ html: String) throws -> String {
            try HTMLFrontendInputs.parse(html).root.plainText.filter { $0 != "\n" }
        }
        // Closed by its parent's end tag, an implied end or the end of input: the mark is written
        // there, and the next quote is an outer one again.
        #expect(try text("<div><q>a</div><p><q>b</q></p>") == "“a”“b”")
        #expect(try text("<p><q>x</p><p>y") == "“x”y")
        #expect(try text("<p><q>x") == "“x”")
        // A quote a block split is closed by its end tag after the block, or by its parent.
        #expect(try text("<q>a<div>b</div>c</q>d") == "“abc”d")
        #expect(try text("<div><q>a<div>b</div>c</div><q>d</q>") == "“abc”“d”")
        #expect(try text("<q>a<q>b<div>c</div>d</q>e</q>f") == "“a‘bcd’e”f")
    }
}
