import Testing
import Transmark

/// An option that a conversion does not take gets one precise line: the option it probably
/// meant, and which other format takes the key as given.
@Suite struct OptionErrorTests {
    func message(_ pairs: [(key: String, value: String)], from: String = "html", to: String = "markdown",
                 transforms: [String] = []) -> String {
        do {
            _ = try Registry.standard.conversion(from: from, to: to, options: ConversionOptions(pairs, transforms: transforms))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aKeyOfAnotherWriterNamesItAndTheCloseKeyOfThisOne() {
        #expect(message([("width", "50")])
                == "option 'width' does not apply to html → markdown: did you mean 'markdown.lineWidth'? ('width' is an option of the text writer and the ansi writer)")
    }

    @Test func aKeyInTheWrongCaseOrMistypedIsSuggested() {
        #expect(message([("headingstyle", "setext")])
                == "unknown option 'headingstyle' for html and markdown: did you mean 'markdown.headingStyle'? (run `transmark formats` for every option)")
        #expect(message([("linewidht", "3")]).contains("did you mean 'markdown.lineWidth'?"))
        #expect(message([("maxLevl", "2")], transforms: ["toc"]).contains("did you mean 'toc.maxLevel'?"))
    }

    @Test func aWriterOptionAimedAtAFormatThatIsOnlyReadSaysSo() {
        #expect(message([("html.unsafe", "true")], from: "html", to: "text")
                == "option 'html.unsafe' does not apply to html → text: it is an option of the html writer")
        #expect(message([("markdown.smart", "true")], from: "markdown", to: "html") == "no error")
        #expect(message([("html.keepHidden", "true")], from: "markdown", to: "html")
                == "option 'html.keepHidden' does not apply to markdown → html: it is an option of the html reader")
    }

    @Test func nothingCloseListsWhatIsAccepted() {
        let text = message([("bogus", "1")], from: "markdown", to: "text")
        #expect(text.hasPrefix("unknown option 'bogus' for markdown and text (accepted: markdown."))
        #expect(!text.contains("did you mean"))
    }

    @Test func theErrorCodeStaysUnknownOption() {
        #expect(TransmarkError.optionNotForThisConversion(key: "width", conversion: "html → markdown", usedBy: ["the text writer"], suggestion: nil).code
                == "unknown-option")
    }
}
