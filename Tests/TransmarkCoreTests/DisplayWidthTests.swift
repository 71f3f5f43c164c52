import Testing
@testable import TransmarkCore

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect(DisplayWidth.of("hello, world") == 12)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func eastAsianWideAndFullwidthAreTwo() {
        #expect(DisplayWidth.of("中文") == 4)
        #expect(DisplayWidth.of("日本語のテキスト") == 16)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("、。") == 4)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4, "halfwidth katakana is narrow")
    }

    @Test func emojiAreTwo() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("🍣🚀") == 4)
        #expect(DisplayWidth.of("a😀b") == 4)
    }

    @Test func emojiSequencesAreOneCluster() {
        #expect(DisplayWidth.of("👩‍💻") == 2, "ZWJ sequence")
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2, "family")
        #expect(DisplayWidth.of("👍🏽") == 2, "skin tone modifier")
        #expect(DisplayWidth.of("🇫🇷") == 2, "flag: a regional indicator pair")
        #expect(DisplayWidth.of("🇫🇷🇯🇵") == 4)
        #expect(DisplayWidth.of("❤️") == 1, "text-presentation base with VS16 keeps the base width")
    }

    @Test func combiningMarksAndFormatCharactersAreZero() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Z̴̡̛a̸̧") == 2)
        #expect(DisplayWidth.of("a\u{200B}b") == 2, "zero width space")
        #expect(DisplayWidth.of("\u{FEFF}") == 0)
        #expect(DisplayWidth.of("\u{AD}") == 0, "soft hyphen")
        #expect(DisplayWidth.of("क्") == 1, "Devanagari virama")
        #expect(DisplayWidth.of(Unicode.Scalar(0x0301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x41)!) == 1)
    }

    @Test func controlCharactersAreZero() {
        #expect(DisplayWidth.of("\u{1B}") == 0)
        #expect(DisplayWidth.of("\u{7}a") == 1)
    }

    @Test func tableIsSortedAndWellFormed() {
        let t = unicodeWidthTable
        #expect(t.count % 3 == 0)
        var previous: UInt32 = 0
        for i in stride(from: 0, to: t.count, by: 3) {
            #expect(t[i] <= t[i + 1])
            #expect(t[i] >= previous)
            #expect(t[i + 2] == 0 || t[i + 2] == 2)
            previous = t[i + 1] + 1
        }
    }
}
