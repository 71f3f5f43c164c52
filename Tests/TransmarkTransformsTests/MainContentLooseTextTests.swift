import Testing
import Transmark

/// `main-content` on old table layouts whose article is text standing loose between blocks
/// (`<td><div>Meaning:</div> Overly sentimental.<br>…`): such text scores as a paragraph would,
/// as Readability wraps it in `<p>` before scoring.
@Suite struct MainContentLooseTextTests {
    static let entry = [
        ("MEANING:", "Overly sentimental, as a weeping penitent in a medieval painting, tearful and soft."),
        ("ETYMOLOGY:", "After Mary Magdalene, a Biblical character who was depicted weeping for her sins, and whose name became synonymous with tearful sentimentality."),
        ("USAGE:", "In this maudlin melodrama, all that was missing were the violins, the critic wrote, and the audience agreed."),
        ("A THOUGHT FOR TODAY:", "A fixed idea is like the iron rod which sculptors put in their statues: it impales and sustains."),
    ]

    @Test func looseTextBetweenBlocksIsTheArticle() throws {
        let article = Self.entry.map { "<div class=\"label\">\($0.0)</div> \($0.1)<br><br>" }.joined()
        // Beside it, a box of real paragraphs: the theme of the week and a request for money.
        let box = (1...3).map { "<p>Box \($0): this week's words were coined after people, from orators to novelists.</p>" }.joined()
        let html = """
            <html><body><table><tr>
            <td width="156"><a href="/">Home</a><br><a href="/today">Today's word</a><br><a href="/archives">Archives</a></td>
            <td width="400"><div class="box">\(box)</div><h3>maudlin</h3>\(article)</td>
            </tr></table></body></html>
            """
        let text = try mainContentText(html)
        for (_, definition) in Self.entry {
            #expect(text.contains(definition), "\(text)")
        }
        #expect(!text.contains("Archives"), "\(text)")
    }

    /// Short loose text (a form's label, a player's menu) scores nothing: a paragraph needs
    /// `minParagraph` bytes, loose or not.
    @Test func shortLooseTextDoesNotScore() throws {
        let prose = (1...4).map { "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, as residents asked.</p>" }.joined()
        let html = """
            <html><body><div class="player"><div>Video</div> Auto <div>Quality</div> High (HD) <div>x</div> Low</div>
            <div class="story">\(prose)</div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Paragraph 1: the council voted"))
        #expect(!text.contains("High (HD)"), "\(text)")
    }
}
