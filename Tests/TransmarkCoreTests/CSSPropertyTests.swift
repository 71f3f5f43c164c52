import Testing
@testable import TransmarkCore
import TransmarkHTML

/// A style with some fields set.
func makeStyle(_ configure: (inout Style) -> Void) -> Style {
    var style = Style()
    configure(&style)
    return style
}

private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CSSColor {
    .rgba(RGBAColor(red: r, green: g, blue: b, alpha: a))
}

@Suite("CSS properties")
struct CSSPropertyTests {
    static let colors: [(String, Style)] = [
        ("color: red", makeStyle { $0.color = rgb(255, 0, 0) }),
        ("COLOR: Blue", makeStyle { $0.color = rgb(0, 0, 255) }),
        ("color: currentcolor", makeStyle { $0.color = .currentColor }),
        ("background-color: #00ff0080", makeStyle { $0.backgroundColor = rgb(0, 255, 0, 128) }),
        ("background-color: transparent", makeStyle { $0.backgroundColor = .transparent }),
        ("background: #00f", makeStyle { $0.backgroundColor = rgb(0, 0, 255) }),
        ("background: url(x.png) no-repeat center / cover rgb(1, 2, 3)", makeStyle { $0.backgroundColor = rgb(1, 2, 3) }),
        ("background: linear-gradient(red, blue), url(a.png) yellow", makeStyle { $0.backgroundColor = rgb(255, 255, 0) }),
        ("background: top left 10px 20% repeat-x hsl(0 100% 50%) fixed", makeStyle { $0.backgroundColor = rgb(255, 0, 0) }),
        // The shorthand without a color resets it to transparent.
        ("background-color: red; background: url(a.png)", makeStyle { $0.backgroundColor = .transparent }),
        ("background: none", makeStyle { $0.backgroundColor = .transparent }),
        // Invalid: two colors, a color not in the last layer, an unknown word, var().
        ("background-color: red; background: red blue", makeStyle { $0.backgroundColor = rgb(255, 0, 0) }),
        ("background-color: red; background: blue, url(a.png)", makeStyle { $0.backgroundColor = rgb(255, 0, 0) }),
        ("background-color: red; background: bleu", makeStyle { $0.backgroundColor = rgb(255, 0, 0) }),
        ("background-color: red; background: var(--x)", makeStyle { $0.backgroundColor = rgb(255, 0, 0) }),
        ("color: red blue", Style()),
        ("color: 12px", Style()),
        ("background-color: url(a.png)", Style()),
    ]

    static let fontLonghands: [(String, Style)] = [
        ("font-weight: normal", makeStyle { $0.fontWeight = .normal }),
        ("font-weight: BOLD", makeStyle { $0.fontWeight = .bold }),
        ("font-weight: bolder", makeStyle { $0.fontWeight = .bolder }),
        ("font-weight: lighter", makeStyle { $0.fontWeight = .lighter }),
        ("font-weight: 100", makeStyle { $0.fontWeight = .weight(100) }),
        ("font-weight: 1", makeStyle { $0.fontWeight = .weight(1) }),
        ("font-weight: 1000", makeStyle { $0.fontWeight = .weight(1000) }),
        ("font-weight: 350.5", makeStyle { $0.fontWeight = .weight(351) }),
        ("font-weight: 0", Style()),
        ("font-weight: 1001", Style()),
        ("font-weight: 400px", Style()),
        ("font-weight: 50%", Style()),
        ("font-weight: heavy", Style()),
        ("font-style: italic", makeStyle { $0.fontStyle = .italic }),
        ("font-style: Normal", makeStyle { $0.fontStyle = .normal }),
        ("font-style: oblique", makeStyle { $0.fontStyle = .oblique }),
        ("font-style: oblique 10deg", makeStyle { $0.fontStyle = .oblique }),
        ("font-style: oblique -0.2rad", makeStyle { $0.fontStyle = .oblique }),
        ("font-style: oblique 100deg", Style()),
        ("font-style: italic 10deg", Style()),
        ("font-style: slanted", Style()),
        ("font-size: 12px", makeStyle { $0.fontSize = .length(.px(12)) }),
        ("font-size: 10.5PT", makeStyle { $0.fontSize = .length(.pt(10.5)) }),
        ("font-size: 1.2em", makeStyle { $0.fontSize = .length(.em(1.2)) }),
        ("font-size: .8rem", makeStyle { $0.fontSize = .length(.rem(0.8)) }),
        ("font-size: 150%", makeStyle { $0.fontSize = .length(.percent(150)) }),
        ("font-size: 1e1px", makeStyle { $0.fontSize = .length(.px(10)) }),
        ("font-size: +2E-1em", makeStyle { $0.fontSize = .length(.em(0.2)) }),
        ("font-size: 0", makeStyle { $0.fontSize = .length(.px(0)) }),
        ("font-size: 1in", makeStyle { $0.fontSize = .length(.px(96)) }),
        ("font-size: 1pc", makeStyle { $0.fontSize = .length(.px(16)) }),
        ("font-size: 2.54cm", makeStyle { $0.fontSize = .length(.px(96)) }),
        ("font-size: xx-small", makeStyle { $0.fontSize = .keyword(.xxSmall) }),
        ("font-size: X-Large", makeStyle { $0.fontSize = .keyword(.xLarge) }),
        ("font-size: xxx-large", makeStyle { $0.fontSize = .keyword(.xxxLarge) }),
        ("font-size: smaller", makeStyle { $0.fontSize = .keyword(.smaller) }),
        ("font-size: larger", makeStyle { $0.fontSize = .keyword(.larger) }),
        ("font-size: 12", Style()),
        ("font-size: -12px", Style()),
        ("font-size: 12vw", Style()),
        ("font-size: 1e999px", Style()),
        ("font-size: huge", Style()),
        ("font-size: 12 px", Style()),
        ("font-family: Arial", makeStyle { $0.fontFamily = ["Arial"] }),
        ("font-family: \"Helvetica Neue\", Arial, SANS-SERIF", makeStyle { $0.fontFamily = ["Helvetica Neue", "Arial", "sans-serif"] }),
        ("font-family: Times   New\tRoman , serif", makeStyle { $0.fontFamily = ["Times New Roman", "serif"] }),
        ("font-family: 'It''s'", Style()),
        ("font-family: 'a\\'b', \"c\\\"d\"", makeStyle { $0.fontFamily = ["a'b", "c\"d"] }),
        ("font-family: Foo\\ Bar", makeStyle { $0.fontFamily = ["Foo Bar"] }),
        ("font-family: \"\\41 bc\"", makeStyle { $0.fontFamily = ["Abc"] }),
        ("font-family: ui-monospace, Menlo, monospace", makeStyle { $0.fontFamily = ["ui-monospace", "Menlo", "monospace"] }),
        ("font-family: \"serif\"", makeStyle { $0.fontFamily = ["serif"] }),
        ("font-family: a,,b", Style()),
        ("font-family: a,", Style()),
        ("font-family: \"a\" b", Style()),
        ("font-family: 12px", Style()),
        ("font-family: default", Style()),
    ]

    static let textProperties: [(String, Style)] = [
        ("text-decoration: underline", makeStyle { $0.textDecoration = .underline }),
        ("text-decoration: underline line-through", makeStyle { $0.textDecoration = [.underline, .lineThrough] }),
        ("text-decoration: overline red wavy 2px", makeStyle { $0.textDecoration = .overline }),
        ("text-decoration: #f00 dotted underline", makeStyle { $0.textDecoration = .underline }),
        ("text-decoration: none", makeStyle { $0.textDecoration = TextDecoration.none }),
        ("text-decoration: red solid", makeStyle { $0.textDecoration = TextDecoration.none }),
        ("text-decoration: underline underline", Style()),
        ("text-decoration: none underline", Style()),
        ("text-decoration: underline red blue", Style()),
        ("text-decoration: squiggly", Style()),
        ("text-decoration-line: LINE-THROUGH overline", makeStyle { $0.textDecoration = [.lineThrough, .overline] }),
        ("text-decoration-line: none", makeStyle { $0.textDecoration = TextDecoration.none }),
        ("text-decoration-line: underline red", Style()),
        ("text-align: left", makeStyle { $0.textAlign = .left }),
        ("text-align: Right", makeStyle { $0.textAlign = .right }),
        ("text-align: center", makeStyle { $0.textAlign = .center }),
        ("text-align: justify", makeStyle { $0.textAlign = .justify }),
        ("text-align: start", makeStyle { $0.textAlign = .start }),
        ("text-align: end", makeStyle { $0.textAlign = .end }),
        ("text-align: -webkit-center", makeStyle { $0.textAlign = .center }),
        ("text-align: middle", Style()),
        ("vertical-align: baseline", makeStyle { $0.verticalAlign = .baseline }),
        ("vertical-align: super", makeStyle { $0.verticalAlign = .super }),
        ("vertical-align: sub", makeStyle { $0.verticalAlign = .sub }),
        ("vertical-align: top", makeStyle { $0.verticalAlign = .top }),
        ("vertical-align: middle", makeStyle { $0.verticalAlign = .middle }),
        ("vertical-align: bottom", makeStyle { $0.verticalAlign = .bottom }),
        ("vertical-align: text-top", makeStyle { $0.verticalAlign = .textTop }),
        ("vertical-align: text-bottom", makeStyle { $0.verticalAlign = .textBottom }),
        ("vertical-align: -3px", makeStyle { $0.verticalAlign = .length(.px(-3)) }),
        ("vertical-align: 20%", makeStyle { $0.verticalAlign = .length(.percent(20)) }),
        ("vertical-align: 0.5em", makeStyle { $0.verticalAlign = .length(.em(0.5)) }),
        ("vertical-align: 3", Style()),
        ("line-height: normal", makeStyle { $0.lineHeight = .normal }),
        ("line-height: 1.5", makeStyle { $0.lineHeight = .multiple(1.5) }),
        ("line-height: 0", makeStyle { $0.lineHeight = .multiple(0) }),
        ("line-height: 20px", makeStyle { $0.lineHeight = .length(.px(20)) }),
        ("line-height: 120%", makeStyle { $0.lineHeight = .length(.percent(120)) }),
        ("line-height: 1.2em", makeStyle { $0.lineHeight = .length(.em(1.2)) }),
        ("line-height: -1", Style()),
        ("line-height: -2px", Style()),
        ("letter-spacing: 2px", makeStyle { $0.letterSpacing = .px(2) }),
        ("letter-spacing: -0.05em", makeStyle { $0.letterSpacing = .em(-0.05) }),
        ("letter-spacing: normal", makeStyle { $0.letterSpacing = .px(0) }),
        ("letter-spacing: 0", makeStyle { $0.letterSpacing = .px(0) }),
        ("letter-spacing: 2", Style()),
        ("word-spacing: 1pt", makeStyle { $0.wordSpacing = .pt(1) }),
        ("word-spacing: NORMAL", makeStyle { $0.wordSpacing = .px(0) }),
        ("word-spacing: wide", Style()),
        ("text-transform: uppercase", makeStyle { $0.textTransform = .uppercase }),
        ("text-transform: lowercase", makeStyle { $0.textTransform = .lowercase }),
        ("text-transform: Capitalize", makeStyle { $0.textTransform = .capitalize }),
        ("text-transform: none", makeStyle { $0.textTransform = TextTransform.none }),
        ("text-transform: upper", Style()),
        ("white-space: normal", makeStyle { $0.whiteSpace = .normal }),
        ("white-space: nowrap", makeStyle { $0.whiteSpace = .nowrap }),
        ("white-space: pre", makeStyle { $0.whiteSpace = .pre }),
        ("white-space: pre-wrap", makeStyle { $0.whiteSpace = .preWrap }),
        ("white-space: PRE-LINE", makeStyle { $0.whiteSpace = .preLine }),
        ("white-space: break-spaces", makeStyle { $0.whiteSpace = .breakSpaces }),
        ("white-space: pre wrap", Style()),
        ("display: none", makeStyle { $0.display = Display.none }),
        ("display: inline", makeStyle { $0.display = .inline }),
        ("display: BLOCK", makeStyle { $0.display = .block }),
        ("display: inline-block", makeStyle { $0.display = .inlineBlock }),
        ("display: list-item", makeStyle { $0.display = .listItem }),
        ("display: table-cell", makeStyle { $0.display = .tableCell }),
        ("display: flex", makeStyle { $0.display = .flex }),
        ("display: inline-flex", makeStyle { $0.display = .inlineBlock }),
        ("display: flow-root", makeStyle { $0.display = .block }),
        ("display: contents", makeStyle { $0.display = .contents }),
        ("display: hidden", Style()),
        ("visibility: hidden", makeStyle { $0.visibility = .hidden }),
        ("visibility: visible", makeStyle { $0.visibility = .visible }),
        ("visibility: collapse", makeStyle { $0.visibility = .collapse }),
        ("visibility: none", Style()),
    ]

    @Test("color and background", arguments: colors)
    func colorProperties(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    @Test("font longhands", arguments: fontLonghands)
    func fontProperties(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    @Test("text and box properties", arguments: textProperties)
    func textAndBoxProperties(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    @Test("many properties at once")
    func manyProperties() {
        let style = CSSStyleParser.parse("""
            color: #333; background-color: rgb(250 250 250); font-weight: 600; font-style: italic;
            font-size: 14px; font-family: Georgia, serif; text-decoration: underline; text-align: center;
            vertical-align: sub; line-height: 1.4; letter-spacing: .1em; word-spacing: 2px;
            text-transform: uppercase; white-space: pre-wrap; display: block; visibility: visible
            """)
        var expected = Style()
        expected.color = rgb(0x33, 0x33, 0x33)
        expected.backgroundColor = rgb(250, 250, 250)
        expected.fontWeight = .weight(600)
        expected.fontStyle = .italic
        expected.fontSize = .length(.px(14))
        expected.fontFamily = ["Georgia", "serif"]
        expected.textDecoration = .underline
        expected.textAlign = .center
        expected.verticalAlign = .sub
        expected.lineHeight = .multiple(1.4)
        expected.letterSpacing = .em(0.1)
        expected.wordSpacing = .px(2)
        expected.textTransform = .uppercase
        expected.whiteSpace = .preWrap
        expected.display = .block
        expected.visibility = .visible
        #expect(style == expected)
        #expect(style.cssText == "color: #333333; background-color: #fafafa; font-weight: 600; font-style: italic; font-size: 14px; font-family: Georgia, serif; text-decoration-line: underline; text-align: center; vertical-align: sub; line-height: 1.4; letter-spacing: 0.1em; word-spacing: 2px; text-transform: uppercase; white-space: pre-wrap; display: block; visibility: visible")
    }

    @Test("bytes, strings and non-contiguous collections parse alike")
    func inputForms() {
        let text = "color: red; font-size: 12px"
        let expected = makeStyle { $0.color = rgb(255, 0, 0); $0.fontSize = .length(.px(12)) }
        #expect(CSSStyleParser.parse(text) == expected)
        #expect(CSSStyleParser.parse(Array(text.utf8)) == expected)
        #expect(CSSStyleParser.parse(text.utf8) == expected)
        #expect(CSSStyleParser.parse(text.utf8.lazy.map { $0 }) == expected)
    }
}
