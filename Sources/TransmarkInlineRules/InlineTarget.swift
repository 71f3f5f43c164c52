import TransmarkCore

/// What a character rule's span becomes in the tree: a node kind named like the tree's own
/// (`strong`, `emphasis`, `strikethrough`, `underline`, `code`, `link`, `image`, `highlight`,
/// `superscript`, `subscript`, `span`) or any other name, which becomes a `custom(name:)` node;
/// either way with an optional CSS `style` (parsed with `CSSStyleParser`).
///
/// In JSON: `{"kind": "strong"}` or `{"kind": "mention", "style": "color: #1264a3"}`.
public struct InlineTarget: Codable, Sendable, Hashable {
    /// The node kind's name, or a custom name.
    public var kind: String
    /// CSS declarations for the node's style (`font-weight: bold; color: red`), if any.
    public var style: String?

    /// Creates a target.
    public init(_ kind: String, style: String? = nil) {
        self.kind = kind
        self.style = style
    }

    /// Strong emphasis.
    public static let strong = InlineTarget("strong")
    /// Emphasis.
    public static let emphasis = InlineTarget("emphasis")
    /// Strikethrough.
    public static let strikethrough = InlineTarget("strikethrough")
    /// Underline.
    public static let underline = InlineTarget("underline")
    /// Inline code (a literal rule's content becomes the code's text).
    public static let code = InlineTarget("code")
    /// A link; the rule's metadata is its destination (and `"title"`).
    public static let link = InlineTarget("link")
    /// An image; the rule's metadata is its source, its content the alternative text.
    public static let image = InlineTarget("image")
    /// Highlighted text.
    public static let highlight = InlineTarget("highlight")
    /// Superscript.
    public static let superscript = InlineTarget("superscript")
    /// Subscript.
    public static let `subscript` = InlineTarget("subscript")

    /// A styled span.
    public static func span(style: String) -> InlineTarget { InlineTarget("span", style: style) }

    /// A custom node named `name`, optionally styled.
    public static func custom(_ name: String, style: String? = nil) -> InlineTarget { InlineTarget(name, style: style) }

    /// The kind names with a node kind of their own (every other name is a custom node).
    public static let knownKinds: [String] = [
        "strong", "emphasis", "strikethrough", "underline", "code", "link", "image", "highlight",
        "superscript", "subscript", "span",
    ]
}

/// A target resolved once per frontend: the node kind for fixed kinds, the parsed style.
struct CompiledTarget: Sendable {
    enum Shape: Sendable { case fixed(NodeKind), link, image, code }
    let shape: Shape
    let style: Style?

    init(_ target: InlineTarget) {
        switch target.kind {
        case "strong": shape = .fixed(.strong)
        case "emphasis": shape = .fixed(.emphasis)
        case "strikethrough": shape = .fixed(.strikethrough)
        case "underline": shape = .fixed(.underline)
        case "highlight": shape = .fixed(.highlight)
        case "superscript": shape = .fixed(.superscript)
        case "subscript": shape = .fixed(.subscript)
        case "span": shape = .fixed(.span)
        case "code": shape = .code
        case "link": shape = .link
        case "image": shape = .image
        default: shape = .fixed(.custom(name: target.kind))
        }
        if let css = target.style {
            let parsed = CSSStyleParser.parse(css)
            style = parsed.isEmpty ? nil : parsed
        } else {
            style = nil
        }
    }
}
