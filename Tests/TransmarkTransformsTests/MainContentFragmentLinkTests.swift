import Testing
import Transmark

/// `main-content` weighs a link into the page itself (`href="#section"`) at 0.3 of its text, as
/// Readability does: a table of contents moves the reader within the article, so the section
/// that holds one is not taken for a box of links.
@Suite struct MainContentFragmentLinkTests {
    static let questions = ["What are the symptoms?", "How deadly is the virus?", "What is known about the cases here?",
                            "Can the spread be contained?", "How can I protect myself?", "Will it spread worldwide?",
                            "How contagious is it really?", "Will medicines run short?", "Where does the disease come from?",
                            "When will there be a vaccine?"]

    static func paragraph(_ n: Int) -> String {
        "<p>Paragraph \(n): the health office said on Wednesday that it is tracing everyone the patient met and that schools stay open for now.</p>"
    }

    /// The article in alike rows with advertisements between them; one row holds a paragraph,
    /// the table of contents and the first section.
    static func page(linkPrefix: String) -> String {
        let toc = "<div class=\"callout-box\"><strong>In this article:</strong><br>"
            + questions.enumerated().map { "<a href=\"\(linkPrefix)q\($0.offset)\">\($0.element)</a><br>" }.joined() + "</div>"
        let advertisement = "<div class=\"row collapse\"><div class=\"small-12 columns\"><aside>Advertisement</aside></div></div>"
        func row(_ content: String) -> String {
            "<div class=\"row align-center\"><div class=\"small-12 medium-8 columns\">\(content)</div></div>"
        }
        var rows = [row(paragraph(1) + paragraph(2)), advertisement,
                    row(paragraph(3) + toc + "<h3 id=\"q0\">\(questions[0])</h3><p>Many people have only a mild cold with a sore throat or no symptoms at all.</p>"),
                    advertisement]
        for k in 1...3 { rows.append(row("<h3 id=\"q\(k)\">\(questions[k])</h3>" + paragraph(10 + k) + paragraph(20 + k))) }
        return "<html><body><nav><a href=\"/\">Home</a> <a href=\"/news\">News</a> <a href=\"/health\">Health</a></nav><main>"
            + rows.joined() + "</main><footer><a href=\"/imprint\">Imprint</a></footer></body></html>"
    }

    @Test func sectionWithATableOfContentsIsKept() throws {
        let text = try mainContentText(Self.page(linkPrefix: "#"))
        #expect(text.contains("Paragraph 3:"), "\(text)")
        #expect(text.contains("Many people have only a mild cold"), "\(text)")
        #expect(text.contains("Paragraph 23:"), "\(text)")
        #expect(!text.contains("Imprint"), "\(text)")
    }

    /// The same box with links to other pages is a box of links, and its row goes.
    @Test func sectionWithLinksAwayIsNot() throws {
        let text = try mainContentText(Self.page(linkPrefix: "/faq/"))
        #expect(!text.contains("Paragraph 3:"), "\(text)")
        #expect(text.contains("Paragraph 23:"), "\(text)")
    }
}
