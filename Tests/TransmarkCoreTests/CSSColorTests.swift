import Testing
@testable import TransmarkCore

private func rgba(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CSSColor {
    .rgba(RGBAColor(red: r, green: g, blue: b, alpha: a))
}

@Suite("CSS colors")
struct CSSColorTests {
    static let keywordsAndHex: [(String, CSSColor?)] = [
        ("red", rgba(255, 0, 0)),
        ("RED", rgba(255, 0, 0)),
        ("ReD", rgba(255, 0, 0)),
        ("rebeccapurple", rgba(0x66, 0x33, 0x99)),
        ("grey", rgba(128, 128, 128)),
        ("gray", rgba(128, 128, 128)),
        ("LightGoldenrodYellow", rgba(0xFA, 0xFA, 0xD2)),
        ("transparent", rgba(0, 0, 0, 0)),
        ("TRANSPARENT", rgba(0, 0, 0, 0)),
        ("currentcolor", .currentColor),
        ("currentColor", .currentColor),
        ("#f00", rgba(255, 0, 0)),
        ("#F0a", rgba(255, 0, 0xAA)),
        ("#f00a", rgba(255, 0, 0, 0xAA)),
        ("#123456", rgba(0x12, 0x34, 0x56)),
        ("#ABCDEF", rgba(0xAB, 0xCD, 0xEF)),
        ("#ff000080", rgba(255, 0, 0, 0x80)),
        ("#12345678", rgba(0x12, 0x34, 0x56, 0x78)),
        ("  /* c */ #0f0 /* d */ ", rgba(0, 255, 0)),
        ("#12", nil),
        ("#12345", nil),
        ("#1234567", nil),
        ("#123456789", nil),
        ("#ggg", nil),
        ("#", nil),
        ("notacolor", nil),
        ("", nil),
        ("red blue", nil),
        ("none", nil),
        ("url(red)", nil),
        ("\"red\"", nil),
    ]

    @Test("named, hex and keyword colors", arguments: keywordsAndHex)
    func keywordAndHex(input: String, expected: CSSColor?) {
        #expect(CSSColorParser.parse(input) == expected)
    }

    static let rgbFunctions: [(String, CSSColor?)] = [
        ("rgb(255, 0, 0)", rgba(255, 0, 0)),
        ("RGB( 1 , 2 , 3 )", rgba(1, 2, 3)),
        ("rgba(0, 0, 255, 0.25)", rgba(0, 0, 255, 64)),
        ("rgba(0, 0, 255, 25%)", rgba(0, 0, 255, 64)),
        ("rgb(1, 2, 3, 0.5)", rgba(1, 2, 3, 128)),
        ("rgba(1, 2, 3)", rgba(1, 2, 3)),
        ("rgb(100%, 0%, 0%)", rgba(255, 0, 0)),
        ("rgb(50%, 50%, 50%)", rgba(128, 128, 128)),
        ("rgb(20%, 40%, 60%)", rgba(51, 102, 153)),
        ("rgb(300, -20, 127.5)", rgba(255, 0, 128)),
        ("rgb(127.49, 0, 0)", rgba(127, 0, 0)),
        ("rgb(150%, -5%, 0%)", rgba(255, 0, 0)),
        ("rgba(1, 2, 3, 2)", rgba(1, 2, 3, 255)),
        ("rgba(1, 2, 3, -1)", rgba(1, 2, 3, 0)),
        ("rgb(1e2, 0, 0)", rgba(100, 0, 0)),
        ("rgb(1e999, 0, 0)", rgba(255, 0, 0)),
        ("rgb(255 0 0)", rgba(255, 0, 0)),
        ("rgb(255 0 0 / 50%)", rgba(255, 0, 0, 128)),
        ("rgb(255 0 0 / 0.5)", rgba(255, 0, 0, 128)),
        ("rgb(255 0 0/.2)", rgba(255, 0, 0, 51)),
        ("rgba(10 20 30 / 1)", rgba(10, 20, 30)),
        ("rgb(255 0% 0)", rgba(255, 0, 0)),
        ("rgb(none 128 none)", rgba(0, 128, 0)),
        ("rgb(/* c */ 1, 2, 3)", rgba(1, 2, 3)),
        // Invalid.
        ("rgb(255, 0%, 0)", nil),
        ("rgb(none, 0, 0)", nil),
        ("rgb(1, 2)", nil),
        ("rgb(1, 2, 3,)", nil),
        ("rgb(1, 2, 3, 4, 5)", nil),
        ("rgb(1 2 3 4)", nil),
        ("rgb(1, 2 3)", nil),
        ("rgb(1, 2, 3 / 0.5)", nil),
        ("rgb(1 2 / 3)", nil),
        ("rgb(1px, 2, 3)", nil),
        ("rgb(calc(1), 2, 3)", nil),
        ("rgb(1, 2, 3", nil),
        ("rgb()", nil),
        ("rgbx(1, 2, 3)", nil),
    ]

    @Test("rgb() and rgba()", arguments: rgbFunctions)
    func rgbFunction(input: String, expected: CSSColor?) {
        #expect(CSSColorParser.parse(input) == expected)
    }

    static let hslFunctions: [(String, CSSColor?)] = [
        ("hsl(0, 100%, 50%)", rgba(255, 0, 0)),
        ("hsl(120, 100%, 25%)", rgba(0, 128, 0)),
        ("hsl(30, 100%, 50%)", rgba(255, 128, 0)),
        ("hsl(0, 0%, 50%)", rgba(128, 128, 128)),
        ("hsl(0, 0%, 100%)", rgba(255, 255, 255)),
        ("hsl(240deg 100% 50%)", rgba(0, 0, 255)),
        ("hsl(0.5turn 100% 50%)", rgba(0, 255, 255)),
        ("hsl(3.141592653589793rad 100% 50%)", rgba(0, 255, 255)),
        ("hsl(200grad 100% 50%)", rgba(0, 255, 255)),
        ("hsl(-120, 100%, 50%)", rgba(0, 0, 255)),
        ("hsl(480, 100%, 50%)", rgba(0, 255, 0)),
        ("hsl(270, 60%, 70%)", rgba(179, 133, 224)),
        ("hsl(0, 150%, 50%)", rgba(255, 0, 0)),
        ("hsla(0, 100%, 50%, 0.5)", rgba(255, 0, 0, 128)),
        ("hsla(0, 100%, 50%, 10%)", rgba(255, 0, 0, 26)),
        ("hsl(0 100% 50% / 25%)", rgba(255, 0, 0, 64)),
        ("HSL(0 100 50)", rgba(255, 0, 0)),
        ("hsl(none 100% 50%)", rgba(255, 0, 0)),
        // Invalid.
        ("hsl(0, 100, 50)", nil),
        ("hsl(0, 100%)", nil),
        ("hsl(0px, 100%, 50%)", nil),
        ("hsl(10%, 100%, 50%)", nil),
        ("hsl(0, 100%, 50%, 0.5, 1)", nil),
        ("hsl(1e999, 100%, 50%)", nil),
    ]

    @Test("hsl() and hsla()", arguments: hslFunctions)
    func hslFunction(input: String, expected: CSSColor?) {
        #expect(CSSColorParser.parse(input) == expected)
    }

    @Test("the named-color table has the 148 CSS Color 4 names, each parsed case-insensitively")
    func namedColorTable() {
        #expect(CSSNamedColors.table.count == 148)
        for (name, rgb) in CSSNamedColors.table {
            let expected = RGBAColor(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
            #expect(CSSColorParser.namedColor(name.uppercased()) == expected)
            #expect(CSSStyleParser.parse("color: \(name)").color == .rgba(expected))
        }
        #expect(CSSColorParser.namedColor("transparent") == nil)
        #expect(CSSColorParser.namedColor("reddish") == nil)
    }

    static let spotChecks: [(String, UInt32)] = [
        ("aliceblue", 0xF0F8FF), ("black", 0x000000), ("white", 0xFFFFFF), ("navy", 0x000080),
        ("orange", 0xFFA500), ("darkslategrey", 0x2F4F4F), ("yellowgreen", 0x9ACD32), ("fuchsia", 0xFF00FF),
        ("magenta", 0xFF00FF), ("aqua", 0x00FFFF), ("cyan", 0x00FFFF), ("tomato", 0xFF6347),
    ]

    @Test("named colors have the CSS values", arguments: spotChecks)
    func namedColorValues(name: String, rgb: UInt32) {
        #expect(CSSColorParser.namedColor(name) == RGBAColor(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF)))
    }
}
