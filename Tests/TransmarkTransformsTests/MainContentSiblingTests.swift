import Testing
import Transmark

/// `main-content` on pages whose article is not one container: sections side by side, and
/// layout wrappers whose class names a boilerplate word.
@Suite struct MainContentSiblingTests {
    static let sentence = "The council voted on Tuesday to extend the library's opening hours, a change that residents had asked for over several years, and the new hours begin next month."

    /// A long list of links, so that the article holds less than half of the page's text
    /// (over that, no hint leaves anything out anyway).
    static let siteMap = "<ul class=\"sitemap\">" + (1...60).map { "<li><a href=\"/topic/\($0)\">Topic number \($0) of the site</a></li>" }.joined() + "</ul>"

    /// Prose outside the article, over 500 bytes so that an attempt that keeps only it stands.
    static let intro = "<div class=\"intro\">" + (1...5).map { "<p>Intro \($0): the Gazette reports on the town's council, its schools, its roads and its libraries every week.</p>" }.joined() + "</div>"

    /// An article laid out as sibling sections (a page builder's grid rows) is kept whole; a
    /// short box after it (an author's note) does not come with it.
    @Test func anArticleInSiblingSectionsIsKeptWhole() throws {
        func section(_ name: String, _ n: Int) -> String {
            let paragraphs = (1...n).map { "<p>\(name) \($0): \(Self.sentence)</p>" }.joined()
            return "<div class=\"grid-row\"><div class=\"grid-slot\"><div class=\"grid-box\">\(paragraphs)</div></div></div>"
        }
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <h1>Library hours extended</h1>
            <div class="builder">\(section("First", 6))\(section("Second", 4))\(section("Third", 3))</div>
            <div class="related"><a href="/a">Another story about roads</a> <a href="/b">Another story about schools</a></div>
            <footer>Copyright the Gazette</footer></body></html>
            """
        let text = try mainContentText(html)
        for name in ["First", "Second", "Third"] {
            #expect(text.contains("\(name) 1: The council voted"), "\(name): \(text)")
        }
        #expect(!text.contains("Another story"))
        #expect(!text.contains("Copyright"))
    }

    /// A slot beside each section (an order button) adds a little text that is not prose: the
    /// growth looks past it to the sections beyond.
    @Test func aSideSlotDoesNotStopTheGrowth() throws {
        func section(_ name: String, _ n: Int) -> String {
            let paragraphs = (1...n).map { "<p>\(name) \($0): \(Self.sentence)</p>" }.joined()
            return "<div class=\"grid-container\"><div class=\"slots\"><div class=\"slot-main\">\(paragraphs)</div>"
                + "<div class=\"slot-side\"><a href=\"/order\">Order the book now</a> <span>Free delivery</span></div></div></div>"
        }
        let html = """
            <html><body><nav><a href="/">Home</a></nav><h1>Library hours extended</h1>
            <div class="grid">\(section("First", 5))\(section("Second", 4))\(section("Third", 4))</div>
            <footer>Copyright the Gazette</footer></body></html>
            """
        let text = try mainContentText(html)
        for name in ["First", "Second", "Third"] {
            #expect(text.contains("\(name) 1: The council voted"), "\(name): \(text)")
        }
        #expect(!text.contains("Copyright"))
    }

    /// An old page laid out with tables, its article a table cell of text and line breaks (no
    /// paragraphs): the cell scores, as Readability scores `td`.
    @Test func anArticleInATableCellOfAnOldLayout() throws {
        let lines = (1...6).map { "Line \($0): \(Self.sentence)<br>" }.joined()
        let menu = (1...12).map { "<a href=\"/p\($0)\">Page \($0)</a><br>" }.joined()
        let html = """
            <html><body><table><tr><td class="menu">\(menu)</td><td><table class="eBlock"><tr><td class="eTitle">Letters</td></tr>
            <tr><td class="eMessage">\(lines)</td></tr></table></td></tr></table>
            <table><tr><td>How did you get here? Through a link on another blog.</td></tr></table></body></html>
            """
        let text = try mainContentText(html)
        for n in 1...6 { #expect(text.contains("Line \(n): The council voted"), "\(text)") }
        #expect(!text.contains("Page 12"), "\(text)")
        #expect(!text.contains("How did you get here"), "\(text)")
    }

    /// What a parent adds beside the article must be a good part of it: a one-paragraph note
    /// under a long article stays out.
    @Test func aShortNoteBesideALongArticleStaysOut() throws {
        let article = (1...12).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let html = """
            <html><body><div class="wrap"><div class="story">\(article)</div>
            <div class="note"><p>This site relies on readers like you: please consider a donation to keep local news free for all.</p></div>
            </div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("12. The council voted"), "\(text)")
        #expect(!text.contains("please consider a donation"), "\(text)")
    }

    /// `sidebar` in a layout wrapper's class (`c-fixed-sidebar-layout`) does not leave out the
    /// part of an `<article>` it wraps when that part holds most of the article.
    @Test func aSidebarLayoutWrapperInsideTheArticleIsKept() throws {
        let body = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let teasers = (1...3).map { "<div class=\"teaser\"><h3><a href=\"/s\($0)\">Suggested story \($0)</a></h3><p>A summary of suggested story \($0), which readers of this page also read this week.</p></div>" }.joined()
        let html = """
            <html><body><div class="page">
            <article class="c-article"><h1>Library hours extended</h1>
            <div class="o-row c-fixed-sidebar-layout--140"><div class="c-article__content">\(body)</div></div></article>
            <div class="suggested">\(teasers)</div></div>\(Self.intro)\(Self.siteMap)</body></html>
            """
        let text = try mainContentText(html)
        for n in 1...6 { #expect(text.contains("\(n). The council voted"), "\(text)") }
        #expect(!text.contains("Suggested story"), "\(text)")
        #expect(!text.contains("Intro 1"), "\(text)")
    }

    /// A boilerplate word (`nav`, `modal`) in the class of an element that holds the page's
    /// largest `<article>` does not leave the article out (a drawer or modal layout around the
    /// page).
    @Test func aWrapperAroundThePagesArticleIsKept() throws {
        let body = (1...8).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let html = """
            <html><body><div class="nav_drawer_slide"><div class="panel">
            <main><h1>Library hours extended</h1>\(body)</main></div></div>
            \(Self.intro)\(Self.siteMap)</body></html>
            """
        let text = try mainContentText(html)
        for n in 1...8 { #expect(text.contains("\(n). The council voted"), "\(text)") }
        #expect(text.contains("Library hours extended"))
        #expect(!text.contains("Topic number"), "\(text)")
    }

    /// A `header` or `aside` left open around the article (its end tag missing or misplaced)
    /// holds most of the page's prose: it is a wrapper, not a header or a sidebar to leave out.
    @Test func anUnclosedHeaderOrAsideAroundTheArticleIsAWrapper() throws {
        let body = (1...8).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        for tag in ["header", "aside"] {
            let html = """
                <html><body><\(tag) id="branding"><div class="logo"><a href="/">The Gazette</a></div>
                <div id="content"><div class="story"><h1>Library hours extended</h1>\(body)</div></div>
                <div class="widget"><a href="/a">Another story about roads</a> <a href="/b">Another story about schools</a></div>
                </body></html>
                """
            let text = try mainContentText(html)
            for n in 1...8 { #expect(text.contains("\(n). The council voted"), "\(tag): \(text)") }
            #expect(!text.contains("Another story"), "\(tag): \(text)")
        }
        // A real header or sidebar beside the article still goes.
        let html = """
            <html><body><header><p>The Gazette, the town's weekly newspaper since 1901, read in every home of the valley.</p></header>
            <div class="story">\(body)</div><aside><p>Our sidebar tells of the Gazette's history, its editors and its printing press.</p></aside></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("8. The council voted"), "\(text)")
        #expect(!text.contains("weekly newspaper"), "\(text)")
        #expect(!text.contains("printing press"), "\(text)")
    }

    /// A short post on a small page, whose first attempt keeps less than the retry asks for: a
    /// cookie notice a little longer than the post does not take its place, in any attempt.
    @Test func aCookieNoticeNeverReplacesAShortPost() throws {
        let html = """
            <html><body><div class="center-column"><div class="post hentry">
            <h2>Monster talk #1</h2><p>M: Who slips next on the ice? T: Not me, I have spikes on my boots.</p>
            <p class="tags">Tags: <a href="/t/monster">monster</a>, <a href="/t/winter">winter</a></p></div></div>
            <div class="widget widget_eu_cookie_law_widget"><p>Privacy and cookies: this site uses cookies. By continuing to use this website, you agree to their use. To find out more, including how to control cookies, see here: our cookie policy, which explains everything.</p></div>
            </body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Who slips next on the ice?"), "\(text)")
        #expect(!text.contains("this site uses cookies"), "\(text)")
    }

    /// A documentation page whose sections carry ids made from their headings (Sphinx's
    /// `<div class="section" id="sharing-with-a-single-developer">`): a boilerplate word in such
    /// an id (`sharing`, `related`, `comment`) says what the section is about, so the section
    /// stays; an id of one or two words that repeats its heading (`comments`) still names the block.
    @Test func sectionIdsMadeFromHeadingsAreNotHints() throws {
        func section(_ heading: String, _ n: Int) -> String {
            let id = heading.lowercased().split(separator: " ").joined(separator: "-")
            let paragraphs = (1...n).map { "<p>\(heading) \($0): \(Self.sentence)</p>" }.joined()
            return "<div class=\"section\" id=\"\(id)\">\n<h2>\(heading)</h2>\(paragraphs)</div>"
        }
        let html = """
            <html><body><div class="topnav"><a href="/">Docs</a></div><div class="content">
            <h1>Evolve: shared mutable history</h1>
            \(section("Sharing with a single developer", 4))\(section("Related work on mutable history", 4))
            \(section("Comment markers in changesets", 4))\(section("Setting up", 4))
            <div id="comments"><h2>Comments</h2><p>Ann wrote: thanks, this page helped me understand how evolve works with a team.</p></div>
            </div>\(Self.intro)\(Self.siteMap)</body></html>
            """
        let text = try mainContentText(html)
        for name in ["Sharing with a single developer", "Related work on mutable history", "Comment markers in changesets", "Setting up"] {
            #expect(text.contains("\(name) 4: The council voted"), "\(name): \(text)")
        }
        #expect(!text.contains("Ann wrote"), "\(text)")
    }

    /// An article cut into blocks of one class, each under its own stack of wrappers, with ads
    /// and headings between them (a CMS's content sections): every block joins the article,
    /// however deep the wrappers, and the ads between them stay out.
    @Test func alikeBlocksUnderDeepWrappersJoinTheArticle() throws {
        func block(_ name: String, _ n: Int) -> String {
            let paragraphs = (1...n).map { "<p>\(name) \($0): \(Self.sentence)</p>" }.joined()
            return "<div id=\"block-\(name)\"><section class=\"content-section\"><div class=\"content-section__wrapper\">"
                + "<h3>About \(name)</h3><div class=\"row\"><div class=\"col-md-7\">"
                + "<div class=\"content-section__content text--richtext\">\(paragraphs)</div></div></div></div></section></div>"
        }
        let html = """
            <html><body><nav><a href="/">Home</a></nav><h1>Library hours extended</h1>
            <div class="paywall">\(block("First", 2))<div class="ad leaderboard"><a href="/buy">Buy now</a></div>
            \(block("Second", 5))<div class="ad leaderboard"><a href="/buy">Buy now</a></div>\(block("Third", 3))</div>
            <div class="teasers"><a href="/a">Another story about roads</a> <a href="/b">Another story about schools</a></div>
            <footer>Copyright the Gazette</footer></body></html>
            """
        let text = try mainContentText(html)
        for name in ["First", "Second", "Third"] {
            #expect(text.contains("\(name) 1: The council voted"), "\(name): \(text)")
        }
        #expect(!text.contains("Buy now"), "\(text)")
        #expect(!text.contains("Another story"), "\(text)")
    }

    /// A heading whose section the cleaning emptied ("Read more" over a list of links) goes with
    /// it; headings over kept text, over an image alone, or wrapped apart from their section
    /// stay.
    @Test func headingsOverDroppedLinksGo() throws {
        let body = (1...3).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let links = (1...6).map { "<li><a href=\"/s/\($0)\">Another story number \($0)</a></li>" }.joined()
        let html = """
            <html><body><nav><a href="/">Home</a></nav><article><h1>Library hours extended</h1>\(body)
            <h2>The new hours</h2>\(body)<h2>A photo of the library</h2><img src="library.jpg" alt="">
            <div class="part-title"><h2>What residents said</h2></div><div class="part-body">\(body)</div>
            <h2>Read more</h2><ul>\(links)</ul></article>\(Self.siteMap)</body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("The new hours"), "\(text)")
        #expect(text.contains("A photo of the library"), "\(text)")
        #expect(text.contains("What residents said"), "\(text)")
        #expect(!text.contains("Another story"), "\(text)")
        #expect(!text.contains("Read more"), "\(text)")
    }

    /// A photo's credit or caption in the image's own wrapper (not a `figcaption`) goes; the image
    /// stays with its alternative text. A wrapper with a paragraph of prose beside its image is
    /// content, and stays whole.
    @Test func creditsBesideAnImageGo() throws {
        let body = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let html = """
            <html><body><article><h1>Library hours extended</h1>\(body)
            <div class="img-inline"><img src="/library.jpg" alt="The library at dusk"><span>AFP / Jane Doe</span></div>
            <div class="step"><img src="/step.jpg" alt="Step"><p>Open the door with the new card, which every resident can get at the desk from next month on.</p><p>\(Self.sentence)</p></div>
            </article>\(Self.siteMap)</body></html>
            """
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        let kept = try MainContentTransform().apply(to: document, options: .init())
        let markdown = String(decoding: try Registry.standard.render(kept, to: "markdown"), as: UTF8.self)
        #expect(markdown.contains("![The library at dusk](/library.jpg)"), "\(markdown)")
        #expect(!markdown.contains("AFP / Jane Doe"), "\(markdown)")
        #expect(markdown.contains("Open the door with the new card"), "\(markdown)")
    }

    /// A short paragraph that is mostly a headline-long link ("Read more: …") is a teaser inside
    /// the article and goes; a paragraph of prose with links in it, and a paragraph holding one
    /// short link, stay.
    @Test func readMoreParagraphsGo() throws {
        let body = (1...6).map { "<p>\($0). \(Self.sentence)</p>" }.joined()
        let html = """
            <html><body><article><h1>Library hours extended</h1>\(body)
            <p>Read more: <a href="/other">The harbour bridge reopens after eighteen months of repairs</a></p>
            <p>Lea también: <a href="/otra">El puente del puerto reabre tras dieciocho meses</a></p>
            <p>The <a href="/council">town council</a> published the new hours, which start next month, on its website on Tuesday.</p>
            <p><a href="/hours.pdf">Hours (PDF)</a></p>
            </article>\(Self.siteMap)</body></html>
            """
        let text = try mainContentText(html)
        #expect(!text.contains("harbour bridge"), "\(text)")
        #expect(!text.contains("puente"), "\(text)")
        #expect(text.contains("published the new hours"), "\(text)")
        #expect(text.contains("Hours (PDF)"), "\(text)")
    }
}
