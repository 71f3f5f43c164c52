import TransmarkCore

/// `remove`: leaves out the nodes a CSS selector matches, with everything under them.
///
/// ```swift
/// let clean = try RemoveTransform().apply(to: page, options: .init(selector: Selector("nav, footer, .ad")))
/// ```
public struct RemoveTransform: SelectorTransform {
    /// The options of `remove`: the nodes to remove (required).
    public typealias Options = SelectorTransformOptions<RemoveTransform>

    /// Help for `selector`.
    public static var selectorSummary: String { "the nodes to remove, with their content" }
    /// An example selector.
    public static var selectorExample: String { "nav, footer" }

    /// Creates the transform.
    public init() {}

    /// `remove`.
    public var name: String { "remove" }
    /// One line of help.
    public var summary: String { "Remove the nodes a CSS selector matches, with their content." }

    /// Returns a copy of `document` without the matches of `options.selector`.
    public func apply(to document: Document, options: Options) throws -> Document {
        try rewriting(document, options: options, matchesBy: .drop)
    }
}
