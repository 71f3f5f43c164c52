import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct TableTests {
    func table(_ alignments: [TableAlignment], header: [String], rows: [[(String, Int)]]) -> Document {
        makeDocument { b in
            b.block(.table(alignments: alignments)) { b in
                b.block(.tableRow(isHeader: true)) { b in
                    for h in header { b.block(.tableCell(.plain)) { $0.text(h) } }
                }
                for row in rows {
                    b.block(.tableRow(isHeader: false)) { b in
                        for (text, span) in row {
                            b.block(.tableCell(TableCellAttributes(columnSpan: span))) { $0.text(text) }
                        }
                    }
                }
            }
        }
    }

    @Test func columnsAreSizedToContentAndAligned() throws {
        let d = table([.left, .center, .right], header: ["L", "C", "R"], rows: [[("a", 1), ("b", 1), ("c", 1)], [("long", 1), ("wide", 1), ("12.5", 1)]])
        #expect(try plain(d) == """
        ┌──────┬──────┬──────┐
        │ L    │  C   │    R │
        ╞══════╪══════╪══════╡
        │ a    │  b   │    c │
        │ long │ wide │ 12.5 │
        └──────┴──────┴──────┘

        """)
    }

    @Test func asciiBorders() throws {
        let d = table([.none, .none], header: ["A", "B"], rows: [[("1", 1), ("2", 1)]])
        #expect(try plain(d, ["tables=ascii"]) == "+---+---+\n| A | B |\n+===+===+\n| 1 | 2 |\n+---+---+\n")
    }

    @Test func wideTablesShrinkAndWrapInsideCells() throws {
        let d = table([.none, .none], header: ["Key", "Description"],
                      rows: [[("a", 1), ("one two three four five six seven eight nine ten", 1)]])
        let out = try plain(d, ["width=30"])
        for line in out.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 30, "\(line)") }
        #expect(out == """
        ┌─────┬──────────────────────┐
        │ Key │ Description          │
        ╞═════╪══════════════════════╡
        │ a   │ one two three four   │
        │     │ five six seven eight │
        │     │ nine ten             │
        └─────┴──────────────────────┘

        """)
    }

    @Test func tooNarrowBreaksWords() throws {
        let d = table([.none, .none], header: ["Alphabet", "Numbers"], rows: [[("abcdefghijkl", 1), ("0123456789", 1)]])
        let out = try plain(d, ["width=17"])
        for line in out.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 17, "\(line)") }
        #expect(out.contains("│ abcde │ 01234 │\n│ fghij │ 56789 │\n│ kl    │       │"))
    }

    @Test func columnSpansMergeColumns() throws {
        let d = table([.none, .none, .none], header: ["A", "B", "C"], rows: [[("spans two", 2), ("c", 1)], [("x", 1), ("y", 1), ("z", 1)]])
        let out = try plain(d)
        #expect(out.contains("│ spans two │ c │"))
        #expect(out.contains("╧"), "the header border closes the spanned junction")
        #expect(out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) == DisplayWidth.of(String(out.split(separator: "\n")[0])) })
    }

    @Test func shortRowsArePadded() throws {
        let d = table([.none, .none], header: ["A", "B"], rows: [[("only", 1)]])
        #expect(try plain(d).contains("│ only │   │"))
    }

    @Test func sizer() {
        #expect(TableColumnSizer.widths(natural: [5, 10], minimal: [3, 4], available: 100) == [5, 10])
        #expect(TableColumnSizer.widths(natural: [5, 10], minimal: [3, 4], available: 10) == [4, 6])
        #expect(TableColumnSizer.widths(natural: [20, 20], minimal: [10, 10], available: 10) == [5, 5])
        #expect(TableColumnSizer.distribute(10, weights: [1, 1, 1]) == [4, 3, 3])
    }
}

@Suite struct TableSpanOutput {
    @Test func spanOutput() throws {
        let d = TableTests().table([.none, .none, .none], header: ["A", "B", "C"], rows: [[("spans two", 2), ("c", 1)], [("x", 1), ("y", 1), ("z", 1)]])
        #expect(try plain(d) == """
        ┌─────┬─────┬───┐
        │ A   │ B   │ C │
        ╞═════╧═════╪═══╡
        │ spans two │ c │
        │ x   │ y   │ z │
        └─────┴─────┴───┘

        """)
    }
}
