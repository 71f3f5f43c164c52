import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct SmokeTests {
    @Test func sampleRendersInBothFormats() throws {
        let document = sampleDocument()
        let text = try plain(document, ["width=40"])
        let colored = try ansi(document, ["width=40"])
        print(text)
        print(colored)
        #expect(!text.contains("\u{1B}"))
        #expect(stripEscapesAndTrailingSpaces(try ansi(document, ["width=40", "hyperlinks=false"])) == text)
    }
}
