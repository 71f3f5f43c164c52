import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkStyledRuns

/// Reading styled JSON back into a tree, construct by construct.
@Suite struct StyledJSONReadingTests {
    /// Markdown → styled-json → tree dump.
    func readBack(_ markdown: String) throws -> String {
        let json = try StyledJSONBackend().render(try MarkdownFrontend().parse(markdown), options: StyledTextOptions())
        return try StyledJSONFrontend().parse(json).treeDump
    }

    /// HTML → styled-json → tree dump.
    func readBackHTML(_ html: String) throws -> String {
        let json = try StyledJSONBackend().render(try HTMLFrontend().parse(html), options: StyledTextOptions())
        return try StyledJSONFrontend().parse(json).treeDump
    }

    @Test func headingLevels() throws {
        #expect(try readBack("# One\n\n###### Six\n\ntext") == """
            document
              heading level=1
                text "One"
              heading level=6
                text "Six"
              paragraph
                text "text"

            """)
    }

    @Test func nestedQuotes() throws {
        #expect(try readBack("> a\n>\n> > b\n>\n> c\n\nd") == """
            document
              blockQuote
                paragraph
                  text "a"
                blockQuote
                  paragraph
                    text "b"
                paragraph
                  text "c"
              paragraph
                text "d"

            """)
    }

    @Test func nestedListsWithNumberingAndMarkers() throws {
        #expect(try readBack("3. three\n4. four\n   - bullet\n     1. deep\n5. five\n\n- [x] done\n- [ ] open") == """
            document
              list ordered start=3 tight
                listItem
                  paragraph
                    text "three"
                listItem
                  paragraph
                    text "four"
                  list bullet tight
                    listItem
                      paragraph
                        text "bullet"
                      list ordered start=1 tight
                        listItem
                          paragraph
                            text "deep"
                listItem
                  paragraph
                    text "five"
              list bullet tight
                listItem task=checked
                  paragraph
                    text "done"
                listItem task=unchecked
                  paragraph
                    text "open"

            """)
    }

    @Test func looseListsAndQuotesInItems() throws {
        #expect(try readBack("- a\n\n  > q\n\n- b") == """
            document
              list bullet loose
                listItem
                  paragraph
                    text "a"
                  blockQuote
                    paragraph
                      text "q"
                listItem
                  paragraph
                    text "b"

            """)
    }

    @Test func htmlNumberingStylesAndReversedLists() throws {
        let dump = try readBackHTML(#"<ol type="i" start="3"><li>c</li><li>d</li></ol><ol reversed start="5"><li>x</li><li>y</li></ol><ol type="A"><li>z</li></ol>"#)
        #expect(dump.contains("list ordered start=3 tight numbering=lowerRoman"), "\(dump)")
        #expect(dump.contains("list ordered start=5 tight reversed"), "\(dump)")
        #expect(dump.contains("list ordered start=1 tight numbering=upperAlpha"), "\(dump)")
    }

    @Test func codeBlocksKeepTheirTextButNotTheirInfoString() throws {
        #expect(try readBack("```swift\nlet a = 1\n\n  indented\n```\n\n    four\n") == """
            document
              codeBlock "let a = 1\\n\\n  indented\\n"
              codeBlock "four\\n"

            """)
    }

    @Test func linksWithNestedStrongAndStrongWithLinks() throws {
        #expect(try readBack(#"[a **b** c](https://x.dev "T") and **d [e](u) f**"#) == """
            document
              paragraph
                link destination="https://x.dev" title="T"
                  text "a "
                  strong
                    text "b"
                  text " c"
                text " and "
                strong
                  text "d "
                  link destination="u"
                    text "e"
                  text " f"

            """)
    }

    @Test func inlineKindsAndBreaks() throws {
        #expect(try readBack("*e* `c` ~~s~~ a  \nb ![alt](i.png \"t\")") == """
            document
              paragraph
                emphasis
                  text "e"
                text " "
                code "c"
                text " "
                strikethrough
                  text "s"
                text " a"
                lineBreak
                text "b "
                image source="i.png" title="t"
                  text "alt"

            """)
    }

    @Test func colorsBecomeSpansWithAStyle() throws {
        let dump = try readBackHTML(#"<p>a <span style="color:#cc0000">red <b>bold</b> red</span> <code style="font-size:20px">x</code></p>"#)
        #expect(dump == """
            document
              paragraph
                text "a "
                span {color: #cc0000}
                  text "red "
                  strong
                    text "bold"
                  text " red"
                text " "
                code {font-size: 20px} "x"

            """)
    }

    @Test func adjacentRunsWithEqualAttributesAreOneNode() throws {
        // Two runs whose attributes differ only by table position-free fields read as one text.
        let base = RunAttributes()
        var strong = base
        strong.traits = .strong
        strong.font.weight = 700
        let styled = StyledText(text: "aabbcc", unit: .utf16, runStyles: [base, strong, strong],
                                runs: [StyledRun(range: TextRange(location: 0, length: 2), style: 0),
                                       StyledRun(range: TextRange(location: 2, length: 2), style: 1),
                                       StyledRun(range: TextRange(location: 4, length: 2), style: 2)],
                                paragraphStyles: [ParagraphAttributes()],
                                paragraphs: [StyledRun(range: TextRange(location: 0, length: 6), style: 0)])
        #expect(try Document(styled).treeDump == """
            document
              paragraph
                text "aa"
                strong
                  text "bbcc"

            """)
    }

    @Test func tablesFootnotesAndRules() throws {
        #expect(try readBack("| a | b |\n|---|:-:|\n| c | d |\n\n***\n\nx[^n]\n\n[^n]: note") == """
            document
              table alignments=none,center
                tableRow header
                  tableCell header
                    text "a"
                  tableCell align=center header
                    text "b"
                tableRow
                  tableCell
                    text "c"
                  tableCell align=center
                    text "d"
              thematicBreak
              paragraph
                text "x"
                footnoteReference label="n"
              footnoteDefinition label="n"
                paragraph
                  text "note"

            """)
    }

    @Test func malformedJSONIsATypedError() throws {
        for (input, fragment) in [
            ("{\"version\": 1, ", "not valid JSON"),
            ("[]", "styled-json"),
            ("{\"version\": 2, \"unit\": \"utf16\", \"text\": \"\", \"runStyles\": [], \"runs\": [], \"paragraphStyles\": [], \"paragraphs\": []}", "version 2"),
            ("{\"version\": 1, \"unit\": \"utf16\", \"text\": \"ab\", \"runStyles\": [], \"runs\": [], \"paragraphStyles\": [], \"paragraphs\": []}", "runs end at 0"),
            ("{\"version\": 1, \"unit\": \"utf16\", \"text\": \"ab\", \"runStyles\": [{}], \"runs\": [{\"location\": 0, \"length\": 2, \"style\": 0}], \"paragraphStyles\": [], \"paragraphs\": []}", "font"),
        ] {
            do {
                _ = try StyledJSONFrontend().parse(input)
                Issue.record("no error for \(input)")
            } catch let error as TransmarkError {
                guard case .malformedInput = error else { Issue.record("\(error)"); continue }
                #expect(error.description.contains(fragment), "\(error.description)")
            }
        }
    }

    @Test func nestingBeyondTheLimitIsATypedError() throws {
        var a = RunAttributes()
        a.blockQuoteDepth = Int.max / 2
        let styled = StyledText(text: "x", runStyles: [a], runs: [StyledRun(range: TextRange(location: 0, length: 1), style: 0)],
                                paragraphStyles: [ParagraphAttributes()], paragraphs: [StyledRun(range: TextRange(location: 0, length: 1), style: 0)])
        #expect(throws: TransmarkError.self) { try Document(styled) }
    }

    @Test func deepNestingIsReadWithoutRecursion() throws {
        // 100,000 nested quotes and 100,000 nested lists, both ways.
        let depth = 100_000
        var builder = DocumentBuilder()
        for _ in 0 ..< depth { builder.open(.blockQuote) }
        builder.open(.paragraph)
        builder.text("deep")
        let quotes = builder.finish()
        let read = try Document(StyledText(document: quotes))
        #expect(read == quotes)

        var lists = DocumentBuilder()
        for _ in 0 ..< depth {
            lists.open(.list(.bullet))
            lists.open(.listItem(task: nil))
        }
        lists.open(.paragraph)
        lists.text("deep")
        let listDocument = lists.finish()
        #expect(try Document(StyledText(document: listDocument)).nodeCount == listDocument.nodeCount)
    }

    @Test func hugeInputStaysLinear() throws {
        // 200,000 paragraphs with alternating inline markup read in one pass.
        let markdown = String(repeating: "a **b** [c](u) `d`\n\n", count: 20_000)
        let document = try MarkdownFrontend().parse(markdown)
        let clock = ContinuousClock()
        let styled = StyledText(document: document)
        let small = StyledText(document: try MarkdownFrontend().parse(String(repeating: "a **b** [c](u) `d`\n\n", count: 2_000)))
        let t1 = clock.measure { _ = try? Document(small) }
        let t2 = clock.measure { _ = try? Document(styled) }
        #expect(try Document(styled).nodeCount == document.nodeCount)
        // Ten times the input in well under a hundred times the time.
        #expect(t2 < t1 * 40, "\(t1) vs \(t2)")
    }
}
