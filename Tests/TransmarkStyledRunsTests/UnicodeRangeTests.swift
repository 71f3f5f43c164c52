import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct UnicodeRangeTests {
    static let markdown = "é*👍🏽*e\u{301}**漢字**𝄞*x*🇫🇷\n"

    @Test func utf16RangesSliceExactlyTheStyledWords() throws {
        let s = try Styled.markdown(Self.markdown)
        #expect(s.text == "é👍🏽e\u{301}漢字𝄞x🇫🇷")
        #expect(Styled.words(s) { $0.traits.contains(.emphasis) } == ["👍🏽", "x"])
        #expect(Styled.words(s) { $0.traits.contains(.strong) } == ["漢字"])
        #expect(Styled.words(s) { $0.traits.isEmpty } == ["é", "e\u{301}", "𝄞", "🇫🇷"])
        #expect(s.runs.last!.range.end == s.text.utf16.count)
        try s.validate()
    }

    @Test(arguments: OffsetUnit.allCases)
    func everyUnitCoversTheText(unit: OffsetUnit) throws {
        var options = StyledTextOptions()
        options.unit = unit
        let s = try Styled.markdown(Self.markdown, options: options)
        #expect(s.runs.last!.range.end == unit.length(of: s.text))
        try s.validate()
        let emphasis = s.runs.filter { s.runStyles[$0.style].traits.contains(.emphasis) }.map(\.range.length)
        switch unit {
        case .utf16: #expect(emphasis == [4, 1])
        case .unicodeScalars: #expect(emphasis == [2, 1])
        case .utf8: #expect(emphasis == [8, 1])
        }
    }

    @Test func adjacentEqualRunsMerge() throws {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.open(.strong); b.text("a"); b.close()
        b.open(.strong); b.text("b"); b.close()
        b.open(.span); b.open(.strong); b.text("c"); b.close(); b.close()
        let s = StyledText(document: b.finish())
        #expect(s.runs.count == 1)
        #expect(s.runStyles.count == 1)
    }

    @Test func invalidUTF8IsRepairedAndRangesStayValid() {
        var b = DocumentBuilder()
        b.open(.paragraph)
        let bytes: [UInt8] = [0x61, 0xF0, 0x90, 0x80, 0x62, 0xFF]
        bytes.withUnsafeBufferPointer { b.text(bytes: $0) }
        b.open(.emphasis); b.text("é"); b.close()
        let s = StyledText(document: b.finish())
        #expect(s.text.hasPrefix("a\u{FFFD}b"))
        #expect(Styled.words(s) { $0.traits.contains(.emphasis) } == ["é"])
        #expect((try? s.validate()) != nil)
    }
}
