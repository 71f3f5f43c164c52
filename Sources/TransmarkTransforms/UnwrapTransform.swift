import TransmarkCore

/// `unwrap`: leaves out the nodes a CSS selector matches but keeps their content in their place
/// (a node with literal text, such as inline code, leaves its text as plain text).
///
/// ```swift
/// let flat = try UnwrapTransform().apply(to: page, options: .init(selector: Selector("span, div")))
/// ```
public struct UnwrapTransform: SelectorTransform {
    /// The options of `unwrap`: the nodes to unwrap (required).
    public typealias Options = SelectorTransformOptions<UnwrapTransform>

    /// Help for `selector`.
    public static var selectorSummary: String { "the nodes to replace by their content" }
    /// An example selector.
    public static var selectorExample: String { "span" }

    /// Creates the transform.
    public init() {}

    /// `unwrap`.
    public var name: String { "unwrap" }
    /// One line of help.
    public var summary: String { "Replace the nodes a CSS selector matches by their content." }

    /// Returns a copy of `document` with the matches of `options.selector` unwrapped.
    public func apply(to document: Document, options: Options) throws -> Document {
        try rewriting(document, options: options, matchesBy: .unwrap)
    }
}
