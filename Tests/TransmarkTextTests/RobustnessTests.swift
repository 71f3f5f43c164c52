import Testing
import TransmarkCore
@testable import TransmarkText

@Suite struct RobustnessTests {
    static let depth = 1_000_000

    @Test func millionNestedBlockQuotes() throws {
        var b = DocumentBuilder(estimatedNodes: Self.depth + 4)
        for _ in 0..<Self.depth { b.open(.blockQuote) }
        b.open(.paragraph)
        b.text("deep")
        let d = b.finish()
        let text = try plain(d)
        #expect(text.hasSuffix("deep\n"))
        #expect(text.hasPrefix(String(repeating: "│ ", count: 32) + "deep"), "prefixes stop at 32 levels")
        let colored = try ansi(d)
        #expect(stripEscapes(colored) == text)
    }

    @Test func millionNestedListsWithTextAtEveryLevel() throws {
        var b = DocumentBuilder(estimatedNodes: 3 * Self.depth + 4)
        for i in 0..<Self.depth {
            b.open(.list(i % 2 == 0 ? .bullet : .ordered))
            b.open(.listItem(task: nil))
            if i % 1000 == 0 { b.text("level \(i)") }
        }
        let d = b.finish()
        let text = try plain(d, ["width=80"])
        #expect(text.hasPrefix("• level 0\n  1. "))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.utf8.count < 400 }, "indentation is capped, output stays linear")
        _ = try ansi(d)
        _ = try TextBackend().render(d, options: try TextBackend.Options(parsing: ["mode=flat"]))
    }

    @Test func deepInlineNesting() throws {
        var b = DocumentBuilder()
        b.open(.paragraph)
        for i in 0..<200_000 { b.open(i % 2 == 0 ? .strong : .emphasis) }
        b.text("x")
        let d = b.finish()
        #expect(try plain(d) == "x\n")
        #expect(stripEscapes(try ansi(d)) == "x\n")
    }

    @Test func emptyDocument() throws {
        #expect(try plain(Document.empty) == "")
        #expect(try ansi(Document.empty) == "")
        #expect(try TextBackend().render(Document.empty, options: try TextBackend.Options(parsing: ["mode=flat"])) == [])
    }
}

@Suite struct TextFormatTests {
    @Test func flatModeIsTextOnly() throws {
        let d = sampleDocument()
        let flat = try TextBackend().renderString(d, options: try TextBackend.Options(parsing: ["mode=flat"]))
        #expect(flat.hasPrefix("Transmark text backends\nPlain text with bold, italic and both, inline code and a link. Here is a footnote"))
        #expect(flat.contains("Name\tAmount\tNotes\n"))
        #expect(!flat.contains("•") && !flat.contains("│") && !flat.contains("\u{1B}"))
        #expect(flat.contains("let x = 1\n\tprint(x)\n"))
    }

    @Test func flatModeStartsABlockOnANewLineAfterInlineText() throws {
        // `<div>bar<p>baz</p></div>`: the division's own text and the paragraph in it.
        var b = DocumentBuilder()
        b.open(.division(tag: "div"))
        b.text("abc ")
        b.open(.strong)
        b.text("def")
        b.close()
        b.open(.paragraph)
        b.text("jkl")
        b.close()
        b.close()
        b.open(.table(alignments: [.none, .none]))
        b.open(.tableRow(isHeader: false))
        for cell in ["a", "b"] {
            b.open(.tableCell(TableCellAttributes()))
            b.text(cell)
            b.close()
        }
        b.close()
        b.close()
        let flat = try TextBackend().renderString(b.finish(), options: try TextBackend.Options(parsing: ["mode=flat"]))
        #expect(flat == "abc def\njkl\na\tb\n")
    }

    @Test func definitionLists() throws {
        let d = makeDocument { b in
            b.block(.definitionList) { b in
                b.block(.term) { $0.text("Term") }
                b.block(.definition) { $0.paragraph("First definition.") }
                b.block(.definition) { $0.paragraph("Second definition.") }
                b.block(.term) { $0.text("Next") }
                b.block(.definition) { $0.text("Bare text.") }
            }
        }
        #expect(try plain(d) == "Term\n    First definition.\n    Second definition.\n\nNext\n    Bare text.\n")
    }

    @Test func divisionsAreTransparentAndHiddenNodesSkipped() throws {
        var hidden = Style()
        hidden.display = Display.none
        let d = makeDocument { b in
            b.block(.division(tag: "div")) { $0.text("one") }
            b.block(.division(tag: "div")) { $0.text("two") }
            b.block(.division(tag: "div"), style: hidden) { $0.text("hidden") }
            b.paragraph("three")
        }
        #expect(try plain(d) == "one\ntwo\n\nthree\n")
    }

    @Test func linkTextEqualToURLShowsOnce() throws {
        let d = makeDocument { b in
            b.block(.paragraph) { b in
                b.inline(.link(destination: "https://a.org", title: ""), "https://a.org")
                b.text(" ")
                b.inline(.link(destination: "mailto:me@a.org", title: ""), "me@a.org")
                b.text(" ")
                b.inline(.link(destination: "https://a.org/x", title: ""), "x")
            }
        }
        #expect(try plain(d) == "https://a.org me@a.org x (https://a.org/x)\n")
        #expect(try plain(d, ["links=references"]) == "https://a.org me@a.org x[1]\n\n" + String(repeating: "─", count: 80) + "\n[1] https://a.org/x\n")
    }

    @Test func formatDescriptors() {
        #expect(TextBackend().format.isNamed("plain") && TextBackend().format.isNamed("txt"))
        #expect(ANSIBackend().format.isNamed("terminal"))
        #expect(TextBackend.Options.optionHelp.map(\.key) == ["mode", "width", "tables", "links", "markers", "layoutTables", "rawHTML", "keepHidden"])
        #expect(ANSIBackend.Options.optionHelp.first { $0.key == "colors" }?.accepted == "auto|truecolor|256|16|none")
        #expect(TextBackend.Options.optionHelp.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func optionsParse() throws {
        let o = try TextBackend.Options(parsing: ["width=40", "tables=ascii", "links=references", "mode=flat"])
        #expect(o.width == 40 && o.tables == .ascii && o.links == .references && o.mode == .flat)
        #expect(throws: TransmarkError.self) { try TextBackend.Options(parsing: ["width=-1"]) }
        let a = try ANSIBackend.Options(parsing: ["colors=256", "color=always", "hyperlinks=false"])
        #expect(a.colors == .ansi256 && a.color == .always && !a.hyperlinks)
    }
}
