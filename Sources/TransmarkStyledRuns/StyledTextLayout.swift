@_spi(TransmarkStorage) import TransmarkCore

/// Lays a document out as a text view shows it, in one iterative pass over the tree with an
/// explicit stack of resolved styles: blocks become paragraphs separated by one `\n`, list markers
/// and table tabs are written into the text, images become U+FFFC attachments.
struct StyledTextLayout {
    let document: Document
    let options: StyledTextOptions
    let applier: StyleApplier
    /// Pass every text chunk through UTF-8 repair (used when the tree holds invalid UTF-8).
    let repairText: Bool
    var out: StyledTextAccumulator

    // MARK: Resolved styles

    /// The distinct resolved styles in use; frames refer to them by index. Styles resolved inside
    /// a link, table row or table cell are removed when it closes (see `StyleScope`).
    var resolved = InternTable<ResolvedStyle>()
    /// The run-style index in the output for each resolved style, or -1 before first use.
    var outputIndex: [Int32] = []
    /// Resolution results for style-free nodes of payload-free kinds: (parent, tag) → child.
    var childCache: [Int: Int32] = [:]
    /// Resolution results for style-free nodes of other kinds (see `resolveChild`).
    var payloadChildCache: [PayloadChildKey: Int32] = [:]
    /// Open style scopes, innermost last.
    var scopes: [StyleScope] = []
    /// Whether links, table rows and cells open style scopes (off only in tests, which check
    /// that scoping changes nothing in the output).
    var scopesStyles = true
    /// The keys added to the caches while a scope is open, in order (to be taken out again).
    var childCacheLog: [Int] = []
    var payloadChildCacheLog: [PayloadChildKey] = []
    /// The style of the pending paragraph's end when its own went with a closed scope.
    var detachedBase: (run: RunAttributes, output: Int32)?
    /// The theme's style per payload-free kind, by tag raw value.
    var kindStyles: [Style?]
    /// Caller-computed styles for custom nodes (tagged strings); see `CustomNodeStyling`.
    var customStyling: CustomNodeStyling?

    /// One open container: its node, its resolved style, and the resolved style of the innermost
    /// block container at or above it (itself when it is a block), which a paragraph begun for
    /// inline content outside one takes: its attributes and its closing `\n` follow the block,
    /// never a link or emphasis that happens to open the paragraph.
    struct Frame {
        var node: Int32
        var style: Int32
        var block: Int32
    }
    var frames: [Frame] = []

    // MARK: Block context

    struct ListState {
        var attributes: ListAttributes
        var next: Int
    }
    struct TableState {
        var alignments: [TableAlignment]
        var row = 0
        var column = 0
    }
    var lists: [ListState] = []
    var tables: [TableState] = []
    var quoteDepth = 0
    var cellDepth = 0
    var definitionDepth = 0
    var footnoteDepth = 0
    var footnoteNumbers: [String: Int] = [:]

    // MARK: Paragraph state

    /// Whether inline content goes into the current paragraph.
    var paragraphOpen = false
    /// The last paragraph begun, waiting for its terminating `\n` (or the end of the text).
    var pending: (start: Int, style: Int, base: Int32)?
    /// The marker of a list item or footnote whose first paragraph has not started yet.
    var pendingMarker: (text: String, style: Int32)?

    init(document: Document, options: StyledTextOptions, repairText: Bool) {
        self.document = document
        self.options = options
        self.applier = StyleApplier(theme: options.theme)
        self.repairText = repairText
        self.out = StyledTextAccumulator(unit: options.unit, estimatedBytes: document.storage.text.count + document.nodeCount)
        var kindStyles: [Style?] = Array(repeating: nil, count: NodeKind.Tag.allCases.count)
        for tag in NodeKind.Tag.allCases {
            if let kind = PayloadFreeKinds.byTag[Int(tag.rawValue)] {
                let s = options.theme.style(for: kind)
                kindStyles[Int(tag.rawValue)] = s.isEmpty ? nil : s
            }
        }
        self.kindStyles = kindStyles
    }

    // MARK: Running

    mutating func run() -> StyledText? {
        layOut()
        return out.finish()
    }

    /// Lays the document out and writes it as `styled-json` straight from the collected bytes (no
    /// `String` of the text is made); false, writing nothing, when the tree held invalid UTF-8.
    mutating func writeJSON(into output: inout ByteOutput) -> Bool {
        layOut()
        return out.writeJSON(into: &output)
    }

    /// Lays the document out and returns what was collected, for writing after the layout (and
    /// with it the document) is given up.
    mutating func layOutCollecting() -> StyledTextAccumulator {
        layOut()
        return out
    }

    /// Walks the document, filling `out`.
    private mutating func layOut() {
        var base = ResolvedStyle(run: RunAttributes(font: FontDescriptor(
            family: applier.family(options.theme.fontFamily), size: normalized(options.theme.fontSize))))
        base.run.foregroundColor = options.theme.textColor
        if let customStyling { base = ResolvedStyle(run: customStyling.base) }
        let baseIndex = intern(base)
        let records = document.storage.records
        var cursor = WalkCursor(start: 0)
        while let (index, entering) = cursor.next(records) {
            if entering {
                if enter(index, parent: frames.last?.style ?? baseIndex) == false {
                    cursor.skipChildren(of: index)
                }
            } else if let top = frames.last, top.node == index {
                frames.removeLast()
                exit(index)
                if let scope = scopes.last, scope.node == index { closeScope() }
            }
        }
        finishParagraphs()
    }

    /// Appends the text of a leaf (text, code, inline HTML) in its style, unless the style hides it.
    @inline(__always)
    private mutating func appendLeafText(_ index: Int32, kind: NodeKind, parent: Int32) {
        guard let style = leafStyle(index, kind: kind, parent: parent) else { return }
        ensureParagraph()
        appendText(document.textBytes(at: index), style: style)
    }

    /// Handles entering a node; returns `false` to skip its children.
    mutating func enter(_ index: Int32, parent: Int32) -> Bool {
        if document.storage.records.tag(index) == .text {
            // Most nodes are text: no `NodeKind` is made for them.
            appendLeafText(index, kind: .text, parent: parent)
            return false
        }
        let kind = document.kind(at: index)
        switch kind {
        case .text, .code, .inlineMath, .displayMath:
            appendLeafText(index, kind: kind, parent: parent)
            return false
        case .softBreak:
            ensureParagraph()
            if resolved[Int(parent)].preservesWhitespace {
                out.append("\u{2028}", style: runStyle(parent))
            } else {
                out.append(" ", style: runStyle(parent))
            }
            return false
        case .lineBreak:
            ensureParagraph()
            out.append("\u{2028}", style: runStyle(parent))
            return false
        case .htmlInline:
            if options.rawHTML != .drop { appendLeafText(index, kind: kind, parent: parent) }
            return false
        case .htmlBlock:
            guard options.rawHTML != .drop, let style = leafStyle(index, kind: kind, parent: parent) else { return false }
            layOutLiteralBlock(index, style: style, role: .html)
            return false
        case .codeBlock:
            guard let style = leafStyle(index, kind: kind, parent: parent) else { return false }
            layOutLiteralBlock(index, style: style, role: .codeBlock)
            return false
        case .thematicBreak:
            guard let style = leafStyle(index, kind: kind, parent: parent) else { return false }
            endParagraph()
            beginParagraph(.thematicBreak, style: style, rule: true)
            endParagraph()
            return false
        case .image(let source, let title, let size):
            guard let style = leafStyle(index, kind: kind, parent: parent) else { return false }
            ensureParagraph()
            out.addAttachment(Attachment(location: out.offset, source: source, alternativeText: altText(of: index),
                                         title: title, width: size?.width, height: size?.height))
            out.append("\u{FFFC}", style: runStyle(style))
            return false
        case .footnoteReference(let label):
            guard let style = leafStyle(index, kind: kind, parent: parent) else { return false }
            ensureParagraph()
            var number = String(footnoteNumber(label))
            number.withUTF8 { appendText(ArraySlice($0), style: style) }
            return false
        default:
            return enterContainer(index, kind: kind, parent: parent)
        }
    }

    /// Handles entering a container; returns `false` when it is hidden.
    mutating func enterContainer(_ index: Int32, kind: NodeKind, parent: Int32) -> Bool {
        // Block-level bookkeeping that the node's own style depends on comes first.
        var marker: String?
        switch kind {
        case .blockQuote, .list, .table, .definitionList, .division, .term, .definition:
            endParagraph()
        case .listItem(let task):
            endParagraph()
            flushPendingMarker()
            marker = nextListMarker(task: task)
        case .footnoteDefinition(let label):
            endParagraph()
            flushPendingMarker()
            marker = String(footnoteNumber(label)) + "."
        case .tableRow:
            endParagraph(force: true)
        default:
            break
        }
        let scoped = scopesStyles && Self.hasMostlyUniqueStyle(document.storage.records.tag(index))
        if scoped { openScope(for: index) }
        guard let style = resolveChild(index, kind: kind, parent: parent) else {
            if scoped { closeScope() }
            return false
        }
        let block = document.storage.records.tag(index).isBlock ? style : (frames.last?.block ?? 0)
        frames.append(Frame(node: index, style: style, block: block))
        switch kind {
        case .paragraph:
            beginParagraph(role(inside: parent), style: style)
        case .heading:
            beginParagraph(.heading, style: style)
        case .term:
            beginParagraph(.term, style: style)
        case .blockQuote:
            quoteDepth += 1
        case .list(let attributes):
            lists.append(ListState(attributes: attributes, next: attributes.start))
        case .listItem, .footnoteDefinition:
            if case .footnoteDefinition = kind { footnoteDepth += 1 }
            pendingMarker = (marker ?? "", style)
        case .definition:
            definitionDepth += 1
        case .table(let alignments):
            tables.append(TableState(alignments: alignments))
        case .tableRow:
            if !tables.isEmpty { tables[tables.count - 1].column = 0 }
            beginParagraph(.tableRow, style: style)
        case .tableCell(let cell):
            if !tables.isEmpty {
                if tables[tables.count - 1].column > 0 { out.append("\t", style: runStyle(parent)) }
                tables[tables.count - 1].column = tables[tables.count - 1].column
                    .addingSaturating(min(max(1, cell.columnSpan), TableCellAttributes.maximumColumnSpan))
            }
            cellDepth += 1
        default:
            break
        }
        return true
    }

    /// Handles leaving a container whose frame was just popped.
    mutating func exit(_ index: Int32) {
        switch document.storage.records.tag(index) {
        case .paragraph, .heading, .term, .division, .definitionList:
            endParagraph()
        case .blockQuote:
            endParagraph()
            quoteDepth -= 1
        case .list:
            endParagraph()
            lists.removeLast()
        case .listItem:
            flushPendingMarker()
            endParagraph()
        case .footnoteDefinition:
            flushPendingMarker()
            endParagraph()
            footnoteDepth -= 1
        case .definition:
            endParagraph()
            definitionDepth -= 1
        case .table:
            endParagraph(force: true)
            tables.removeLast()
        case .tableRow:
            endParagraph(force: true)
            if !tables.isEmpty { tables[tables.count - 1].row += 1 }
        case .tableCell:
            cellDepth -= 1
        default:
            break
        }
    }
}

/// Styles computed by the caller for the custom nodes of a document whose tags the caller
/// defines (tagged strings): the run attributes outside any node, and a function from a node's
/// tag (its name and attributes) and the inherited attributes to its own. Other nodes take
/// their parent's style and paragraphs plain paragraph attributes, so the result is exactly
/// what the caller's rules say.
struct CustomNodeStyling {
    let base: RunAttributes
    let style: (TaggedStringTag, RunAttributes) -> RunAttributes
}

/// An open link, table row or cell whose resolved styles are removed when it closes: how many
/// styles and cache log entries there were when it opened.
struct StyleScope {
    var node: Int32
    var resolvedCount: Int32
    var childCacheLogCount: Int32
    var payloadChildCacheLogCount: Int32
}

/// A node's kind inside a parent style: what a resolved style depends on for style-free nodes.
struct PayloadChildKey: Hashable {
    var parent: Int32
    var kind: NodeKind
}
