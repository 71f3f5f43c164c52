import TransmarkCore

/// The transforms that act on the nodes a CSS selector matches: `remove`, `unwrap` and `keep`,
/// one per `Action`. Their options are the required `selector` and `maxSimpleSelectors`, the most
/// simple selectors it may hold (1,024, as in `Selector`: matching costs time per simple selector
/// and node); a larger selector is `TransmarkError.invalidSelector`, naming the option.
///
/// ```swift
/// let selector = try Selector("nav, footer, .ad")
/// let clean = try SelectorTransform(.remove).apply(to: page, options: .init(selector: selector))
/// let tables = try SelectorTransform(.keep).apply(to: page, options: .init(selector: Selector("table")))
/// ```
public struct SelectorTransform: Transform {
    /// What becomes of the nodes the selector matches.
    public enum Action: String, CaseIterable, Sendable {
        /// `remove`: the matches are left out, with everything under them.
        case remove
        /// `unwrap`: the matches are left out but their content stays in their place (a node
        /// with literal text, such as inline code, leaves its text as plain text).
        case unwrap
        /// `keep`: only the matches are kept, with everything under them, in document order, as
        /// the blocks of the new document. Inline matches (a link, an emphasis) become a
        /// paragraph each; a match inside another match is kept once, as part of the outer one.
        case keep
    }

    /// The options of a selector transform: the nodes it acts on.
    public struct Options: FormatOptions {
        // option: .selector(summary: "the nodes to act on")
        /// The nodes the transform acts on (required).
        public var selector: Selector? = nil
        // option: .int(range: 1...Int.max,
        //     summary: "the most simple selectors (types, classes, attributes, pseudo-classes) the selector may hold")
        /// The most simple selectors `selector` may hold once repeats are dropped
        /// (`Selector.simpleSelectorCount`).
        public var maxSimpleSelectors: Int = Selector.defaultMaxSimpleSelectors

        /// No selector: applying the transform so is an error.
        public init() {}
    }

    /// What the transform does with the matches.
    public let action: Action

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`, the step's own) apply over them.
    public let defaultOptions: Options

    /// The transform for `action`; `options` become the starting point of every conversion it
    /// takes part in (see `Transform/defaultOptions`).
    public init(_ action: Action, options: Options = Options()) {
        self.action = action
        defaultOptions = options
    }

    /// The name users type: `remove`, `unwrap` or `keep`.
    public var name: String { action.rawValue }

    /// One line of help.
    public var summary: String {
        switch action {
        case .remove: "Remove the nodes a CSS selector matches, with their content."
        case .unwrap: "Replace the nodes a CSS selector matches by their content."
        case .keep: "Keep only the nodes a CSS selector matches, with their content."
        }
    }

    /// Returns a copy of `document` in which the matches of `options.selector` are removed,
    /// unwrapped or alone kept, as `action` says.
    public func apply(to document: Document, options: Options) throws -> Document {
        guard let selector = options.selector else {
            throw missingOption("selector", of: name, example: action == .keep ? "article" : "nav, footer")
        }
        if selector.simpleSelectorCount > options.maxSimpleSelectors {
            throw selector.tooLarge(limit: options.maxSimpleSelectors, limitOption: "the option \(name).maxSimpleSelectors=N")
        }
        let matched = NodeFlags(matching: selector, in: document)
        switch action {
        case .remove:
            return document.rewritten { matched[$0] ? .drop : .keep }
        case .unwrap:
            return document.rewritten { matched[$0] ? .unwrap : .keep }
        case .keep:
            var holdsMatch = NodeFlags(count: document.nodeCount)
            holdsMatch.markAncestors(of: matched, in: document)
            return document.rewritten { node in
                if matched[node] {
                    return node.tag.isBlock ? .keepSubtree : .wrap(.paragraph, inner: .keepSubtree)
                }
                // Text of an unmatched node would be unwrapped into the result: only containers
                // that hold a match are opened.
                return holdsMatch[node] ? .unwrap : .drop
            }
        }
    }
}
