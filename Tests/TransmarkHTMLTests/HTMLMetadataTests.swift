import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// The document metadata the HTML frontend reads from `<head>`, JSON-LD and microdata.
@Suite struct HTMLMetadataTests {
    func metadata(_ html: String) throws -> DocumentMetadata {
        try HTMLFrontendInputs.parse(html).metadata
    }

    func page(_ name: String) throws -> DocumentMetadata {
        let url = TestPaths.corpus("web").appendingPathComponent(name)
        return try HTMLFrontend().parse(Array(try Data(contentsOf: url)), options: .init()).metadata
    }

    @Test func headFieldsAndTheirOrder() throws {
        let m = try metadata("""
            <html lang="pt-BR"><head><title>Plain title</title>
            <meta name="description" content="  A   page.  ">
            <meta name="author" content="Ana Lima">
            <meta property="article:published_time" content="2024-05-01T10:00:00Z">
            <meta property="article:modified_time" content="2024-05-02">
            <meta property="og:site_name" content="Example">
            <link rel="canonical" href="https://example.com/a">
            <meta property="og:image" content="/img/a.png">
            <meta property="og:type" content="article">
            </head><body><p>Text</p></body></html>
            """)
        #expect(m.title == "Plain title")
        #expect(m.description == "A page.")
        #expect(m.authors == ["Ana Lima"])
        #expect(m.published == "2024-05-01T10:00:00Z")
        #expect(m.modified == "2024-05-02")
        #expect(m.siteName == "Example")
        #expect(m.language == "pt-BR")
        #expect(m.canonicalURL == "https://example.com/a")
        #expect(m.image == "/img/a.png")
        #expect(m.pageKind == "article")
        #expect(m.fields.map(\.key) == ["title", "description", "author", "published", "modified", "site", "language", "canonical", "image", "kind"])
    }

    @Test func openGraphWinsOverTitleAndTheSiteNameIsTrimmedFromTitles() throws {
        #expect(try metadata("<title>Story - Example</title><meta property=og:title content='Story, told'>").title == "Story, told")
        #expect(try metadata("<title>Story | Example</title><meta property=og:site_name content=Example>").title == "Story")
        #expect(try metadata("<title>Example · Story</title><meta property=og:site_name content=Example>").title == "Story")
        // A name in the canonical URL's host counts as the site's.
        #expect(try metadata("<title>HTML - Wikipedia</title><link rel=canonical href='https://en.wikipedia.org/wiki/HTML'>").title == "HTML")
        // Nothing is trimmed when the rest would be empty or the suffix is no site.
        #expect(try metadata("<title>Example</title><meta property=og:site_name content=Example>").title == "Example")
        #expect(try metadata("<title>Cats - and dogs</title>").title == "Cats - and dogs")
    }

    @Test func jsonLDMainEntityFillsWhatItHas() throws {
        let m = try metadata("""
            <head><script type="application/ld+json">
            {"@context":"https://schema.org","@graph":[
              {"@type":"WebSite","name":"The Site"},
              {"@type":["NewsArticle"],"headline":"Headline \\u00e9","author":[{"@type":"Person","name":"A. One"},"B. Two",{"name":"A. One"}],
               "datePublished":"2023-01-02","dateModified":"2023-01-03","image":{"@type":"ImageObject","url":"https://e.com/i.jpg"},
               "publisher":{"name":"Pub"},"inLanguage":"fr","mainEntityOfPage":{"@id":"https://e.com/story"}}
            ]}
            </script></head><p>x</p>
            """)
        #expect(m.title == "Headline é")
        #expect(m.authors == ["A. One", "B. Two"])
        #expect(m.published == "2023-01-02")
        #expect(m.modified == "2023-01-03")
        #expect(m.image == "https://e.com/i.jpg")
        #expect(m.language == "fr")
        #expect(m.canonicalURL == "https://e.com/story")
        #expect(m.siteName == "Pub")
        #expect(m.pageKind == "article")
    }

    @Test(arguments: [
        ("Product", "product"), ("DiscussionForumPosting", "discussion"), ("QAPage", "discussion"),
        ("BlogPosting", "article"), ("TechArticle", "documentation"), ("https://schema.org/Recipe", "article"),
    ])
    func jsonLDTypesNamePageKinds(type: String, kind: String) throws {
        let m = try metadata("<script type='application/ld+json'>{\"@type\":\"\(type)\",\"name\":\"N\"}</script>")
        #expect(m.pageKind == kind)
        #expect(m.title == "N")
    }

    @Test func malformedJSONLDIsIgnoredNeverAnError() throws {
        let m = try metadata("""
            <title>Kept</title><script type="application/ld+json">{"@type":"Article","headline":"Lost" </script>
            <script type="application/ld+json">[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[</script>
            <script type="application/ld+json">{"@type":"Article","author":12,"image":[null,{"url":5}],"headline":["First","Second"]}</script>
            <p>body</p>
            """)
        #expect(m.title == "First")
        #expect(m.authors.isEmpty)
        #expect(m.image == nil)
    }

    @Test func microdataBasicsAndOtherSources() throws {
        let m = try metadata("""
            <html><head><meta http-equiv="Content-Language" content="de, en"></head>
            <body><article itemscope itemtype="https://schema.org/Article">
            <meta itemprop="datePublished" content="2022-02-02"><time itemprop="dateModified" datetime="2022-03-03">March</time>
            <link itemprop="url" href="https://m.example/x"><p>Text</p></article></body></html>
            """)
        #expect(m.published == "2022-02-02")
        #expect(m.modified == "2022-03-03")
        #expect(m.language == "de")
        #expect(m.canonicalURL == "https://m.example/x")
        #expect(try metadata("<meta property='og:locale' content='en_GB'><p>x</p>").language == "en-GB")
    }

    @Test func theTitleOfAnSVGIsNoDocumentTitleAndBodyContentIsUntouched() throws {
        let doc = try HTMLFrontendInputs.parse("<body><svg><title>Icon</title></svg><p>Text</p><title>Late</title></body>")
        #expect(doc.metadata.title == "Late")
        let plain = try HTMLFrontendInputs.parse("<body><svg><title>Icon</title></svg><p>Text</p></body>")
        #expect(plain.metadata.title == nil)
        #expect(HTMLFrontendInputs.tree(plain) == HTMLFrontendInputs.tree(try HTMLFrontendInputs.parse("<body><svg><title>Icon</title></svg><p>Text</p></body>")))
    }

    @Test func baseHrefIsKeptAndResolvesMetadataURLs() throws {
        let m = try metadata("<head><base href='https://cdn.example/site/'><meta property=og:image content='img/a.png'><link rel=canonical href='../p'></head>")
        #expect(m.baseURL == "https://cdn.example/site/")
        #expect(m.image == "https://cdn.example/site/img/a.png")
        #expect(m.canonicalURL == "https://cdn.example/p")
        // The base is not a field: front matter and records leave it out.
        #expect(!m.fields.contains { $0.key == "base" })
    }

    // MARK: Real pages (Tests/Data/corpus/web)

    @Test func aReutersArticle() throws {
        let m = try page("Goldziher__html-to-markdown__test_documents__html__issues__gh-166-tags-reuters.html")
        #expect(m.title == "Waymo's San Francisco outage raises doubts over robotaxi readiness during crises")
        #expect(m.authors == ["Abhirup Roy"])
        #expect(m.siteName == "Reuters")
        #expect(m.language == "en")
        #expect(m.pageKind == "article")
        #expect(m.published?.hasPrefix("2025-12-27") == true)
        #expect(m.canonicalURL?.hasPrefix("https://www.reuters.com/business/autos-transportation/waymos-san-francisco-outage") == true)
        #expect(m.description?.hasPrefix("A widespread power outage in San Francisco") == true)
    }

    @Test func aWikipediaArticle() throws {
        let m = try page("Goldziher__html-to-markdown__test_documents__html__wikipedia__small_html.html")
        #expect(m.title == "HTML")
        #expect(m.language == "en")
        #expect(m.canonicalURL == "https://en.wikipedia.org/wiki/HTML")
        #expect(m.pageKind == "article")
        #expect(m.published == "2001-07-19T17:08:26Z")
    }

    @Test func pagesWithLittleMetadata() throws {
        let hn = try page("Goldziher__html-to-markdown__test_documents__html__issues__gh-121-hacker-news.html")
        #expect(hn.title == "Hacker News")
        #expect(hn.language == "en")
        let amazon = try page("scinfu__SwiftSoup__Tests-macOS__corpus__Amazon.html")
        #expect(amazon.title == "Amazon.com: Online Shopping for Electronics, Apparel, Computers, Books, DVDs & more")
    }

    @Test func everyCorpusPageReadsItsMetadataWithoutChangingItsTree() throws {
        for url in HTMLFrontendInputs.webPages {
            let bytes = Array(try Data(contentsOf: url))
            let document = try HTMLFrontend().parse(bytes, options: .init())
            // The tree does not depend on the metadata: the same page without its head parses to
            // the same content.
            #expect(document.metadata.fields.allSatisfy { !$0.key.isEmpty }, "\(url.lastPathComponent)")
            #expect(document.metadata.title?.contains("\n") != true, "\(url.lastPathComponent)")
        }
    }
}
