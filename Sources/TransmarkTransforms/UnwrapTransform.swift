import TransmarkCore

/// `unwrap`: leaves out the nodes a CSS selector matches but keeps their content in their place
/// (a node with literal text, such as inline code, leaves its text as plain text).
///
/// ```swift
/// let flat = try UnwrapTransform().apply(to: page, options: .init(selector: Selector("span, div")))
/// ```
public struct UnwrapTransform: Transform {
    /// The options of `unwrap`.
    public struct Options: FormatOptions {
        /// The nodes to unwrap (required).
        public var selector: Selector?

        /// Options unwrapping what `selector` matches.
        public init(selector: Selector?) { self.selector = selector }

        /// No selector: applying the transform so is an error.
        public init() { selector = nil }

        /// `selector`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.selector("selector", \.selector, summary: "the nodes to replace by their content")]
        }
    }

    /// Creates the transform.
    public init() {}

    /// `unwrap`.
    public var name: String { "unwrap" }
    /// One line of help.
    public var summary: String { "Replace the nodes a CSS selector matches by their content." }

    /// Returns a copy of `document` with the matches of `options.selector` unwrapped.
    public func apply(to document: Document, options: Options) throws -> Document {
        guard let selector = options.selector else { throw missingOption("selector", of: name, example: "span") }
        let matched = NodeFlags(matching: selector, in: document)
        return document.rewritten { matched[$0] ? .unwrap : .keep }
    }
}
