/// What HTML output may contain: allowlists of node kinds, elements, attributes (global and per
/// element) and URL schemes (global and per attribute), and what happens to what is not allowed.
///
/// One policy type serves every place that decides what is safe: the HTML writer
/// (`HTMLRenderer.Options.sanitizer`, `sanitize=default|strict|none`), the Markdown writer (its
/// links, images and HTML fallbacks, with the `default` policy unless `unsafe=true`), the raw HTML
/// cleaner (`sanitize(rawHTML:)`) and the `sanitize` transform (`apply(to:)`).
///
/// Some things no enabled policy ever allows, whatever its lists say: elements that can run or
/// embed code (`HTMLNames.codeBearingElements`: `script`, `style`, `iframe`, `object`, `embed`,
/// `base`, `meta`, `form`, `svg`, `math`, …), event-handler attributes (`on…`) and `srcdoc`, and
/// URLs that `URLSafety.isDangerous` rejects (`javascript:`, `vbscript:`, `file:`, `data:` other
/// than PNG, GIF, JPEG and WebP images). To write those, use `SanitizerPolicy.none` (or the
/// writers' `unsafe=true`).
///
/// A `nil` list means "anything not in the always-refused set above"; `default` is such a policy
/// (the HTML writer's safe mode). `strict` allows only the elements the tree's kinds are written as,
/// a short list of attributes, and `http`, `https`, `mailto`, `tel` and relative URLs.
///
/// ```swift
/// var policy = SanitizerPolicy.strict
/// policy.schemes = ["https"]
/// policy.elementAttributes["a"] = ["rel", "target"]
/// var options = HTMLRenderer.Options()
/// options.sanitizer = policy
/// ```
public struct SanitizerPolicy: Sendable, Hashable {
    /// What happens to a node of a kind that is not allowed (`apply(to:)`).
    public enum Disallowed: String, CaseIterable, Sendable, Hashable {
        /// Leave the node out, keep its content.
        case unwrap
        /// Leave the node and its content out.
        case drop
    }

    /// Whether the policy removes anything at all (`false` only for `none`).
    public var isEnabled = true
    /// The node kinds allowed (`nil`: all). The document and plain text always are; raw HTML
    /// nodes are governed by a `RawHTMLPolicy` instead. Used by `apply(to:)` (the `sanitize`
    /// transform, and the HTML writer before it writes a whole document).
    public var kinds: Set<NodeKind.Tag>?
    /// What happens to nodes of other kinds.
    public var disallowed = Disallowed.unwrap
    /// The element names (lowercase) allowed for division and custom nodes and in raw HTML
    /// (`nil`: every element that cannot run or embed code). A division or custom node with
    /// another element is written as `div` or `span`; a tag in raw HTML is removed.
    public var elements: Set<String>?
    /// The attribute names allowed on every element (`nil`: all but event handlers and
    /// `srcdoc`); `prefix*` allows every name with that prefix (`data-*`).
    public var attributes: [String]?
    /// Attribute names allowed on particular elements in addition to `attributes` (element name
    /// → names, `prefix*` allowed), when `attributes` is a list.
    public var elementAttributes: [String: [String]] = [:]
    /// The URL schemes allowed in URL attributes, links and images (lowercase, no `:`; `nil`:
    /// every scheme that is not dangerous).
    public var schemes: [String]?
    /// Schemes for particular attributes (`src` → `["https", "data"]`), replacing `schemes` there.
    public var attributeSchemes: [String: [String]] = [:]
    /// Whether relative references (no scheme) are allowed.
    public var relativeURLs = true
    /// Whether styles are kept: a node's typed style, and `style` attributes in raw HTML (those
    /// with `url(`, `expression(`, `javascript:`, `@import` or a backslash never are).
    public var styles = true

    /// A policy that allows everything: no sanitizing at all (what `unsafe=true` means).
    public static let none: SanitizerPolicy = {
        var p = SanitizerPolicy()
        p.isEnabled = false
        return p
    }()

    /// The HTML writer's safe mode (the default): everything but code-bearing elements,
    /// event handlers, `srcdoc` and dangerous URLs.
    public static let `default` = SanitizerPolicy()

    /// Only the elements the tree's kinds are written as (`strictElements`), `strictAttributes`,
    /// `http`, `https`, `mailto` and `tel` URLs and relative references; raw HTML and custom
    /// nodes are unwrapped by `apply(to:)`; typed styles are kept.
    public static let strict: SanitizerPolicy = {
        var p = SanitizerPolicy()
        p.kinds = Set(NodeKind.Tag.allCases).subtracting([.htmlBlock, .htmlInline, .custom])
        p.elements = strictElements
        p.attributes = strictAttributes
        p.schemes = ["http", "https", "mailto", "tel"]
        return p
    }()

    /// Elements of `strict`: those the HTML writer writes for the tree's kinds, plus common
    /// document containers.
    public static let strictElements: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code", "hr", "br",
        "em", "strong", "del", "s", "u", "ins", "sup", "sub", "mark", "span", "div", "a", "img", "table",
        "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "dl", "dt", "dd", "section", "article",
        "aside", "header", "footer", "nav", "main", "figure", "figcaption", "b", "i", "small", "abbr",
        "cite", "q", "kbd", "samp", "var", "time", "details", "summary",
    ]

    /// Attributes of `strict` (and the `sanitize` transform's default): ids, classes, titles,
    /// languages, sizes, table spans, list numbering, image candidates, dates, citations, and
    /// `href`/`src` (their URLs checked).
    public static let strictAttributes = ["id", "class", "title", "lang", "dir", "alt", "width", "height", "colspan",
                                          "rowspan", "align", "start", "reversed", "type", "srcset", "datetime", "cite",
                                          "href", "src"]

    /// The policy for a preset name (`default`, `strict`, `none`).
    public init?(preset: String) {
        switch preset.lowercased() {
        case "default", "safe": self = .default
        case "strict": self = .strict
        case "none", "off": self = .none
        default: return nil
        }
    }

    /// The `default` policy.
    public init() {}

    // MARK: Decisions

    /// Whether an element may be written (`name` in any case).
    public func allowsElement(_ name: String) -> Bool {
        guard isEnabled else { return true }
        let lower = name.lowercased()
        if HTMLNames.codeBearingElements.contains(lower) { return false }
        guard let elements else { return true }
        return elements.contains(lower)
    }

    /// Whether an attribute may be written on `element` with this value (the value as a browser
    /// reads it, character references decoded).
    public func allowsAttribute(_ name: String, value: String, element: String = "") -> Bool {
        guard isEnabled else { return true }
        let lower = HTMLNames.asciiLowercased(name)
        if HTMLNames.isEventHandler(lower) || lower == "srcdoc" { return false }
        if let attributes {
            let perElement = elementAttributes.isEmpty ? nil : elementAttributes[element.lowercased()]
            guard Self.matches(lower, attributes) || (perElement.map { Self.matches(lower, $0) } ?? false) else {
                return false
            }
        }
        if lower == "style" { return styles && !Self.isDangerousCSS(value) }
        if HTMLNames.isURLAttribute(lower) { return allowsURL(value, attribute: lower) }
        return true
    }

    /// Whether a URL may be written in `attribute` (`href` for links, `src` for images; every
    /// candidate of a `srcset` is checked).
    public func allowsURL(_ url: String, attribute: String = "href") -> Bool {
        guard isEnabled else { return true }
        if attribute == "srcset" {
            return url.split(separator: ",").allSatisfy { candidate in
                let trimmed = candidate.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
                return allowsURL(String(trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }), attribute: "src")
            }
        }
        if URLSafety.isDangerous(url) { return false }
        guard let allowed = attributeSchemes[attribute] ?? schemes else { return true }
        guard let scheme = URLSafety.scheme(of: url) else { return relativeURLs }
        return allowed.contains { $0.lowercased() == scheme }
    }

    static func matches(_ name: String, _ list: [String]) -> Bool {
        for item in list {
            if item.hasSuffix("*") {
                if name.hasPrefix(item.dropLast().lowercased()) { return true }
            } else if item.lowercased() == name {
                return true
            }
        }
        return false
    }

    /// CSS that could load or run something in some browser. Comments (`/* … */`, an unclosed
    /// one to the end) are left out before looking, as old IE did: `ex/**/pression(` is
    /// `expression(`.
    static func isDangerousCSS(_ css: String) -> Bool {
        var lower: [UInt8] = []
        lower.reserveCapacity(css.utf8.count)
        var inComment = false
        // The byte just before, as written (a comment opens with `/*` side by side); 0 after a
        // comment's `*/` (whose `/` opens nothing).
        var previous: UInt8 = 0
        for b in css.utf8 {
            if inComment {
                if previous == UInt8(ascii: "*") && b == UInt8(ascii: "/") {
                    inComment = false
                    previous = 0
                } else {
                    previous = b
                }
                continue
            }
            if b == UInt8(ascii: "*") && previous == UInt8(ascii: "/") {
                lower.removeLast()
                inComment = true
                previous = 0
                continue
            }
            previous = b
            if b == UInt8(ascii: "\\") { return true }
            if b <= 0x20 { continue }
            lower.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        for needle in ["url(", "expression(", "javascript:", "vbscript:", "@import", "behavior:", "-moz-binding"] {
            let n = Array(needle.utf8)
            if lower.count >= n.count {
                for k in 0...(lower.count - n.count) where lower[k] == n[0] && lower[k..<(k + n.count)].elementsEqual(n) {
                    return true
                }
            }
        }
        return false
    }
}
