import Testing
@testable import TransmarkCore
import TransmarkHTML

/// The five fields the `font` shorthand sets.
private func font(style: FontStyle = .normal, weight: FontWeight = .normal, size: FontSize,
                  lineHeight: LineHeight = .normal, family: [String]) -> Style {
    makeStyle {
        $0.fontStyle = style
        $0.fontWeight = weight
        $0.fontSize = size
        $0.lineHeight = lineHeight
        $0.fontFamily = family
    }
}

@Suite("CSS font shorthand")
struct CSSFontShorthandTests {
    static let valid: [(String, Style)] = [
        ("font: italic bold 12px/1.5 \"Helvetica Neue\", sans-serif",
         font(style: .italic, weight: .bold, size: .length(.px(12)), lineHeight: .multiple(1.5), family: ["Helvetica Neue", "sans-serif"])),
        ("font: 12px serif", font(size: .length(.px(12)), family: ["serif"])),
        ("FONT: Bold Larger Arial", font(weight: .bold, size: .keyword(.larger), family: ["Arial"])),
        ("font: 700 italic 1em / 20px Times New Roman, Georgia",
         font(style: .italic, weight: .weight(700), size: .length(.em(1)), lineHeight: .length(.px(20)), family: ["Times New Roman", "Georgia"])),
        ("font: normal small-caps 120%/120% fantasy",
         font(size: .length(.percent(120)), lineHeight: .length(.percent(120)), family: ["fantasy"])),
        ("font: oblique 10deg condensed 300 x-large/normal monospace",
         font(style: .oblique, weight: .weight(300), size: .keyword(.xLarge), family: ["monospace"])),
        ("font: normal normal normal normal 9pt 'A B'", font(size: .length(.pt(9)), family: ["A B"])),
        ("font: bolder 0 a", font(weight: .bolder, size: .length(.px(0)), family: ["a"])),
        ("font: 12px/0 x", font(size: .length(.px(12)), lineHeight: .multiple(0), family: ["x"])),
        ("font: 12px/1.5em x", font(size: .length(.px(12)), lineHeight: .length(.em(1.5)), family: ["x"])),
        // The shorthand resets what it does not name.
        ("font-weight: bold; font-style: italic; line-height: 3; font: 12px serif", font(size: .length(.px(12)), family: ["serif"])),
        ("font: 12px serif; font-weight: bold", font(weight: .bold, size: .length(.px(12)), family: ["serif"])),
    ]

    @Test("valid font shorthands set style, weight, size, line height and family", arguments: valid)
    func validShorthand(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    static let invalid: [String] = [
        "font: 12px",
        "font: bold serif",
        "font: italic italic 12px a",
        "font: bold 700 12px a",
        "font: 12px/ serif",
        "font: 12px/normal",
        "font: caption",
        "font: -12px serif",
        "font: 12px \"a\" b",
        "font: 12px a,",
        "font: normal normal normal normal normal 12px a",
        "font: small-caps small-caps 12px a",
        "font: 12px/-1 a",
        "font: 12px 13px a",
        "font: oblique 95deg 12px a",
    ]

    @Test("invalid font shorthands change nothing", arguments: invalid)
    func invalidShorthand(input: String) {
        #expect(CSSStyleParser.parse("font-size: 7px; " + input) == makeStyle { $0.fontSize = .length(.px(7)) })
    }
}
