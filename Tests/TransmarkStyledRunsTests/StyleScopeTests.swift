import Foundation
import Testing
import TestSupport
import TransmarkHTML
import TransmarkMarkdown
@testable import TransmarkCore
@testable import TransmarkStyledRuns

/// The layout forgets the styles resolved inside a link, table row or cell when it closes (they
/// carry its URL or row and column, so they are nearly all unique). That must change nothing in
/// the output: the same layout without scopes is the reference, on every fixture and on random
/// HTML that nests tables, lists, links and styled spans.
@Suite("Style scopes")
struct StyleScopeTests {
    static func json(_ document: Document, scoped: Bool, options: StyledTextOptions = StyledTextOptions()) -> [UInt8] {
        var layout = StyledTextLayout(document: document, options: options, repairText: false)
        layout.scopesStyles = scoped
        var out = ByteOutput()
        let written = layout.writeJSON(into: &out)
        #expect(written)
        return out.bytes
    }

    static let pieces = [
        "<table>", "<tr>", "<td>", "<th>", "</td>", "</tr>", "</table>", "<ul>", "<ol start=3>", "<li>", "</li>", "</ul>",
        "</ol>", "<li><input type=checkbox checked>", "<a href=\"/a\">", "<a href=\"/b\" title=t>", "</a>",
        "<span style=\"color:red;font-size:2em\">", "</span>", "<b>", "</b>", "<em>", "</em>", "<p>", "</p>", "<br>",
        "<img src=i.png alt=pic>", "<div style=\"text-align:center\">", "</div>", "<pre>", "</pre>", "<h2>", "</h2>",
        "<blockquote>", "</blockquote>", "<code>", "</code>", "<sup>", "</sup>", "<font color=blue>", "</font>",
        "word ", "more text ", "日本 ", "🙂 ", "\n", "x",
    ]

    static func randomHTML(seed: UInt64, count: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        return (0 ..< count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    @Test("Random nested tables, lists and links lay out alike with and without scopes", arguments: 0 ..< 12)
    func randomHTML(seed: UInt64) throws {
        let document = try HTMLFrontend().parse(Self.randomHTML(seed: seed, count: 400))
        let scoped = Self.json(document, scoped: true)
        let reference = Self.json(document, scoped: false)
        #expect(scoped == reference, "seed \(seed)")
        var inlineLoses = StyledTextOptions()
        inlineLoses.precedence = .themeWins
        inlineLoses.unit = .utf8
        #expect(Self.json(document, scoped: true, options: inlineLoses) == Self.json(document, scoped: false, options: inlineLoses))
    }

    @Test("Every fixture lays out alike with and without scopes")
    func fixtures() throws {
        let fixtures = try FixtureSuite.discover()
        #expect(fixtures.count > 100)
        for fixture in fixtures {
            let input = try Data(contentsOf: fixture.input)
            let document = fixture.inputFormat == "html"
                ? try HTMLFrontend().parse([UInt8](input)) : try MarkdownFrontend().parse([UInt8](input))
            #expect(Self.json(document, scoped: true) == Self.json(document, scoped: false), "\(fixture.name)")
        }
    }

    @Test func listMarkerWaitingInACellKeepsItsStyle() throws {
        // Inside a cell the marker waits for a paragraph of its own, which comes only after the
        // row (as before scopes existed); the cell's scope closes first, and the marker keeps
        // the style it was given.
        let html = "<table><tr><td><ul><li><a href=\"/x\">a</a></li></ul></td><td>b</td></tr></table><p>after</p>"
        let styled = StyledText(document: try HTMLFrontend().parse(html))
        #expect(styled.text == "a\tb\n•\tafter")
        let markers = styled.runs.filter { styled.runStyles[$0.style].traits.contains(.listMarker) }
        #expect(markers.map { Styled.slice(styled, $0.range) } == ["•\t"])
        #expect(markers.map { styled.runStyles[$0.style].listMarker } == ["•"])
        #expect(markers.map { styled.runStyles[$0.style].listLevel } == [1])
        #expect(markers.map { styled.runStyles[$0.style].tableColumn } == [0])
        #expect(Styled.words(styled) { $0.link?.url == "/x" } == ["a"])
        #expect(Styled.words(styled) { $0.tableColumn == 1 }.joined().contains("b"))
    }
}
