import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct LayoutTests {
    @Test func paragraphsAreSeparatedByOneNewline() throws {
        let s = try Styled.markdown("One\n\nTwo\nthree\n\n# Head\n")
        #expect(s.text == "One\nTwo three\nHead")
        #expect(s.paragraphs.map(\.range) == [TextRange(location: 0, length: 4), TextRange(location: 4, length: 10), TextRange(location: 14, length: 4)])
        #expect(s.attributes(ofParagraph: s.paragraphs[0]).spacingAfter == 8)
        #expect(s.attributes(ofParagraph: s.paragraphs[2]).role == .heading)
    }

    @Test func hardBreakIsLineSeparator() throws {
        let s = try Styled.markdown("a  \nb\n")
        #expect(s.text == "a\u{2028}b")
        #expect(s.paragraphs.count == 1)
    }

    @Test func bulletsByLevelAndHangingIndent() throws {
        let s = try Styled.markdown("- a\n  - b\n    - c\n      - d\n")
        #expect(s.text == "•\ta\n◦\tb\n▪\tc\n▪\td")
        let p = s.paragraphs.map { s.attributes(ofParagraph: $0) }
        #expect(p[1].headIndent == 48 && p[1].firstLineHeadIndent == 24)
        #expect(p[1].tabStops == [.init(location: 48)])
        #expect(Styled.words(s) { $0.traits.contains(.listMarker) } == ["•\t", "◦\t", "▪\t", "▪\t"])
    }

    @Test func orderedListsStartAndNumbering() throws {
        let s = try Styled.markdown("3. x\n4. y\n")
        #expect(s.text == "3.\tx\n4.\ty")
        var b = DocumentBuilder()
        b.open(.list(ListAttributes(isOrdered: true, start: 3, numbering: .lowerRoman, isReversed: true)))
        for word in ["a", "b", "c"] {
            b.open(.listItem(task: nil)); b.open(.paragraph); b.text(word); b.close(); b.close()
        }
        b.close()
        b.open(.list(ListAttributes(isOrdered: true, start: 1, numbering: .upperAlpha)))
        for word in ["d", "e"] { b.open(.listItem(task: nil)); b.text(word); b.close() }
        let t = StyledText(document: b.finish())
        #expect(t.text == "iii.\ta\nii.\tb\ni.\tc\nA.\td\nB.\te")
    }

    @Test func taskItems() throws {
        let s = try Styled.markdown("- [ ] todo\n- [x] done\n")
        #expect(s.text == "☐\ttodo\n☑\tdone")
    }

    @Test func tableRowsAreTabSeparatedWithBoldHeader() throws {
        let s = try Styled.markdown("| A | B |\n|:-:|--:|\n| 1 | 2 |\n")
        #expect(s.text == "A\tB\n1\t2")
        let header = s.runs.filter { s.runStyles[$0.style].traits.contains(.tableHeader) }
        #expect(header.allSatisfy { s.runStyles[$0.style].font.weight == 700 })
        #expect(Styled.words(s) { $0.tableRow == 1 && $0.tableColumn == 1 } == ["2"])
        let row = s.attributes(ofParagraph: s.paragraphs[0])
        #expect(row.role == .tableRow && row.tabStops == [.init(location: 120, alignment: .right)])
    }

    @Test func imageIsAnAttachment() throws {
        let s = try Styled.markdown("see ![a *cat*](cat.png \"Cat\") here\n")
        #expect(s.text == "see \u{FFFC} here")
        #expect(s.attachments == [Attachment(location: 4, source: "cat.png", alternativeText: "a cat", title: "Cat")])
        var b = DocumentBuilder()
        b.open(.image(source: "x.png", title: "", size: ImageSize(width: 10, height: 20))); b.close()
        let t = StyledText(document: b.finish())
        #expect(t.attachments.first?.width == 10 && t.attachments.first?.height == 20)
    }

    @Test func thematicBreakAndCodeBlock() throws {
        let s = try Styled.markdown("a\n\n---\n\n```swift\nlet x  = 1\n\nprint(x)\n```\n")
        #expect(s.text == "a\n\n" + "let x  = 1\n\nprint(x)")
        let p = s.paragraphs.map { s.attributes(ofParagraph: $0) }
        #expect(p[1].hasRule && p[1].role == .thematicBreak)
        #expect(p[2].preservesWhitespace && p[2].role == .codeBlock)
        #expect(Styled.words(s) { $0.traits.contains(.code) } == ["let x  = 1\n\nprint(x)"])
        #expect(s.runStyles.first { $0.traits.contains(.code) }?.font.family == "monospace")
    }

    @Test func trailingEmptyParagraphGetsANewline() throws {
        let s = try Styled.markdown("a\n\n---\n")
        #expect(s.text == "a\n\n")
        #expect(s.paragraphs.count == 2)
        try s.validate()
    }

    @Test func semanticAttributes() throws {
        let s = try Styled.markdown("> ## T *e* ~~s~~ [l](http://x \"ti\") `c`[^1]\n\n[^1]: note\n")
        #expect(Styled.words(s) { $0.headingLevel == 2 && $0.blockQuoteDepth == 1 }.joined().hasPrefix("T "))
        let link = s.runStyles.first { $0.link != nil }
        #expect(link?.link == LinkTarget(url: "http://x", title: "ti"))
        #expect(link?.underline != nil && link?.foregroundColor == RGBAColor(red: 0, green: 0x66, blue: 0xCC))
        #expect(Styled.words(s) { $0.traits.contains(.strikethrough) } == ["s"])
        #expect(s.runStyles.first { $0.traits.contains(.strikethrough) }?.strikethrough != nil)
        #expect(Styled.words(s) { $0.footnoteReference == "1" } == ["1"])
        #expect(s.runStyles.first { $0.footnoteReference != nil }!.baselineOffset > 0)
        #expect(s.text.hasSuffix("1.\tnote"))
    }

    @Test func rawHTMLPolicy() throws {
        let md = "a <kbd>b</kbd> c\n\n<div>block</div>\n"
        #expect(try Styled.markdown(md).text == "a b c")
        var options = StyledTextOptions()
        options.rawHTML = .text
        #expect(try Styled.markdown(md, options: options).text == "a <kbd>b</kbd> c\n<div>block</div>")
    }

    @Test func customNodesAndDivisionsCarrySourceTag() {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.open(.custom(name: "mention"), attributes: [Attribute("user", "ann")])
        b.text("@ann")
        b.close()
        b.close()
        b.open(.division(tag: "section")); b.text("sec"); b.close()
        let s = StyledText(document: b.finish())
        #expect(s.text == "@ann\nsec")
        #expect(Styled.words(s) { $0.sourceTag == "mention" } == ["@ann\n"] || Styled.words(s) { $0.sourceTag == "mention" } == ["@ann"])
        #expect(Styled.words(s) { $0.sourceTag == "section" } == ["sec"])
    }

    @Test func hiddenNodesAreLeftOut() {
        var b = DocumentBuilder()
        var hidden = Style()
        hidden.display = Display.none
        b.open(.paragraph); b.text("a"); b.open(.span, style: hidden); b.text("secret"); b.close(); b.text("b")
        #expect(StyledText(document: b.finish()).text == "ab")
    }
}
