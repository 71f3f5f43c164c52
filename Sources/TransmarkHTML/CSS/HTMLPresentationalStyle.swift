import TransmarkCore

/// Maps legacy HTML presentational attributes to a `Style`, following the HTML standard's
/// rendering section and its legacy parsing rules:
///
/// - `<font color size face>`: `color` by the rules for parsing a legacy colour value, `size` by
///   the rules for parsing a legacy font size (1–7, or `+n`/`-n` relative to 3) mapped to
///   x-small … xxx-large, `face` as a comma-separated family list;
/// - `bgcolor` on any element: the background color (legacy colour value);
/// - `text` on `<body>`: the text color;
/// - `align` (left, right, center, justify; case-insensitive) on `div`, `p`, `h1`–`h6`,
///   `caption`, `legend` and the table sections, rows, cells and columns: `text-align`
///   (on `img`, `table` and others `align` means floating or margins, which `Style` does not hold);
/// - `<center>`: `text-align: center`;
/// - `valign` (top, middle, bottom, baseline) on table sections, rows and cells: `vertical-align`;
/// - `nowrap` on `td` and `th`: `white-space: nowrap`;
/// - `hidden` on any element (except `hidden="until-found"`): `display: none`.
///
/// Inline `style=""` wins over all of these; `style(forElement:attributes:)` merges both.
public enum HTMLPresentationalStyle {
    /// The style an element's presentational attributes give, without its `style` attribute.
    /// Element and attribute names are matched ASCII case-insensitively; the first attribute of
    /// a name counts, as in HTML.
    public static func presentationalStyle(forElement element: String, attributes: [Attribute]) -> Style {
        let element = element.lowercasedASCII
        func value(_ name: String) -> String? {
            attributes.first { $0.name.lowercasedASCII == name }?.value
        }
        var style = Style()
        if let bgcolor = value("bgcolor"), let color = parseLegacyColor(bgcolor) {
            style.backgroundColor = .rgba(color)
        }
        if let hidden = value("hidden"), hidden.lowercasedASCII != "until-found" {
            style.display = Display.none
        }
        switch element {
        case "font":
            if let color = value("color").flatMap(parseLegacyColor) { style.color = .rgba(color) }
            if let size = value("size").flatMap(parseLegacyFontSize) { style.fontSize = .keyword(size) }
            if let face = value("face") {
                let families = face.split(separator: ",").map { trimmedASCIIWhitespace(String($0)) }
                    .filter { !$0.isEmpty }
                if !families.isEmpty { style.fontFamily = families }
            }
        case "body":
            if let color = value("text").flatMap(parseLegacyColor) { style.color = .rgba(color) }
        case "center":
            style.textAlign = .center
        default:
            break
        }
        if alignElements.contains(element), let align = value("align") {
            switch trimmedASCIIWhitespace(align).lowercasedASCII {
            case "left": style.textAlign = .left
            case "right": style.textAlign = .right
            case "center", "middle": style.textAlign = .center
            case "justify": style.textAlign = .justify
            default: break
            }
        }
        if tableAlignElements.contains(element), let valign = value("valign") {
            switch trimmedASCIIWhitespace(valign).lowercasedASCII {
            case "top": style.verticalAlign = .top
            case "middle", "center": style.verticalAlign = .middle
            case "bottom": style.verticalAlign = .bottom
            case "baseline": style.verticalAlign = .baseline
            default: break
            }
        }
        if element == "td" || element == "th", value("nowrap") != nil {
            style.whiteSpace = .nowrap
        }
        return style
    }

    /// An element's full style: its `style` attribute parsed as CSS, with every field it leaves
    /// unset filled from its presentational attributes (inline style wins).
    public static func style(forElement element: String, attributes: [Attribute]) -> Style {
        let presentational = presentationalStyle(forElement: element, attributes: attributes)
        guard let inline = attributes.first(where: { $0.name.lowercasedASCII == "style" })?.value else {
            return presentational
        }
        return merging(inline: CSSStyleParser.parse(inline), over: presentational)
    }

    /// Merges an inline style over a presentational one: each field the inline style sets wins.
    public static func merging(inline: Style, over presentational: Style) -> Style {
        inline.filling(from: presentational)
    }

    static let alignElements: Set<String> = [
        "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "legend",
        "thead", "tbody", "tfoot", "tr", "td", "th", "col", "colgroup",
    ]
    static let tableAlignElements: Set<String> = ["thead", "tbody", "tfoot", "tr", "td", "th", "col", "colgroup"]

    // MARK: Legacy parsing rules

    /// The HTML "rules for parsing a legacy colour value" (as used by `<font color>` and
    /// `bgcolor`): named colors, `#rgb`, and the lenient hex reading that turns any other string
    /// into a color (`"chucknorris"` is red, `"ff0"`/`"#ff0"` yellow...). Nil for the empty
    /// string and for `transparent`.
    public static func parseLegacyColor(_ value: String) -> RGBAColor? {
        let input = trimmedASCIIWhitespace(value)
        if input.isEmpty { return nil }
        if input.lowercasedASCII == "transparent" { return nil }
        if let named = CSSColorParser.namedColor(input) { return named }
        let scalars = Array(input.unicodeScalars.prefix(129))
        if scalars.count == 4, scalars[0] == "#", scalars[1...].allSatisfy({ $0.isASCII && CSSTokenizer.isHexDigit(UInt8($0.value)) }) {
            let digits = scalars[1...].map { CSSEscapes.hexValue(UInt8($0.value)) }
            return RGBAColor(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        }
        // Code points above U+FFFF become "00"; the result is cut to 128 code points.
        var chars: [UInt8] = []
        chars.reserveCapacity(128)
        for scalar in input.unicodeScalars {
            if chars.count >= 128 { break }
            if scalar.value > 0xFFFF {
                chars.append(0x30)
                if chars.count < 128 { chars.append(0x30) }
            } else {
                chars.append(scalar.isASCII ? UInt8(scalar.value) : 0x30)
            }
        }
        if chars.first == 0x23 { chars.removeFirst() }
        for i in chars.indices where !CSSTokenizer.isHexDigit(chars[i]) { chars[i] = 0x30 }
        while chars.isEmpty || chars.count % 3 != 0 { chars.append(0x30) }
        var length = chars.count / 3
        let red: [UInt8] = Array(chars[0..<length])
        let green: [UInt8] = Array(chars[length..<(2 * length)])
        let blue: [UInt8] = Array(chars[(2 * length)...])
        var components: [[UInt8]] = [red, green, blue]
        if length > 8 {
            components = components.map { Array($0.suffix(8)) }
            length = 8
        }
        while length > 2, components.allSatisfy({ $0.first == 0x30 }) {
            components = components.map { Array($0.dropFirst()) }
            length -= 1
        }
        if length > 2 {
            components = components.map { Array($0.prefix(2)) }
        }
        let values = components.map { digits in
            digits.reduce(UInt8(0)) { $0 << 4 | CSSEscapes.hexValue($1) }
        }
        return RGBAColor(red: values[0], green: values[1], blue: values[2])
    }

    /// The HTML "rules for parsing a legacy font size" (`<font size>`): an optional `+` or `-`
    /// (relative to 3), then digits, clamped to 1...7 and mapped to the CSS keywords
    /// x-small, small, medium, large, x-large, xx-large, xxx-large. Nil when there are no digits.
    public static func parseLegacyFontSize(_ value: String) -> FontSizeKeyword? {
        var bytes = Substring(value).utf8.drop(while: CSSTokenizer.isWhitespace)[...]
        guard let first = bytes.first else { return nil }
        var sign = 0
        if first == 0x2B { sign = 1; bytes = bytes.dropFirst() } else if first == 0x2D { sign = -1; bytes = bytes.dropFirst() }
        var number = 0
        var digits = 0
        for byte in bytes {
            guard CSSTokenizer.isDigit(byte) else { break }
            number = min(number * 10 + Int(byte - 0x30), 1000)
            digits += 1
        }
        guard digits > 0 else { return nil }
        let size = min(7, max(1, sign == 0 ? number : 3 + sign * number))
        let table: [FontSizeKeyword] = [.xSmall, .small, .medium, .large, .xLarge, .xxLarge, .xxxLarge]
        return table[size - 1]
    }

    private static func trimmedASCIIWhitespace(_ text: String) -> String {
        let utf8 = Substring(text).utf8
        let start = utf8.firstIndex { !CSSTokenizer.isWhitespace($0) } ?? utf8.endIndex
        let end = utf8.lastIndex { !CSSTokenizer.isWhitespace($0) }.map { utf8.index(after: $0) } ?? start
        return String(Substring(utf8[start..<max(start, end)]))
    }
}
