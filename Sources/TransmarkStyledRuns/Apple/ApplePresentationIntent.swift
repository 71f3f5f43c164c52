/// Foundation's `PresentationIntent` as plain values, on every platform (Linux's Foundation has
/// no such type): the blocks a character is in, innermost first, each with a kind and an
/// identity. The Apple adapter builds the real `PresentationIntent` from the outermost component
/// in (`PresentationIntent(kind, identity:, parent:)`).
public struct ApplePresentationIntent: Sendable, Hashable {
    /// The kind of a block, as `PresentationIntent.Kind` names it.
    public enum Kind: Sendable, Hashable {
        /// A paragraph.
        case paragraph
        /// A heading of level 1 to 6.
        case header(level: Int)
        /// A numbered list.
        case orderedList
        /// A bulleted list.
        case unorderedList
        /// A list item: its number in an ordered list, its position (from 1) in a bulleted one.
        case listItem(ordinal: Int)
        /// A code block, with its language when known.
        case codeBlock(languageHint: String?)
        /// A block quote.
        case blockQuote
        /// A thematic break (a horizontal rule).
        case thematicBreak
        /// A table with the alignment of each column.
        case table(columns: [TableColumnAlignment])
        /// A table's header row.
        case tableHeaderRow
        /// A table's row, counted from 0 with the header row included (the first body row is 1).
        case tableRow(rowIndex: Int)
        /// A table cell, by its column from 0.
        case tableCell(columnIndex: Int)
    }

    /// The alignment of a table column (`PresentationIntent.TableColumn.Alignment`).
    public enum TableColumnAlignment: String, Sendable, Hashable, CaseIterable {
        /// How the column's cells are aligned.
        case left, center, right
    }

    /// One block: its kind and an identity that no other block of the same text has.
    public struct Component: Sendable, Hashable {
        /// The kind of block.
        public var kind: Kind
        /// The block's identity: every block of a text has its own, counted from 1 in the order
        /// the blocks begin, so equal text gives equal identities.
        public var identity: Int

        /// Creates a component.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }
    }

    /// The innermost blocks, innermost first: a paragraph's own block, and a table cell before it.
    private var own: [Component]
    /// The enclosing blocks, outermost first. Every paragraph of a block shares this storage with
    /// its neighbours (copy on write), so a text's intents take space linear in its size however
    /// deep its blocks nest.
    private var enclosing: [Component]

    /// Creates an intent from its components, innermost first.
    public init(components: [Component] = []) {
        own = components.first.map { [$0] } ?? []
        enclosing = components.dropFirst().reversed()
    }

    /// An intent of one block inside blocks given outermost first (shared, not copied).
    init(innermost: Component, enclosing: [Component]) {
        own = [innermost]
        self.enclosing = enclosing
    }

    /// The intent with `component` as its new innermost block.
    func adding(innermost component: Component) -> ApplePresentationIntent {
        var intent = self
        intent.own.insert(component, at: 0)
        return intent
    }

    /// The number of blocks.
    public var count: Int { own.count + enclosing.count }

    /// The block at `position`, 0 being the innermost (`components[position]` without building
    /// the array).
    public func component(at position: Int) -> Component {
        position < own.count ? own[position] : enclosing[enclosing.count - 1 - (position - own.count)]
    }

    /// The blocks, innermost first (the order of `PresentationIntent.components`).
    public var components: [Component] {
        own + enclosing.reversed()
    }

    /// The kinds of the components, innermost first.
    public var kinds: [Kind] { components.map(\.kind) }

    /// Whether both have the same blocks in the same order.
    public static func == (lhs: ApplePresentationIntent, rhs: ApplePresentationIntent) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.component(at: $0) == rhs.component(at: $0) }
    }

    /// Hashes the blocks in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for position in 0..<count { hasher.combine(component(at: position)) }
    }
}
