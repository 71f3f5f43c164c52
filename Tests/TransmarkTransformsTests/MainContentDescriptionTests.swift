import Testing
import Transmark

/// `main-content` and the page's own summary (`<meta name="description">`, `og:description`):
/// the one block whose text opens with it is the article's, whatever its wrappers' classes say.
@Suite struct MainContentDescriptionTests {
    static let opening = "The harbour reopened on Monday after three weeks of repairs to the old sea wall"
    static let rest = ", and the ferries that had moved to the northern pier returned to their usual berths, to the relief of the cafés, the fishmongers and the harbour master."

    /// Other stories, over 500 bytes of prose, so that an attempt keeping only them stands.
    static let cards = (1...5).map {
        "<article class=\"card\"><h2>Story \($0)</h2><p>Story \($0): the council, the schools, the roads and the libraries of the town, reported every week by the Gazette.</p></article>"
    }.joined()

    func page(description: String, teaser: String = "") -> String {
        """
        <html><head><title>Harbour reopens</title><meta name="description" content="\(description)"></head><body>
        <div class="page-builder"><div class="builder-widget widget-post-title"><h1>Harbour reopens</h1></div>
        <div class="builder-widget widget-post-content"><div class="widget-container"><p>\(Self.opening)\(Self.rest) \(Self.rest)</p>
        <p>Repairs cost less than planned\(Self.rest)</p></div></div></div>
        <div class="more-stories">\(teaser)\(Self.cards)</div>
        </body></html>
        """
    }

    /// The article sits in wrappers whose class says `widget`, a word of sidebars: the page's
    /// description opens its first paragraph, so the wrappers are not left out for the word.
    @Test func theBlockOpeningAsDescribedIsKeptDespiteItsWrappersClasses() throws {
        let text = try mainContentText(page(description: Self.opening + ". Ferries are back."))
        #expect(text.contains(Self.opening), "\(text)")
        #expect(text.contains("Repairs cost less than planned"), "\(text)")
    }

    /// Without that evidence (no description, or one the page does not open with), the class
    /// words count as before and the article in its `widget` wrappers is left out.
    @Test func withoutTheEvidenceTheClassWordsCount() throws {
        let text = try mainContentText(page(description: "News from the town's harbour, its ferries and its cafés, every week."))
        #expect(!text.contains(Self.opening), "\(text)")
    }

    /// A description found at the start of two blocks is a teaser as well (a list of popular
    /// posts showing this one): it is no evidence, and the class words count.
    @Test func anOpeningFoundTwiceIsNoEvidence() throws {
        let teaser = "<article class=\"card\"><h2>Popular</h2><p>\(Self.opening)…</p></article>"
        let text = try mainContentText(page(description: Self.opening + ". Ferries are back.", teaser: teaser))
        #expect(!text.contains("Repairs cost less than planned"), "\(text)")
    }

    /// The lead that opens as the description does, set before the article in its own wrapper
    /// (a standfirst beside the headline, over the image and the body), is kept with it; a lead
    /// that is not the description's is not brought in.
    @Test func leadBeforeTheArticleIsKept() throws {
        let lead = "Ahead of the works meeting, speculation grows that the relationship between the chief executive and the board has worsened again."
        let body = (1...5).map {
            "<p>Paragraph \($0): the supervisory board met on Monday, and several members said that the chief executive had lost their trust over the plans.</p>"
        }.joined()
        func page(description: String) -> String {
            """
            <html><head><meta name="description" content="\(description)"></head><body>
            <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/jobs">Jobs</a></nav>
            <div class="wrapper"><div class="article_wrapper"><div class="intro"><h1>Trouble before the works meeting</h1>
            <div class="standfirst"><h2 class="large bold">\(lead)</h2></div></div>
            <div class="article"><div class="image"><img src="ceo.jpg" alt="The chief executive"></div>
            <div class="articleBodyContainer">\(body)</div></div></div>
            <aside class="related"><a href="/a">Sales fell in October</a> <a href="/b">New plant opens</a></aside></div>
            <footer>Contact</footer></body></html>
            """
        }
        let text = try mainContentText(page(description: lead))
        #expect(text.contains(lead), "\(text)")
        #expect(text.contains("Paragraph 5:"), "\(text)")
        #expect(!text.contains("Sales fell"), "\(text)")
        let other = try mainContentText(page(description: "A page about the company's history, its plants and its people, told in pictures."))
        #expect(!other.contains(lead), "\(other)")
    }

    /// The block that opens as the description does may be the wrapper around the article (its
    /// lead is loose text before the body): it is not kept whole for that, so a share bar
    /// inside it still goes.
    @Test func aDescribedWrapperAroundTheArticleIsNotKeptWhole() throws {
        let lead = "The ferry timetable changes on Monday, with two more crossings a day."
        let body = (1...4).map {
            "<p>Paragraph \($0): the harbour office said the extra crossings would run until the end of the summer season.</p>"
        }.joined()
        let html = """
            <html><head><meta name="description" content="\(lead)"></head><body>
            <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/ferries">Ferries</a></nav>
            <div class="post">\(lead)<div class="body">\(body)</div>
            <div class="share-bar"><a href="/s/fb">Share on Facebook</a> <a href="/s/tw">Share on Twitter</a> <a href="/s/mail">Mail</a></div></div>
            <footer><a href="/imprint">Imprint</a></footer></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Paragraph 4:"), "\(text)")
        #expect(!text.contains("Share on Facebook"), "\(text)")
    }
}
