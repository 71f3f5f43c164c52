import Testing
import Transmark

/// `main-content`'s page kinds, confidence and the options that use them.
@Suite struct MainContentKindTests {
    static let sentence = "The council voted on Tuesday to extend the library's opening hours, a change that residents had asked for over several years."

    func extract(_ html: String, _ options: MainContentTransform.Options = .init(), url: String? = nil)
        throws -> (text: String, report: MainContentTransform.Report, metadata: DocumentMetadata) {
        var document = try Registry.standard.parse(Array(html.utf8), from: "html")
        if let url {
            var metadata = document.metadata
            metadata.sourceURL = url
            document = document.withMetadata(metadata)
        }
        let (kept, report) = MainContentTransform().extract(from: document, options: options)
        let text = String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
        return (text, report, kept.metadata)
    }

    static let navigation = "<nav><a href='/'>Home</a> <a href='/forum'>Forum</a> <a href='/help'>Help</a></nav>"

    /// A thread's posts are alike siblings named `message`: every one is kept, not only the
    /// best-scoring one.
    @Test func aThreadKeepsEveryPost() throws {
        // The first post is long and the replies short: the best container is the first post,
        // and only the thread keeps the replies.
        let posts = (1...5).map { n in
            let body = n == 1 ? (1...6).map { "<p>Post 1, part \($0): \(Self.sentence)</p>" }.joined()
                : "<p>Post \(n): Agreed, thanks for writing this up so clearly.</p>"
            return "<article class='message message--post'><div class='message-user'>user\(n)</div><div class='message-body'>\(body)</div></article>"
        }.joined()
        let html = "<html><body>\(Self.navigation)<h1>Library hours</h1><div class='block-body'>\(posts)</div><footer>Forum rules</footer></body></html>"
        let (text, report, metadata) = try extract(html)
        #expect(report.kind == .discussion)
        for part in 1...6 { #expect(text.contains("Post 1, part \(part): The council voted"), "\(part): \(text)") }
        for n in 2...5 { #expect(text.contains("Post \(n): Agreed"), "\(n): \(text)") }
        #expect(!text.contains("Forum rules"))
        #expect(metadata.pageKind == "discussion")
    }

    static let articleWithComments: String = {
        let body = (1...8).map { "<p>\($0). \(sentence)</p>" }.joined()
        let comments = (1...4).map { "<div class='comment'><p>Comment \($0): I think this is a good change for the town, thank you.</p></div>" }.joined()
        return "<html><body>\(navigation)<article><h1>Library hours extended</h1>\(body)</article><section class='comments'>\(comments)</section></body></html>"
    }()

    /// Comments under an article are not a thread: the page is an article and its comments go,
    /// unless `comments` keeps them.
    @Test func commentsGoUnlessAskedFor() throws {
        let plain = try extract(Self.articleWithComments)
        #expect(plain.report.kind == .article)
        #expect(plain.text.contains("8. The council voted"))
        #expect(!plain.text.contains("Comment 1"), "\(plain.text)")
        var options = MainContentTransform.Options()
        options.comments = true
        let with = try extract(Self.articleWithComments, options)
        #expect(with.text.contains("8. The council voted"))
        for n in 1...4 { #expect(with.text.contains("Comment \(n): I think"), "\(with.text)") }
        #expect(!with.text.contains("Home"))
    }

    /// A listing keeps every item with its title and summary, links and all (summaries too
    /// short to score as prose).
    @Test func aListingKeepsItsItems() throws {
        let items = (1...8).map { n in
            "<li class='result'><h3><a href='/story/\(n)'>Story number \(n) of the week</a></h3><p>Summary of story \(n).</p></li>"
        }.joined()
        let html = "<html><body>\(Self.navigation)<h1>Latest stories</h1><ul class='results'>\(items)</ul><footer>About us</footer></body></html>"
        let (text, report, _) = try extract(html)
        #expect(report.kind == .listing)
        for n in 1...8 {
            #expect(text.contains("Story number \(n) of the week"), "\(n): \(text)")
            #expect(text.contains("Summary of story \(n)."))
        }
        #expect(!text.contains("About us"))
    }

    /// An old site's menu (`<ul id="navigation">`) holding most of the page's text is too large
    /// to be left out before scoring, and its entries (a link and a word or two each) look like
    /// a listing's items: it is not the page's listing, and the page's news stays what is kept.
    @Test func aLargeMenuIsNotAListing() throws {
        let sections = (1...8).map { n in
            "<li class='title'>Section \(n) of the site<ul class='topcat'>" + (1...4).map { k in
                "<li><a href='/s\(n)/\(k)'>Page \(k) of section \(n)</a></li>"
            }.joined() + "</ul></li>"
        }.joined()
        let html = """
            <html><body><div id="content"><h2>Chapter 121 is online</h2><p>24 March 2004, 19:49 | Genesis</p>
            <p>Chapter 121 is now online too. As always, only logged-in users can see the pictures. Chapter 122 follows on Friday.</p></div>
            <div id="leftnav"><ul id="navigation">\(sections)</ul></div></body></html>
            """
        let (text, report, _) = try extract(html)
        #expect(report.kind != .listing)
        #expect(text.contains("Chapter 122 follows on Friday"), "\(text)")
        #expect(!text.contains("Page 3 of section 5"), "\(text)")
    }

    /// A product page keeps its description and its specification table, even when the table
    /// sits outside the description's container.
    @Test func aProductKeepsItsSpecifications() throws {
        let html = """
            <html><body>\(Self.navigation)
            <div class="product"><h1>Reading lamp</h1><span itemprop="price">49.00</span>
            <button class="add-to-cart">Add</button><div class="basket-note">Free delivery</div>
            <div class="description"><p>A warm reading lamp with a brass arm, a linen shade and a switch on its cord, made to last for many years of evenings.</p></div></div>
            <div class="tabs"><table><tr><th>Height</th><td>48 cm</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr><tr><th>Bulb</th><td>E27, up to 40 W</td></tr></table></div>
            <footer>Shipping and returns</footer></body></html>
            """
        let (text, report, _) = try extract(html)
        #expect(report.kind == .product)
        #expect(text.contains("A warm reading lamp"), "\(text)")
        #expect(text.contains("48 cm"), "\(text)")
        #expect(text.contains("E27, up to 40 W"))
        #expect(!text.contains("Shipping and returns"))
    }

    /// A product page whose description goes on in sections beside the product's block (a
    /// shop's "how it is made" and "how to prepare it" panels) keeps their paragraphs; a short
    /// link-heavy teaser of other products there stays out.
    @Test func aProductKeepsTheParagraphsOfItsSections() throws {
        let html = """
            <html><body>\(Self.navigation)
            <div class="product"><h1>Sidamo coffee beans</h1><span itemprop="price">12.90</span>
            <button class="add-to-cart">Add</button><div class="basket-note">Free delivery</div>
            <div class="description"><p>Red berries and citrus notes, sweet and strong, from a cooperative of small farmers in southern Ethiopia.</p></div></div>
            <div class="grid">\((1...6).map { "<div class='card'><a href='/p/\($0)'>Other coffee \($0), 250 g</a> <span class='price'>9.90</span></div>" }.joined())</div>
            <div class="product-details__blocks"><section><a class="collection_title">Direct trade</a>
            <div class="text"><p>All our coffees are certified organic and bought directly from small farmers and their cooperatives at fair prices.</p></div></section>
            <section><h5>The blend</h5><p class="txt">Every blend is put together, roasted and ground by hand, as our quality standards ask.</p></section>
            <section class="teaser"><p><a href="/p/1">Yirgacheffe coffee beans, light roast, 500 g</a> <a href="/p/2">Espresso blend</a></p></section></div>
            <footer>Shipping and returns</footer></body></html>
            """
        let (text, report, _) = try extract(html)
        #expect(report.kind == .product)
        #expect(text.contains("Red berries and citrus notes"), "\(text)")
        #expect(text.contains("All our coffees are certified organic"), "\(text)")
        #expect(text.contains("Every blend is put together"), "\(text)")
        #expect(!text.contains("Yirgacheffe"), "\(text)")
        #expect(!text.contains("Other coffee 3"), "\(text)")
        #expect(!text.contains("Shipping and returns"))
    }

    /// What the page declares and what its URL says name the kind.
    /// Documentation is recognised by its markup, with no URL or declaration: a documentation
    /// frame around the article with another element naming one (a docs sidebar), or a
    /// generator's markup inside it (Sphinx's `docutils literal`). One `docs` link in a blog's
    /// navigation, or a content management system's `documentHeader`, is not documentation.
    @Test func documentationByItsMarkup() throws {
        let body = (1...5).map { "<p>Step \($0): \(Self.sentence)</p><pre><code>make step\($0)</code></pre>" }.joined()
        let docusaurus = """
            <html><body><nav class="navbar"><a href="/">Home</a></nav><aside class="theme-doc-sidebar-container"><a href="/intro">Intro</a></aside>
            <main class="docMainContainer"><div class="theme-doc-markdown markdown"><h1>Install</h1>\(body)</div></main></body></html>
            """
        #expect(try extract(docusaurus).report.kind == .documentation)
        let literals = (1...4).map { "<p>Run <code class=\"docutils literal\">hg evolve \($0)</code>: \(Self.sentence)</p>" }.joined()
        let sphinx = "<html><body><div class=\"topnav\"><a href=\"/\">Docs</a></div><div class=\"content\"><h1>Evolve</h1>\(literals)</div></body></html>"
        #expect(try extract(sphinx).report.kind == .documentation)
        let article = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let blog = """
            <html><body><nav><a class="docs-link" href="/docs">Docs</a> <a href="/blog">Blog</a></nav>
            <div class="documentHeader"><a href="/">Town</a></div><div class="documentMain"><article><h1>Library hours</h1>\(article)</article></div></body></html>
            """
        #expect(try extract(blog).report.kind == .article)
    }

    /// On documentation a table of links (platforms and their install pages) is content and
    /// stays; on an article the same table is a box of links and goes.
    @Test func documentationKeepsItsTablesOfLinks() throws {
        let rows = ["debian", "fedora", "ubuntu"].map { name in
            "<tr><td><a href=\"/install/\(name)/\">\(name)</a></td><td><a href=\"/install/\(name)/\">yes</a></td><td><a href=\"/install/\(name)/\">yes</a></td></tr>"
        }.joined()
        let table = "<table><tr><th>Platform</th><th>x86_64</th><th>arm64</th></tr>\(rows)</table>"
        let body = (1...4).map { "<p>Step \($0): \(Self.sentence)</p><pre><code>make step\($0)</code></pre>" }.joined()
        let docs = """
            <html><body><nav class="navbar"><a href="/">Home</a></nav><aside class="theme-doc-sidebar-container"><a href="/intro">Intro</a></aside>
            <main class="docMainContainer"><div class="theme-doc-markdown markdown"><h1>Install</h1>\(table)\(body)</div></main></body></html>
            """
        let found = try extract(docs)
        #expect(found.report.kind == .documentation)
        #expect(found.text.contains("fedora"), "\(found.text)")
        let article = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let news = "<html><body>\(Self.navigation)<article><h1>Library hours</h1>\(article)\(table)<p>7. \(Self.sentence)</p></article></body></html>"
        let kept = try extract(news)
        #expect(kept.report.kind == .article)
        #expect(!kept.text.contains("fedora"), "\(kept.text)")
    }

    @Test func declaredKindsAndURLs() throws {
        typealias Kind = MainContentTransform.PageKind
        #expect(Kind(declared: "article") == .article)
        #expect(Kind(declared: "product.item") == .product)
        #expect(Kind(declared: "discussion") == .discussion)
        #expect(Kind(declared: "website") == nil)
        #expect(Kind(declared: nil) == nil)
        #expect(Kind(url: "https://forum.example.org/anything") == .discussion)
        #expect(Kind(url: "https://www.example.com/threads/lamp-question.42/") == .discussion)
        #expect(Kind(url: "https://shop.example/collections/lamps/products/reading-lamp") == .product)
        #expect(Kind(url: "https://docs.example.dev/guide/start") == .documentation)
        #expect(Kind(url: "https://example.com/category/news") == .listing)
        #expect(Kind(url: "https://example.com/category/news/a-story-about-roads") == nil)
        #expect(Kind(url: "https://example.com/2024/05/a-story") == nil)
        // A URL names the kind when the structure has no thread in it.
        let article = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let page = "<html><body><div>\(article)</div></body></html>"
        #expect(try extract(page).report.kind == .article)
        #expect(try extract(page, url: "https://example.com/docs/library-hours").report.kind == .documentation)
    }

    /// A clear article is trusted more than a page of links and scraps, and `minConfidence`
    /// keeps the whole page when the extraction is less sure than asked.
    @Test func confidenceAndFallback() throws {
        let clear = try extract(Self.articleWithComments)
        let links = (1...30).map { "<li><a href='/t/\($0)'>Topic \($0)</a></li>" }.joined()
        let scraps = "<html><body><ul>\(links)</ul><div><p>Short text here.</p></div><div class='x'><span>Call us today</span></div></body></html>"
        let unclear = try extract(scraps)
        #expect(clear.report.confidence >= 0.7, "\(clear.report)")
        #expect(unclear.report.confidence < 0.5, "\(unclear.report)")
        #expect(clear.metadata.extractionConfidence == clear.report.confidence)
        #expect(!unclear.report.keptWholePage)
        var options = MainContentTransform.Options()
        options.minConfidence = 0.9
        let fallback = try extract(scraps, options)
        #expect(fallback.report.keptWholePage)
        #expect(fallback.text.contains("Topic 30"))
        #expect(fallback.text.contains("Call us today"))
        let stands = try extract(Self.articleWithComments, { var o = MainContentTransform.Options(); o.minConfidence = 0.5; return o }())
        #expect(!stands.report.keptWholePage)
        #expect(!stands.text.contains("Comment 1"))
    }

    /// Deep nesting with alike posts at every level (each level a group of three) stays linear:
    /// groups are placed against the chosen container without walking up the tree for each.
    @Test func deepNestedPostsStayLinear() throws {
        let depth = 1_000
        var html = "<html><body>"
        for n in 0..<depth {
            html += "<div class='message'><p>Post \(n): \(Self.sentence)</p><div class='message'><p>Reply \(n).</p></div>"
        }
        html += String(repeating: "</div>", count: depth) + "</body></html>"
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        let start = ContinuousClock.now
        let (kept, report) = MainContentTransform().extract(from: document)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(report.confidence >= 0 && report.confidence <= 1)
        let text = try markdown(kept)
        #expect(text.contains("Post 500:") && text.contains("Reply 500."), "\(text.prefix(300))")
    }

    /// The confidence is written with two decimals at most.
    @Test func confidenceIsWrittenAsADecimal() {
        var metadata = DocumentMetadata()
        for (value, text) in [(0.0, "0"), (1.0, "1"), (0.5, "0.5"), (0.824, "0.82"), (0.05, "0.05"), (1.7, "1")] {
            metadata.extractionConfidence = value
            #expect(metadata.string(DocumentMetadata.Key.confidence) == text, "\(value)")
        }
        metadata.extractionConfidence = nil
        #expect(metadata[DocumentMetadata.Key.confidence] == nil)
    }

    /// On real pages of the project's corpus: Hacker News's front page is a listing whose
    /// stories are kept (not its footer), Wikipedia and Reuters articles are articles.
    @Test func realPagesGetTheirKinds() throws {
        for (page, kind) in [(Corpus.hackerNews, MainContentTransform.PageKind.listing), (Corpus.wikipedia, .article),
                             (Corpus.reutersArticle, .article)] {
            let document = try Corpus.document(page)
            let (kept, report) = MainContentTransform().extract(from: document)
            #expect(report.kind == kind, "\(page)")
            #expect(report.confidence > 0.5, "\(page): \(report)")
            if kind == .listing {
                let text = try markdown(kept)
                #expect(text.contains("Olmo 3: Charting a path"), "\(text.prefix(400))")
                #expect(text.contains("points by"))
                #expect(!text.contains("Guidelines"), "the footer stays out")
            }
        }
    }
}
