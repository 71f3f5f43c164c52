import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// `complexTable=grid` (the `pandoc` profile's): tables whose cells hold blocks become pandoc's
/// grid tables; other tables stay pipe tables. (PandocRoundTripTests reads them back with pandoc.)
@Suite struct GridTableTests {
    func markdown(_ html: String, _ configure: (inout MarkdownBackend.Options) -> Void = { _ in }) throws -> String {
        var options = MarkdownBackend.Options()
        options.complexTable = .grid
        // Several tests use single-cell and nested tables, which are layout tables by default.
        options.layoutTables = .table
        configure(&options)
        let document = try HTMLFrontend().parse(Array(html.utf8))
        return String(decoding: try MarkdownBackend().render(document, options: options), as: UTF8.self)
    }

    @Test func cellsWithBlocksKeepThemOnTheirOwnLines() throws {
        let md = try markdown("<table><tr><th>Step</th><th>Notes</th></tr><tr><td>1</td><td><p>One.</p><p>Two.</p></td></tr></table>")
        #expect(md == """
            +------+-------+
            | Step | Notes |
            +======+=======+
            | 1    | One.  |
            |      |       |
            |      | Two.  |
            +------+-------+

            """)
    }

    @Test func alignmentsAreColonsBelowTheHeaderOrInTheTopBorder() throws {
        let headed = try markdown("""
            <table><tr><th align="left">L</th><th align="center">C</th><th align="right">R</th><th>N</th></tr>
            <tr><td><ul><li>x</li></ul></td><td>c</td><td>r</td><td>n</td></tr></table>
            """)
        #expect(headed.split(separator: "\n")[2] == "+:====+:===:+====:+=====+")
        let headerless = try markdown("""
            <table><tr><td align="right"><p>a</p><p>b</p></td><td>c</td></tr></table>
            """)
        let lines = headerless.split(separator: "\n")
        #expect(lines[0] == "+----:+-----+")
        #expect(!headerless.contains("="))
        #expect(lines.last == "+-----+-----+")
    }

    @Test func widthsAreDisplayColumnsAndTabsAreExpanded() throws {
        let md = try markdown("<table><tr><td>日本語</td><td><pre><code>a\tb\nlonger line</code></pre></td></tr></table>")
        let lines = md.split(separator: "\n").map(String.init)
        // Every line ends at the same display column: pandoc cuts rows at the border's `+`.
        let widths = Set(lines.map(DisplayWidth.of))
        #expect(widths.count == 1, "\(md)")
        #expect(lines[1] == "| 日本語 | ```         |", "\(md)")
        #expect(lines[2] == "|        | a   b       |", "\(md)")
        #expect(!md.contains("\t"))
    }

    @Test func tablesWithInlineCellsStayPipeTables() throws {
        let md = try markdown("<table><tr><td>a</td><td>b</td></tr></table>")
        #expect(md == "|     |     |\n| --- | --- |\n| a   | b   |\n")
    }

    @Test func aComplexTableInsideAGridCellIsHTML() throws {
        let md = try markdown("""
            <table><tr><td><p>outer</p><table><tr><td><p>x</p><p>y</p></td></tr></table></td></tr></table>
            """)
        #expect(md.hasPrefix("+-"))
        #expect(md.contains("| <table>"), "\(md)")
        #expect(md.contains("| <td>"), "\(md)")
        // A nested table of inline cells is a pipe table inside the cell.
        let pipe = try markdown("<table><tr><td><p>outer</p><table><tr><th>h</th></tr><tr><td>i</td></tr></table></td></tr></table>")
        #expect(pipe.contains("| | h   | |"), "\(pipe)")
    }

    @Test func promotedHeaderAndCaption() throws {
        let md = try markdown("<table><caption>Cap</caption><tr><td><p>a</p><p>b</p></td></tr><tr><td>c</td></tr></table>") {
            $0.tableHeader = .promote
            $0.captionStyle = .pandoc
        }
        #expect(md == """
            +-----+
            | a   |
            |     |
            | b   |
            +=====+
            | c   |
            +-----+

            : Cap

            """)
    }

    @Test func aSpanningCellWithBlocksIsOneBox() throws {
        // (SpannedGridTableTests has the rest of the spans.)
        let md = try markdown("<table><tr><td colspan=\"2\"><p>a</p><p>b</p></td></tr><tr><td>c</td><td>d</td></tr></table>")
        #expect(md == "+-----+-----+\n| a         |\n|           |\n| b         |\n+-----+-----+\n| c   | d   |\n+-----+-----+\n")
    }

    @Test func aTableThatPaddingWouldMultiplyIsHTML() throws {
        // 300 short lines beside one line of 20,000 characters: as a grid, every line would be
        // padded to 20,000 columns (12 MB).
        let short = String(repeating: "<p>x</p>", count: 300)
        let long = "<p>" + String(repeating: "y", count: 20_000) + "</p>"
        let md = try markdown("<table><tr><td>\(short)</td><td>\(long)</td></tr></table>")
        #expect(md.hasPrefix("<table>"))
        #expect(md.utf8.count < 40_000)
    }

    @Test func theAllowanceIsForTheWholeDocument() throws {
        // Each table pads within four times its cells plus 64 KiB; 200 of them would not.
        let table = "<table><tr><td>" + String(repeating: "x", count: 250) + "</td><td>"
            + String(repeating: "<p>p</p>", count: 125) + "</td></tr></table>"
        let html = String(repeating: table, count: 200)
        let md = try markdown(html)
        #expect(md.utf8.count < 4 * html.utf8.count, "\(md.utf8.count) bytes from \(html.utf8.count)")
        #expect(md.hasPrefix("+"))
        #expect(md.contains("<table>"))
    }

    @Test func emojiSequencesMakeItHTML() throws {
        // pandoc 2.17 adds up the parts of 👍🏽 (and of ❤️, 👩‍💻): no padding suits it and a screen.
        for emoji in ["👍🏽", "❤️", "👩‍💻"] {
            let md = try markdown("<table><tr><th>\(emoji)</th><th>z</th></tr><tr><td><p>a</p><p>b</p></td><td>c</td></tr></table>")
            #expect(md.hasPrefix("<table>"), "\(emoji): \(md)")
        }
        // Wide characters alone are fine.
        #expect(try markdown("<table><tr><td>日本</td><td><p>a</p><p>b</p></td></tr></table>").hasPrefix("+"))
    }

    @Test func aTableOfOneHeaderRowHasNoHeaderBorder() throws {
        // pandoc reads no grid table that ends with its `+===+` border.
        let md = try markdown("<table><tr><th><p>a</p><p>b</p></th><th>z</th></tr></table>")
        #expect(md.hasPrefix("+-----+-----+\n"))
        #expect(!md.contains("="))
    }

    @Test func hardBreaksInCellsAreBackslashes() throws {
        // Trailing spaces in a cell are padding to pandoc.
        let md = try markdown("<table><tr><td><p>one<br>two</p><p>x</p></td></tr></table>")
        #expect(md.contains("| one\\ |"), "\(md)")
    }

    @Test func referencesFromCellsOfATableWrittenAsHTMLGo() throws {
        let long = String(repeating: "y", count: 20_000)
        let cells = String(repeating: "<p>x</p>", count: 300) + #"<p><a href="http://e.x/a">a</a></p>"#
        let md = try markdown(#"<table><tr><td>\#(cells)</td><td>\#(long)</td></tr></table><p><a href="http://e.x/b">b</a></p>"#) {
            $0.linkStyle = .reference
        }
        #expect(md.hasPrefix("<table>"))
        #expect(md.contains("[b][1]"), "\(md.suffix(200))")
        #expect(md.hasSuffix("[1]: http://e.x/b\n"), "\(md.suffix(200))")
    }

    @Test func thePandocProfileWritesGridTables() throws {
        var options = MarkdownBackend.Options(profile: .pandoc)
        #expect(options.complexTable == .grid)
        options = MarkdownBackend.Options(profile: .gfm)
        #expect(options.complexTable == .auto)
    }
}
