

/// The parts of a `font` shorthand that `Style` keeps. As in CSS, the shorthand resets what it
/// does not mention: an omitted style or weight is `normal`, an omitted line height `normal`.
struct CSSFontShorthand: Sendable {
    var style: FontStyle = .normal
    var weight: FontWeight = .normal
    var size: FontSize
    var lineHeight: LineHeight = .normal
    var family: [String]
}

extension CSSTokenList {
    /// `font: [<style> || <variant> || <weight> || <stretch>]? <size> [/ <line-height>]? <family>`.
    /// `small-caps` and the stretch keywords are accepted and dropped; system-font keywords
    /// (`caption`, `menu`, …) cannot be expressed and make the declaration invalid.
    func fontShorthand(_ components: [CSSComponent]) -> CSSFontShorthand? {
        var style: FontStyle?
        var weight: FontWeight?
        var sawVariant = false, sawStretch = false
        var normals = 0
        var i = 0
        // The optional prefix: up to four of style, variant, weight, stretch (`normal` fits any).
        prefix: while i < components.count, i < 4 {
            let component = components[i]
            if let keyword = keyword(component) {
                switch keyword {
                case "normal":
                    normals += 1
                case "italic", "oblique":
                    guard style == nil else { return nil }
                    style = keyword == "italic" ? .italic : .oblique
                    if keyword == "oblique", i + 1 < components.count,
                       let angle = angleInDegrees(components[i + 1], unitlessAllowed: false),
                       token(components[i + 1]).kind == .dimension {
                        guard angle >= -90, angle <= 90 else { return nil }
                        i += 1
                    }
                case "small-caps":
                    guard !sawVariant else { return nil }
                    sawVariant = true
                case "bold", "bolder", "lighter":
                    guard weight == nil, let parsed = fontWeight(component) else { return nil }
                    weight = parsed
                case "ultra-condensed", "extra-condensed", "condensed", "semi-condensed",
                     "semi-expanded", "expanded", "extra-expanded", "ultra-expanded":
                    guard !sawStretch else { return nil }
                    sawStretch = true
                default:
                    break prefix
                }
            } else if token(component).kind == .number, let parsed = fontWeight(component) {
                guard weight == nil else { return nil }
                weight = parsed
            } else {
                break prefix
            }
            i += 1
        }
        let explicit = (style != nil ? 1 : 0) + (weight != nil ? 1 : 0) + (sawVariant ? 1 : 0) + (sawStretch ? 1 : 0)
        guard explicit + normals <= 4 else { return nil }
        // The size, then an optional `/ line-height`, then the family list.
        guard i < components.count, let size = fontSize(components[i]) else { return nil }
        i += 1
        var lineHeight = LineHeight.normal
        if i < components.count, isDelim(components[i], 0x2F) {
            guard i + 1 < components.count, let parsed = self.lineHeight(components[i + 1]) else { return nil }
            lineHeight = parsed
            i += 2
        }
        guard i < components.count, let family = fontFamily(Array(components[i...])) else { return nil }
        return CSSFontShorthand(style: style ?? .normal, weight: weight ?? .normal, size: size,
                                lineHeight: lineHeight, family: family)
    }
}
