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
}
