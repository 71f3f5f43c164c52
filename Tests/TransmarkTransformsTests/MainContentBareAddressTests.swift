import Testing
import Transmark

/// `main-content` and a paragraph holding one link: a headline-long link is a teaser ("Read
/// more: …") and goes, a bare web address is what the article points to and stays.
@Suite struct MainContentBareAddressTests {
    static let body = (1...4).map {
        "<p>Paragraph \($0): the planned fee rises would close many clubs, the owners say, and they ask everyone to sign the petition below.</p>"
    }.joined()

    @Test func aBareAddressStaysATeaserGoes() throws {
        let address = "http://www.openpetition.de/petition/online/gegen-die-tarifreform-2013"
        let html = """
            <html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><div class="article"><h1>Club culture</h1>\(Self.body)
            <p><a href="\(address)">\(address)</a></p>
            <p><a href="/2012/05/17/stammtisch">Read more: our first monthly meeting is fixed</a></p></div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains(address), "\(text)")
        #expect(!text.contains("Read more: our first monthly meeting"), "\(text)")
        #expect(text.contains("Paragraph 4"), "\(text)")
    }
}
