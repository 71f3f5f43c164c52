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

    /// Greedy wrapping of ASCII text, word by word, as the rules say: a word joins the line when
    /// the line (with the spaces before the word) still fits; a word wider than the line is cut
    /// into full-width pieces; a newline ends the line (an empty one when nothing is pending).
    static func referenceLines(_ s: String, width: Int) -> [String] {
        let b = Array(s.utf8)
        var lines: [String] = []
        var line: (start: Int, end: Int)?
        func text(_ r: (start: Int, end: Int)) -> String { String(decoding: b[r.start..<r.end], as: UTF8.self) }
        var pos = 0
        while pos < b.count {
            if b[pos] == 0x20 { pos += 1; continue }
            if b[pos] == 0x0A {
                lines.append(line.map(text) ?? "")
                line = nil
                pos += 1
                continue
            }
            let wordStart = pos
            while pos < b.count && b[pos] != 0x20 && b[pos] != 0x0A { pos += 1 }
            if let current = line {
                if pos - current.start <= width {
                    line = (current.start, pos)
                    continue
                }
                lines.append(text(current))
                line = nil
            }
            var from = wordStart
            while pos - from > width {
                lines.append(text((from, from + width)))
                from += width
            }
            if from < pos { line = (from, pos) }
        }
        if let line { lines.append(text(line)) }
        return lines
    }

    @Test func randomASCIITextWrapsAsTheGreedyRuleSays() {
        // Words of every length (some longer than the line), runs of spaces and newlines, at
        // widths around the text's own length: the cases where a line is cut in one step.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<3000 {
            var s = ""
            let length = next(260)
            while s.utf8.count < length {
                switch next(20) {
                case 0: s += "\n"
                case 1, 2: s += String(repeating: " ", count: 1 + next(3))
                default: s += String(repeating: "x", count: 1 + next(next(4) == 0 ? 40 : 9)) + " "
                }
            }
            let width = 1 + next(next(2) == 0 ? 20 : 120)
            #expect(lines(s, width: width) == Self.referenceLines(s, width: width), "width \(width): \(s.debugDescription)")
        }
    }
}
