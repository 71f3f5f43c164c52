import TransmarkCore

/// One entry of the tree builder's stack of open elements.
struct HTMLOpenElement {
    /// Flags of an open element.
    struct Flags: OptionSet {
        let rawValue: UInt32
        /// The element's node (or, without a node, the element) is inline content.
        static let inline = Flags(rawValue: 1 << 0)
        /// Nothing inside reaches the tree.
        static let suppresses = Flags(rawValue: 1 << 1)
        /// Whitespace inside is kept as written.
        static let preservesWhitespace = Flags(rawValue: 1 << 2)
        /// Has an entry in the list of active formatting elements.
        static let isFormatting = Flags(rawValue: 1 << 3)
        /// Its end tag is written as literal text.
        static let literalTags = Flags(rawValue: 1 << 4)
        /// Separates the text before and after it (a block-level element without a node).
        static let separatesText = Flags(rawValue: 1 << 6)
        /// A table, table section or row: text and blocks here go into an implied cell.
        static let tableContainer = Flags(rawValue: 1 << 7)
        /// A list (ul, ol): content other than items goes into an implied item.
        static let listContainer = Flags(rawValue: 1 << 8)
        /// A node that is a block (for whitespace and paragraph rules).
        static let blockNode = Flags(rawValue: 1 << 9)
        /// A `thead` section.
        static let headerSection = Flags(rawValue: 1 << 10)
        /// Pushed a marker onto the active formatting elements (cells, captions).
        static let formattingMarker = Flags(rawValue: 1 << 11)
        /// Opened a table context.
        static let tableContext = Flags(rawValue: 1 << 12)
        /// Opened a list context.
        static let listContext = Flags(rawValue: 1 << 13)
        /// Foreign content (MathML): self-closing tags close, unknown names are elements.
        static let foreign = Flags(rawValue: 1 << 14)
        /// A table row.
        static let tableRow = Flags(rawValue: 1 << 15)
        /// A video, audio or object that wrote a link to its source (nested media write none).
        static let mediaLinked = Flags(rawValue: 1 << 16)
        /// An SVG `foreignObject`, `desc` or `title`, a MathML text integration point or an
        /// `annotation-xml` holding HTML: what is inside is HTML again.
        static let integrationPoint = Flags(rawValue: 1 << 17)
        /// A row opened for content misplaced in a table, which a browser moves before the table
        /// (see `HTMLFosterParenting`); a real cell opens a row of its own.
        static let fosteredRow = Flags(rawValue: 1 << 18)
    }

    /// The element's key: its `HTMLElement` raw value, or an interned key for other names.
    var key: Int32
    var element: HTMLElement
    /// The builder node opened for the element, or -1 (unwrapped, suppressed or flattened).
    var node: Int32
    /// The index of the next open element below with the same key, or -1.
    var previousSameKey: Int32
    /// The topmost scope boundary below this element when it was pushed.
    var previousBoundary: Int32
    var flags: Flags
}

/// An entry of the list of active formatting elements: an inline element that is reopened when
/// misnesting or a block closed it before its end tag.
struct HTMLFormattingEntry {
    /// A marker (pushed by cells and captions) that reopening never crosses.
    var isMarker: Bool
    var key: Int32
    var element: HTMLElement
    /// The stack index of the open element, or -1 once it is closed (to be reopened).
    var stackIndex: Int32
    var kind: NodeKind
    var attributes: AttributeListID
    var style: Style?

    static let marker = HTMLFormattingEntry(isMarker: true, key: -1, element: .unknown, stackIndex: -1,
                                            kind: .span, attributes: .none, style: nil)
}

/// A table being built: what its first row says about columns and headers.
struct HTMLTableContext {
    var node: Int32
    var rowCount = 0
    var inHeaderSection = false
    var rowNode: Int32 = -1
    var rowIsHeader = false
    var rowAllHeaderCells = true
    var rowCellCount = 0
    var alignments: [TableAlignment] = []
}

/// A list being built: whether an item holds a paragraph (which makes the list loose).
struct HTMLListContext {
    var node: Int32
    var attributes: ListAttributes
    var isLoose = false
}

/// How the text emitted so far ends, for whitespace collapsing.
enum HTMLSpacing {
    /// At the start of a block or line: leading whitespace is dropped.
    case start
    /// After an emitted space.
    case afterSpace
    /// After visible content.
    case afterText
    /// Whitespace seen after content, written only if more content follows in the same block.
    case pendingSpace
}

/// A `pre`/`code`-like element whose text is being flattened into one literal node.
struct HTMLTextCollector {
    var isBlock: Bool
    var key: Int32
    var element: HTMLElement
    var depth = 1
    var bytes: [UInt8] = []
    var info = ""
    /// The language a wrapping `div` or a bare class on the `pre` suggests, used when neither
    /// the `pre` nor a `code` inside names one explicitly.
    var fallbackInfo = ""
    var attributes: AttributeListID
    var style: Style?
    var atStart = true
    /// Key of a script/style/… inside whose content is skipped, or -1.
    var skippingKey: Int32 = -1
    var collapsedSpace = false

    static let idle = HTMLTextCollector(isBlock: false, key: -1, element: .unknown, attributes: .none, style: nil)
}
