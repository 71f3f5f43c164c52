import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkStyledRuns

/// Styled runs from real HTML: inline CSS and custom tags through the HTML frontend's tag registry.
@Suite struct HTMLInputTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0)

    static func run(_ styled: StyledText, covering word: String) -> RunAttributes? {
        let utf16 = Array(styled.text.utf16)
        for run in styled.runs {
            let slice = String(decoding: utf16[run.range.location..<run.range.location + run.range.length], as: UTF16.self)
            if slice.contains(word) { return styled.runStyles[run.style] }
        }
        return nil
    }

    @Test(arguments: StyledTextOptions.Precedence.allCases)
    func boldRedFromHTMLUnderBothPolicies(precedence: StyledTextOptions.Precedence) throws {
        let document = try HTMLFrontend().parse("<p>plain <b style=\"color:red\">x</b></p>")
        var options = StyledTextOptions()
        options.precedence = precedence
        let attributes = try #require(Self.run(StyledText(document: document, options: options), covering: "x"))
        #expect(attributes.font.weight == 700)
        #expect(attributes.foregroundColor == Self.red)
    }

    @Test func customTagFromTheRegistryWithAComputedStyle() throws {
        var registry = HTMLTagRegistry.standard
        registry.setMapping(.computed { element in
            var style = Style()
            style.color = .rgba(element.attribute("type") == "1" ? Self.red : RGBAColor(red: 0, green: 0, blue: 255))
            return .init(kind: .custom(name: "story"), style: style)
        }, for: "story")
        var options = HTMLFrontend.Options()
        options.tagRegistry = registry
        let document = try HTMLFrontend().parse("<p>News: <story type=\"1\">big</story> and <story type=\"2\">small</story></p>", options: options)
        let styled = StyledText(document: document)
        let big = try #require(Self.run(styled, covering: "big"))
        let small = try #require(Self.run(styled, covering: "small"))
        #expect(big.sourceTag == "story")
        #expect(big.foregroundColor == Self.red)
        #expect(small.foregroundColor == RGBAColor(red: 0, green: 0, blue: 255))
    }

    @Test func cssFontsAndSizesResolve() throws {
        let document = try HTMLFrontend().parse("<p style=\"font-size:20px\">big <span style=\"font-family:'Fira Code', monospace; font-size:50%; font-style:italic\">code</span></p>")
        let styled = StyledText(document: document)
        let big = try #require(Self.run(styled, covering: "big"))
        let code = try #require(Self.run(styled, covering: "code"))
        #expect(code.font.italic)
        #expect(code.font.family == "Fira Code")
        #expect(code.font.size * 2 == big.font.size)
    }
}

/// The `\n` that ends a paragraph begun for inline content outside a `<p>` (a `<div>`, a table
/// cell, a list item) carries the block's style, not the style of the inline that opens it.
@Suite struct ParagraphSeparatorStyleTests {
    /// The attributes of the run that covers each `\n` of the text.
    static func separatorStyles(_ styled: StyledText) -> [RunAttributes] {
        let utf16 = Array(styled.text.utf16)
        return styled.runs.flatMap { run in
            (run.range.location..<run.range.end).filter { utf16[$0] == 0x0A }.map { _ in styled.runStyles[run.style] }
        }
    }

    @Test func aDivStartingWithALinkEndsWithAPlainNewline() throws {
        let styled = StyledText(document: try HTMLFrontend().parse(#"<div><a href="/">Home</a> x</div><div>next</div>"#))
        #expect(styled.text == "Home x\nnext")
        let separators = Self.separatorStyles(styled)
        #expect(separators.count == 1)
        #expect(separators.allSatisfy { $0.link == nil && $0.traits.isEmpty })
        #expect(HTMLInputTests.run(styled, covering: "Home")?.link != nil)
    }

    @Test func emphasisAndCodeOpeningADivGiveTheNewlineNoTraits() throws {
        let styled = StyledText(document: try HTMLFrontend().parse("<div><b><i>bold</i></b> x</div><div><code>c</code></div><div>end</div>"))
        #expect(styled.text == "bold x\nc\nend")
        let separators = Self.separatorStyles(styled)
        #expect(separators.count == 2)
        for attributes in separators {
            #expect(attributes.link == nil)
            #expect(attributes.font.weight != 700)
            #expect(attributes.traits.isEmpty)
        }
    }

    @Test func aParagraphStillEndsInItsOwnStyle() throws {
        let styled = StyledText(document: try HTMLFrontend().parse(#"<div style="color:red"><a href="/">a</a></div><p>b</p>"#))
        let separators = Self.separatorStyles(styled)
        #expect(separators.count == 1)
        #expect(separators.first?.foregroundColor == HTMLInputTests.red)
        #expect(separators.first?.link == nil)
    }
}
