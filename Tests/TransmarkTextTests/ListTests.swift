import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct ListTests {
    func list(_ attributes: ListAttributes, _ items: [String]) -> Document {
        makeDocument { b in
            b.block(.list(attributes)) { b in
                for item in items { b.block(.listItem(task: nil)) { $0.paragraph(item) } }
            }
        }
    }

    @Test func formatter() {
        #expect(ListMarkerFormatter.format(1, .lowerAlpha) == "a")
        #expect(ListMarkerFormatter.format(26, .lowerAlpha) == "z")
        #expect(ListMarkerFormatter.format(27, .lowerAlpha) == "aa")
        #expect(ListMarkerFormatter.format(703, .upperAlpha) == "AAA")
        #expect(ListMarkerFormatter.format(4, .lowerRoman) == "iv")
        #expect(ListMarkerFormatter.format(1994, .upperRoman) == "MCMXCIV")
        #expect(ListMarkerFormatter.format(3999, .upperRoman) == "MMMCMXCIX")
        #expect(ListMarkerFormatter.format(0, .upperRoman) == "0")
        #expect(ListMarkerFormatter.format(-3, .lowerAlpha) == "-3")
        #expect(ListMarkerFormatter.format(42, .decimal) == "42")
    }

    @Test func startNumber() throws {
        #expect(try plain(list(ListAttributes(isOrdered: true, start: 7), ["a", "b"])) == "7. a\n8. b\n")
    }

    @Test func numbersAreRightAligned() throws {
        let d = list(ListAttributes(isOrdered: true, start: 9), ["nine", "ten long enough to wrap"])
        #expect(try plain(d, ["width=16"]) == " 9. nine\n10. ten long\n    enough to\n    wrap\n")
    }

    @Test func alphaAndRoman() throws {
        #expect(try plain(list(ListAttributes(isOrdered: true, numbering: .lowerAlpha), ["x", "y"])) == "a. x\nb. y\n")
        #expect(try plain(list(ListAttributes(isOrdered: true, start: 3, numbering: .upperRoman), ["x", "y", "z"]))
                == "III. x\n IV. y\n  V. z\n")
        #expect(try plain(list(ListAttributes(isOrdered: true, start: 27, numbering: .upperAlpha), ["x"])) == "AA. x\n")
    }

    @Test func reversedCountsDown() throws {
        let d = list(ListAttributes(isOrdered: true, start: 10, isReversed: true), ["a", "b", "c"])
        #expect(try plain(d) == "10. a\n 9. b\n 8. c\n")
    }

    @Test func parenthesisDelimiter() throws {
        #expect(try plain(list(ListAttributes(isOrdered: true, marker: ")"), ["a"])) == "1) a\n")
    }

    @Test func looseListsSeparateItems() throws {
        #expect(try plain(list(ListAttributes(isOrdered: false, isTight: false), ["a", "b"])) == "• a\n\n• b\n")
    }

    @Test func bulletsChangePerLevelAndTasksShowBoxes() throws {
        let d = makeDocument { b in
            b.block(.list(.bullet)) { b in
                b.block(.listItem(task: nil)) { b in
                    b.paragraph("one")
                    b.block(.list(.bullet)) { b in
                        b.block(.listItem(task: .checked)) { $0.paragraph("done") }
                        b.block(.listItem(task: nil)) { $0.paragraph("two") }
                    }
                }
            }
            b.block(.list(.ordered)) { b in b.block(.listItem(task: .unchecked)) { $0.paragraph("todo") } }
        }
        #expect(try plain(d) == "• one\n  ☑ done\n  ◦ two\n\n1. ☐ todo\n")
        #expect(try plain(d, ["markers=ascii"]) == "* one\n  [x] done\n  - two\n\n1. [ ] todo\n")
    }

    @Test func listItemsWithoutParagraphs() throws {
        let d = makeDocument { b in
            b.block(.list(.bullet)) { b in
                b.block(.listItem(task: nil)) { $0.text("direct text") }
                b.block(.listItem(task: nil)) { _ in }
            }
        }
        #expect(try plain(d) == "• direct text\n•\n")
    }
}
