import Testing
import Transmark

/// What `main-content` adds to the metadata from the page's body: the author of a visible
/// byline, and the lead paragraph as the description, when the page's head gives neither.
@Suite struct MainContentMetadataTests {
    static let body = (1...5).map { "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, a change residents asked for.</p>" }.joined()

    func metadata(_ html: String) throws -> DocumentMetadata {
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        return try MainContentTransform().apply(to: document, options: .init()).metadata
    }

    @Test(arguments: [
        ("<div class='byline'>By Ann Lee</div>", "Ann Lee"),
        ("<p class='post-meta'>Written by <a rel='author' href='/ann'>Ann Lee</a></p>", "Ann Lee"),
        ("<span itemprop='author'>Ann   Lee</span>", "Ann Lee"),
        ("<div class='article-author'><span class='author'>Par Ann Lee</span></div>", "Ann Lee"),
    ])
    func aVisibleBylineNamesTheAuthor(byline: String, author: String) throws {
        let m = try metadata("<html><body><article><h1>Library hours</h1>\(byline)\(Self.body)</article></body></html>")
        #expect(m.authors == [author], "\(byline)")
    }

    @Test func theHeadsAuthorWinsAndLongAuthorBoxesAreNoBylines() throws {
        let declared = try metadata("<html><head><meta name='author' content='Head Author'></head><body><article><div class='byline'>By Ann Lee</div>\(Self.body)</article></body></html>")
        #expect(declared.authors == ["Head Author"])
        let bio = String(repeating: "Ann writes about towns, roads and libraries. ", count: 4)
        let box = try metadata("<html><body><article>\(Self.body)<div class='author-bio'>\(bio)</div></article></body></html>")
        #expect(box.authors.isEmpty, "\(box.authors)")
    }

    @Test func theLeadParagraphDescribesAPageWithoutADescription() throws {
        let m = try metadata("<html><body><nav><p>Home, News, Sport and Weather pages of the site</p></nav><article><h1>Library hours</h1>\(Self.body)</article></body></html>")
        #expect(m.description == "Paragraph 1: the council voted on Tuesday to extend the library's opening hours, a change residents asked for.")
        let declared = try metadata("<html><head><meta name='description' content='The head says.'></head><body><article>\(Self.body)</article></body></html>")
        #expect(declared.description == "The head says.")
    }
}
