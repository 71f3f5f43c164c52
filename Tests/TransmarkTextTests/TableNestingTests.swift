import Testing
import TransmarkCore
@testable import TransmarkText

/// Tables nested deeper than `LayoutSettings.defaultMaxTableNesting` are flattened (their cells
/// become plain lines, no text lost); nested tables fit the width their cell can have.
@Suite struct TableNestingTests {
    /// `depth` tables, each cell holding "level N" and the next table.
    static func nested(_ depth: Int) -> Document {
        makeDocument { b in
            for i in 0..<depth {
                b.open(.table(alignments: []))
                b.open(.tableRow(isHeader: false))
                b.open(.tableCell(.plain))
                b.paragraph("level \(i)")
            }
            for _ in 0..<depth { b.close(); b.close(); b.close() }
        }
    }

    /// Nested single-cell tables are layout tables (written as their content by default): these
    /// tests draw them, to test the drawing.
    static let drawn = ["layoutTables=table"]

    static func count(_ piece: String, in text: String) -> Int {
        text.components(separatedBy: piece).count - 1
    }

    @Test func tablesUpToTheLimitAreDrawn() throws {
        let limit = LayoutSettings.defaultMaxTableNesting
        #expect(limit == 8)
        let text = try plain(Self.nested(limit), Self.drawn)
        #expect(Self.count("┌", in: text) == limit)
        for i in 0..<limit { #expect(text.contains("level \(i) ")) }
    }

    @Test func deeperTablesAreFlattenedKeepingTheirText() throws {
        let limit = LayoutSettings.defaultMaxTableNesting
        let text = try plain(Self.nested(limit + 5), Self.drawn)
        #expect(Self.count("┌", in: text) == limit)
        for i in 0..<(limit + 5) { #expect(text.contains("level \(i) ")) }
        // The flattened levels are lines of their own inside the innermost drawn cell.
        let lines = text.split(separator: "\n")
        for i in limit..<(limit + 5) {
            #expect(lines.contains { $0.contains("level \(i) ") && !$0.contains("level \(i - 1) ") })
        }
    }

    @Test func nestedTablesWithoutAWidthAreDrawn() throws {
        // `width=0`: no room to fit a nested table to (this overflowed and trapped).
        for render in [{ try plain($0, ["width=0"] + Self.drawn) }, { try ansi($0, ["width=0"] + Self.drawn) }] as [(Document) throws -> String] {
            let text = try render(Self.nested(3))
            #expect(Self.count("┌", in: text) == 3)
            for i in 0..<3 { #expect(text.contains("level \(i)")) }
        }
    }

    @Test func aLargeTopLevelTableIsDrawnHoweverSparse() throws {
        // 400 rows of a wide first cell and nine mostly empty ones, one cell wrapping (a border
        // line between every row): its padding is a constant factor of its width, not nesting,
        // and it stays a table (the drawing budget is for tables in cells).
        let document = makeDocument { b in
            b.open(.table(alignments: []))
            for r in 0..<400 {
                b.open(.tableRow(isHeader: r == 0))
                b.open(.tableCell(.plain))
                b.text("Feature number \(r) with a name long enough to wrap in a narrow column")
                b.close()
                for c in 0..<9 {
                    b.open(.tableCell(.plain))
                    if (r + c) % 3 == 0 { b.text("✓") }
                    b.close()
                }
                b.close()
            }
            b.close()
        }
        let text = try plain(document)
        #expect(Self.count("┌", in: text) == 1)
        #expect(Self.count("┼", in: text) > 300 * 9)
        #expect(text.contains("Feature number 399"))
    }

    @Test func flattenedTablesInANSIKeepTheirText() throws {
        let text = stripEscapes(try ansi(Self.nested(20), Self.drawn))
        for i in 0..<20 { #expect(text.contains("level \(i)")) }
        #expect(Self.count("┌", in: text) == LayoutSettings.defaultMaxTableNesting)
    }

    @Test func nestedTableFitsTheWidth() throws {
        // A long paragraph in a table in a table: the inner table is sized to what the outer
        // cell can get, so no line is wider than the output and no border is broken.
        let words = (0..<200).map { "word\($0)" }.joined(separator: " ")
        let document = makeDocument { b in
            b.open(.table(alignments: []))
            b.open(.tableRow(isHeader: false))
            b.open(.tableCell(.plain))
            b.open(.table(alignments: []))
            b.open(.tableRow(isHeader: false))
            b.open(.tableCell(.plain))
            b.paragraph(words)
            for _ in 0..<6 { b.close() }
        }
        let text = try plain(document, ["width=60"] + Self.drawn)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        for line in lines {
            #expect(line.unicodeScalars.count <= 60, "\(line)")
            // Every line is inside both tables: outer and inner borders on each side.
            #expect(line.hasPrefix("│ │") || line.hasPrefix("│ ┌") || line.hasPrefix("│ └") || line.hasPrefix("┌") || line.hasPrefix("└"), "\(line)")
        }
        #expect(Self.count("word", in: text) == 200)
    }
}
