import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkStyledRuns

/// The README's examples, verbatim.
@Suite struct ReadmeExampleTests {
    @Test func markdownToAttributedStringWithATheme() throws {
        var theme = Theme.default
        theme.fontSize = 17
        theme.linkColor = RGBAColor(red: 0xD0, green: 0x30, blue: 0x30)
        let document = try MarkdownFrontend().parse("Hello **world**, see [docs](https://x.dev).")
        let styled = StyledText(document: document, options: StyledTextOptions(theme: theme))
        let label = AttributedString(styled)   // .link, .transmarkFont, .traits, … on every run
        #expect(label.runs.contains { $0.link == URL(string: "https://x.dev") })
        #expect(label.runs.contains { $0.transmarkFont?.size == 17 && $0.traits == .strong })
    }

    @Test func apiHTMLToAttributedStringWithATheme() throws {
        let html = #"<p>Hello <b style="color:#c00">world</b>, see <a href="https://x.dev">docs</a>.</p>"#
        var theme = Theme.default
        theme.fontSize = 17
        theme.linkColor = RGBAColor(red: 0x20, green: 0x60, blue: 0xD0)
        let styled = StyledText(document: try HTMLFrontend().parse(html), options: StyledTextOptions(theme: theme))
        let label = AttributedString(styled)
        #expect(String(label.characters) == "Hello world, see docs.")
        #expect(label.runs.contains { $0.link == URL(string: "https://x.dev") })
        #expect(label.runs.contains { $0.transmarkFont?.size == 17 && $0.traits == .strong })
    }

    /// "Showing styled text in SwiftUI, UIKit and AppKit": the platform-neutral half (the
    /// adapter's half is in TransmarkAppleTextTests, run on macOS).
    @Test func appleStyledTextForSwiftUIAndUIKit() throws {
        let markdown = "# Notes\n\n- **one**\n- [two](https://x.dev)\n"
        let styled = StyledText(document: try MarkdownFrontend().parse(markdown))
        let apple = AppleStyledText(styled)
        #expect(apple.text == styled.text)
        #expect(apple.paragraphs.first?.attributes.presentationIntent.kinds == [.header(level: 1)])
        #expect(apple.runs.contains { $0.text == "one" && $0.attributes.inlinePresentationIntent == .stronglyEmphasized })
        #expect(apple.runs.contains { $0.attributes.link?.url == URL(string: "https://x.dev") })
    }

    @Test func taggedStringWithADynamicTag() throws {
        let user = "<script>Eve"
        let tagged: TaggedString = "Hi <user id=\"42\">\(user)</user>, you have <b>3</b> messages"
        var styles = TaggedStringStyles.standard()
        styles.tags["user"] = .dynamic { tag, inherited in
            var a = inherited
            a.link = LinkTarget(url: "app://user/" + (tag.attribute("id") ?? ""))
            return a
        }
        let styled = try tagged.styledText(styles)
        #expect(styled.text == "Hi <script>Eve, you have 3 messages")
        #expect(Styled.words(styled) { $0.link?.url == "app://user/42" } == ["<script>Eve"])
    }
}
