import Testing
import TransmarkCore
@testable import TransmarkText

/// Soft hyphens (U+00AD) mark where a word may break; text and ANSI output never break words, so
/// they leave them out in every mode, whatever text is around them.
@Suite struct SoftHyphenTests {
    let hyphenated = "Wäh\u{AD}rend Sie über den Markt schlen\u{AD}dern\u{AD} \u{AD}und\u{AD}"

    @Test func readableAndFlatTextLeaveThemOut() throws {
        let d = makeDocument { $0.paragraph(hyphenated) }
        #expect(try plain(d) == "Während Sie über den Markt schlendern und\n")
        #expect(try plain(d, ["mode=flat"]) == "Während Sie über den Markt schlendern und\n")
    }

    @Test func ansiLeavesThemOutAndKeepsTheWidth() throws {
        let d = makeDocument { $0.paragraph(hyphenated) }
        #expect(stripEscapes(try ansi(d)) == "Während Sie über den Markt schlendern und\n")
        // Wrapping counts the word without them: "schlendern" (10 columns) fits a line of 10.
        let narrow = try plain(makeDocument { $0.paragraph("ab schlen\u{AD}dern") }, ["width=10"])
        #expect(narrow == "ab\nschlendern\n")
    }

    @Test func otherNonASCIIAndControlsAreUnchanged() throws {
        // U+00AC and U+00AE share the soft hyphen's lead byte; C1 controls still become U+FFFD.
        let d = makeDocument { $0.paragraph("¬a®b\u{85}c\u{AD}") }
        #expect(try plain(d, ["mode=flat"]) == "¬a®b\u{FFFD}c\n")
        let code = makeDocument { $0.leaf(.codeBlock(info: ""), text: "x\u{AD}y\n") }
        #expect(try plain(code, ["mode=flat"]) == "xy\n")
    }
}
