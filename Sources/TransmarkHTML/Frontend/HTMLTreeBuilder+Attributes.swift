import TransmarkCore

// Attributes and styles of element nodes.
extension HTMLTreeBuilder {
    /// The ASCII bytes of a name of at most eight bytes packed little-endian into a word, or 0.
    /// (Every name compared this way is lowercase ASCII, so equal words mean equal strings.)
    @inline(__always)
    static func packedName(_ name: String) -> UInt64 {
        let utf8 = name.utf8
        guard utf8.count <= 8 else { return 0 }
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for b in utf8 {
            packed |= UInt64(b) << shift
            shift += 8
        }
        return packed
    }

    // Packed attribute names (see `packedName`).
    static let textName: UInt64 = 0x7478_6574        // "text"
    static let sizeName: UInt64 = 0x657A_6973        // "size"
    static let faceName: UInt64 = 0x6563_6166        // "face"
    static let styleName: UInt64 = 0x65_6C79_7473    // "style"
    static let alignName: UInt64 = 0x6E_6769_6C61    // "align"
    static let colorName: UInt64 = 0x72_6F6C_6F63    // "color"
    static let hiddenName: UInt64 = 0x6E65_6464_6968 // "hidden"
    static let valignName: UInt64 = 0x6E67_696C_6176 // "valign"
    static let nowrapName: UInt64 = 0x7061_7277_6F6E // "nowrap"
    static let bgcolorName: UInt64 = 0x72_6F6C_6F63_6762 // "bgcolor"
    static let colspanName = packedName("colspan")
    static let rowspanName = packedName("rowspan")
    static let hrefName = packedName("href")
    static let titleName = packedName("title")
    static let startName = packedName("start")
    static let typeName = packedName("type")
    static let reversedName = packedName("reversed")
    static let srcName = packedName("src")
    static let altName = packedName("alt")
    static let widthName = packedName("width")
    static let heightName = packedName("height")
    static let className = packedName("class")
    static let nameName = packedName("name")
    static let idName = packedName("id")

    /// Whether an attribute name (packed, see `packedName`) can contribute to the style (inline
    /// or presentational).
    @inline(__always)
    static func isStyleAttribute(packed n: UInt64) -> Bool {
        n == styleName || n == alignName || n == colorName || n == textName || n == sizeName || n == faceName
            || n == hiddenName || n == valignName || n == nowrapName || n == bgcolorName
    }

    /// The element's style: inline `style=""` over its presentational attributes. Pages repeat
    /// the same few styles, so results are kept by element name and style attributes.
    mutating func style(of element: HTMLElement, name: String, _ tag: HTMLStartTag) -> Style? {
        var relevant = element == .center || element == .small || element == .big || element == .nobr
        // `tag` is the tag just read: the tokenizer already knows whether any name can matter.
        if !relevant && !tokenizer.tagHasStyleAttribute { return nil }
        var key: [UInt8] = []
        for i in 0 ..< tag.attributeCount where Self.isStyleAttribute(packed: tag.packedName(at: i)) {
            relevant = true
            key.append(contentsOf: tag.name(at: i))
            key.append(0)
            key.append(contentsOf: tag.value(at: i))
            key.append(0)
        }
        guard relevant else { return nil }
        let cacheKey = HTMLStyleCacheKey(name: name, attributes: key)
        if let cached = styleCache[cacheKey] { return cached }
        let style = Self.style(of: element, name: name, tag)
        if styleCache.count >= Self.styleCacheLimit { styleCache.removeAll(keepingCapacity: true) }
        styleCache[cacheKey] = style
        return style
    }

    /// The most styles kept by `style(of:name:_:)`.
    static let styleCacheLimit = 2048

    /// The element's style, computed (see the cached `style(of:name:_:)`).
    static func style(of element: HTMLElement, name: String, _ tag: HTMLStartTag) -> Style? {
        var relevant = element == .center || element == .small || element == .big || element == .nobr
        var attributes: [Attribute] = []
        for i in 0 ..< tag.attributeCount {
            let packed = tag.packedName(at: i)
            guard isStyleAttribute(packed: packed) else { continue }
            relevant = true
            if (element == .td || element == .th) && packed == alignName { continue }
            attributes.append(Attribute(String(decoding: tag.name(at: i), as: UTF8.self),
                                        String(decoding: tag.value(at: i), as: UTF8.self)))
        }
        guard relevant else { return nil }
        var style = HTMLPresentationalStyle.style(forElement: name, attributes: attributes)
        switch element {
        case .small where style.fontSize == nil: style.fontSize = .keyword(.smaller)
        case .big where style.fontSize == nil: style.fontSize = .keyword(.larger)
        case .nobr where style.whiteSpace == nil: style.whiteSpace = .nowrap
        default: break
        }
        return style.isEmpty ? nil : style
    }

    /// Whether the attribute named `n` (packed, see `packedName`) on `element` was consumed into
    /// the style.
    @inline(__always)
    static func isConsumedIntoStyle(packed n: UInt64, element: HTMLElement) -> Bool {
        guard isStyleAttribute(packed: n) else { return false }
        switch n {
        case styleName, bgcolorName, hiddenName: return true
        case valignName: return element == .td || element == .th || element == .tr || element == .tbody
            || element == .thead || element == .tfoot
        case nowrapName: return element == .td || element == .th
        case colorName, sizeName, faceName: return element == .font
        case textName: return element == .body
        case alignName:
            switch element {
            case .div, .p, .h1, .h2, .h3, .h4, .h5, .h6, .caption, .legend, .td, .th, .tr, .tbody, .thead, .tfoot:
                return true
            default: return false
            }
        default: return false
        }
    }

    /// The attributes kept on the node: all but those consumed into the kind (`consumed` is
    /// given packed names, see `packedName`) or the style, added to the document as bytes. (In
    /// suppressed content the list may end up on no node; it costs its bytes, nothing else.)
    /// `replacingClassWith` rewrites the value of `class` (nil drops it).
    /// `nameAsID`: a `name` attribute is kept as `id` (`<a name="x">`, the anchor old pages
    /// link to as `#x`, is what `id` names today) unless the tag has an `id` (looked for only
    /// when there is a name: most tags have none).
    mutating func keptAttributes(_ tag: HTMLStartTag, element: HTMLElement, hasStyle: Bool, nameAsID: Bool = false,
                                 consumed: (UInt64) -> Bool = { _ in false },
                                 replacingClassWith replaceClass: ((String) -> String?)? = nil) -> AttributeListID {
        if tag.attributeCount == 0 { return .none }
        builder.beginAttributeList()
        for i in 0 ..< tag.attributeCount {
            let n = tag.packedName(at: i)
            if n != 0 {
                if consumed(n) { continue }
                if nameAsID && n == Self.nameName && tag.value(at: i).count > 0 && !tag.hasAttribute("id") {
                    ("id" as StaticString).withUTF8Buffer { builder.appendAttribute(name: $0, value: tag.value(at: i)) }
                    continue
                }
                if Self.isConsumedIntoStyle(packed: n, element: element)
                    && (hasStyle || n == Self.styleName || n == Self.hiddenName) {
                    continue
                }
                if n == Self.className, let replaceClass {
                    guard var value = replaceClass(String(decoding: tag.value(at: i), as: UTF8.self)) else { continue }
                    value.withUTF8 { builder.appendAttribute(name: tag.name(at: i), value: $0) }
                    continue
                }
            }
            builder.appendAttribute(name: tag.name(at: i), value: tag.value(at: i))
        }
        return builder.endAttributeList()
    }

    /// Every attribute of a tag, as tree attributes.
    static func allAttributes(_ tag: HTMLStartTag) -> [Attribute] {
        tag.attributes.map { Attribute($0.name, $0.value) }
    }

    /// Whether an element with this style is hidden (`display: none`).
    @inline(__always)
    static func isHidden(_ style: Style?) -> Bool {
        style?.display == Display.none
    }

    /// The class words of the panels that tabs and accordions show when clicked.
    static let revealedPanelClasses: Set<String> = [
        "tab-pane", "tab-panel", "tabpanel", "tabs-panel", "tab-content", "accordion-body", "accordion-content",
        "accordion-panel", "accordion-collapse", "panel-collapse",
    ]

    /// Whether a hidden element is hidden only until script shows it, so that it is read like
    /// visible content: a tab or accordion panel (`role="tabpanel"`, or a class word such as
    /// `tab-pane` or `accordion-collapse`) or a segment streamed by React (`<div hidden
    /// id="S:0">`, moved into place by script).
    static func isRevealedByScript(_ tag: HTMLStartTag) -> Bool {
        if let role = tag.attribute("role"), role.lowercasedASCII == "tabpanel" { return true }
        if let id = tag.attribute("id"), id.utf8.count > 2, id.hasPrefix("S:"), id.utf8.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return true
        }
        guard let classes = tag.attribute("class") else { return false }
        return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            .contains { revealedPanelClasses.contains(String($0).lowercasedASCII) }
    }
}

/// What an element's style depends on: its name and its style attributes in order (each name
/// and value followed by a NUL, which neither contains).
struct HTMLStyleCacheKey: Hashable {
    var name: String
    var attributes: [UInt8]

    /// The bytes hashed at once (an array of bytes hashes byte by byte).
    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        attributes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
