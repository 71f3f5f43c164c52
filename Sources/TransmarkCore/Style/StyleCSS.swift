/// Serializes a `Style` as CSS declarations, in a fixed field order, so the same style always
/// gives the same text (used by tree dumps and the HTML backend).
extension Style {
    /// The style as a `style=""` value, e.g. `color: #ff0000; font-weight: 700`.
    public var cssText: String {
        var parts: [String] = []
        if let color { parts.append("color: \(color.cssText)") }
        if let backgroundColor { parts.append("background-color: \(backgroundColor.cssText)") }
        if let fontWeight { parts.append("font-weight: \(fontWeight.cssText)") }
        if let fontStyle { parts.append("font-style: \(fontStyle.rawValue)") }
        if let fontSize { parts.append("font-size: \(fontSize.cssText)") }
        if let fontFamily { parts.append("font-family: \(fontFamily.map(Self.cssFamilyName).joined(separator: ", "))") }
        if let textDecoration { parts.append("text-decoration-line: \(textDecoration.cssText)") }
        if let textAlign { parts.append("text-align: \(textAlign.rawValue)") }
        if let verticalAlign { parts.append("vertical-align: \(verticalAlign.cssText)") }
        if let lineHeight { parts.append("line-height: \(lineHeight.cssText)") }
        if let letterSpacing { parts.append("letter-spacing: \(letterSpacing.cssText)") }
        if let wordSpacing { parts.append("word-spacing: \(wordSpacing.cssText)") }
        if let textTransform { parts.append("text-transform: \(textTransform.rawValue)") }
        if let whiteSpace { parts.append("white-space: \(whiteSpace.rawValue)") }
        if let display { parts.append("display: \(display.rawValue)") }
        if let visibility { parts.append("visibility: \(visibility.rawValue)") }
        return parts.joined(separator: "; ")
    }

    private static func cssFamilyName(_ name: String) -> String {
        // A generic family is written as its keyword (the parser gives those in lowercase).
        if CSSTokenList.genericFamilies.contains(name) { return name }
        // Unquoted only when it reads back as the same name: identifiers (a letter, then letters
        // and hyphens) separated by single spaces, neither a generic keyword in another case nor
        // starting with a CSS-wide keyword.
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        let identifiers = words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, first.properties.isAlphabetic else { return false }
            return word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "-" }
        }
        if identifiers, !(words.count == 1 && CSSTokenList.genericFamilies.contains(name.lowercasedASCII)),
           !CSSTokenList.reservedFamilyWords.contains(String(words[0]).lowercasedASCII) {
            return name
        }
        // A quoted CSS string: quotes and backslashes escaped, line ends as hex escapes (a raw one
        // would end the string), NUL as U+FFFD (what any CSS reader makes of it), so the text
        // reads back as the same name.
        var quoted = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\", "\"": quoted += "\\" + String(scalar)
            case "\0": quoted += "\u{FFFD}"
            case "\n", "\r", "\u{0C}": quoted += "\\" + String(scalar.value, radix: 16) + " "
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension CSSColor {
    /// `#rrggbb`, `#rrggbbaa` when not opaque, or `currentcolor`.
    public var cssText: String {
        switch self {
        case .currentColor: return "currentcolor"
        case .rgba(let c): return c.hexString
        }
    }
}

extension RGBAColor {
    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hexString: String {
        let digits: [Character] = Array("0123456789abcdef")
        var s = "#"
        for v in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }
}

extension FontWeight {
    var cssText: String {
        switch self {
        case .weight(let w): String(w)
        case .bolder: "bolder"
        case .lighter: "lighter"
        }
    }
}

extension CSSLength {
    /// The length as CSS text (`12px`, `1.5em`, `50%`).
    public var cssText: String {
        switch self {
        case .px(let v): Self.number(v) + "px"
        case .pt(let v): Self.number(v) + "pt"
        case .em(let v): Self.number(v) + "em"
        case .rem(let v): Self.number(v) + "rem"
        case .percent(let v): Self.number(v) + "%"
        }
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}

extension FontSize {
    var cssText: String {
        switch self {
        case .length(let l): l.cssText
        case .keyword(let k): k.rawValue
        }
    }
}

extension TextDecoration {
    var cssText: String {
        if isEmpty { return "none" }
        var parts: [String] = []
        if contains(.underline) { parts.append("underline") }
        if contains(.lineThrough) { parts.append("line-through") }
        if contains(.overline) { parts.append("overline") }
        return parts.joined(separator: " ")
    }
}

extension VerticalAlign {
    var cssText: String {
        switch self {
        case .baseline: "baseline"
        case .super: "super"
        case .sub: "sub"
        case .top: "top"
        case .middle: "middle"
        case .bottom: "bottom"
        case .textTop: "text-top"
        case .textBottom: "text-bottom"
        case .length(let l): l.cssText
        }
    }
}

extension LineHeight {
    var cssText: String {
        switch self {
        case .normal: "normal"
        case .multiple(let m): CSSLength.number(m)
        case .length(let l): l.cssText
        }
    }
}
