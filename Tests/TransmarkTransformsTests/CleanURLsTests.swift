import Testing
import Transmark

/// `clean-urls` and `resolve-links` with a page's `<base href>`.
@Suite struct CleanURLsTests {
    func markdown(_ html: String, transforms: [String], options: [String: String] = [:]) throws -> String {
        try Registry.standard.convert(html, from: "html", to: "markdown",
                                      options: ConversionOptions(options, transforms: transforms))
    }

    @Test func trackingParametersGoOthersStayInOrder() throws {
        let out = try markdown("""
            <p><a href="https://a.example/p?utm_source=x&id=3&UTM_Medium=y&fbclid=1&q=a%20b">a</a>
            <a href="https://b.example/?gclid=1">b</a> <img src="https://c.example/i.png?mc_eid=5&w=2" alt="c">
            <a href="https://d.example/?ref=home">d</a></p>
            """, transforms: ["clean-urls"])
        #expect(out.contains("[a](https://a.example/p?id=3&q=a%20b)"))
        #expect(out.contains("[b](https://b.example/)"))
        #expect(out.contains("![c](https://c.example/i.png?w=2)"))
        #expect(out.contains("[d](https://d.example/?ref=home)"))
    }

    @Test func userParametersAddToTheList() throws {
        let out = try markdown("<p><a href='https://a.example/?ref=home&sid=1&session_x=2&keep=1'>a</a></p>",
                               transforms: ["clean-urls:parameters=ref,session_*"])
        #expect(out == "[a](https://a.example/?sid=1&keep=1)\n")
    }

    @Test func fragmentsThatPointNowhereAreDropped() throws {
        let html = """
            <h2 id="real">Real</h2><p><a href="#real">to real</a> <a href="#gone">to nowhere</a>
            <a href="#">top</a> <a href="https://other.example/doc#gone">elsewhere</a> <a name="named"></a><a href="#named">named</a></p>
            """
        let out = try markdown(html, transforms: ["clean-urls"])
        #expect(out.contains("[to real](#real)"))
        #expect(out.contains(" to nowhere "))
        #expect(!out.contains("#gone)") || out.contains("[elsewhere](https://other.example/doc#gone)"))
        #expect(out.contains("[elsewhere](https://other.example/doc#gone)"))
        #expect(out.contains("[named](#named)"))
        #expect(!out.contains("[top]"))
        let kept = try markdown(html, transforms: ["clean-urls:fragments=false"])
        #expect(kept.contains("[to nowhere](#gone)"))
    }

    /// Fragments into the page, found by their bytes or read in full: an id written
    /// percent-encoded, an address of the page itself (the base `resolve-links` used), a query
    /// that held only tracking parameters, spaces around the reference.
    @Test func fragmentsAreCheckedWhereverTheyPoint() throws {
        let html = """
            <h2 id="real">Real</h2><p id="x y">p</p>
            <p><a href="#x%20y">encoded</a> <a href="?utm_source=x#gone">tracked to nowhere</a>
            <a href="?utm_source=x#real">tracked to real</a> <a href="?id=1#real">query to real</a>
            <a href="https://example.com/page/#real">own real</a> <a href="https://example.com/page/#gone">own gone</a>
            <a href="https://example.com/page/?utm_medium=m#gone">own tracked</a> <a href="https://other.example/#gone">other</a></p>
            """
        let relative = try markdown(html, transforms: ["clean-urls"])
        #expect(relative.contains("[encoded](#x%20y)"))
        #expect(relative.contains(" tracked to nowhere "))
        #expect(relative.contains("[tracked to real](#real)"))
        #expect(relative.contains("[query to real](?id=1#real)"))
        #expect(relative.contains("[own gone](https://example.com/page/#gone)"))
        #expect(relative.contains("[other](https://other.example/#gone)"))
        let resolved = try markdown(html, transforms: ["resolve-links", "clean-urls"],
                                    options: ["resolve-links.base": "https://example.com/page/"])
        #expect(resolved.contains("[encoded](https://example.com/page/#x%20y)"))
        #expect(resolved.contains("[tracked to nowhere](https://example.com/page/)"))
        #expect(resolved.contains("[tracked to real](https://example.com/page/#real)"))
        #expect(resolved.contains("[own real](https://example.com/page/#real)"))
        #expect(resolved.contains("[own gone](https://example.com/page/)"))
        #expect(resolved.contains("[own tracked](https://example.com/page/)"))
        #expect(resolved.contains("[other](https://other.example/#gone)"))
    }

    @Test func srcsetCandidatesAreCleaned() throws {
        let doc = try Registry.standard.parse(Array("<img srcset='a.png?utm_campaign=z 1x, b.png?x=1&fbclid=2 2x' src='a.png' alt=''>".utf8), from: "html")
        let clean = try Registry.standard.applyTransforms(["clean-urls"], to: doc)
        let html = try Registry.standard.render(clean, to: "html")
        #expect(String(decoding: html, as: UTF8.self).contains("srcset=\"a.png 1x, b.png?x=1 2x\""))
    }

    @Test func resolveLinksHonoursTheBaseElement() throws {
        let html = "<head><base href='/docs/'></head><p><a href='guide.html'>g</a> <img src='i.png' alt='i'></p>"
        let out = try markdown(html, transforms: ["resolve-links"], options: ["resolve-links.base": "https://site.example/a/page"])
        #expect(out == "[g](https://site.example/docs/guide.html) ![i](https://site.example/docs/i.png)\n")
        // An absolute <base href> is enough on its own.
        let own = try markdown("<base href='https://cdn.example/x/'><p><a href='y'>y</a></p>", transforms: ["resolve-links"])
        #expect(own == "[y](https://cdn.example/x/y)\n")
        // Without either, the transform says what it needs.
        #expect(throws: TransmarkError.self) { try markdown("<p><a href='y'>y</a></p>", transforms: ["resolve-links"]) }
    }

    @Test func theBaseBecomesTheSourceURL() throws {
        let doc = try Registry.standard.parse(Array("<title>T</title><p>x</p>".utf8), from: "html")
        let resolved = try Registry.standard.applyTransforms(["resolve-links:base=https://s.example/p"], to: doc)
        #expect(resolved.metadata.sourceURL == "https://s.example/p")
        #expect(resolved.metadata.title == "T")
    }

    @Test func aRealPageLosesItsTrackingParameters() throws {
        let page = try Corpus.document(Corpus.reutersArticle)
        let clean = try Registry.standard.applyTransforms(["clean-urls"], to: page)
        let before = try TransmarkTransformsTests.markdown(page)
        let after = try TransmarkTransformsTests.markdown(clean)
        #expect(before.contains("https://reutersagency.com/?utm_source=website&utm_medium=reuters"))
        #expect(!after.contains("utm_"))
        #expect(after.contains("(https://reutersagency.com/)"))
        // Only URLs changed: the text is the same.
        #expect(after.split(separator: "\n").count == before.split(separator: "\n").count)
    }
}
