/// A compiled CSS selector over the Markup tree: parse it once, run it on many documents.
///
/// Supported: type selectors by node-kind name (`heading`, `link`, `table-cell`, or `tableCell`
/// as tree dumps write it) or HTML element name (`h2`, `a`, `td`, `b`), `*`, `.class`, `#id`,
/// `[attr]`, `[attr=v]`, `[attr~=v]`, `[attr|=v]`, `[attr^=v]`, `[attr$=v]`, `[attr*=v]` (with
/// the `i` flag), the combinators descendant, `>`, `+` and `~`, `:first-child`, `:last-child`,
/// `:only-child`, `:nth-child(an+b)`, `:nth-last-child()`, `:first-of-type`, `:last-of-type`,
/// `:only-of-type`, `:nth-of-type()`, `:nth-last-of-type()`, `:empty`, `:not(a, b)` of compound
/// selectors, and groups with `,`.
///
/// Type names and attribute names ignore case; class names, ids and attribute values respect
/// it, except the values HTML compares without case (`lang`, `type`, `dir`, …) and those given
/// the `i` flag.
///
/// Text and soft breaks are not elements: no selector matches them and positions skip them.
/// Attributes are the node's own (kept from HTML) plus the values its kind holds: `href` and
/// `title` of links, `src`, `alt`, `title`, `width`, `height` of images, `start` of ordered lists,
/// `colspan`, `rowspan`, `align` of cells, `class="language-x"` of code blocks.
///
/// Matching is one pass over the document, linear in its nodes for a given selector, at any
/// depth. A selector's repeated parts (`p, p`, `:not(a, a)`, `[x][x]`) are matched once, and a
/// selector may hold at most `maxSimpleSelectors` simple selectors (types, classes, attributes,
/// pseudo-classes, those inside `:not` included; 1,024 unless ``init(_:maxSimpleSelectors:)`` or
/// `transmark select --max-simple-selectors` or a selector transform's `maxSimpleSelectors` says
/// otherwise) once repeats are dropped: more is an `invalidSelector` error naming the option:
///
/// ```swift
/// let firstCells = try document.select("table td:first-child")
/// let selector = try Selector("h1, h2")
/// let titles = selector.matches(in: document).map(\.plainText)
/// ```
public struct Selector: Sendable, Hashable, CustomStringConvertible {
    /// The text the selector was parsed from.
    public let source: String
    let syntax: SelectorSyntax
    /// How many simple selectors it holds once repeats are dropped (types, classes, ids,
    /// attributes, pseudo-classes, those inside `:not` included): what `maxSimpleSelectors`
    /// limits.
    public let simpleSelectorCount: Int

    /// The most simple selectors a selector may hold unless its parse says otherwise: 1,024.
    public static let defaultMaxSimpleSelectors = 1024

    /// Parses `source`; an invalid selector throws `TransmarkError.invalidSelector` with the
    /// offset (in Unicode scalars) of the fault. A selector of more than `maxSimpleSelectors`
    /// simple selectors once repeats are dropped is an `invalidSelector` error too: matching
    /// costs time per simple selector and node.
    public init(_ source: String, maxSimpleSelectors: Int = Selector.defaultMaxSimpleSelectors) throws {
        try self.init(source, maxSimpleSelectors: maxSimpleSelectors, limitOption: "the option maxSimpleSelectors=N")
    }

    /// `init(_:maxSimpleSelectors:)` whose error over the limit says to raise it with
    /// `limitOption` (the command line's flag, a transform's option key).
    package init(_ source: String, maxSimpleSelectors: Int, limitOption: String) throws {
        var parser = SelectorParser(source, maxSimpleSelectors: maxSimpleSelectors, limitOption: limitOption)
        self.syntax = try parser.parse()
        self.source = source
        self.simpleSelectorCount = parser.simpleSelectorCount
    }

    /// The error of a selector holding more than `limit` simple selectors, saying to raise the
    /// limit with `limitOption`.
    package func tooLarge(limit: Int, limitOption: String) -> TransmarkError {
        .invalidSelector(source, message: SelectorParser.tooLargeMessage(size: simpleSelectorCount, limit: limit, limitOption: limitOption),
                         offset: 0)
    }

    /// The nodes of `document` that match, in document order.
    public func matches(in document: Document) -> [Node] {
        SelectorMatcher(syntax: syntax, document: document).matches()
    }

    /// The selector's source text.
    public var description: String { source }
}

extension Document {
    /// The nodes that match a CSS selector, in document order (see `Selector`).
    public func select(_ selector: String) throws -> [Node] {
        try Selector(selector).matches(in: self)
    }

    /// The nodes that match a compiled selector, in document order.
    public func select(_ selector: Selector) -> [Node] {
        selector.matches(in: self)
    }
}
