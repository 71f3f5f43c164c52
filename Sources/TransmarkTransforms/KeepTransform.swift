import TransmarkCore

/// `keep`: keeps only the nodes a CSS selector matches, with everything under them, in document
/// order, as the blocks of the new document. Inline matches (a link, an emphasis) become a
/// paragraph each; a match inside another match is kept once, as part of the outer one.
///
/// ```swift
/// let tables = try KeepTransform().apply(to: page, options: .init(selector: Selector("table")))
/// ```
public struct KeepTransform: Transform {
    /// The options of `keep`.
    public struct Options: FormatOptions {
        /// The nodes to keep (required).
        public var selector: Selector?

        /// Options keeping what `selector` matches.
        public init(selector: Selector?) { self.selector = selector }

        /// No selector: applying the transform so is an error.
        public init() { selector = nil }

        /// `selector`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.selector("selector", \.selector, summary: "the nodes to keep (everything else goes)")]
        }
    }

    /// Creates the transform.
    public init() {}

    /// `keep`.
    public var name: String { "keep" }
    /// One line of help.
    public var summary: String { "Keep only the nodes a CSS selector matches, with their content." }

    /// Returns a document of the matches of `options.selector`.
    public func apply(to document: Document, options: Options) throws -> Document {
        guard let selector = options.selector else { throw missingOption("selector", of: name, example: "article") }
        let matched = NodeFlags(matching: selector, in: document)
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
