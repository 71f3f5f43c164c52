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

    @Test func quotesInsideQuotesAreSingle() throws {
        func text(_ html: String) throws -> String { try HTMLFrontendInputs.parse(html).root.plainText }
        #expect(try text("<p><q>a <q>b <q>c</q></q></q> <q>d</q></p>") == "“a ‘b ‘c’’” “d”")
        // A block inside a quote does not lose count of it.
        #expect(try text("<p><q>a<div>b <q>c</q></div>d</q> <q>e</q></p>").hasSuffix("d” “e”"))
    }
}
