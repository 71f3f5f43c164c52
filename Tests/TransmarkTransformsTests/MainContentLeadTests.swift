import Testing
import Transmark

/// `main-content` around an article's body: a lead written as a division of text beside the body
/// (`<div class="standfirst">`) is kept as a paragraph beside it would be, a copyright line there
/// is not, and a pull quote set as a heading at the end of the body stays although nothing
/// follows it.
@Suite struct MainContentLeadTests {
    static let body = (1...6).map {
        "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, as residents had asked, and the mayor agreed.</p>"
    }.joined()
    static let lead = "The town's library will open on Sundays from next month, after a vote that surprised its own staff. How did it come to this?"

    @Test func leadDivisionBesideTheBodyIsKept() throws {
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
            <div class="article"><h2>Sunday opening</h2><div class="standfirst">\(Self.lead)</div>
            <div class="text">\(Self.body)</div>
            <div class="legal">© 2020 Example Media Group. All rights reserved, and no part of this page may be copied without permission.</div>
            </div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains(Self.lead), "\(text)")
        #expect(text.contains("Paragraph 6"), "\(text)")
        #expect(!text.contains("All rights reserved"), "\(text)")
        #expect(!text.contains("Sport"), "\(text)")
    }

    /// The quote is the body's last element, and what follows the body (a box of related links
    /// under its own heading) is left out: a section title there would be dropped with it, a
    /// sentence stays.
    @Test func pullQuoteHeadingAtTheEndStays() throws {
        let quote = "The vote was closer than anyone in the room had expected it to be."
        let html = """
            <html><body><div class="article"><div class="text">\(Self.body)<h4>\(quote)</h4></div>
            <div class="related"><h4>Related stories</h4><a href="/a">Another story about the library</a> <a href="/b">Opening hours elsewhere</a></div>
            </div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains(quote), "\(text)")
        #expect(!text.contains("Related stories"), "\(text)")
        // A heading that is not a sentence, in the same place, is still dropped.
        let title = try mainContentText(html.replacingOccurrences(of: quote, with: "More from the council"))
        #expect(!title.contains("More from the council"), "\(title)")
    }
}
