import Foundation
import Testing
import Transmark

/// Tables that lay out a page (Hacker News, mail templates) are written as their content by the
/// Markdown, text and ANSI writers; data tables stay tables.
@Suite struct LayoutTableTests {
    /// Hacker News's front page in small: a `border=0` table holding the page, a header bar table
    /// in its first cell, and the stories in a header-less table with blocks in cells.
    static let hackerNews = """
        <html><body><center>
        <table id="hnmain" border="0" cellpadding="0" cellspacing="0" width="85%">
        <tr><td bgcolor="#ff6600"><table border="0" cellpadding="0" cellspacing="0" width="100%"><tr>
          <td><a href="https://news.ycombinator.com"><img src="y18.svg" width="18" height="18"></a></td>
          <td><span class="pagetop"><b class="hnname"><a href="news">Hacker News</a></b> <a href="newest">new</a> | <a href="ask">ask</a></span></td>
        </tr></table></td></tr>
        <tr style="height:10px"></tr>
        <tr id="bigbox"><td><table border="0" cellpadding="0" cellspacing="0">
          <tr class="athing"><td align="right" class="title"><span class="rank">1.</span></td>
            <td class="votelinks"><center><a href="vote?id=1"><div class="votearrow" title="upvote"></div></a></center></td>
            <td class="title"><span class="titleline"><a href="https://allenai.org/blog/olmo3">Olmo 3</a> (<a href="from?site=allenai.org">allenai.org</a>)</span></td></tr>
          <tr><td colspan="2"></td><td class="subtext"><span class="score">269 points</span> by <a href="user?id=mseri">mseri</a></td></tr>
          <tr class="spacer" style="height:5px"></tr>
        </table></td></tr>
        <tr><td><img src="s.gif" height="10" width="0"><table width="100%" cellspacing="0" cellpadding="1"><tr><td bgcolor="#ff6600"></td></tr></table><br>
          <center><a href="newsguidelines.html">Guidelines</a> | <a href="newsfaq.html">FAQ</a></center></td></tr>
        </table></center></body></html>
        """

    @Test func hackerNewsIsWrittenAsItsContent() throws {
        let markdown = try Transmark.convert(Self.hackerNews, from: "html", to: "markdown")
        #expect(!markdown.contains("<table"), "\(markdown)")
        #expect(!markdown.contains("|---") && !markdown.contains("| ---"), "\(markdown)")
        #expect(markdown.contains("[Olmo 3](https://allenai.org/blog/olmo3) ([allenai.org](from?site=allenai.org))"))
        #expect(markdown.contains("269 points by [mseri](user?id=mseri)"))
        #expect(markdown.contains("[Guidelines](newsguidelines.html) | [FAQ](newsfaq.html)"))
        // The blocks come in document order.
        let order = ["Hacker News", "Olmo 3", "269 points", "Guidelines"].map { markdown.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test func textDrawsNoGridForLayoutTables() throws {
        let text = try Transmark.convert(Self.hackerNews, from: "html", to: "text", options: ["width": "100"])
        for border in ["┌", "│", "─", "+--"] { #expect(!text.contains(border), "\(border) in \(text)") }
        #expect(text.contains("Olmo 3"))
        let data = try Transmark.convert("<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>",
                                         from: "html", to: "text")
        #expect(data.contains("│"), "a data table is still drawn: \(data)")
        let drawn = try Transmark.convert(Self.hackerNews, from: "html", to: "text", options: ["width": "100", "layoutTables": "table"])
        #expect(drawn.contains("┌"), "layoutTables=table draws them")
    }

    @Test func dataTablesStayTables() throws {
        let headed = try Transmark.convert("<table><tr><th>Name</th><th>Size</th></tr><tr><td>a</td><td>1</td></tr></table>",
                                           from: "html", to: "markdown")
        #expect(headed == "| Name | Size |\n| ---- | ---- |\n| a    | 1    |\n")
        // No header, inline cells, not nested: data (a pipe table with an empty header row).
        let plain = try Transmark.convert("<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>",
                                          from: "html", to: "markdown")
        #expect(plain.hasPrefix("|     |     |\n| --- | --- |\n| a   | 1   |"), "\(plain)")
        // A data table inside a layout table keeps its table.
        let inside = try Transmark.convert(
            "<table border=0><tr><td><p>Intro</p><table><tr><th>k</th><th>v</th></tr><tr><td>x</td><td>y</td></tr></table></td></tr></table>",
            from: "html", to: "markdown")
        #expect(inside == "Intro\n\n| k   | v   |\n| --- | --- |\n| x   | y   |\n")
    }

    @Test func whatMakesALayoutTable() throws {
        let presentation = try Transmark.convert(#"<table role="presentation"><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"#,
                                                 from: "html", to: "markdown")
        #expect(presentation == "a\n\nb\n\nc\n\nd\n")
        let single = try Transmark.convert("<table><tr><td><p>One</p><p>Two</p></td></tr></table>", from: "html", to: "markdown")
        #expect(single == "One\n\nTwo\n")
        // One header cell is data.
        let header = try Transmark.convert("<table><tr><th>Total</th></tr></table>", from: "html", to: "markdown")
        #expect(header == "| Total |\n| ----- |\n")
        let pieces = try Transmark.convert("<table><tr><td><div>menu</div></td><td><h2>Title</h2><p>Text.</p></td></tr></table>",
                                           from: "html", to: "markdown")
        #expect(pieces == "menu\n\n## Title\n\nText.\n")
        // Lists and paragraphs in cells are content: a data table (HTML, as before; a grid table with complexTable=grid).
        let lists = try Transmark.convert("<table><tr><td><ul><li>x</li></ul></td><td>y</td></tr></table>", from: "html", to: "markdown")
        #expect(lists.contains("<table>"))
        // With a header, blocks in cells are a data table's (written as HTML, as before).
        let headedBlocks = try Transmark.convert("<table><tr><th>h</th></tr><tr><td><ul><li>x</li></ul></td></tr></table>",
                                                 from: "html", to: "markdown")
        #expect(headedBlocks.contains("<table>"))
    }

    @Test func layoutTablesEqualsTableKeepsTheOldOutput() throws {
        let html = "<table><tr><td><div>x</div><ul><li>y</li></ul></td><td>z</td></tr></table>"
        let asTable = try Transmark.convert(html, from: "html", to: "markdown", options: ["layoutTables": "table"])
        #expect(asTable.contains("<table>"))
    }

    /// 20,000 tables each nested in the previous one's cell: the classification is one pass.
    @Test func deeplyNestedLayoutTablesAreLinear() throws {
        let depth = 20_000
        let html = String(repeating: "<table><tr><td>", count: depth) + "deep" + String(repeating: "</td></tr></table>", count: depth)
        let start = ContinuousClock.now
        let markdown = try Transmark.convert(html, from: "html", to: "markdown")
        #expect(markdown.contains("deep"))
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
