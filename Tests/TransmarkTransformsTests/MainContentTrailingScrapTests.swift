import Testing
import Transmark

/// `main-content` leaves out the short scraps an article's kept text ends with after its last
/// paragraph ("Share:", "Contact:", a date, a credit), and keeps a closing sentence, a list and a
/// link to an attachment there; a block that is only a date goes wherever it stands.
@Suite struct MainContentTrailingScrapTests {
    static let body = (1...5).map {
        "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, as residents had asked, and the mayor agreed.</p>"
    }.joined()

    func page(ending: String) -> String {
        """
        <html><body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
        <article><h1>Library hours extended</h1>\(Self.body)\(ending)</article>
        <footer><a href="/imprint">Imprint</a> <a href="/privacy">Privacy</a></footer></body></html>
        """
    }

    @Test func scrapsAfterTheLastParagraphGo() throws {
        let text = try mainContentText(page(ending: "<p>Photo: Town Archive</p><div>27.01.2022</div><p>Share:</p><h4>More on this</h4>"))
        #expect(text.contains("Paragraph 5:"), "\(text)")
        for scrap in ["Town Archive", "27.01.2022", "Share:", "More on this"] {
            #expect(!text.contains(scrap), "\(scrap): \(text)")
        }
    }

    @Test func closingLinesStay() throws {
        let sentence = try mainContentText(page(ending: "<p>We hope you enjoy the longer hours!</p><p>Share:</p>"))
        #expect(sentence.contains("We hope you enjoy the longer hours!"), "\(sentence)")
        #expect(!sentence.contains("Share:"), "\(sentence)")
        let attachment = try mainContentText(page(ending: "<p><a href=\"/files/hours.pdf\">New hours</a></p>"))
        #expect(attachment.contains("New hours"), "\(attachment)")
        let list = try mainContentText(page(ending: "<ul><li>Mon 9–18</li><li>Sun 10–14</li></ul>"))
        #expect(list.contains("Sun 10–14"), "\(list)")
    }

    /// A block that is only a date is the page's metadata wherever it stands in an article; a
    /// sentence with a year in it, a duration and a list of dates stay.
    @Test func dateLinesGo() throws {
        let ending = "<p>We hope you enjoy the longer hours!</p>"
        let html = page(ending: ending).replacingOccurrences(of: "<h1>Library hours extended</h1>",
            with: "<h1>Library hours extended</h1><div>Updated: 03.04.2020, 14:30</div><p>14. June 2019 | 15:49</p><p>It opened in 2019.</p><p>15 – 30 min</p><ul><li>2021-05-01</li></ul>")
        let text = try mainContentText(html)
        #expect(!text.contains("03.04.2020"), "\(text)")
        #expect(!text.contains("14. June 2019"), "\(text)")
        #expect(text.contains("It opened in 2019."), "\(text)")
        #expect(text.contains("15 – 30 min"), "\(text)")
        #expect(text.contains("2021-05-01"), "\(text)")
        #expect(text.contains("Paragraph 5:"), "\(text)")
    }
}
