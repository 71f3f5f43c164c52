import Testing
import TransmarkCore
import TransmarkHTML

private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBAColor {
    RGBAColor(red: r, green: g, blue: b)
}

private func attributes(_ pairs: KeyValuePairs<String, String>) -> [Attribute] {
    pairs.map { Attribute($0.key, $0.value) }
}

@Suite("HTML presentational attributes")
struct CSSPresentationalTests {
    static let legacyColors: [(String, RGBAColor?)] = [
        ("red", rgb(255, 0, 0)),
        ("  Blue\n", rgb(0, 0, 255)),
        ("#f00", rgb(255, 0, 0)),
        ("#FF0000", rgb(255, 0, 0)),
        ("ff0000", rgb(255, 0, 0)),
        ("f00", rgb(0x0F, 0, 0)),
        ("#abcd", rgb(0xAB, 0xCD, 0)),
        ("chucknorris", rgb(0xC0, 0, 0)),
        ("ninjaturtle", rgb(0, 0xA0, 0)),
        ("crap", rgb(0xC0, 0xA0, 0)),
        ("#1234567890ab", rgb(0x12, 0x56, 0x90)),
        ("#123456789012345678901234", rgb(0x12, 0x90, 0x78)),
        ("#000000000011111111112222222222", rgb(0, 0x11, 0x22)),
        ("\u{1F600}", rgb(0, 0, 0)),
        ("#", rgb(0, 0, 0)),
        ("rgb(1,2,3)", rgb(0, 0x10, 0x30)),
        ("", nil),
        ("   ", nil),
        ("transparent", nil),
        ("Transparent", nil),
    ]

    @Test("rules for parsing a legacy colour value", arguments: legacyColors)
    func legacyColor(input: String, expected: RGBAColor?) {
        #expect(HTMLPresentationalStyle.parseLegacyColor(input) == expected)
    }

    @Test("a long legacy colour value is cut to 128 code points")
    func longLegacyColor() {
        let long = String(repeating: "f", count: 500)
        #expect(HTMLPresentationalStyle.parseLegacyColor(long) == rgb(255, 255, 255))
        let huge = String(repeating: "z", count: 1 << 20) + "f"
        #expect(HTMLPresentationalStyle.parseLegacyColor(huge) == rgb(0, 0, 0))
    }

    static let legacyFontSizes: [(String, FontSizeKeyword?)] = [
        ("1", .xSmall), ("2", .small), ("3", .medium), ("4", .large), ("5", .xLarge), ("6", .xxLarge),
        ("7", .xxxLarge), ("8", .xxxLarge), ("0", .xSmall), ("+1", .large), ("-1", .small), ("+0", .medium),
        ("+10", .xxxLarge), ("-5", .xSmall), (" 4 ", .large), ("4px", .large), ("99999999999999999999999", .xxxLarge),
        ("", nil), ("x", nil), ("+", nil), ("- 1", nil), ("++1", nil),
    ]

    @Test("rules for parsing a legacy font size", arguments: legacyFontSizes)
    func legacyFontSize(input: String, expected: FontSizeKeyword?) {
        #expect(HTMLPresentationalStyle.parseLegacyFontSize(input) == expected)
    }

    @Test("<font color size face>")
    func fontElement() {
        let style = HTMLPresentationalStyle.presentationalStyle(
            forElement: "FONT", attributes: attributes(["COLOR": "#00f", "size": "+2", "face": " Verdana , Arial,, "]))
        #expect(style == makeStyle {
            $0.color = .rgba(rgb(0, 0, 255))
            $0.fontSize = .keyword(.xLarge)
            $0.fontFamily = ["Verdana", "Arial"]
        })
        // Attributes only meaningful on <font> are ignored elsewhere.
        #expect(HTMLPresentationalStyle.presentationalStyle(forElement: "span", attributes: attributes(["color": "red", "size": "7"])) == Style())
    }

    static let elements: [(String, [Attribute], Style)] = [
        ("td", attributes(["bgcolor": "yellow", "align": "CENTER", "valign": "top", "nowrap": ""]),
         makeStyle { $0.backgroundColor = .rgba(rgb(255, 255, 0)); $0.textAlign = .center; $0.verticalAlign = .top; $0.whiteSpace = .nowrap }),
        ("div", attributes(["bgcolor": "ff0000"]), makeStyle { $0.backgroundColor = .rgba(rgb(255, 0, 0)) }),
        ("p", attributes(["align": "justify"]), makeStyle { $0.textAlign = .justify }),
        ("h2", attributes(["align": "right"]), makeStyle { $0.textAlign = .right }),
        ("p", attributes(["align": "sideways"]), Style()),
        ("img", attributes(["align": "left"]), Style()),
        ("table", attributes(["align": "center", "bgcolor": "#eee"]), makeStyle { $0.backgroundColor = .rgba(rgb(0xEE, 0xEE, 0xEE)) }),
        ("center", [], makeStyle { $0.textAlign = .center }),
        ("body", attributes(["text": "white", "bgcolor": "black"]),
         makeStyle { $0.color = .rgba(rgb(255, 255, 255)); $0.backgroundColor = .rgba(rgb(0, 0, 0)) }),
        ("span", attributes(["hidden": ""]), makeStyle { $0.display = Display.none }),
        ("span", attributes(["hidden": "until-found"]), Style()),
        ("div", attributes(["bgcolor": "transparent"]), Style()),
        ("p", attributes(["align": "left", "align": "right"]), makeStyle { $0.textAlign = .left }),
    ]

    @Test("presentational attributes by element", arguments: elements)
    func presentational(element: String, attributes: [Attribute], expected: Style) {
        #expect(HTMLPresentationalStyle.presentationalStyle(forElement: element, attributes: attributes) == expected)
    }

    static let merged: [(String, [Attribute], Style)] = [
        ("font", attributes(["color": "red", "style": "color: blue"]), makeStyle { $0.color = .rgba(rgb(0, 0, 255)) }),
        ("p", attributes(["style": "text-align: right", "align": "center"]), makeStyle { $0.textAlign = .right }),
        ("p", attributes(["align": "center", "style": "color: red"]),
         makeStyle { $0.textAlign = .center; $0.color = .rgba(rgb(255, 0, 0)) }),
        ("td", attributes(["bgcolor": "red", "style": "background: url(x.png)"]), makeStyle { $0.backgroundColor = .transparent }),
        ("td", attributes(["bgcolor": "red", "style": "background-color: bogus"]), makeStyle { $0.backgroundColor = .rgba(rgb(255, 0, 0)) }),
        ("font", attributes(["size": "1", "style": "font: 20px serif"]),
         makeStyle { $0.fontSize = .length(.px(20)); $0.fontFamily = ["serif"]; $0.fontWeight = .normal; $0.fontStyle = .normal; $0.lineHeight = .normal }),
        ("div", attributes(["STYLE": "display: block", "hidden": ""]), makeStyle { $0.display = .block }),
        ("span", attributes(["style": "color: red"]), makeStyle { $0.color = .rgba(rgb(255, 0, 0)) }),
        ("span", [], Style()),
    ]

    @Test("inline style wins over presentational attributes", arguments: merged)
    func inlineStyleWins(element: String, attributes: [Attribute], expected: Style) {
        #expect(HTMLPresentationalStyle.style(forElement: element, attributes: attributes) == expected)
    }

    @Test("merging keeps presentational fields the inline style leaves unset")
    func merging() {
        let inline = makeStyle { $0.color = .currentColor }
        let presentational = makeStyle { $0.color = .rgba(rgb(1, 2, 3)); $0.textAlign = .center }
        #expect(HTMLPresentationalStyle.merging(inline: inline, over: presentational)
                == makeStyle { $0.color = .currentColor; $0.textAlign = .center })
    }
}

/// A style made by setting properties on an empty one.
func makeStyle(_ configure: (inout Style) -> Void) -> Style {
    var style = Style()
    configure(&style)
    return style
}
