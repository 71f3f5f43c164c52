import Foundation
import Testing
import TransmarkStyledRuns
@testable import BundledMarkup

/// The text a run covers (ranges count UTF-16 code units).
func substring(_ styled: StyledText, _ range: TextRange) -> String {
    let units = Array(styled.text.utf16)
    return String(decoding: units[range.location..<range.end], as: UTF16.self)
}

/// The attributes of the first run whose text is `text` (a run may end with its paragraph's
/// line feed).
func attributes(of text: String, in styled: StyledText) -> RunAttributes? {
    styled.attributedRuns.first { substring(styled, $0.range).trimmingCharacters(in: .newlines) == text }?.attributes
}

@Suite struct GeneratedAccessorTests {
    @Test func markdownBecomesStyledTextAndHTML() throws {
        let welcome = Markup.welcome
        #expect(welcome.name == "welcome")
        #expect(welcome.sourcePath == "welcome.md")
        #expect(welcome.html.hasPrefix("<h1>Welcome</h1>\n<p>Thanks for installing <strong>Bundled Markup</strong>."))
        #expect(welcome.html.contains(#"<a href="https://example.org/guide">guide</a>"#))
        #expect(welcome.html.contains("<li>No parsing at run time</li>"))

        let styled = welcome.styledText
        #expect(styled.text.hasPrefix("Welcome\nThanks for installing Bundled Markup. Read the guide first."))
        #expect(attributes(of: "Welcome", in: styled)?.headingLevel == 1)
        #expect(attributes(of: "Bundled Markup", in: styled)?.font.isBold == true)
        #expect(attributes(of: "guide", in: styled)?.link?.url == "https://example.org/guide")
        #expect(styled.attributedRuns.contains { $0.attributes.listLevel == 1 })
    }

    @Test func htmlBecomesStyledTextWithItsColors() {
        let notes = Markup.releaseNotes
        #expect(notes.sourcePath == "release-notes.html")
        #expect(notes.html.contains("<h2>Release notes</h2>"))
        let styled = notes.styledText
        #expect(attributes(of: "Release notes", in: styled)?.headingLevel == 2)
        #expect(attributes(of: "2.0", in: styled)?.font.isBold == true)
        let out = attributes(of: "out", in: styled)?.foregroundColor
        #expect(out?.red == 0xD0 && out?.green == 0x20 && out?.blue == 0x20)
    }

    @Test func fileNamesBecomeIdentifiers() {
        #expect(Markup.myPage.sourcePath == "my-page.md")
        #expect(Markup._2024.sourcePath == "2024.md")
        #expect(Markup.class.sourcePath == "class.md")
        #expect(Markup.`class`.name == "class")
        #expect(Markup.guidesGettingStarted.sourcePath == "guides/getting-started.md")
        #expect(Markup._2024.styledText.text.hasPrefix("2024 in review\nA year of Markup."))
        #expect(HelpPages.all.count == 8)
    }

    @Test func literalsKeepQuotesHashesBackslashesAndControlCharacters() throws {
        let tricky = Markup.tricky.styledText.text
        #expect(tricky.contains(####"Quotes and hashes: """# and "## and ### and #( and """#"####))
        #expect(tricky.contains(####"raw "###"# \n \(not interpolated)"####))
        #expect(tricky.contains("\ttab\there"))
        #expect(tricky.contains("Emoji 🎉 and accents: café."))
        // The styled text keeps the control character as the document has it; HTML output never
        // carries C0 controls (they become U+FFFD, as a browser shows them).
        #expect(Markup.controlCharacter.html == "<p>A control character in code: <code>a\u{FFFD}b</code>.</p>\n")
        #expect(Markup.controlCharacter.styledText.text == "A control character in code: a\u{1}b.")
    }

    @Test func styledTextIsDecodedOnceAndSharedAcrossThreads() async throws {
        let first = Markup.welcome.styledText
        let texts = await withTaskGroup(of: StyledText.self) { group in
            for _ in 0..<8 { group.addTask { Markup.welcome.styledText } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.allSatisfy { $0 == first })
        #expect(try Markup.welcome.decodeStyledText() == first)
        #expect(try StyledText(json: Markup.welcome.styledJSON) == first)
    }
}
