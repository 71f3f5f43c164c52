import Foundation
import Testing
import Transmark

/// Hostile shapes of tree (deep nesting of tables, lists and quotes; a row of very many cells)
/// through every backend: each must finish well within a generous bound (the work is linear in
/// the input; super-linear layouts took minutes or never finished on these) and keep every
/// cell's text. Bounds are for debug builds on a loaded machine; release is ~20× faster.
@Suite struct LinearTimeTests {
    /// Every backend, and Markdown once more under the `pandoc` profile (grid tables).
    static let backends: [(name: String, options: [(key: String, value: String)])] = [
        ("text", []), ("ansi", []), ("markdown", []), ("markdown", [("profile", "pandoc")]), ("html", []), ("styled-json", []),
    ]
    static let bound: Duration = .seconds(20)

    /// A marker no other marker contains ("q1z" is not inside "q10z").
    static func marker(_ i: Int) -> String { "q\(i)z" }

    /// The numbers of the markers in `output` (one pass: `contains` per marker would be quadratic).
    static func markers(in output: [UInt8]) -> Set<Int> {
        var found = Set<Int>()
        var i = 0
        while i < output.count {
            if output[i] == UInt8(ascii: "q") {
                var j = i + 1, n = 0
                while j < output.count, output[j] >= 0x30, output[j] <= 0x39 { n = n * 10 + Int(output[j] - 0x30); j += 1 }
                if j > i + 1, j < output.count, output[j] == UInt8(ascii: "z") { found.insert(n) }
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    /// Renders `document` to every backend, checking time, output size (at most 512 bytes per
    /// input node and marker: no layout multiplies it) and that every marker `0..<count` is in
    /// the output.
    /// With `unwrapped`, text and ANSI do not wrap (at 80 columns a row of 100,000 cells gets
    /// columns one wide, which splits every marker over lines).
    static func expectLinear(_ document: Document, markers count: Int, _ what: String, unwrapped: Bool = false) throws {
        for (backend, backendOptions) in backends {
            let options = backendOptions + (unwrapped && (backend == "text" || backend == "ansi") ? [("width", "0")] : [])
            let clock = ContinuousClock()
            var output: [UInt8] = []
            let elapsed = try clock.measure { output = try Registry.standard.render(document, to: backend, options: options) }
            #expect(elapsed < bound, "\(what) → \(backend) \(options) took \(elapsed)")
            #expect(output.count < 512 * (document.nodeCount + count) + 65_536, "\(what) → \(backend) \(options) wrote \(output.count) bytes")
            let found = markers(in: output)
            var missing: [Int] = []
            for i in 0..<count where !found.contains(i) {
                missing.append(i)
                if missing.count > 5 { break }
            }
            #expect(missing.isEmpty, "\(what) → \(backend) \(options) lost the text of cells \(missing)")
        }
    }

    @Test func tenThousandNestedTables() throws {
        let depth = 10_000
        var builder = DocumentBuilder()
        for i in 0..<depth {
            builder.open(.table(alignments: []))
            builder.open(.tableRow(isHeader: false))
            builder.open(.tableCell(.plain))
            builder.open(.paragraph)
            builder.text(Self.marker(i))
            builder.close()
        }
        for _ in 0..<depth { builder.close(); builder.close(); builder.close() }
        try Self.expectLinear(builder.finish(), markers: depth, "10,000 nested tables")
    }

    @Test func tablesInListsInQuotesThreeThousandDeep() throws {
        let depth = 3_000
        var builder = DocumentBuilder()
        for i in 0..<depth {
            builder.open(.blockQuote)
            builder.open(.list(.bullet))
            builder.open(.listItem(task: nil))
            builder.open(.table(alignments: []))
            builder.open(.tableRow(isHeader: false))
            builder.open(.tableCell(.plain))
            builder.open(.paragraph)
            builder.text(Self.marker(i))
            builder.close()
        }
        for _ in 0..<depth { for _ in 0..<6 { builder.close() } }
        try Self.expectLinear(builder.finish(), markers: depth, "tables in lists in quotes")
    }

    @Test func twoCellTablesNestedInBothCells() throws {
        // Each level: a table whose first cell holds text and whose second holds the next level.
        let depth = 2_000
        var builder = DocumentBuilder()
        for i in 0..<depth {
            builder.open(.table(alignments: []))
            builder.open(.tableRow(isHeader: true))
            builder.open(.tableCell(TableCellAttributes(isHeader: true)))
            builder.text(Self.marker(2 * i))
            builder.close()
            builder.open(.tableCell(.plain))
            builder.text(Self.marker(2 * i + 1))
        }
        for _ in 0..<depth { builder.close(); builder.close(); builder.close() }
        try Self.expectLinear(builder.finish(), markers: 2 * depth, "two-cell tables nested")
    }

    @Test func wideTablesNestedInNarrowCells() throws {
        // Tables eight deep (under the flattening depth), each with long cells beside the cell
        // that holds the next level: every level wraps the one inside into many more lines, and
        // pads its other cells to them. Two hundred such stacks (found by fuzzing: 13 KB of one
        // page became 7 MB of text).
        var builder = DocumentBuilder()
        var marker = 0
        func cell(_ words: Int) {
            builder.open(.tableCell(.plain))
            builder.text(String(repeating: "alpha beta ", count: words) + Self.marker(marker))
            marker += 1
            builder.close()
        }
        for _ in 0..<200 {
            for _ in 0..<8 {
                builder.open(.table(alignments: []))
                builder.open(.tableRow(isHeader: false))
                cell(15)
                cell(15)
                builder.open(.tableCell(.plain))
            }
            builder.text(String(repeating: "alpha beta ", count: 15) + Self.marker(marker))
            marker += 1
            for _ in 0..<8 {
                builder.close() // the cell holding the next level
                builder.close() // its row
                builder.open(.tableRow(isHeader: false))
                cell(1)
                cell(3)
                builder.close()
                builder.close()
            }
        }
        try Self.expectLinear(builder.finish(), markers: marker, "wide tables nested in narrow cells")
    }

    @Test func rowOfHundredThousandCells() throws {
        let cells = 100_000
        var builder = DocumentBuilder()
        builder.open(.table(alignments: []))
        builder.open(.tableRow(isHeader: true))
        for i in 0..<cells {
            builder.open(.tableCell(.plain))
            builder.text(Self.marker(i))
            builder.close()
        }
        builder.close()
        builder.close()
        try Self.expectLinear(builder.finish(), markers: cells, "a row of 100,000 cells", unwrapped: true)
    }

    @Test func nestedTablesFromHTMLAllBackends() throws {
        // Through the HTML frontend too (its depth limit raised so that all 10,000 nest).
        let depth = 10_000
        var html = ""
        for i in 0..<depth { html += "<table><tr><td>\(Self.marker(i)) " }
        html += String(repeating: "</td></tr></table>", count: depth)
        let clock = ContinuousClock()
        var document = Document.empty
        let elapsed = try clock.measure {
            document = try Transmark.parse(html, from: "html", options: ["maxDepth": "100000"])
        }
        #expect(elapsed < Self.bound, "HTML parse took \(elapsed)")
        try Self.expectLinear(document, markers: depth, "10,000 nested HTML tables")
    }

    /// Superscripts written as Unicode digits are walked once each, however many emphasis
    /// delimiters before them look past them to choose and close (4,000 nested `<em>` before a
    /// superscript of a million digits; many small ones in a row).
    @Test func unicodeScriptsBehindDeepEmphasis() throws {
        let depth = 4_000
        let deep = "<p>" + String(repeating: "<em>", count: depth) + "x" + String(repeating: "</em>", count: depth)
            + "<sup>" + String(repeating: "1", count: 1_000_000) + "</sup></p>"
        let many = "<p>" + String(repeating: "<em>a</em><sup>" + String(repeating: "2", count: 100) + "</sup>", count: 20_000) + "</p>"
        for html in [deep, many] {
            let document = try Transmark.parse(html, from: "html")
            let clock = ContinuousClock()
            var output: [UInt8] = []
            let elapsed = try clock.measure {
                output = try Registry.standard.render(document, to: "markdown",
                                                      options: [("superscript", "unicode"), ("emphasisDelimiter", "_")])
            }
            #expect(elapsed < Self.bound, "took \(elapsed)")
            // Every digit is there, as its superscript form.
            let text = String(decoding: output, as: UTF8.self)
            #expect(text.unicodeScalars.filter { $0 == "\u{B9}" || $0 == "\u{B2}" }.count == (html == deep ? 1_000_000 : 2_000_000))
        }
    }

    /// Several bullet markers used in turn by depth (`profile=markdownify`'s `*+-`) cost the
    /// same per list whatever the depth: 40,000 bullet lists nested in each other.
    @Test func bulletMarkersInTurnDeepLists() throws {
        let depth = 40_000
        let markdown = String(repeating: "- ", count: depth) + "x\n"
        let document = try Transmark.parse(markdown, from: "markdown")
        let clock = ContinuousClock()
        var output: [UInt8] = []
        let elapsed = try clock.measure {
            output = try Registry.standard.render(document, to: "markdown", options: [("profile", "markdownify")])
        }
        #expect(elapsed < Self.bound, "took \(elapsed)")
        #expect(output.contains(UInt8(ascii: "x")))
    }
}
