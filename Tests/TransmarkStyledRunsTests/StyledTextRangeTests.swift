import Testing
import TransmarkCore
import TransmarkStyledRuns

/// `StyledText.validate()` and the reader check their arithmetic: lengths, depths and list
/// numbers near `Int.max` are typed errors or read, never a trap (issue 35).
@Suite struct StyledTextRangeTests {
    static func styled(runs: [(Int, Int)], text: String = "ab") -> StyledText {
        StyledText(text: text, runStyles: [RunAttributes()], runs: runs.map { StyledRun(range: TextRange(location: $0.0, length: $0.1), style: 0) },
                   paragraphStyles: [ParagraphAttributes()], paragraphs: [StyledRun(range: TextRange(location: 0, length: 2), style: 0)])
    }

    @Test(arguments: [
        ([(0, 1), (1, Int.max)], "run at 1 of length 9223372036854775807 ends past the text (length 2)"),
        ([(0, Int.max)], "run at 0 of length 9223372036854775807 ends past the text (length 2)"),
        ([(0, 1), (1, -5)], "run at 1 has a negative length (-5)"),
        ([(0, 1), (Int.max, 1)], "run starts at 9223372036854775807, expected 1"),
        ([(0, 1), (Int.min, Int.max)], "run starts at -9223372036854775808, expected 1"),
        ([(0, 1)], "runs end at 1, text length is 2"),
    ])
    func coversAreCheckedWithoutOverflow(runs: [(Int, Int)], message: String) {
        #expect(throws: TransmarkError.malformedInput(message: message, offset: runs.count == 1 && runs[0].1 == 1 ? 1 : (runs.count > 1 ? 1 : 0))) {
            try Self.styled(runs: runs).validate()
        }
    }

    @Test func listNumbersSaturate() {
        let list = ListAttributes(isOrdered: true, start: Int.max - 1)
        #expect((0 ..< 4).map(list.number(ofItemAt:)) == [Int.max - 1, Int.max, Int.max, Int.max])
        let down = ListAttributes(isOrdered: true, start: Int.min + 1, isReversed: true)
        #expect((0 ..< 3).map(down.number(ofItemAt:)) == [Int.min + 1, Int.min, Int.min])
        #expect(ListAttributes(isOrdered: true, start: 5).number(ofItemAt: Int.max) == Int.max)
        #expect(ListAttributes(isOrdered: true, start: 5, isReversed: true).number(ofItemAt: Int.max) == 5 - Int.max)
        #expect(ListAttributes(isOrdered: true, start: -5, isReversed: true).number(ofItemAt: Int.max) == Int.min)
        #expect(Int.max.addingSaturating(1) == Int.max && Int.min.addingSaturating(-1) == Int.min && 2.addingSaturating(3) == 5)
        #expect(Int.min.subtractingSaturating(1) == Int.min && Int.max.subtractingSaturating(-1) == Int.max && 2.subtractingSaturating(3) == -1)
    }
}
