import TransmarkCore

/// `keep`: keeps only the nodes a CSS selector matches, with everything under them, in document
/// order, as the blocks of the new document. Inline matches (a link, an emphasis) become a
/// paragraph each; a match inside another match is kept once, as part of the outer one.
///
/// ```swift
/// let tables = try KeepTransform().apply(to: page, options: .init(selector: Selector("table")))
/// ```
public struct KeepTransform: SelectorTransform {
    /// The options of `keep`: the nodes to keep (required).
    public typealias Options = SelectorTransformOptions<KeepTransform>

    /// Help for `selector`.
    public static var selectorSummary: String { "the nodes to keep (everything else goes)" }
    /// An example selector.
    public static var selectorExample: String { "article" }

    /// Creates the transform.
    public init() {}

    /// `keep`.
    public var name: String { "keep" }
    /// One line of help.
    public var summary: String { "Keep only the nodes a CSS selector matches, with their content." }

    /// Returns a document of the matches of `options.selector`.
    public func apply(to document: Document, options: Options) throws -> Document {
        let matched = try matches(of: options, in: document)
        var holdsMatch = NodeFlags(count: document.nodeCount)
        holdsMatch.markAncestors(of: matched, in: document)
        return document.rewritten { node in
            if matched[node] {
                return node.tag.isBlock ? .keepSubtree : .wrap(.paragraph, inner: .keepSubtree)
            }
            // Text of an unmatched node would be unwrapped into the result: only containers that
            // hold a match are opened.
            return holdsMatch[node] ? .unwrap : .drop
        }
    }
}
