import TransmarkCore

/// One token produced by ``HTMLTokenizer``.
public enum HTMLToken: Sendable, Equatable {
    /// A `<!DOCTYPE …>`.
    indirect case doctype(HTMLDoctype)
    /// A start tag such as `<a href="x">` or `<br/>`.
    case startTag(HTMLTag)
    /// An end tag such as `</p>`. Attributes and the self-closing flag of end tags are parse
    /// errors; they are kept in the ``HTMLTag`` value but mean nothing.
    case endTag(HTMLTag)
    /// A comment; the value is the comment's text (for `<!-- x -->` it is `" x "`).
    case comment(String)
    /// A run of text as UTF-8 bytes, character references already decoded.
    ///
    /// The slice shares storage with the tokenizer's input or with a constant table (no copy
    /// is made); it stays valid for as long as you keep it. A long stretch of text may arrive
    /// as several adjacent `text` tokens (for example split around `&amp;`); consumers should
    /// join adjacent text.
    case text(ArraySlice<UInt8>)
}

/// A start or end tag.
public struct HTMLTag: Sendable, Equatable {
    /// The tag name, ASCII-lowercased.
    public var name: String
    /// The attributes in source order, without duplicates (the first of several equal names
    /// wins): names ASCII-lowercased, values with character references decoded (`""` for a
    /// boolean attribute such as `disabled`).
    public var attributes: [Attribute]
    /// Whether the tag ended with `/>`.
    public var isSelfClosing: Bool

    /// A tag with a name, attributes and whether it closes itself.
    public init(name: String, attributes: [Attribute] = [], isSelfClosing: Bool = false) {
        self.name = name
        self.attributes = attributes
        self.isSelfClosing = isSelfClosing
    }

    /// The value of the attribute named `name` (lowercase), if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}


/// A `<!DOCTYPE …>` token.
public struct HTMLDoctype: Sendable, Equatable {
    /// The doctype name, ASCII-lowercased (`"html"`), or `nil` when missing.
    public var name: String?
    /// The public identifier, or `nil` when missing.
    public var publicIdentifier: String?
    /// The system identifier, or `nil` when missing.
    public var systemIdentifier: String?
    /// Whether the doctype was malformed so that the document must be rendered in quirks mode.
    public var forceQuirks: Bool

    /// A DOCTYPE with its name, identifiers and quirks flag.
    public init(name: String? = nil, publicIdentifier: String? = nil, systemIdentifier: String? = nil, forceQuirks: Bool = false) {
        self.name = name
        self.publicIdentifier = publicIdentifier
        self.systemIdentifier = systemIdentifier
        self.forceQuirks = forceQuirks
    }
}
