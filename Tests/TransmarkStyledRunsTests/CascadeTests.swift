import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct CascadeTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 255)

    /// `<b style="color:red">x</b>` built as a strong node with an inline color.
    static func boldRed(extra: Style = Style()) -> Document {
        var b = DocumentBuilder()
        var inline = extra
        inline.color = .rgba(red)
        b.open(.paragraph)
        b.open(.strong, style: inline)
        b.text("x")
        return b.finish()
    }

    static func attributes(_ document: Document, _ options: StyledTextOptions) -> RunAttributes {
        let s = StyledText(document: document, options: options)
        return s.runStyles[s.runs[0].style]
    }

    @Test(arguments: StyledTextOptions.Precedence.allCases)
    func boldAndRedUnderBothPolicies(precedence: StyledTextOptions.Precedence) {
        var options = StyledTextOptions()
        options.precedence = precedence
        let a = Self.attributes(Self.boldRed(), options)
        #expect(a.font.weight == 700)
        #expect(a.foregroundColor == Self.red)
        #expect(a.traits == .strong)
    }

    @Test func policiesDisagreeWhenBothSetAProperty() {
        var theme = Theme()
        var themeStrong = Style()
        themeStrong.color = .rgba(Self.blue)
        themeStrong.fontWeight = .weight(800)
        theme.kindStyles[.strong] = themeStrong
        var inline = Style()
        inline.fontWeight = .weight(300)
        let document = Self.boldRed(extra: inline)
        let inlineWins = Self.attributes(document, StyledTextOptions(theme: theme, precedence: .inlineWins))
        #expect(inlineWins.foregroundColor == Self.red && inlineWins.font.weight == 300)
        let themeWins = Self.attributes(document, StyledTextOptions(theme: theme, precedence: .themeWins))
        #expect(themeWins.foregroundColor == Self.blue && themeWins.font.weight == 800)
    }

    @Test func tagStylesSitBetweenThemeAndInline() {
        var b = DocumentBuilder()
        var inline = Style()
        inline.fontStyle = .italic
        b.open(.custom(name: "warning"), style: inline)
        b.text("w")
        let document = b.finish()
        var tag = Style()
        tag.color = .rgba(Self.red)
        tag.fontStyle = .normal
        tag.fontWeight = .bold
        let tags = TagStyles(byName: ["warning": tag])
        let inlineWins = Self.attributes(document, StyledTextOptions(theme: .default, tagStyles: tags))
        #expect(inlineWins.font.italic && inlineWins.font.isBold && inlineWins.foregroundColor == Self.red)
        #expect(inlineWins.sourceTag == "warning")
        let themeWins = Self.attributes(document, StyledTextOptions(theme: .default, tagStyles: tags, precedence: .themeWins))
        #expect(!themeWins.font.italic && themeWins.font.isBold)
    }

    @Test func relativeValuesResolveAgainstTheInheritedOnes() {
        var b = DocumentBuilder()
        var outer = Style()
        outer.fontSize = .length(.px(20))
        outer.fontWeight = .weight(300)
        var inner = Style()
        inner.fontSize = .length(.em(1.5))
        inner.fontWeight = .bolder
        inner.letterSpacing = .em(0.1)
        var innermost = Style()
        innermost.fontSize = .length(.percent(50))
        innermost.fontWeight = .lighter
        var larger = Style()
        larger.fontSize = .keyword(.larger)
        b.open(.paragraph)
        b.open(.span, style: outer)
        b.open(.span, style: inner)
        b.text("a")
        b.open(.span, style: innermost); b.text("b"); b.close()
        b.open(.span, style: larger); b.text("c"); b.close()
        let s = StyledText(document: b.finish())
        let a = s.runStyles[s.runs[0].style], bb = s.runStyles[s.runs[1].style], c = s.runStyles[s.runs[2].style]
        #expect(a.font.size == 30 && a.font.weight == 400 && a.letterSpacing == 3)
        #expect(bb.font.size == 15 && bb.font.weight == 100)
        #expect(c.font.size == 36)
    }

    @Test func headingScaleAndCodeInHeading() throws {
        var theme = Theme()
        theme.fontSize = 10
        theme.headingScale = [3, 2, 1, 1, 1, 1]
        theme.monospaceFamily = "Menlo"
        let s = try Styled.markdown("## a `b`\n", options: StyledTextOptions(theme: theme))
        #expect(s.runStyles[s.runs[0].style].font.size == 20)
        let code = s.runStyles[s.runs[1].style]
        #expect(code.font.family == "Menlo" && code.font.size == 18 && code.font.weight == 700)
    }

    @Test func paragraphAlignmentAndLineHeightFromStyle() {
        var b = DocumentBuilder()
        var style = Style()
        style.textAlign = .center
        style.lineHeight = .length(.px(24))
        b.open(.paragraph, style: style)
        b.text("c")
        let s = StyledText(document: b.finish())
        let p = s.attributes(ofParagraph: s.paragraphs[0])
        #expect(p.alignment == .center && p.lineHeightMultiple == 1.5)
    }

    @Test func themeLoadsFromJSON() throws {
        let theme = try Theme(json: """
        {"fontFamily": "Georgia", "fontSize": 17, "textColor": "#222", "monospaceFamily": "Menlo",
         "linkUnderline": false, "listIndent": 30, "kindStyles": {"strong": {"color": "#cf222e", "fontWeight": "bolder"},
         "emphasis": {"fontSize": "1.2em", "textDecoration": ["underline"]}}}
        """)
        #expect(theme.fontFamily == "Georgia" && theme.fontSize == 17 && theme.listIndent == 30)
        #expect(theme.textColor == RGBAColor(red: 0x22, green: 0x22, blue: 0x22))
        #expect(!theme.linkUnderline && theme.headingScale == Theme.default.headingScale)
        let s = try Styled.markdown("**s** *e*", options: StyledTextOptions(theme: theme))
        let strong = s.runStyles[s.runs[0].style]
        #expect(strong.foregroundColor == RGBAColor(red: 0xCF, green: 0x22, blue: 0x2E) && strong.font.weight == 700)
        #expect(strong.font.family == "Georgia")
        let em = s.runStyles[s.runs[2].style]
        #expect(em.font.size == 20.4 && em.underline != nil && em.font.italic)
        #expect(throws: (any Error).self) { try Theme(json: "{\"kindStyles\": {\"nope\": {}}}") }
    }
}
