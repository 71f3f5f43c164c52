import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

/// `AttributedString → Markdown`, and the README's example, verbatim.
@Suite struct StyledReadingExampleTests {
    @Test func readmeFromAnEditorBackToMarkdown() throws {
        var notes = AttributedString("Ship ")
        var today = AttributedString("today")
        today.traits = .strong
        var link = AttributedString("release notes")
        link.link = URL(string: "https://x.dev/notes")
        notes += today + AttributedString(", see the ") + link + AttributedString(".")
        let markdown = try MarkdownBackend().renderString(try Document(notes))
        #expect(markdown == "Ship **today**, see the [release notes](https://x.dev/notes).\n")

        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("""
            var notes = AttributedString("Ship ")
            var today = AttributedString("today")
            today.traits = .strong
            var link = AttributedString("release notes")
            link.link = URL(string: "https://x.dev/notes")
            notes += today + AttributedString(", see the ") + link + AttributedString(".")
            let markdown = try MarkdownBackend().renderString(try Document(notes))
            // "Ship **today**, see the [release notes](https://x.dev/notes).\\n"
            """))
    }

    @Test func editorParagraphsHeadingsListsAndQuotes() throws {
        var title = AttributedString("Notes\n")
        title.headingLevel = 2
        var quote = AttributedString("quoted\n")
        quote.blockQuoteDepth = 1
        var code = AttributedString("x()")
        code.traits = [.code]
        var colored = AttributedString("red")
        colored.transmarkForegroundColor = RGBAColor(red: 0xCC, green: 0, blue: 0)
        let text = title + quote + AttributedString("call ") + code + AttributedString(" in ") + colored + AttributedString("\n")
        let markdown = try MarkdownBackend().renderString(try Document(text))
        #expect(markdown == "## Notes\n\n> quoted\n\ncall `x()` in red\n")
        // The color is kept in the tree, as a styled span.
        #expect(try Document(text).treeDump.contains("span {color: #cc0000}"))
    }

    @Test func attributedStringFromStyledTextReadsBackToTheSameTree() throws {
        let source = "# Title\n\n> quote with *emphasis*\n\n1. one\n2. two\n   - nested [link](https://x.dev \"T\")\n\n```\ncode\n```\n"
        let document = try MarkdownFrontend().parse(source)
        let attributed = AttributedString(StyledText(document: document))
        let read = try Document(attributed)
        #expect(try MarkdownBackend().renderString(read) == "# Title\n\n> quote with *emphasis*\n\n1. one\n2. two\n   - nested [link](https://x.dev \"T\")\n\n```\ncode\n```\n")
        #expect(read == StyledReading.documentReadFromJSON(document))
    }
}

extension StyledReading {
    static func documentReadFromJSON(_ document: Document) -> Document? {
        try? roundTrip(document)
    }
}
