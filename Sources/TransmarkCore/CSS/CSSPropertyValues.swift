

/// Value parsers for the longhand properties `Style` holds. Each takes a declaration's top-level
/// components and returns nil when the value is invalid for that property.
extension CSSTokenList {
    /// The lone keyword of a one-component value.
    func singleKeyword(_ components: [CSSComponent]) -> String? {
        components.count == 1 ? keyword(components[0]) : nil
    }

    func singleColor(_ components: [CSSComponent]) -> CSSColor? {
        components.count == 1 ? color(components[0]) : nil
    }

    /// `font-weight` from one component: normal, bold, bolder, lighter, or a number 1...1000
    /// (rounded to the nearest integer).
    func fontWeight(_ component: CSSComponent) -> FontWeight? {
        if let keyword = keyword(component) {
            switch keyword {
            case "normal": return .normal
            case "bold": return .bold
            case "bolder": return .bolder
            case "lighter": return .lighter
            default: return nil
            }
        }
        guard let value = number(component), value >= 1, value <= 1000 else { return nil }
        return .weight(Int((value + 0.5).rounded(.down)))
    }

    /// `font-style`: normal, italic, or oblique with an optional angle in -90deg...90deg.
    func fontStyle(_ components: [CSSComponent]) -> FontStyle? {
        guard let first = components.first, let keyword = keyword(first) else { return nil }
        switch (keyword, components.count) {
        case ("normal", 1): return .normal
        case ("italic", 1): return .italic
        case ("oblique", 1): return .oblique
        case ("oblique", 2):
            guard let angle = angleInDegrees(components[1], unitlessAllowed: false),
                  angle >= -90, angle <= 90 else { return nil }
            return .oblique
        default: return nil
        }
    }

    /// `font-size` from one component: a non-negative length or percentage, or a keyword.
    func fontSize(_ component: CSSComponent) -> FontSize? {
        if let keyword = keyword(component) {
            return FontSizeKeyword(rawValue: keyword).map(FontSize.keyword)
        }
        return length(component, .nonNegative).map(FontSize.length)
    }

    /// `line-height` from one component: normal, a non-negative number, length or percentage.
    func lineHeight(_ component: CSSComponent) -> LineHeight? {
        if let keyword = keyword(component) {
            return keyword == "normal" ? .normal : nil
        }
        if let value = number(component) {
            return value >= 0 ? .multiple(value) : nil
        }
        return length(component, .nonNegative).map(LineHeight.length)
    }

    /// `font-family`: a comma-separated list of quoted names or runs of identifiers (joined by
    /// one space). Generic family keywords are lowercased; other names keep their case.
    func fontFamily(_ components: [CSSComponent]) -> [String]? {
        var families: [String] = []
        var words: [String] = []
        var wordCount = 0
        var quoted: String?
        func finishFamily() -> Bool {
            if let name = quoted {
                guard wordCount == 0 else { return false }
                families.append(name)
            } else {
                guard wordCount > 0 else { return false }
                if wordCount == 1, Self.genericFamilies.contains(words[0].lowercasedASCII) {
                    families.append(words[0].lowercasedASCII)
                } else {
                    // A CSS-wide keyword or `default` cannot start an unquoted name.
                    if Self.reservedFamilyWords.contains(words[0].lowercasedASCII) { return false }
                    families.append(words.joined(separator: " "))
                }
            }
            words.removeAll(keepingCapacity: true)
            wordCount = 0
            quoted = nil
            return true
        }
        for component in components {
            let token = token(component)
            switch token.kind {
            case .comma:
                guard finishFamily() else { return nil }
            case .string:
                guard quoted == nil, wordCount == 0 else { return nil }
                quoted = name(token)
            case .ident:
                guard quoted == nil else { return nil }
                words.append(name(token))
                wordCount += 1
            default:
                return nil
            }
        }
        guard finishFamily(), !families.isEmpty else { return nil }
        return families
    }

    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
        "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
    ]
    static let reservedFamilyWords: Set<String> = [
        "inherit", "initial", "unset", "revert", "revert-layer", "default",
    ]

    /// `text-decoration-line`: none, or any of underline, overline, line-through, blink (each at
    /// most once; blink is accepted and not kept).
    func textDecorationLine(_ components: [CSSComponent]) -> TextDecoration? {
        if singleKeyword(components) == "none" { return TextDecoration.none }
        var lines: TextDecoration = []
        var seen: Set<String> = []
        for component in components {
            guard let keyword = keyword(component), let line = Self.decorationLine(keyword),
                  seen.insert(keyword).inserted else { return nil }
            lines.formUnion(line)
        }
        return lines
    }

    private static func decorationLine(_ keyword: String) -> TextDecoration? {
        switch keyword {
        case "underline": .underline
        case "overline": .overline
        case "line-through": .lineThrough
        case "blink": []
        default: nil
        }
    }

    /// The `text-decoration` shorthand: its line part (none when it has no line keywords);
    /// the style, color and thickness parts are validated and dropped.
    func textDecorationShorthand(_ components: [CSSComponent]) -> TextDecoration? {
        var lines: TextDecoration = []
        var seenLines: Set<String> = []
        var sawNone = false, sawStyle = false, sawColor = false, sawThickness = false
        for component in components {
            let keyword = keyword(component)
            if let keyword, keyword == "none" {
                guard !sawNone, seenLines.isEmpty else { return nil }
                sawNone = true
            } else if let keyword, let line = Self.decorationLine(keyword) {
                guard !sawNone, seenLines.insert(keyword).inserted else { return nil }
                lines.formUnion(line)
            } else if let keyword, ["solid", "double", "dotted", "dashed", "wavy"].contains(keyword) {
                guard !sawStyle else { return nil }
                sawStyle = true
            } else if keyword == "auto" || keyword == "from-font" || (keyword == nil && length(component) != nil) {
                guard !sawThickness else { return nil }
                sawThickness = true
            } else if color(component) != nil {
                guard !sawColor else { return nil }
                sawColor = true
            } else {
                return nil
            }
        }
        return lines
    }

    /// `vertical-align`: a keyword or a length or percentage.
    func verticalAlign(_ components: [CSSComponent]) -> VerticalAlign? {
        guard components.count == 1 else { return nil }
        if let keyword = keyword(components[0]) {
            switch keyword {
            case "baseline": return .baseline
            case "super": return .super
            case "sub": return .sub
            case "top": return .top
            case "middle": return .middle
            case "bottom": return .bottom
            case "text-top": return .textTop
            case "text-bottom": return .textBottom
            default: return nil
            }
        }
        return length(components[0]).map(VerticalAlign.length)
    }

    /// `letter-spacing` / `word-spacing`: `normal` (which computes to zero, stored as `.px(0)`)
    /// or a length or percentage.
    func spacing(_ components: [CSSComponent]) -> CSSLength? {
        guard components.count == 1 else { return nil }
        if let keyword = keyword(components[0]) {
            return keyword == "normal" ? .px(0) : nil
        }
        return length(components[0])
    }

    /// `text-align`.
    func textAlign(_ components: [CSSComponent]) -> TextAlign? {
        switch singleKeyword(components) {
        case "-webkit-center", "-moz-center": return .center
        case let keyword?: return TextAlign(rawValue: keyword)
        case nil: return nil
        }
    }

    /// `display`, for the values `Display` can express; `inline-flex`, `inline-grid` and
    /// `inline-table` are inline-level boxes and map to `inline-block`, `flow-root` to `block`.
    func display(_ components: [CSSComponent]) -> Display? {
        switch singleKeyword(components) {
        case "inline-flex", "inline-grid", "inline-table": return .inlineBlock
        case "flow-root": return .block
        case let keyword?: return Display(rawValue: keyword)
        case nil: return nil
        }
    }

    /// The components of `background` minus everything but its color. Returns `.some(nil)` when
    /// the (valid) shorthand has no color, and nil when it is invalid: an unknown keyword or
    /// token, more than one color, or a color outside the final layer.
    func backgroundColor(_ components: [CSSComponent]) -> CSSColor?? {
        var found: CSSColor?
        var colorLayer = -1
        var layer = 0
        for component in components {
            let token = token(component)
            switch token.kind {
            case .comma:
                layer += 1
                continue
            case .url, .number, .percentage, .dimension:
                continue
            case .delim where isDelim(component, 0x2F):
                continue
            case .ident:
                if Self.backgroundKeywords.contains(lowercasedName(token)) { continue }
            case .function:
                let name = lowercasedName(token)
                if !["rgb", "rgba", "hsl", "hsla"].contains(name) {
                    // Images (url(), gradients, image-set(), …); var() and math are not resolved.
                    if ["var", "env", "calc", "attr"].contains(name) { return nil }
                    continue
                }
            case .hash:
                break
            default:
                return nil
            }
            guard found == nil, let color = color(component) else { return nil }
            found = color
            colorLayer = layer
        }
        if found != nil && colorLayer != layer { return nil }
        return .some(found)
    }

    static let backgroundKeywords: Set<String> = [
        "none", "repeat", "repeat-x", "repeat-y", "no-repeat", "space", "round", "scroll", "fixed",
        "local", "top", "bottom", "left", "right", "center", "border-box", "padding-box",
        "content-box", "text", "auto", "cover", "contain",
    ]
}

extension String {
    /// ASCII letters lowercased, everything else kept.
    package var lowercasedASCII: String {
        guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return self }
        return String(decoding: utf8.map(CSSEscapes.asciiLowercased), as: UTF8.self)
    }
}
