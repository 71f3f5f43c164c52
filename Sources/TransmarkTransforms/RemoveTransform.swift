import TransmarkCore

/// `remove`: leaves out the nodes a CSS selector matches, with everything under them.
///
/// ```swift
/// let clean = try RemoveTransform().apply(to: page, options: .init(selector: Selector("nav, footer, .ad")))
/// ```
public struct RemoveTransform: Transform {
    /// The options of `remove`.
    public struct Options: FormatOptions {
        /// The nodes to remove (required).
        public var selector: Selector?

        /// Options removing what `selector` matches.
        public init(selector: Selector?) { self.selector = selector }

        /// No selector: applying the transform so is an error.
        public init() { selector = nil }

        /// `selector`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.selector("selector", \.selector, summary: "the nodes to remove, with their content")]
        }
    }

    /// Creates the transform.
    public init() {}

    /// `remove`.
    public var name: String { "remove" }
    /// One line of help.
    public var summary: String { "Remove the nodes a CSS selector matches, with their content." }

    /// Returns a copy of `document` without the matches of `options.selector`.
    public func apply(to document: Document, options: Options) throws -> Document {
        guard let selector = options.selector else { throw missingOption("selector", of: name, example: "nav, footer") }
        let matched = NodeFlags(matching: selector, in: document)
        return document.rewritten { matched[$0] ? .drop : .keep }
    }
}
