import TransmarkCore

/// A tag of a tagged string as the parser met it: name (lowercased) and attributes.
public struct TaggedStringTag: Sendable, Hashable {
    /// The tag name, lowercased.
    public var name: String
    /// The attributes in source order, entities decoded.
    public var attributes: [Attribute]

    /// Creates a tag.
    public init(name: String, attributes: [Attribute] = []) {
        self.name = name
        self.attributes = attributes
    }

    /// The value of the first attribute with this name.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// What a tag of a tagged string does to the attributes of the text inside it.
public enum TagRule: Sendable {
    /// A fixed CSS style, resolved against the inherited attributes (so `em`, `%`, `bolder` work).
    case style(Style)
    /// Attributes computed from the tag (its attributes) and the inherited attributes.
    case dynamic(@Sendable (TaggedStringTag, RunAttributes) -> RunAttributes)
}

/// The meaning of tags for `TaggedString.styledText(_:)`: base attributes, rules per tag name,
/// a handler for unknown tags, and whether malformed markup is an error.
public struct TaggedStringStyles: Sendable {
    /// The attributes of text outside any tag.
    public var base: RunAttributes
    /// Rules by lowercased tag name.
    public var tags: [String: TagRule]
    /// Computes attributes for tags without a rule; when `nil`, unknown tags are stripped and
    /// their content keeps the inherited attributes.
    public var unknownTag: (@Sendable (TaggedStringTag, RunAttributes) -> RunAttributes)?
    /// Whether malformed markup throws `TransmarkError.malformedInput` (naming the byte offset)
    /// instead of being repaired.
    public var isStrict: Bool
    /// The theme used to resolve relative CSS values (`rem`, keywords).
    public var theme: Theme
    /// Whether each tag's name is recorded as the runs' `sourceTag`.
    public var recordsSourceTag: Bool

    /// Creates tag styles.
    public init(base: RunAttributes = RunAttributes(), tags: [String: TagRule] = [:],
                unknownTag: (@Sendable (TaggedStringTag, RunAttributes) -> RunAttributes)? = nil,
                isStrict: Bool = false, theme: Theme = .default, recordsSourceTag: Bool = false) {
        self.base = base
        self.tags = tags
        self.unknownTag = unknownTag
        self.isStrict = isStrict
        self.theme = theme
        self.recordsSourceTag = recordsSourceTag
    }

    /// The common inline tags: `b`/`strong`, `i`/`em`, `u`, `s`/`del`, `code`, `mark`, `sup`,
    /// `sub`, and `a` (its `href` becomes the link), over `base`.
    public static func standard(base: RunAttributes = RunAttributes(), theme: Theme = .default) -> TaggedStringStyles {
        func kind(_ k: NodeKind, _ trait: InlineTraits) -> TagRule {
            let style = theme.style(for: k)
            let applier = StyleApplier(theme: theme)
            return .dynamic { _, inherited in
                var r = applier.apply(style, to: ResolvedStyle(run: inherited)).run
                r.traits.insert(trait)
                return r
            }
        }
        var tags: [String: TagRule] = [
            "b": kind(.strong, .strong), "strong": kind(.strong, .strong),
            "i": kind(.emphasis, .emphasis), "em": kind(.emphasis, .emphasis),
            "u": kind(.underline, .underline), "s": kind(.strikethrough, .strikethrough),
            "del": kind(.strikethrough, .strikethrough), "code": kind(.code, []),
            "mark": kind(.highlight, .highlight), "sup": kind(.superscript, .superscript),
            "sub": kind(.subscript, .subscript),
        ]
        let link = theme.style(for: .link(destination: "", title: ""))
        let applier = StyleApplier(theme: theme)
        tags["a"] = .dynamic { tag, inherited in
            var r = applier.apply(link, to: ResolvedStyle(run: inherited)).run
            r.link = LinkTarget(url: tag.attribute("href") ?? "", title: tag.attribute("title") ?? "")
            return r
        }
        if case .dynamic(let code)? = tags["code"] {
            tags["code"] = .dynamic { tag, inherited in
                var r = code(tag, inherited)
                r.traits.insert(.code)
                return r
            }
        }
        return TaggedStringStyles(base: base, tags: tags, theme: theme)
    }
}
