import TransmarkCore

/// Everything inherited down the tree while laying out: the run attributes plus the inherited
/// properties that only matter per paragraph or per text node.
struct ResolvedStyle: Hashable, Sendable {
    var run: RunAttributes
    var alignment: ParagraphAttributes.Alignment = .natural
    var lineHeightMultiple: Double? = nil
    var preservesWhitespace = false
    var textTransform: TextTransform = .none
}

/// Rounds to 1/1000, so every number in a `StyledText` prints exactly and reads back equal.
@inline(__always)
func normalized(_ value: Double) -> Double {
    guard value.isFinite else { return 0 }
    return (value * 1000).rounded() / 1000
}

/// Applies a declared `Style` to an inherited `ResolvedStyle`, resolving relative CSS values
/// (em, %, rem, bolder/lighter, larger/smaller) against the inherited ones.
struct StyleApplier: Sendable {
    let theme: Theme

    func apply(_ style: Style, to parent: ResolvedStyle) -> ResolvedStyle {
        var r = parent
        let parentSize = parent.run.font.size
        if let size = style.fontSize {
            r.run.font.size = normalized(max(0, fontSize(size, inherited: parentSize)))
        }
        let size = r.run.font.size
        if let weight = style.fontWeight {
            r.run.font.weight = fontWeight(weight, inherited: parent.run.font.weight)
        }
        if let fontStyle = style.fontStyle { r.run.font.italic = fontStyle != .normal }
        if let families = style.fontFamily, let first = families.first {
            r.run.font.family = family(first)
        }
        if let color = style.color, case .rgba(let c) = color { r.run.foregroundColor = c }
        if let background = style.backgroundColor {
            switch background {
            case .rgba(let c): r.run.backgroundColor = c.alpha == 0 ? nil : c
            case .currentColor: r.run.backgroundColor = r.run.foregroundColor
            }
        }
        if let decoration = style.textDecoration {
            r.run.underline = decoration.contains(.underline) ? (parent.run.underline ?? DecorationLine()) : nil
            r.run.strikethrough = decoration.contains(.lineThrough) ? (parent.run.strikethrough ?? DecorationLine()) : nil
        }
        if let vertical = style.verticalAlign {
            switch vertical {
            case .super: r.run.baselineOffset = normalized(parent.run.baselineOffset + parentSize * 0.35)
            case .sub: r.run.baselineOffset = normalized(parent.run.baselineOffset - parentSize * 0.2)
            case .baseline: r.run.baselineOffset = 0
            case .length(let l): r.run.baselineOffset = normalized(parent.run.baselineOffset + length(l, fontSize: parentSize, percentOf: parentSize))
            default: break
            }
        }
        if let spacing = style.letterSpacing {
            r.run.letterSpacing = normalized(length(spacing, fontSize: size, percentOf: size))
        }
        if let align = style.textAlign {
            switch align {
            case .left: r.alignment = .left
            case .right, .end: r.alignment = .right
            case .center: r.alignment = .center
            case .justify: r.alignment = .justified
            case .start: r.alignment = .natural
            }
        }
        if let lineHeight = style.lineHeight {
            switch lineHeight {
            case .normal: r.lineHeightMultiple = nil
            case .multiple(let m): r.lineHeightMultiple = normalized(max(0, m))
            case .length(let l):
                r.lineHeightMultiple = size > 0 ? normalized(max(0, length(l, fontSize: size, percentOf: size)) / size) : nil
            }
        }
        if let whiteSpace = style.whiteSpace { r.preservesWhitespace = whiteSpace.preservesNewlines }
        if let transform = style.textTransform { r.textTransform = transform }
        return r
    }

    /// A CSS length in points (CSS pixels count as points, as on Apple platforms).
    func length(_ l: CSSLength, fontSize: Double, percentOf base: Double) -> Double {
        switch l {
        case .px(let v), .pt(let v): v
        case .em(let v): v * fontSize
        case .rem(let v): v * theme.fontSize
        case .percent(let v): v / 100 * base
        }
    }

    func fontSize(_ size: FontSize, inherited: Double) -> Double {
        switch size {
        case .length(let l): return length(l, fontSize: inherited, percentOf: inherited)
        case .keyword(let k):
            let base = theme.fontSize
            switch k {
            case .xxSmall: return base * 0.6
            case .xSmall: return base * 0.75
            case .small: return base * 8 / 9
            case .medium: return base
            case .large: return base * 1.2
            case .xLarge: return base * 1.5
            case .xxLarge: return base * 2
            case .xxxLarge: return base * 3
            case .smaller: return inherited / 1.2
            case .larger: return inherited * 1.2
            }
        }
    }

    /// CSS Fonts 4 relative weights.
    func fontWeight(_ weight: FontWeight, inherited: Int) -> Int {
        switch weight {
        case .weight(let w): return min(900, max(100, w))
        case .bolder:
            if inherited < 350 { return 400 }
            if inherited < 550 { return 700 }
            return 900
        case .lighter:
            if inherited < 550 { return 100 }
            if inherited < 750 { return 400 }
            return 700
        }
    }

    func family(_ name: String) -> String {
        switch name.lowercased() {
        case "monospace", "ui-monospace": theme.monospaceFamily
        case "system-ui", "-apple-system", "sans-serif", "blinkmacsystemfont", "system": FontDescriptor.systemFamily
        default: name
        }
    }
}
