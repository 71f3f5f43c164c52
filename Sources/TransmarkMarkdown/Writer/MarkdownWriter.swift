@_spi(TransmarkStorage) import TransmarkCore

/// The Markdown writer's state machine: one non-recursive walk over the tree with enter/exit
/// events, writing lines through `MarkdownLineWriter`.
///
/// Inline delimiters (emphasis, strong, link brackets, …) are written lazily: an opener waits
/// until the first non-whitespace content of its node, and whitespace at the end of a node waits
/// until the next content, so delimiters never touch whitespace (leading and trailing spaces move
/// outside, whitespace-only emphasis becomes its whitespace).
///
/// Read-only helpers on the cold paths (HTML fallbacks, tables, attributes) are not `mutating`.
/// Those called per text node, delimiter, list or link (`firstByteAfter`, `wrapsBeforeWord`,
/// `delimitersFlank`, `listMarker`, `previousSibling`, `destinationAndTitle`) stay `mutating`,
/// though they only read: called from the mutating walk, a non-mutating method gets a copy of
/// the whole writer (its arrays and strings retained), even `@inline(__always)` or as a static
/// function given `options`. Measured with callgrind (2026-11-24): HTML → Markdown's writer part
/// went from 814 M to 831 M instructions on corpus_from_md.html, Markdown → Markdown from 2,187 M
/// to 2,207 M. Making them read-only for free needs their fields in small sub-structs.
struct MarkdownWriter {
    let document: Document
    let records: NodeRecords
    let options: MarkdownBackend.Options
    /// What links, images, HTML fallbacks and kept raw HTML may contain: the default
    /// `SanitizerPolicy`, or `none` with `unsafe`.
    let policy: SanitizerPolicy
    var w: MarkdownLineWriter

    /// An inline delimiter pair opened by a node.
    struct Delimiter {
        let node: Int32
        var open: [UInt8]
        var close: [UInt8]
        /// Where the opener was written in the output (set when it is written).
        var position = -1
        /// pandoc's `^sup^` and `~sub~`: the content holds no plain space (a space inside is
        /// written `\ `, and no line is broken there).
        var escapesSpaces = false
    }

    /// Openers not yet written (no content since they opened).
    var pendingOpeners: [Delimiter] = []
    /// Whitespace not yet written (it may belong after a closing delimiter).
    var pendingSpaces: [UInt8] = []
    /// Delimiters written and not yet closed, innermost last.
    var openDelimiters: [Delimiter] = []

    struct ListContext {
        let isOrdered: Bool
        let isTight: Bool
        var number: Int
        let marker: String
        /// How the numbers are written (`decimal` unless `listNumbering=source`).
        var numbering = ListNumbering.decimal
        /// The first item's number as written, for items past what `numbering` can write.
        var firstNumber: String? = nil
        /// Bullet lists open here, this one included (for `bulletListMarker`s used in turn).
        var bulletDepth = 0
    }
    var lists: [ListContext] = []
    /// The marker chosen for each list written so far (to alternate between adjacent lists).
    var chosenListMarkers: [Int32: String] = [:]
    /// The delimiter character chosen for each emphasis or strong node.
    var chosenDelimiters: [Int32: UInt8] = [:]
    /// The last child exited at each open depth of the walk (for previous-sibling look-ups).
    var siblingStack: [Int32] = []
    /// The previous sibling of the node being entered, or -1.
    var currentPreviousSibling: Int32 = -1
    /// The bytes `writeText` looks at inside a line (`specialTextBytes` or pandoc's), chosen once.
    let specialTextBytes: [Bool]
    /// Whether superscript or subscript is written as symbols (`^x^`, `~x~`), inside which
    /// spaces are escaped; chosen once (reading both options per text node measured 1 % more
    /// instructions on HTML → Markdown).
    let scriptsEscapeSpaces: Bool
    /// Reused buffer for escaped text runs.
    var textScratch: [UInt8] = []
    /// The text node being written.
    var currentTextNode: Int32 = 0
    /// Prefix lengths pushed by containers, to pop on exit.
    var prefixLengths: [Int] = []

    var inHeading = false
    /// The heading or definition term being written, whose block descendants (a paragraph or a
    /// division inside `<h2>`) are flattened into its one line; -1 outside of one.
    var flattenRoot: Int32 = -1
    /// Divisions (and list items with attributes) written as pandoc's fenced divs, innermost last.
    var fencedDivisions: [Int32] = []
    /// List items with attributes whose inline content is a pandoc bracketed span, innermost last.
    var spannedItems: [Int32] = []
    var headingLineStart = 0
    var inTableCell = false
    /// The tables written as their content (`Options.layoutTables`), by node index.
    let layoutTables: Set<Int32>
    /// The most open block containers (quotes, list items, footnotes) a layout table is written
    /// as its content in; deeper, it is a table (see `enterBlock`), so output stays linear.
    static let maxLayoutTableContainers = 32
    /// Whether a cell of a grid table is being written (a complex table inside is HTML).
    var inGridCell = false
    /// Padding grid tables may still add beyond four times their cells' size, in the whole
    /// document; a table that needs more is HTML (the output stays linear in the input).
    var gridPaddingAllowance = 64 * 1024
    var linkDepth = 0
    /// The last run of sibling hard breaks looked past (`breakEndsBlock`): its first and last
    /// node and whether it ends its block.
    var breakRun: (first: Int32, last: Int32, endsBlock: Bool) = (-1, -1, false)
    /// `nextInBlock(after:)`'s answers for the ancestors it climbed past, by node.
    var nextInBlockMemo: [Int32: Int32] = [:]
    /// The delimiter runs `delimitersFlank` last looked at: before an opener, after it, and
    /// before the closer.
    var flankRuns = (opener: DelimiterRunMemo(), content: DelimiterRunMemo(), closer: DelimiterRunMemo())
    /// `unicodeFormFirstByte` of the superscripts and subscripts asked about (0: no Unicode
    /// form), so that each is walked once however many delimiters look past it.
    var unicodeForms: [Int32: UInt8] = [:]
    /// Whether the innermost link-like node being written is an image (its text is alt text).
    var inImage = false
    var codeDepth = 0
    /// The tag of the last block or inline run exited at each open container depth, to know
    /// whether an inline node starts an implicit paragraph.
    var previousSiblingIsInline: [Bool] = [false]

    /// A container of blocks and what has been written in it.
    struct BlockContainer {
        /// The output length when the container's content started (after its marker).
        var start: Int
        /// The kind of the last block started in it (`paragraph` for implicit paragraphs).
        var lastBlock: NodeKind.Tag?
        /// Whether it is an item of a tight list (blocks on consecutive lines where possible).
        var isTightItem: Bool
        /// The marker of the last list written in it, if that list was its last block (a list
        /// right after it needs another marker, or the two read back as one list).
        var lastListMarker: String? = nil
    }
    /// Open block containers, innermost last; the document is the first.
    var blockContainers: [BlockContainer] = [BlockContainer(start: 0, lastBlock: nil, isTightItem: false)]
    /// The marker of the list that was the block before the one being started, if any.
    var previousListMarker: String?
    /// The output length when the last list ended, its marker and the depth of its container: a
    /// list starting in the same container with nothing written in between (only empty divisions
    /// or spans) would continue it.
    var lastListEnd: (position: Int, marker: String, containerDepth: Int)?
    /// The output length when the last indented code block ended.
    var lastIndentedCodeEnd = -1
    /// The output length right after the last closing delimiter, and its last byte: an opener
    /// of the same character written there would join its run (`*a**b*`, `~~a~~~~b~~`).
    var lastCloserEnd: (position: Int, byte: UInt8) = (-1, 0)

    struct ReferenceDefinition {
        let label: String
        let destination: String
        let title: String
    }
    var references: [ReferenceDefinition] = []
    /// Label references (`linkReferenceStyle` collapsed or shortcut) by `label:` and their
    /// lowercased text.
    var referenceIndex: [String: Int] = [:]
    /// Numbered references by destination (the first title met with it); those with another
    /// title by destination, NUL and title in `titledReferenceIndex`.
    var numberedReferenceIndex = NumbersByDestination()
    var titledReferenceIndex: [String: Int] = [:]
    /// Images to list after the content (`images=end`), each source once.
    var endImages: [(alt: String, source: String, title: String)] = []
    var endImageSources = NumbersByDestination()
    /// The first inline node of the implicit paragraph being written, whose end is not marked
    /// yet (mapped renderings only), or -1.
    var implicitParagraph: Int32 = -1
    /// End-matter entries used inside table cells (written by a scratch line writer), marked at
    /// the row or table that holds them.
    var deferredUses: [Int32] = []
    /// The link whose reference or citation is being numbered (its label is written with its
    /// closing delimiter), or -1.
    var labelledLink: Int32 = -1
    /// End-matter uses marked where their link's label is written, when the link closes:
    /// (link, entry).
    var usesAtLinkClose: [(link: Int32, entry: EndMatterEntry)] = []
    /// Whether this rendering is mapped (`writeMapped`).
    var mapping = false
    /// The page's own addresses without fragments (see `isCitable`).
    let ownPages: [[UInt8]]

    init(document: Document, options: MarkdownBackend.Options) {
        self.policy = options.unsafe ? .none : .default
        self.document = document
        self.records = document.storage.records
        self.options = options
        ownPages = options.linkStyle == .citations || options.linkStyle == .textOnly ? Self.ownPages(of: document.metadata) : []
        layoutTables = options.layoutTables == .content ? document.layoutTableIndices() : []
        w = MarkdownLineWriter(capacity: document.storage.text.count + document.storage.text.count / 8 + 64)
        w.blankLinesKeepPrefix = options.escaping == .turndown
        // `escaping=none` writes text as it is, documented as unsafe: no line of it is guarded.
        if options.escaping != .none { w.htmlBlockGuard = HTMLBlockStartGuard() }
        specialTextBytes = options.escaping == .pandoc ? Self.pandocSpecialTextBytes : Self.specialTextBytes
        scriptsEscapeSpaces = options.superscript == .symbol || options.subscript == .symbol
    }

    mutating func write() -> [UInt8] {
        render(from: 0)
        writeEndImages()
        writeReferenceDefinitions()
        var bytes = w.finish()
        _ = w.htmlBlockGuard?.apply(to: &bytes)
        // No C0 control but tab and line ends in the output (`ControlCharacters`).
        ControlCharacters.replaceC0Controls(in: &bytes)
        return bytes
    }

    // MARK: Walk

    mutating func render(from start: Int32) {
        var cursor = WalkCursor(start: start)
        let depth = siblingStack.count
        while let (index, entering) = cursor.next(records) {
            if entering {
                currentPreviousSibling = siblingStack.last ?? -1
                siblingStack.append(-1)
                if w.marks != nil && records.tag(index).isBlock {
                    endImplicitParagraphMark()
                    w.marks?.start(index)
                }
                if !enter(index) { cursor.skipChildren(of: index) }
            } else {
                let marksBlock = w.marks != nil && records.tag(index).isBlock
                if marksBlock { endImplicitParagraphMark() }
                exit(index)
                if marksBlock { markBlockEnd(index) }
                siblingStack.removeLast()
                if !siblingStack.isEmpty { siblingStack[siblingStack.count - 1] = index }
            }
        }
        siblingStack.removeLast(siblingStack.count - depth)
    }

    func tag(_ i: Int32) -> NodeKind.Tag { records.tag(i) }
    func parent(_ i: Int32) -> Int32 { records.parent(i) }

    /// Whether a node of this kind is written as inline content.
    func isInline(_ t: NodeKind.Tag) -> Bool { !t.isBlock }

    /// Whether children of this kind of node are inline content of a paragraph-like block.
    func holdsInlineDirectly(_ t: NodeKind.Tag) -> Bool {
        switch t {
        case .paragraph, .heading, .term: return true
        case .tableCell: return inTableCell
        default: return !t.isBlock
        }
    }

    // MARK: Enter

    /// Returns false to skip the node's children.
    mutating func enter(_ i: Int32) -> Bool {
        let t = records.tag(i)
        if t.isBlock {
            return flattenRoot >= 0 ? enterFlattenedBlock(i) : enterBlock(i, t)
        }
        if i != 0 && flattenRoot < 0 && !holdsInlineDirectly(tag(records.parent(i)))
            && !(previousSiblingIsInline.last ?? false) {
            // The first of a run of inline nodes in a block container: an implicit paragraph.
            startBlock(i)
            if w.marks != nil {
                w.marks?.start(i)
                implicitParagraph = i
            }
            if let item = spannedItems.last, item == records.parent(i) {
                // A list item's attributes: its inline content is pandoc's bracketed span.
                openDelimiter(item, open: [UInt8(ascii: "[")], close: Array(("]" + (pandocAttributes(item) ?? "")).utf8))
            }
        }
        return enterInline(i, t)
    }

    /// Enters a block node (outside a heading or term); false to skip its children (written
    /// whole here, or nothing to write).
    @inline(__always)
    mutating func enterBlock(_ i: Int32, _ t: NodeKind.Tag) -> Bool {
        switch t {
        case .document, .tableRow, .tableCell:
            break
        case .codeBlock, .htmlBlock, .thematicBreak:
            startBlock(i)
            writeLeafBlock(i, t)
            return false
        case .listItem:
            enterListItem(i)
        case .table:
            // A table without a single cell shows nothing: it writes nothing (not `<table></table>`).
            if !records.tableHasCell(i) { return false }
            startBlock(i)
            if inTableCell {
                // A table inside a cell of a pipe table: its cells' content, on the cell's line.
                break
            }
            if layoutTables.contains(i) && blockContainers.count <= Self.maxLayoutTableContainers {
                // A table that lays out a page: its cells' blocks, in order. Deep inside quotes
                // and lists it is written as a table instead, whose cells hold their content on
                // one line: unwrapped, layout tables nested in quotes and lists would nest those
                // without end, and every line repeats the prefixes of all of them.
                break
            }
            if let grid = tableGrid(i) {
                if options.gfm && writesPipeTable(grid) {
                    writePipeTable(grid, table: i)
                    return false
                }
                if writesGridTable(grid) {
                    writeGridTable(grid, table: i)
                    return false
                }
            }
            if options.complexTable != .text {
                writeHTMLFragment(i)
                return false
            }
        case .division:
            if options.division == .html {
                startDivision(i)
            } else if options.division == .symbol && !inTableCell && startFencedDivision(i) {
                fencedDivisions.append(i)
            }
        default:
            startBlock(i)
            if !enterStartedBlock(i, t) { return false }
        }
        if t != .document { previousSiblingIsInline.append(false) }
        return true
    }

    /// Enters a block node whose block `startBlock` has started; false to skip its children.
    mutating func enterStartedBlock(_ i: Int32, _ t: NodeKind.Tag) -> Bool {
        switch t {
        case .definitionList:
            if options.definitionList == .html {
                writeHTMLFragment(i)
                return false
            }
        case .heading:
            startHeading(i)
        case .blockQuote:
            w.marker("> ")
            pushPrefix("> ")
            w.markLineStart()
            openBlockContainer()
        case .list:
            startList(i)
        case .footnoteDefinition:
            startFootnoteDefinition(i)
        case .term:
            flattenRoot = i
            if options.definitionList == .text {
                openDelimiter(i, open: Array(options.strongDelimiter.utf8), close: Array(options.strongDelimiter.utf8))
            }
        case .definition:
            if options.definitionList == .symbol {
                w.marker(":   ")
                pushPrefix("    ")
                w.markLineStart()
            }
            openBlockContainer()
        default:
            break
        }
        return true
    }

    /// Writes a block that holds no blocks and whose content is written with it (its children
    /// are skipped).
    @inline(__always)
    mutating func writeLeafBlock(_ i: Int32, _ t: NodeKind.Tag) {
        switch t {
        case .codeBlock: writeCodeBlock(i)
        case .htmlBlock: writeHTMLBlock(i)
        default: writeThematicBreak(i)
        }
    }

    /// Enters an inline node; false to skip its children.
    @inline(__always)
    mutating func enterInline(_ i: Int32, _ t: NodeKind.Tag) -> Bool {
        switch t {
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .footnoteReference, .inlineMath, .displayMath:
            writeInlineLeaf(i, t)
            return false
        case .link:
            return enterLink(i)
        case .image:
            return enterImage(i)
        case .superscript where options.superscript == .unicode:
            return enterUnicodeScript(i, superscript: true)
        case .subscript where options.subscript == .unicode:
            return enterUnicodeScript(i, superscript: false)
        default:
            openInlineDelimiters(i, t)
            return true
        }
    }

    /// Writes an inline node whose content is written with it (its children are skipped).
    @inline(__always)
    mutating func writeInlineLeaf(_ i: Int32, _ t: NodeKind.Tag) {
        switch t {
        case .text: writeText(i)
        case .softBreak: writeSoftBreak(i)
        case .lineBreak: writeHardBreak(i)
        case .code: writeCodeSpan(i)
        case .htmlInline where options.rawHTML == .keep: writeKeptRawInline(i)
        case .htmlInline where options.rawHTML == .text: writeCodeSpan(i)
        case .footnoteReference: writeFootnoteReference(i)
        case .inlineMath: writeInlineMath(i)
        case .displayMath: writeDisplayMath(i)
        default: break
        }
    }

    // MARK: Exit

    mutating func exit(_ i: Int32) {
        let t = records.tag(i)
        if flattenRoot >= 0 && t.isBlock && i != flattenRoot {
            writeFlattenedBlockSeparator()
            return
        }
        switch t {
        case .document:
            endInlineRun()
        case .paragraph:
            endInlineRun()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .heading:
            endInlineRun()
            if options.headingStyle == .atxClosed && headingLineStart < 0 && !inTableCell, case .heading(let level) = document.kind(at: i) {
                // The closing sequence goes before pandoc's attributes (`## Title ## {#id}`).
                let closing = String(repeating: "#", count: min(max(level, 1), 6))
                w.marker(w.atLineStart || w.last == 0x20 ? closing : " " + closing)
                w.markContentStarted()
            }
            if options.headingAttributes, let attributes = pandocAttributes(i) {
                w.marker((w.atLineStart ? "" : " ") + attributes)
                w.markContentStarted()
            }
            inHeading = false
            flattenRoot = -1
            previousSiblingIsInline.removeLast()
            if headingLineStart >= 0, case .heading(let level) = document.kind(at: i) {
                // The heading's text starts after the blank line and the container's prefix
                // written before its first content.
                var start = min(headingLineStart, w.bytes.count)
                // A blank line in a container is its prefix, with or without trailing spaces
                // (turndown keeps them).
                var trimmedPrefix = w.prefix
                while trimmedPrefix.last == 0x20 { trimmedPrefix.removeLast() }
                let blankLines = [trimmedPrefix + [0x0A], w.prefix + [0x0A]]
                while start < w.bytes.count {
                    if w.bytes[start] == 0x0A { start += 1; continue }
                    guard let blank = blankLines.first(where: { !$0.isEmpty && w.bytes[start...].starts(with: $0) }) else { break }
                    start += blank.count
                }
                if !w.prefix.isEmpty && w.bytes[start...].starts(with: w.prefix) { start += w.prefix.count }
                // turndown underlines with as many characters as the heading has (UTF-16 units).
                let width = options.escaping == .turndown
                    ? max(1, String(decoding: w.bytes[start...], as: UTF8.self).utf16.count)
                    : max(3, min(80, Self.codePointCount(of: w.bytes[start...])))
                w.cr()
                w.marker(String(repeating: level == 1 ? "=" : "-", count: width))
            }
            headingLineStart = -1
            w.cr()
        case .blockQuote, .listItem, .footnoteDefinition:
            if spannedItems.last == i { spannedItems.removeLast() }
            endInlineRun()
            if t == .listItem && fencedDivisions.last == i {
                fencedDivisions.removeLast()
                closeBlockContainer()
                w.cr()
                w.marker(":::")
            }
            closeBlockContainer()
            if t == .listItem && options.escaping == .turndown && !(lists.last?.isTight ?? true) && endsWithBlock(i) {
                // turndown ends an item whose content ends with a block (a paragraph, in a
                // loose list) with a line of its indentation; the next item follows on the
                // next line.
                w.cr()
                w.flush()
                w.keepTrailingSpaces()
                w.forceLineEnd()
            }
            popPrefix()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .list:
            lists.removeLast()
            if let marker = chosenListMarkers[i], !blockContainers.isEmpty {
                blockContainers[blockContainers.count - 1].lastListMarker = marker
                lastListEnd = (w.bytes.count, marker, blockContainers.count)
            }
            previousSiblingIsInline.removeLast()
            w.cr()
        case .table, .tableRow, .tableCell, .definitionList, .definition:
            endInlineRun()
            if t == .definition {
                closeBlockContainer()
                if options.definitionList == .symbol { popPrefix() }
            }
            previousSiblingIsInline.removeLast()
            w.cr()
        case .term:
            closeDelimiter(i)
            flattenRoot = -1
            endInlineRun()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .division:
            endInlineRun()
            previousSiblingIsInline.removeLast()
            if options.division == .html {
                w.blankLine()
                w.htmlBlockMarker("</" + divisionName(i) + ">")
            } else if fencedDivisions.last == i {
                fencedDivisions.removeLast()
                closeBlockContainer()
                w.blankLine()
                w.marker(":::")
            }
            w.cr()
        case .emphasis, .strong, .strikethrough, .underline, .superscript, .subscript, .highlight, .span:
            closeDelimiter(i)
        case .link, .image:
            exitLink(i)
        default:
            break
        }
        // Track whether this node, as a sibling, was inline (for implicit paragraphs).
        if i != 0 {
            if previousSiblingIsInline.isEmpty { previousSiblingIsInline.append(false) }
            let inline = isInline(t)
            previousSiblingIsInline[previousSiblingIsInline.count - 1] = inline
            let p = records.parent(i)
            if inline && flattenRoot < 0 && !holdsInlineDirectly(tag(p)) {
                let next = records.nextSibling(i)
                if next < 0 || !isInline(tag(next)) {
                    // End of an implicit paragraph (and of a list item's span around it).
                    if let item = spannedItems.last, item == p { closeDelimiter(item) }
                    endInlineRun()
                    w.cr()
                }
            }
        }
    }
}
