import Foundation
import Testing
import TestSupport
import Transmark

@Suite struct MainContentTests {
    struct Page: Sendable, CustomStringConvertible {
        let file: String
        let title: String
        let kept: [String]
        let dropped: [String]
        var description: String { file }
    }

    static let pages = [
        Page(file: Corpus.wikipedia, title: "# HTML\n",
             kept: ["**Hypertext Markup Language** (**HTML**) is the standard", "## History", "Tim Berners-Lee",
                    "HTML 2.0 was published as"],
             dropped: ["Jump to content", "Privacy policy", "Donate", "This page was last edited", "Create account"]),
        Page(file: Corpus.wikipediaRust, title: "# Rust (programming language)\n",
             kept: ["**Rust** is a", "## History", "```"],
             dropped: ["Jump to content", "Privacy policy", "This page was last edited"]),
        Page(file: Corpus.wikipediaPython, title: "# Python (programming language)\n",
             kept: ["**Python** is a", "## History"],
             dropped: ["Jump to content", "Privacy policy", "This page was last edited"]),
        Page(file: Corpus.reutersArticle, title: "# Waymo's San Francisco outage raises doubts over robotaxi readiness during crises\n",
             kept: ["SAN FRANCISCO, Dec 27 (Reuters) - A widespread power outage in San Francisco",
                    "Experts urge regulation of remote operations for robotaxis"],
             dropped: ["Skip to main content", "Lloyds to shut invoice factoring unit", "Browse an unrivalled portfolio",
                       "Sign In"]),
    ]

    @Test(arguments: pages)
    func keepsTheArticleOfARealPage(_ page: Page) throws {
        let full = String(decoding: try Registry.standard.convert(try Corpus.bytes(page.file), from: "html", to: "markdown"), as: UTF8.self)
        let article = String(decoding: try Registry.standard.convert(try Corpus.bytes(page.file), from: "html", to: "markdown",
                                                                       options: ConversionOptions(transforms: ["main-content"])), as: UTF8.self)
        #expect(article.hasPrefix(page.title), "\(article.prefix(300))")
        for s in page.kept { #expect(article.contains(s), "kept: \(s)") }
        for s in page.dropped {
            #expect(full.contains(s), "the page itself has \(s)")
            #expect(!article.contains(s), "dropped: \(s)")
        }
        #expect(article.utf8.count < full.utf8.count)
    }

    static let fixtures: [Fixture] = (try? FixtureSuite.discover(under: TestPaths.fixtures.appendingPathComponent("main-content"))) ?? []

    @Test func thereAreNewsBlogAndDocumentationFixtures() {
        for kind in ["news-", "blog-", "docs-"] {
            #expect(Self.fixtures.filter { $0.name.hasPrefix(kind) }.count >= 3, "\(kind)")
        }
        #expect(Self.fixtures.allSatisfy { $0.transforms == ["main-content"] })
    }

    @Test(arguments: fixtures)
    func fixture(_ fixture: Fixture) throws {
        let problems = try FixtureSuite.check(fixture, registry: .standard)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Whatever the page, the boilerplate words of the fixtures never survive.
        let md = try String(contentsOf: fixture.directory.appendingPathComponent("expected.md"), encoding: .utf8)
        for word in ["cookie", "Share on", "Subscribe", "©", "Copyright", "Related", "comments", "Privacy", "Trending",
                     "Archives", "Was this page helpful", "On this page", "Skip to content", "Previous", "[Home]", "Home\n"] {
            #expect(!md.contains(word), "\(fixture.name): \(word)")
        }
    }

    @Test func aDocumentWithoutBoilerplateKeepsEverything() throws {
        let source = "# Notes\n\nFirst paragraph, with enough words to count as prose in the scorer.\n\n- a\n- b\n\n```\ncode\n```\n"
        let document = try Registry.standard.parse(Array(source.utf8), from: "markdown")
        let article = try MainContentTransform().apply(to: document, options: .init())
        #expect(article == document)
    }

    /// One boilerplate word in a wrapper's class (`has-sidebar`) used to leave the whole article
    /// out, and the page came out nearly empty: a hint never leaves out what holds more than half
    /// of the page's text.
    @Test func anArticleInsideAWrapperWithABoilerplateClassIsKept() throws {
        let paragraph = "The council voted on Tuesday to extend the library's opening hours, a change that residents had asked for over several years, and the new hours begin next month."
        let article = (1...6).map { "<p>\($0). \(paragraph)</p>" }.joined()
        // Prose outside the wrapper, long enough (over 500 bytes) that a first attempt without
        // the wrapper would stand and not be retried.
        let intro = (1...6).map { "<p>Intro \($0): the Gazette reports on the town's council, its schools, its roads and its libraries every week of the year.</p>" }.joined()
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <div class="intro">\(intro)</div>
            <div class="page has-sidebar"><div class="story-body"><h1>Library hours extended</h1>\(article)</div>
            <div class="sidebar"><a href="/a">Most read one</a> <a href="/b">Most read two</a></div></div>
            <footer>Copyright the Gazette</footer></body></html>
            """
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        let kept = try MainContentTransform().apply(to: document, options: .init())
        let text = String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
        #expect(text.contains("Library hours extended"), "\(text)")
        for n in 1...6 { #expect(text.contains("\(n). The council voted"), "\(text)") }
        #expect(!text.contains("Copyright the Gazette"))
        #expect(!text.contains("Most read one"))
        #expect(!text.contains("Home"))
    }

    /// When a hint leaves the article out and what is left is short, the page is scored again
    /// trusting the hints less, and the attempt that keeps the most text wins.
    @Test func aShortResultIsRetriedWithHintsTrustedLess() throws {
        let paragraph = "The council voted on Tuesday to extend the library's opening hours, a change that residents had asked for over several years."
        let article = (1...6).map { "<p>\($0). \(paragraph)</p>" }.joined()
        // The article is under half of the page's text (the link lists are longer), and `ad` in
        // its wrapper's class leaves it out at first.
        let links = (1...40).map { "<li><a href=\"/topic/\($0)\">Topic number \($0) of the site</a></li>" }.joined()
        let html = """
            <html><body><div class="topics"><ul>\(links)</ul></div>
            <div class="story ad-free"><h1>Library hours extended</h1>\(article)</div>
            <div class="more"><ul>\(links)</ul></div></body></html>
            """
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        let kept = try MainContentTransform().apply(to: document, options: .init())
        let text = String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
        for n in 1...6 { #expect(text.contains("\(n). The council voted"), "\(text)") }
        #expect(!text.contains("Topic number 7 of the site"), "\(text)")
    }
}
