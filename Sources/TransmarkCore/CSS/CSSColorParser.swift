

/// Parses CSS `<color>` values: the 148 named colors, `transparent`, `currentcolor`, hex
/// (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), `rgb()`/`rgba()` and `hsl()`/`hsla()` in both the
/// legacy comma syntax and the modern space syntax with `/ alpha`. Channels are clamped and
/// rounded to 8 bits (halves round up, as CSS Color 4 says).
public enum CSSColorParser {
    /// The color written in `text` (surrounding whitespace and comments allowed), or nil when it
    /// is not exactly one valid color.
    public static func parse(_ text: String) -> CSSColor? {
        var text = text
        return text.withUTF8 { bytes in
            let list = CSSTokenList(bytes: bytes)
            let components = list.components(0..<list.tokens.count)
            guard components.count == 1 else { return nil }
            return list.color(components[0])
        }
    }

    /// The named color with this name (ASCII case-insensitive), or nil. `transparent` and
    /// `currentcolor` are not named colors here; `parse(_:)` accepts them.
    public static func namedColor(_ name: String) -> RGBAColor? {
        guard name.utf8.count <= 20, let rgb = CSSNamedColors.table[name.lowercasedASCII] else { return nil }
        return RGBAColor(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// Rounds to the nearest integer with halves toward +infinity, clamped to 0...255.
    static func channel(_ value: Double) -> UInt8 {
        guard !value.isNaN else { return 0 }
        let rounded = (value + 0.5).rounded(.down)
        return UInt8(min(255, max(0, rounded)))
    }

    /// Alpha from a 0...1 fraction.
    static func alphaChannel(_ fraction: Double) -> UInt8 {
        channel(min(1, max(0, fraction)) * 255)
    }

    /// HSL (hue in degrees, saturation and lightness as 0...1) to 0...1 RGB, CSS Color 4's
    /// algorithm.
    static func rgbFromHSL(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let s = min(1, max(0, saturation))
        let l = min(1, max(0, lightness))
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}

extension CSSTokenList {
    /// The color a component spells, or nil.
    func color(_ component: CSSComponent) -> CSSColor? {
        let token = token(component)
        switch token.kind {
        case .ident:
            let name = lowercasedName(token)
            switch name {
            case "currentcolor": return .currentColor
            case "transparent": return .transparent
            default: return CSSColorParser.namedColor(name).map(CSSColor.rgba)
            }
        case .hash:
            return hexColor(token).map(CSSColor.rgba)
        case .function:
            switch lowercasedName(token) {
            case "rgb", "rgba": return rgbFunction(component).map(CSSColor.rgba)
            case "hsl", "hsla": return hslFunction(component).map(CSSColor.rgba)
            default: return nil
            }
        default:
            return nil
        }
    }

    private func hexColor(_ token: CSSToken) -> RGBAColor? {
        guard !token.hasEscape else { return nil }
        let length = token.valueEnd - token.valueStart
        guard length == 3 || length == 4 || length == 6 || length == 8 else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for i in token.valueStart..<token.valueEnd {
            guard CSSTokenizer.isHexDigit(bytes[i]) else { return nil }
            digits.append(CSSEscapes.hexValue(bytes[i]))
        }
        if length <= 4 {
            return RGBAColor(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17,
                             alpha: length == 4 ? digits[3] * 17 : 255)
        }
        return RGBAColor(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3],
                         blue: digits[4] << 4 | digits[5],
                         alpha: length == 8 ? digits[6] << 4 | digits[7] : 255)
    }

    /// The arguments of a color function split as the legacy comma syntax (3 or 4 single
    /// components, no `none`) or the modern syntax (3 components, then optionally `/` and one
    /// more). Returns the channels, the optional alpha, and whether the legacy syntax was used.
    private func colorArguments(_ component: CSSComponent) -> (channels: [CSSComponent], alpha: CSSComponent?, legacy: Bool)? {
        let arguments = self.arguments(of: component)
        // Nested blocks (calc(), var(), …) are not supported.
        for argument in arguments where argument.end - argument.index != 1 { return nil }
        if arguments.contains(where: { token($0).kind == .comma }) {
            // Legacy: a, b, c[, d]
            guard arguments.count == 5 || arguments.count == 7 else { return nil }
            var values: [CSSComponent] = []
            for (offset, argument) in arguments.enumerated() {
                let isComma = token(argument).kind == .comma
                if offset % 2 == 1 { guard isComma else { return nil } } else {
                    guard !isComma, keyword(argument) != "none" else { return nil }
                    values.append(argument)
                }
            }
            return (Array(values[0..<3]), values.count == 4 ? values[3] : nil, true)
        }
        if arguments.count == 3 { return (arguments, nil, false) }
        guard arguments.count == 5, isDelim(arguments[3], 0x2F) else { return nil }
        return (Array(arguments[0..<3]), arguments[4], false)
    }

    /// Alpha as a 0...1 fraction from a number, a percentage, or `none` (0).
    private func alphaFraction(_ component: CSSComponent) -> Double? {
        let token = token(component)
        switch token.kind {
        case .number: return token.number
        case .percentage: return token.number / 100
        case .ident: return keyword(component) == "none" ? 0 : nil
        default: return nil
        }
    }

    private func rgbFunction(_ component: CSSComponent) -> RGBAColor? {
        guard let (channels, alpha, legacy) = colorArguments(component) else { return nil }
        var values: [Double] = []
        var kinds: Set<CSSToken.Kind> = []
        for channel in channels {
            let token = token(channel)
            switch token.kind {
            case .number: values.append(token.number)
            case .percentage: values.append(token.number * 255 / 100)
            case .ident where keyword(channel) == "none": values.append(0)
            default: return nil
            }
            kinds.insert(token.kind)
        }
        // The legacy syntax does not mix numbers and percentages.
        if legacy && kinds.count > 1 { return nil }
        var alphaValue: UInt8 = 255
        if let alpha {
            guard let fraction = alphaFraction(alpha) else { return nil }
            alphaValue = CSSColorParser.alphaChannel(fraction)
        }
        return RGBAColor(red: CSSColorParser.channel(values[0]), green: CSSColorParser.channel(values[1]),
                         blue: CSSColorParser.channel(values[2]), alpha: alphaValue)
    }

    private func hslFunction(_ component: CSSComponent) -> RGBAColor? {
        guard let (channels, alpha, legacy) = colorArguments(component) else { return nil }
        let hue: Double
        if keyword(channels[0]) == "none" {
            hue = 0
        } else {
            guard let degrees = angleInDegrees(channels[0], unitlessAllowed: true) else { return nil }
            hue = degrees
        }
        var fractions: [Double] = []
        for channel in channels[1...] {
            let token = token(channel)
            switch token.kind {
            case .percentage: fractions.append(token.number / 100)
            // The modern syntax also takes plain numbers, meaning the same as percentages.
            case .number where !legacy: fractions.append(token.number / 100)
            case .ident where keyword(channel) == "none": fractions.append(0)
            default: return nil
            }
        }
        var alphaValue: UInt8 = 255
        if let alpha {
            guard let fraction = alphaFraction(alpha) else { return nil }
            alphaValue = CSSColorParser.alphaChannel(fraction)
        }
        let (r, g, b) = CSSColorParser.rgbFromHSL(hue: hue, saturation: fractions[0], lightness: fractions[1])
        return RGBAColor(red: CSSColorParser.channel(r * 255), green: CSSColorParser.channel(g * 255),
                         blue: CSSColorParser.channel(b * 255), alpha: alphaValue)
    }
}
