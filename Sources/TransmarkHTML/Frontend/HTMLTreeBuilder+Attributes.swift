import TransmarkCore

// Attributes and styles of element nodes.
extension HTMLTreeBuilder {
    /// Whether an attribute name can contribute to the style (inline or presentational).
    @inline(__always)
    static func isStyleAttribute(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: return name == "text" || name == "size" || name == "face"
        case 5: return name == "style" || name == "align" || name == "color"
        case 6: return name == "hidden" || name == "valign" || name == "nowrap"
        case 7: return name == "bgcolor"
        default: return false
        }
    }

    /// The element's style: inline `style=""` over its presentational attributes.
    static func style(of element: HTMLElement, name: String, _ tag: HTMLTag) -> Style? {
        var relevant = element == .center || element == .small || element == .big || element == .nobr
        if !relevant {
            for a in tag.attributes where isStyleAttribute(a.name) {
                relevant = true
                break
            }
        }
        guard relevant else { return nil }
        var attributes: [Attribute] = []
        for a in tag.attributes where isStyleAttribute(a.name) {
            if a.name == "align" && (element == .td || element == .th) { continue }
            attributes.append(Attribute(a.name, a.value))
        }
        var style = HTMLPresentationalStyle.style(forElement: name, attributes: attributes)
        switch element {
        case .small where style.fontSize == nil: style.fontSize = .keyword(.smaller)
        case .big where style.fontSize == nil: style.fontSize = .keyword(.larger)
        case .nobr where style.whiteSpace == nil: style.whiteSpace = .nowrap
        default: break
        }
        return style.isEmpty ? nil : style
    }

    /// Whether `name` on `element` was consumed into the style.
    @inline(__always)
    static func isConsumedIntoStyle(_ name: String, element: HTMLElement) -> Bool {
        switch name {
        case "style", "bgcolor", "hidden": return true
        case "valign": return element == .td || element == .th || element == .tr || element == .tbody
            || element == .thead || element == .tfoot
        case "nowrap": return element == .td || element == .th
        case "color", "size", "face": return element == .font
        case "text": return element == .body
        case "align":
            switch element {
            case .div, .p, .h1, .h2, .h3, .h4, .h5, .h6, .caption, .legend, .td, .th, .tr, .tbody, .thead, .tfoot:
                return true
            default: return false
            }
        default: return false
        }
    }

    /// The attributes kept on the node: all but those consumed into the kind or the style.
    static func keptAttributes(_ tag: HTMLTag, element: HTMLElement, hasStyle: Bool,
                               consumed: (String) -> Bool = { _ in false }) -> [Attribute] {
        if tag.attributes.isEmpty { return [] }
        var kept: [Attribute] = []
        kept.reserveCapacity(tag.attributes.count)
        for a in tag.attributes {
            if consumed(a.name) { continue }
            if isConsumedIntoStyle(a.name, element: element) && (hasStyle || a.name == "style" || a.name == "hidden") {
                continue
            }
            kept.append(Attribute(a.name, a.value))
        }
        return kept
    }

    /// Every attribute of a tag, as tree attributes.
    static func allAttributes(_ tag: HTMLTag) -> [Attribute] {
        tag.attributes.map { Attribute($0.name, $0.value) }
    }

    /// Whether an element with this style is hidden (`display: none`).
    @inline(__always)
    static func isHidden(_ style: Style?) -> Bool {
        style?.display == Display.none
    }
}
