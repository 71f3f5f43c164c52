import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct WrappingTests {
    func lines(_ s: String, width: Int) -> [String] {
        let bytes = Array(s.utf8)
        var result: [WrappedLine] = []
        bytes.withUnsafeBufferPointer { LineWrapper.wrap($0, 0, $0.count, width: width, into: &result) }
        return result.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
    }

    @Test func wrapsAtWordBoundaries() {
        #expect(lines("the quick brown fox jumps over the lazy dog", width: 10)
                == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
    }

    @Test func exactFitStaysOnOneLine() {
        #expect(lines("abcde fghij", width: 11) == ["abcde fghij"])
        #expect(lines("abcde fghij", width: 10) == ["abcde", "fghij"])
    }

    @Test func longWordIsBroken() {
        #expect(lines("a supercalifragilistic b", width: 8) == ["a", "supercal", "ifragili", "stic b"])
    }

    @Test func wideCharactersCountTwoAndBreakBetweenCharacters() {
        #expect(lines("中文中文中文", width: 5) == ["中文", "中文", "中文"])
        #expect(lines("ab 中文中文", width: 6) == ["ab 中", "文中文"], "CJK fills the current line")
    }

    @Test func clustersAreNeverSplit() {
        #expect(lines("👩‍💻👩‍💻👩‍💻", width: 4) == ["👩‍💻👩‍💻", "👩‍💻"])
        #expect(lines("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func forcedBreaksAndNoWrap() {
        #expect(lines("one two\nthree", width: 80) == ["one two", "three"])
        #expect(lines("a very long line that is never wrapped", width: Int.max) == ["a very long line that is never wrapped"])
    }

    @Test func paragraphsWrapAtTheOptionWidth() throws {
        let d = makeDocument { $0.paragraph("one two three four five six seven eight nine ten") }
        #expect(try plain(d, ["width=20"]) == "one two three four\nfive six seven eight\nnine ten\n")
        #expect(try plain(d, ["width=0"]) == "one two three four five six seven eight nine ten\n")
    }

    @Test func softBreaksAreSpacesAndHardBreaksNewlines() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in
                b.text("soft"); b.leaf(.softBreak); b.text("break"); b.leaf(.lineBreak); b.text("hard")
            }
        }
        #expect(try plain(d) == "soft break\nhard\n")
    }

    @Test func prefixesNarrowTheWidth() throws {
        let d = makeDocument { b in b.block(.blockQuote) { $0.paragraph("aaa bbb ccc ddd") } }
        #expect(try plain(d, ["width=10"]) == "│ aaa bbb\n│ ccc ddd\n")
    }
}
