import TransmarkCore

/// What an HTML element becomes in the Markup tree: a node of a fixed or computed kind and style,
/// or no node at all (its children unwrapped into its parent, dropped with it, or its tag kept
/// as literal text).
///
/// ```swift
/// var registry = HTMLTagRegistry.standard
/// registry.setMapping(.node(.custom(name: "story")), for: "story")
/// registry.setMapping(.styled(emphasisStyle), for: "aside-note")
/// registry.setMapping(.computed { element in
///     element.attribute("type") == "1" ? .init(kind: .strong) : nil      // nil: unwrap
/// }, for: "story")
/// ```
public struct HTMLElementMapping: Sendable {
    enum Action: Sendable {
        case builtin
        case node(NodeKind, Style?)
        case computed(@Sendable (HTMLElementInfo) -> Node?)
        case unwrap
        case drop
        case literalText
    }

    let action: Action

    /// The node an element becomes, as a computed mapping returns it.
    public struct Node: Sendable {
        /// The node's kind.
        public var kind: NodeKind
        /// A style for the node; the element's own `style=""` (and presentational attributes)
        /// win over it field by field.
        public var style: Style?
        /// The node's attributes; `nil` keeps the element's attributes (without `style`).
        public var attributes: [Attribute]?

        /// Creates a node description.
        public init(kind: NodeKind, style: Style? = nil, attributes: [Attribute]? = nil) {
            self.kind = kind
            self.style = style
            self.attributes = attributes
        }
    }

    /// The element becomes a node of `kind` carrying `style` (merged under the element's own
    /// inline style) and the element's attributes.
    public static func node(_ kind: NodeKind, style: Style? = nil) -> HTMLElementMapping {
        HTMLElementMapping(action: .node(kind, style))
    }

    /// The element becomes a `span` carrying `style`.
    public static func styled(_ style: Style) -> HTMLElementMapping {
        HTMLElementMapping(action: .node(.span, style))
    }

    /// The node is computed from the element's name and attributes each time the tag occurs;
    /// returning `nil` unwraps the element (its children go to its parent).
    public static func computed(_ body: @escaping @Sendable (HTMLElementInfo) -> Node?) -> HTMLElementMapping {
        HTMLElementMapping(action: .computed(body))
    }

    /// No node: the element's children go to its parent.
    public static let unwrap = HTMLElementMapping(action: .unwrap)
    /// The element and everything in it are dropped.
    public static let drop = HTMLElementMapping(action: .drop)
    /// The element's tags are kept as literal text (`<story>` stays `<story>`); its content is
    /// parsed as usual.
    public static let literalText = HTMLElementMapping(action: .literalText)

    /// The built-in mapping of a known HTML element (see ``HTMLTagRegistry/standard``).
    static let builtin = HTMLElementMapping(action: .builtin)
}

/// An element as a computed mapping sees it.
public struct HTMLElementInfo: Sendable {
    /// The tag name, ASCII-lowercased.
    public let name: String
    /// The attributes in source order (the first of several equal names wins).
    public let attributes: [Attribute]

    /// The value of the attribute named `name` (lowercase), if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

