@_spi(TransmarkStorage) import TransmarkCore

/// The layout engine shared by the `text` and `ansi` formats: walks a document with enter/exit
/// events (no recursion, explicit stacks for blocks, prefixes, styles, tables and captures) and
/// writes lines of at most `width` columns into one output buffer.
///
/// Inline content is gathered into an `InlineTextBuffer` and wrapped when its block ends. Block
/// containers push prefixes (quote bars, list markers, indents) drawn at the start of every line.
/// Table cells are captured unwrapped into their own buffers, then laid out by `TableLayout`.
/// Footnotes and link references are numbered in order of first reference and listed at the end.
struct TextLayoutEngine {
    let document: Document
    let records: NodeRecords
    let settings: LayoutSettings
    /// The document's text buffer, valid during `render`.
    var source: UnsafeBufferPointer<UInt8>

    var out: ByteOutput
    /// Where output goes when streaming (see `render(_:settings:writingTo:)`); nil: kept in `out`.
    var stream: ((UnsafeBufferPointer<UInt8>) -> Void)?
    var writer: ANSIStyleWriter

    // Styles (ANSI only): interned resolved styles and the stack of the enclosing nodes' styles.
    var styles: [TextStyle] = [.plain]
    var styleIDs: [TextStyle: Int32] = [.plain: 0]
    var styleStack: [Int32] = [0]
    var links: [[UInt8]] = []

    // Inline content of the block being gathered.
    var inline = InlineTextBuffer()
    var marks: [InlineMark] = []
    var flushCount = 0

    // Blocks.
    var frames: [BlockFrame] = []
    var lists: [ListState] = []
    var prefixes: [PrefixPiece] = []
    var prefixArena: [UInt8] = []
    var pendingBlank = false
    var lastClosedBlock: NodeKind.Tag = .document
    var ignoreNextExit = false

    // Where lines go: the main output, or a capture (a table cell) on top.
    var sinks: [Sink] = [Sink(prefixBase: 0, captureIndex: -1)]
    var captures: [StyledLines] = []
    var tables: [TableBuilder] = []
    /// Open tables nested deeper than `settings.maxTableNesting`, flattened (see there): while
    /// this is positive, tables, rows and cells are plain blocks.
    var flattenedTables = 0
    /// Tables that lay out a page rather than hold data (`Document.layoutTableIndices`), by node
    /// index: written as their cells' content, one block after another, with no grid (as the
    /// Markdown writer writes them); a table nested in one is judged on its own.
    let layoutTables: Set<Int32>
    /// What drawing tables may add to the cells' own text, in bytes, for the whole document
    /// (see `TableLayout.layOutTable`): tables nested in narrow cells multiply lines at every
    /// level, so past this budget a table's cells are written one after another instead.
    var tableDrawingBudget = 0

    // Footnotes and link references.
    var footnoteDefinitions: [String: Int32] = [:]
    var footnoteOrder: [(label: String, index: Int32)] = []
    var referenceNumbers: [String: Int] = [:]
    var references: [Reference] = []
    var footnoteRoot: Int32 = -1

    var wrapped: [WrappedLine] = []
    var verbatimScratch = InlineTextBuffer()
    var verbatimLines: [WrappedLine] = []
    var currentLineWidth = 0

    init(document: Document, settings: LayoutSettings, source: UnsafeBufferPointer<UInt8>, streaming: Bool = false) {
        self.document = document
        self.records = document.storage.records
        self.settings = settings
        self.source = source
        // Reserve enough that the output never grows by copying (a copy holds the old and the new
        // buffer at once); capacity that is never written costs no resident memory. Escape
        // sequences make styled output up to about twice the text. Streamed output is handed on
        // in pieces of about `streamingChunkSize`.
        let estimate = streaming ? Self.streamingChunkSize + Self.streamingChunkSize / 4
            : settings.styled ? 2 * source.count : source.count + source.count / 2
        self.out = ByteOutput(capacity: estimate + 4096)
        self.writer = ANSIStyleWriter(depth: settings.colorDepth, hyperlinks: settings.hyperlinks)
        self.sinks[0].budget = settings.width > 0 ? settings.width : Int.max
        self.tableDrawingBudget = Self.tableDrawingAllowance + Self.tableDrawingFactor * source.count
        self.layoutTables = settings.layoutTables == .content ? document.layoutTableIndices() : []
    }

    /// The drawing budget's fixed part (see `tableDrawingBudget`).
    static let tableDrawingAllowance = 64 * 1024
    /// The drawing budget's part per byte of the document's text: room for the padding and
    /// borders of ordinary tables, whose cells are much shorter than their columns.
    static let tableDrawingFactor = 8

    /// Lays out `document` with `settings` and returns the bytes.
    static func render(_ document: Document, settings: LayoutSettings) -> [UInt8] {
        document.storage.text.withUnsafeBufferPointer { source in
            var engine = TextLayoutEngine(document: document, settings: settings, source: source)
            engine.run()
            return engine.out.bytes
        }
    }

    /// How much output is collected before it is handed on, when streaming.
    static let streamingChunkSize = 1 << 20

    /// Lays out `document` with `settings`, handing the output to `write` about every
    /// `streamingChunkSize` bytes, at line ends.
    static func render(_ document: Document, settings: LayoutSettings, writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(write) { write in
            document.storage.text.withUnsafeBufferPointer { source in
                var engine = TextLayoutEngine(document: document, settings: settings, source: source, streaming: true)
                engine.stream = write
                engine.run()
                engine.flushStream()
            }
        }
    }

    /// Hands the output written so far to `stream` and empties it.
    mutating func flushStream() {
        guard let stream, !out.bytes.isEmpty else { return }
        out.bytes.withUnsafeBufferPointer { stream($0) }
        out.bytes.removeAll(keepingCapacity: true)
    }

    mutating func run() {
        collectFootnoteDefinitions()
        process(from: 0)
        flushInline()
        renderReferences()
    }

    /// Walks the subtree at `start`.
    mutating func process(from start: Int32) {
        var cursor = WalkCursor(start: start)
        while let (index, entering) = cursor.next(records) {
            if entering {
                if !enter(index) { cursor.skipChildren(of: index) }
            } else if ignoreNextExit {
                ignoreNextExit = false
            } else {
                exit(index)
            }
        }
    }

    // MARK: Styles

    /// The id of `style`, interning it.
    mutating func intern(_ style: TextStyle) -> Int32 {
        if let id = styleIDs[style] { return id }
        let id = Int32(styles.count)
        styles.append(style)
        styleIDs[style] = id
        return id
    }

    var currentStyle: Int32 { styleStack[styleStack.count - 1] }

    /// The style of node `index` inside the current style, with the theme's `delta` for its kind.
    mutating func derivedStyle(_ index: Int32, _ delta: ANSIStyle?, link: Int32 = -1) -> Int32 {
        let parent = currentStyle
        if delta == nil && records.style(index) < 0 && link < 0 { return parent }
        var style = styles[Int(parent)]
        if let delta { style = style.applying(delta) }
        if records.style(index) >= 0 { style = style.applying(document.storage.styles[Int(records.style(index))]) }
        if link >= 0 { style.link = link }
        return intern(style)
    }

    mutating func pushStyle(_ index: Int32, _ delta: ANSIStyle?, link: Int32 = -1) {
        guard settings.styled else { return }
        styleStack.append(derivedStyle(index, delta, link: link))
    }

    mutating func popStyle() {
        guard settings.styled, styleStack.count > 1 else { return }
        styleStack.removeLast()
    }

    /// The id of the theme style `delta` over the current style (0 in plain text).
    mutating func themed(_ delta: ANSIStyle) -> Int32 {
        guard settings.styled else { return 0 }
        if delta.isEmpty { return currentStyle }
        return intern(styles[Int(currentStyle)].applying(delta))
    }

    /// The id of the theme style `delta` on its own (for prefixes and borders).
    mutating func themedAlone(_ delta: ANSIStyle) -> Int32 {
        guard settings.styled, !delta.isEmpty else { return 0 }
        return intern(TextStyle.plain.applying(delta))
    }
}

/// An open link or image in the inline buffer.
struct InlineMark {
    var start: Int
    var flush: Int
    var index: Int32
}

/// What the engine knows about an open block.
struct BlockFrame {
    var tag: NodeKind.Tag
    /// Whether blocks inside are separated by a newline only (tight lists, definition lists, cells).
    var tight: Bool
    /// How many prefixes were open when the block opened.
    var prefixHeight: Int
}

/// The numbering state of an open list.
struct ListState {
    var ordered: Bool
    var next: Int
    var step: Int
    var numbering: ListNumbering
    var delimiter: UInt8
    var numberWidth: Int
    var bulletLevel: Int
}

/// Where lines go: the main output (`captureIndex` -1) or a capture; prefixes from `prefixBase`.
struct Sink {
    var prefixBase: Int
    var captureIndex: Int
    /// The columns the lines of this sink can end up in (`Int.max`: no wrapping): the width for
    /// the main output; for a cell, what its enclosing sink leaves after prefixes and borders.
    /// A table in a cell far wider than that is made to fit it, so that lines are never padded
    /// much wider than the output (see `layOutTable`).
    var budget = Int.max
    var hasLines = false
    /// The outer sink's pending blank line, restored when this sink closes.
    var savedPendingBlank = false
}

/// Lines captured for later layout (table cells): styled text and the lines' byte ranges.
struct StyledLines {
    var text = InlineTextBuffer()
    var lines: [WrappedLine] = []
    var lineStart = 0
    var lineWidth = 0
}

/// An entry of the list at the end: a link target or a footnote definition.
enum Reference {
    case link([UInt8])
    case footnote(Int32)
}
