import Testing
import Transmark

/// `main-content` and the author's box under an article (a photo, a biography, links to their
/// profiles): left out, where a byline (short) is read as the author's name.
@Suite struct MainContentAuthorBoxTests {
    static let body = (1...5).map {
        "<p>Paragraph \($0): bake the lemon cake for forty minutes at 180 degrees, then let it cool in its tin before you glaze it.</p>"
    }.joined()
    static let biography = "Hello, I am Anna, a food blogger from Hamburg. I bake every weekend, test each recipe three times and write down what worked and what did not."

    @Test func theAuthorsBoxGoesTheBylineNamesTheAuthor() throws {
        let html = """
            <html><body><div class="post"><h1>Lemon cake</h1><div class="author-name">Anna Becker</div>\(Self.body)
            <div class="author-box"><img src="anna.jpg" alt="Anna"><h3>About me</h3><div class="author-box--content description"><p>\(Self.biography)</p></div></div>
            </div></body></html>
            """
        let document = try Registry.standard.parse(Array(html.utf8), from: "html")
        let kept = try MainContentTransform().apply(to: document, options: .init())
        let text = String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
        #expect(text.contains("Paragraph 5"), "\(text)")
        #expect(!text.contains("I am Anna, a food blogger"), "\(text)")
        #expect(kept.metadata.authors == ["Anna Becker"])
    }

    /// A post whose whole body sits in an element named for its author (`author-content` around
    /// the article) is not a box.
    @Test func anArticleNamedForItsAuthorStays() throws {
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav>
            <div class="author-content"><h1>Lemon cake</h1>\(Self.body)</div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Paragraph 1"), "\(text)")
        #expect(text.contains("Paragraph 5"), "\(text)")
    }
}
