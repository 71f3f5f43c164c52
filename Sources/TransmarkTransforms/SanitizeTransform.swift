import TransmarkCore

/// `sanitize`: keeps only allowed node kinds, attributes and URL schemes. The decisions are the
/// core's `SanitizerPolicy` (`Options.policy`), the same the HTML writer makes; dangerous URLs
/// (`javascript:`, `vbscript:`, `file:`, non-image `data:`) are refused even when their scheme is
/// listed.
///
/// - Nodes of a kind not in `kinds` are unwrapped (their content stays) or dropped, as
///   `disallowed` says; raw HTML follows `rawHTML` (dropped by default).
/// - Attributes not in `attributes` are removed (a trailing `*` allows a prefix: `data-*`); event
///   handlers (`on…`) and `style` attributes are always removed (the typed style stays unless
///   `styles=false`).
/// - Links whose destination has a scheme not in `schemes` are unwrapped (their text stays),
///   images with one are replaced by their alternative text, and `href`, `src`, `srcset`, `cite`
///   and `poster` attributes with one are removed. Schemes are read as browsers read them
///   (leading controls and spaces skipped, tabs and newlines inside ignored), so
///   `java&#9;script:` is `javascript:`. Relative references are allowed unless
///   `relative=false`.
///
/// ```swift
/// var options = SanitizeTransform.Options()
/// options.schemes = ["https"]
/// let safe = try SanitizeTransform().apply(to: untrusted, options: options)
/// ```
public struct SanitizeTransform: Transform {
    /// What happens to a node of a kind that is not allowed.
    public enum Disallowed: String, CaseIterable, Sendable {
        /// Leave the node out, keep its content.
        case unwrap
        /// Leave the node and its content out.
        case drop
    }

    /// The options of `sanitize`.
    public struct Options: FormatOptions {
        // option: .custom(accepted: "node kind names, comma-separated (paragraph,heading,link,…)",
        //     summary: "the node kinds allowed (raw HTML: see rawHTML)", parse: Self.kinds(parsing:), format: Self.text(of:))
        /// The kinds allowed (by `NodeKind.Tag`); the document and plain text always are. Raw HTML
        /// is governed by `rawHTML` instead.
        public var kinds: Set<NodeKind.Tag> = Options.defaultKinds
        // option: .choice(summary: "nodes of other kinds: unwrap (keep content) or drop")
        /// What happens to nodes of other kinds.
        public var disallowed = Disallowed.unwrap
        // option: .choice(summary: "raw HTML nodes: drop, text (as literal text) or keep")
        /// What happens to raw HTML nodes.
        public var rawHTML = RawHTMLPolicy.drop
        // option: .list(accepted: "attribute names, comma-separated (prefix* allowed)",
        //     summary: "the attributes allowed (on… handlers and style never are)")
        /// The attribute names allowed; `prefix*` allows every name with that prefix.
        public var attributes: [String] = Options.defaultAttributes
        // option: .list(accepted: "URL schemes, comma-separated",
        //     summary: "the URL schemes allowed in links, images and URL attributes")
        /// The URL schemes allowed in links, images and URL attributes (lowercase, no `:`).
        public var schemes: [String] = ["http", "https", "mailto", "tel"]
        // option: .bool(summary: "allow relative URLs (no scheme)")
        /// Whether relative references (no scheme) are allowed.
        public var relative = true
        // option: .bool(summary: "keep typed styles")
        /// Whether typed styles are kept.
        public var styles = true

        /// Every kind but raw HTML and custom nodes (`SanitizerPolicy.strict`'s kinds).
        public static let defaultKinds: Set<NodeKind.Tag> = SanitizerPolicy.strict.kinds ?? []
        /// Attributes that carry no code: ids, classes, titles, languages, sizes, table spans,
        /// list numbering, image candidates, dates, citations, `href`/`src` (their URLs checked)
        /// (`SanitizerPolicy.strictAttributes`).
        public static let defaultAttributes = SanitizerPolicy.strictAttributes

        /// The safe defaults.
        public init() {}

        /// The kinds named in `list`, comma-separated and in any case (`paragraph,heading`), or
        /// `nil` when a name is no kind (the `kinds` option).
        static func kinds(parsing list: String) -> Set<NodeKind.Tag>? {
            var kinds: Set<NodeKind.Tag> = []
            for item in list.split(separator: ",") {
                let name = String(item).trimmingSpaces.lowercased()
                if name.isEmpty { continue }
                guard let tag = NodeKind.Tag.allCases.first(where: { $0.name.lowercased() == name }) else { return nil }
                kinds.insert(tag)
            }
            return kinds
        }

        /// `kinds` as the `kinds` option writes them: comma-separated, in declaration order.
        static func text(of kinds: Set<NodeKind.Tag>) -> String {
            NodeKind.Tag.allCases.filter { kinds.contains($0) }.map(\.name).joined(separator: ",")
        }

        /// These options as the core's `SanitizerPolicy` (the one implementation shared with
        /// the HTML and Markdown writers): `strict` with these kinds, attributes and schemes.
        public var policy: SanitizerPolicy {
            var policy = SanitizerPolicy.strict
            policy.kinds = kinds
            policy.disallowed = disallowed == .drop ? .drop : .unwrap
            policy.attributes = attributes
            policy.schemes = schemes
            policy.relativeURLs = relative
            policy.styles = styles
            return policy
        }
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `sanitize`.
    public var name: String { "sanitize" }
    /// One line of help.
    public var summary: String { "Keep only allowed node kinds, attributes and URL schemes; drop event handlers." }

    /// Returns a sanitized copy of `document`: `SanitizerPolicy.apply(to:rawHTML:)` with the
    /// policy `options.policy`.
    public func apply(to document: Document, options: Options) throws -> Document {
        options.policy.apply(to: document, rawHTML: options.rawHTML)
    }
}

extension Substring {
    var trimmingSpacesSubstring: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s.removeFirst() }
        return s
    }
}
