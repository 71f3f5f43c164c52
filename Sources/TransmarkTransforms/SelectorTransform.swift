import TransmarkCore

/// A transform that acts on the nodes a CSS selector matches (`remove`, `unwrap`, `keep`): its
/// options are one required `selector` (see `SelectorTransformOptions`).
public protocol SelectorTransform: Transform where Options == SelectorTransformOptions<Self> {
    /// One line of help for the `selector` option: what the selected nodes become.
    static var selectorSummary: String { get }
    /// A selector shown in the error when none is given.
    static var selectorExample: String { get }
}

/// The options of a `SelectorTransform`: the nodes it acts on.
public struct SelectorTransformOptions<T: SelectorTransform>: FormatOptions {
    /// The nodes the transform acts on (required).
    public var selector: Selector?

    /// Options acting on what `selector` matches.
    public init(selector: Selector?) { self.selector = selector }

    /// No selector: applying the transform so is an error.
    public init() { selector = nil }

    /// `selector`.
    public static var optionSpecs: [OptionSpec<Self>] {
        [.selector("selector", \.selector, summary: T.selectorSummary)]
    }
}

extension SelectorTransform {
    /// Flags for the matches of `options.selector` in `document`; an error when it is not set.
    func matches(of options: Options, in document: Document) throws -> NodeFlags {
        guard let selector = options.selector else {
            throw missingOption("selector", of: name, example: Self.selectorExample)
        }
        return NodeFlags(matching: selector, in: document)
    }

    /// A copy of `document` in which each match of `options.selector` is what `action` says and
    /// every other node is kept.
    func rewriting(_ document: Document, options: Options, matchesBy action: RewriteAction) throws -> Document {
        let matched = try matches(of: options, in: document)
        return document.rewritten { matched[$0] ? action : .keep }
    }
}
