import Foundation
import Testing
import TestSupport
import Transmark

/// A conversion applies `resolve-links` and `clean-urls` in a row in one pass over the document,
/// their rewrites composed: the result must be what applying them one after the other gives.
@Suite struct URLTransformsInOnePassTests {
    /// Every page of the test corpus, with links into the page, tracking parameters, `srcset`s and
    /// relative references: the composed pass against the two transforms applied in turn.
    @Test func composedPassIsTheTransformsInTurn() throws {
        let web = TestPaths.corpus("web")
        let pages = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count >= 10)
        let options = ConversionOptions([(key: "resolve-links.base", value: "https://example.com/page/")],
                                        transforms: ["resolve-links", "clean-urls"])
        let fused = try Registry.standard.conversion(from: "html", to: "markdown", options: options)
        let read = try Registry.standard.conversion(from: "html", to: "markdown")
        let resolve = try Registry.standard.transform(named: "resolve-links")
        let clean = try Registry.standard.transform(named: "clean-urls")
        var changedSome = false
        for page in pages {
            let bytes = [UInt8](try Data(contentsOf: web.appendingPathComponent(page)))
            let parsed = try read.document(from: bytes)
            let inTurn = try clean.apply(to: resolve.apply(to: parsed, options: [(key: "base", value: "https://example.com/page/")]))
            let once = try fused.document(from: bytes)
            #expect(try read.render(once) == read.render(inTurn), "\(page)")
            if try read.render(once) != read.render(parsed) { changedSome = true }
        }
        // The pages hold relative links: the transforms changed something, so the comparison is
        // not of two untouched documents.
        #expect(changedSome)
    }

    /// Rewrites that touch the same URL compose: a relative link with a tracking parameter is
    /// resolved, then loses the parameter; a link into the page to an id it lacks loses its
    /// fragment after being resolved, and the link becomes its text.
    @Test func theSecondRewriteSeesTheFirstOnesResult() throws {
        let html = """
            <p><a href="/a?utm_source=x&amp;id=2">one</a> <a href="#missing">two</a>
            <img src="i.png?fbclid=3" alt="three" srcset="s.png?gclid=4 2x"></p>
            """
        let options = ConversionOptions([(key: "resolve-links.base", value: "https://example.com/page/")],
                                        transforms: ["resolve-links", "clean-urls"])
        let out = try Registry.standard.convert(html, from: "html", to: "markdown", options: options)
        #expect(out.contains("[one](https://example.com/a?id=2)"))
        #expect(out.contains("![three](https://example.com/page/i.png)"))
        #expect(!out.contains("missing"))
        #expect(out.contains("two"))
    }
}
