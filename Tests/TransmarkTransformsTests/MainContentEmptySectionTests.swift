import Testing
import Transmark

/// `main-content` and the headings whose section holds nothing: a box's title over nothing (its
/// content comes from script) is left out even when nothing was dropped under it; an empty
/// spacer heading ends no section; a paragraph set as a heading stays.
@Suite struct MainContentEmptySectionTests {
    static let body = (1...5).map {
        "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, as residents had asked, and the mayor agreed.</p>"
    }.joined()

    /// "You may also like" stands over an empty box that script fills, right before the
    /// comments' larger heading: a heading over nothing.
    @Test func aTitleOverAnEmptyBoxIsLeftOut() throws {
        let html = """
            <html><body><div class="article"><h1>Sunday opening</h1>\(Self.body)
            <h4>You may also like</h4><div class="recommendations" data-widget="recs"></div>
            <h3>The vote in numbers</h3><p>Eleven councillors voted for the change and four against it, after a debate of two hours.</p>
            </div></body></html>
            """
        let text = try mainContentText(html)
        #expect(!text.contains("You may also like"), "\(text)")
        #expect(text.contains("The vote in numbers"), "\(text)")
        #expect(text.contains("Eleven councillors"), "\(text)")
    }

    /// A heading holding one no-break space between a figure's title and its text is a spacer:
    /// the title's section goes on past it.
    @Test func aSpacerHeadingEndsNoSection() throws {
        let html = """
            <html><body><div class="article"><h1>Sunday opening</h1>\(Self.body)
            <h3>Raised since 2016</h3><h3>&nbsp;</h3><p>More than a million euros, given by twelve thousand people.</p>
            </div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains("Raised since 2016"), "\(text)")
        #expect(text.contains("More than a million euros"), "\(text)")
    }

    /// A paragraph set as a heading (long, or a sentence ending with an ellipsis) is content,
    /// even when another heading follows it at once.
    @Test func aParagraphSetAsAHeadingStays() throws {
        let long = "I have put off writing this last piece for weeks, although I usually like to get things done and ticked off my list as soon as I can, because writing it feels a little like saying goodbye."
        let ellipsis = "I will simply try to say a few words before I go…"
        let html = """
            <html><body><div class="article"><h1>Goodbye for now</h1><h3>\(long)</h3><h3>\(ellipsis)</h3>
            <h3>A baby is on the way</h3>\(Self.body)</div></body></html>
            """
        let text = try mainContentText(html)
        #expect(text.contains(long), "\(text)")
        #expect(text.contains(ellipsis), "\(text)")
        #expect(text.contains("A baby is on the way"), "\(text)")
    }
}
