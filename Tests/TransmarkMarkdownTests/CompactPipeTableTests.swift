import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `tableColumnStyle=compact` (the `turndown` profile's, as turndown-plugin-gfm writes tables):
/// no padding, three-character delimiter cells, and the same table when read back.
@Suite struct CompactPipeTableTests {
    static let html = """
        <table><thead><tr><th align="left">Name</th><th align="center">Count</th><th align="right">Total</th><th>Note</th></tr></thead>
        <tbody><tr><td>apples</td><td>3</td><td>1,200</td><td></td></tr>
        <tr><td></td><td></td><td></td><td></td></tr>
        <tr><td>a very long cell</td><td>10</td><td>7</td><td>x | y</td></tr></tbody></table>
        """

    func render(_ options: [String]) throws -> String {
        try MarkdownBackend().renderString(try HTMLFrontend().parse(Self.html),
                                           options: MarkdownBackend.Options(parsing: options))
    }

    @Test func compactColumnsAreNotPadded() throws {
        let markdown = try render(["tableColumnStyle=compact"])
        #expect(markdown == """
            | Name | Count | Total | Note |
            | :-- | :-: | --: | --- |
            | apples | 3 | 1,200 |  |
            |  |  |  |  |
            | a very long cell | 10 | 7 | x \\| y |

            """)
    }

    @Test func turndownProfileWritesCompactTables() throws {
        #expect(MarkdownBackend.Options(profile: .turndown).tableColumnStyle == .compact)
        #expect(MarkdownBackend.Options().tableColumnStyle == .aligned)
        let markdown = try render(["profile=turndown", "gfm=true"])
        #expect(markdown.contains("| Name | Count | Total | Note |\n| :-- | :-: | --: | --- |\n"))
    }

    @Test func compactAndAlignedReadBackToTheSameTable() throws {
        let compact = try MarkdownFrontend().parse(try render(["tableColumnStyle=compact"]))
        let aligned = try MarkdownFrontend().parse(try render(["tableColumnStyle=aligned"]))
        #expect(try HTMLBackend().renderString(compact) == HTMLBackend().renderString(aligned))
        #expect(try render(["tableColumnStyle=aligned"]).contains("| a very long cell |"))
        #expect(try render(["tableColumnStyle=aligned"]).contains("| apples           |"))
    }
}
