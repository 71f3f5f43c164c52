import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `complexTable=grid` (the `pandoc` profile's) writes a table with `colspan`/`rowspan` as a
/// grid table whose spanning cells are one box, as pandoc 3.7 and later write them (2.19 and
/// later read them); the padded pipe table of other settings is unchanged.
@Suite struct SpannedGridTableTests {
    func markdown(_ html: String, _ options: [String] = ["profile=pandoc"]) throws -> String {
        try MarkdownBackend().renderString(try HTMLFrontend().parse(html), options: MarkdownBackend.Options(parsing: options))
    }

    static let schedule = """
        <table><thead><tr><th colspan="2">Slot</th><th>Talk</th></tr></thead>
        <tbody><tr><td rowspan="2">Mon</td><td>9:00</td><td>Opening</td></tr>
        <tr><td>10:00</td><td rowspan="2">Workshop, two hours</td></tr>
        <tr><td colspan="2">Tue 9:00</td></tr></tbody></table>
        """

    @Test func spanningCellsAreOneBox() throws {
        #expect(try markdown(Self.schedule) == """
            +-----+-------+---------------------+
            | Slot        | Talk                |
            +=====+=======+=====================+
            | Mon | 9:00  | Opening             |
            |     +-------+---------------------+
            |     | 10:00 | Workshop, two hours |
            +-----+-------+                     |
            | Tue 9:00    |                     |
            +-------------+---------------------+

            """)
    }

    @Test func longTextInASpanWidensItsLastColumnAndRow() throws {
        let md = try markdown(#"<table><tr><td>a</td><td>b</td></tr><tr><td colspan="2">a long cell that spans</td></tr></table>"#)
        #expect(md == """
            +-----+------------------+
            | a   | b                |
            +-----+------------------+
            | a long cell that spans |
            +------------------------+

            """)
        let tall = try markdown(#"<table><tr><td rowspan="2"><p>one</p><p>two</p><p>three</p></td><td>x</td></tr><tr><td>y</td></tr></table>"#)
        #expect(tall == """
            +-------+-----+
            | one   | x   |
            |       +-----+
            | two   | y   |
            |       |     |
            | three |     |
            +-------+-----+

            """)
    }

    @Test func otherSettingsAndOverlapsArePadded() throws {
        // The default (`complexTable=auto`) pads spans with empty cells in a pipe table.
        #expect(try markdown(Self.schedule, []).hasPrefix("| Slot     |       | Talk                |\n"))
        // Overlapping spans (a column span into a row span's slot) are padded in the grid table;
        // no text is lost.
        let overlap = try markdown(#"<table><tr><td>a</td><td rowspan="2">b</td></tr><tr><td colspan="2">c</td></tr></table>"#)
        for text in ["a", "b", "c"] { #expect(overlap.contains("| \(text)"), "\(overlap)") }
    }

    @Test func pandocReadsTheSpansBack() throws {
        guard let pandoc = PandocRoundTripTests.pandoc else {
            print("SpannedGridTableTests skipped: pandoc is not on the PATH (apt-get install pandoc)")
            return
        }
        let version = try PandocRoundTripTests.run(["--version"], input: [])
        let numbers = version.split(separator: "\n").first?.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.lexicographicallyPrecedes([2, 19]) == false else {
            print("SpannedGridTableTests skipped: \(pandoc.path) is \(version.prefix { $0 != "\n" }); grid table spans need pandoc 2.19 or later")
            return
        }
        let html = try PandocRoundTripTests.run(["-f", "markdown", "-t", "html"], input: Array(try markdown(Self.schedule).utf8))
        #expect(html.contains(#"colspan="2""#) && html.contains(#"rowspan="2""#), "\(html)")
    }
}
