import TransmarkCore

/// `sanitize`: keeps only allowed node kinds, attributes and URL schemes.
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
        /// The kinds allowed (by `NodeKind.Tag`); the document and plain text always are. Raw HTML
        /// is governed by `rawHTML` instead.
        public var kinds: Set<NodeKind.Tag> = Options.defaultKinds
        /// What happens to nodes of other kinds.
        public var disallowed = Disallowed.unwrap
        /// What happens to raw HTML nodes.
        public var rawHTML = RawHTMLPolicy.drop
        /// The attribute names allowed; `prefix*` allows every name with that prefix.
        public var attributes: [String] = Options.defaultAttributes
        /// The URL schemes allowed in links, images and URL attributes (lowercase, no `:`).
        public var schemes: [String] = ["http", "https", "mailto", "tel"]
        /// Whether relative references (no scheme) are allowed.
        public var relative = true
        /// Whether typed styles are kept.
        public var styles = true

        /// Every kind but raw HTML and custom nodes.
        public static let defaultKinds: Set<NodeKind.Tag> = Set(NodeKind.Tag.allCases).subtracting([.htmlBlock, .htmlInline, .custom])
        /// Attributes that carry no code: ids, classes, titles, languages, sizes, table spans,
        /// list numbering, image candidates, dates, citations, `href`/`src` (their URLs checked).
        public static let defaultAttributes = ["id", "class", "title", "lang", "dir", "alt", "width", "height", "colspan",
                                               "rowspan", "align", "start", "reversed", "type", "srcset", "datetime", "cite",
                                               "href", "src"]

        /// The safe defaults.
        public init() {}

        /// `kinds`, `disallowed`, `rawHTML`, `attributes`, `schemes`, `relative`, `styles`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [
                OptionSpec(key: "kinds", accepted: "node kind names, comma-separated (paragraph,heading,link,…)",
                           summary: "the node kinds allowed (raw HTML: see rawHTML)",
                           read: { options in NodeKind.Tag.allCases.filter { options.kinds.contains($0) }.map(\.name).joined(separator: ",") },
                           write: { options, value in
                               var kinds: Set<NodeKind.Tag> = []
                               for item in value.split(separator: ",") {
                                   let name = String(item).trimmingSpaces.lowercased()
                                   if name.isEmpty { continue }
                                   guard let tag = NodeKind.Tag.allCases.first(where: { $0.name.lowercased() == name }) else { return false }
                                   kinds.insert(tag)
                               }
                               options.kinds = kinds
                               return true
                           }),
                .choice("disallowed", \.disallowed, summary: "nodes of other kinds: unwrap (keep content) or drop"),
                .choice("rawHTML", \.rawHTML, summary: "raw HTML nodes: drop, text (as literal text) or keep"),
                .list("attributes", \.attributes, accepted: "attribute names, comma-separated (prefix* allowed)",
                      summary: "the attributes allowed (on… handlers and style never are)"),
                .list("schemes", \.schemes, accepted: "URL schemes, comma-separated",
                      summary: "the URL schemes allowed in links, images and URL attributes"),
                .bool("relative", \.relative, summary: "allow relative URLs (no scheme)"),
                .bool("styles", \.styles, summary: "keep typed styles"),
            ]
        }
    }

    /// Creates the transform.
    public init() {}

    /// `sanitize`.
    public var name: String { "sanitize" }
    /// One line of help.
    public var summary: String { "Keep only allowed node kinds, attributes and URL schemes; drop event handlers." }

    /// Returns a sanitized copy of `document`.
    public func apply(to document: Document, options: Options) throws -> Document {
        let policy = Policy(options)
        return document.rewritten { node in
            let tag = node.tag
            if tag == .htmlBlock || tag == .htmlInline {
                switch options.rawHTML {
                case .drop: return .drop
                case .text: return .replace(with: .text(node.text))
                case .keep: break
                }
            } else if tag != .text && !options.kinds.contains(tag) {
                return options.disallowed == .drop ? .drop : .unwrap
            }
            switch node.kind {
            case .link(let destination, _) where !policy.allows(url: destination): return .unwrap
            case .image(let source, _, _) where !policy.allows(url: source): return .unwrap
            default: break
            }
            let style = options.styles ? node.style : nil
            let attributes = node.attributes
            let kept = attributes.filter { policy.allows($0) }
            if kept.count == attributes.count && style == node.style { return .keep }
            if tag.hasLiteralText {
                var b = DocumentBuilder()
                if tag == .text && kept.isEmpty && style == nil {
                    b.text(node.text)
                } else {
                    b.leaf(node.kind, text: node.text, attributes: kept, style: style)
                }
                return .replace(with: .children(of: b.finish().root))
            }
            return .wrap(node.kind, attributes: kept, style: style, inner: .unwrap)
        }
    }

    struct Policy {
        let exact: Set<String>
        let prefixes: [String]
        let schemes: Set<String>
        let relative: Bool

        init(_ options: Options) {
            var exact: Set<String> = [], prefixes: [String] = []
            for name in options.attributes.map({ $0.lowercased() }) {
                if name.hasSuffix("*") { prefixes.append(String(name.dropLast())) } else { exact.insert(name) }
            }
            self.exact = exact
            self.prefixes = prefixes
            self.schemes = Set(options.schemes.map { $0.lowercased() })
            self.relative = options.relative
        }

        func allows(_ attribute: Attribute) -> Bool {
            let name = attribute.name.lowercased()
            if name.hasPrefix("on") || name == "style" { return false }
            guard exact.contains(name) || prefixes.contains(where: { name.hasPrefix($0) }) else { return false }
            switch name {
            case "href", "src", "cite", "poster", "action", "formaction", "background", "longdesc", "xlink:href":
                return allows(url: attribute.value)
            case "srcset":
                return attribute.value.split(separator: ",").allSatisfy { candidate in
                    allows(url: String(candidate.trimmingSpacesSubstring.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }))
                }
            default:
                return true
            }
        }

        func allows(url: String) -> Bool {
            guard let scheme = Self.scheme(of: url) else { return relative }
            return schemes.contains(scheme)
        }

        /// The scheme of a URL as a browser reads it, lowercased; `nil` for a relative reference.
        static func scheme(of url: String) -> String? {
            var scheme: [UInt8] = []
            var started = false
            for b in url.utf8 {
                if !started && b <= 0x20 { continue }
                started = true
                if b == 0x09 || b == 0x0A || b == 0x0D { continue }
                if b == UInt8(ascii: ":") { return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self) }
                let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                let isSchemeByte = (lower >= 0x61 && lower <= 0x7A) || (!scheme.isEmpty && ((b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E))
                guard isSchemeByte else { return nil }
                scheme.append(lower)
            }
            return nil
        }
    }
}

extension Substring {
    var trimmingSpacesSubstring: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s.removeFirst() }
        return s
    }
}
