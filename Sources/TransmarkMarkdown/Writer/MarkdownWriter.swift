import TransmarkCore
import TransmarkHTML

/// The Markdown writer's state machine: one non-recursive walk over the tree with enter/exit
/// events, writing lines through `MarkdownLineWriter`.
///
/// Inline delimiters (emphasis, strong, link brackets, …) are written lazily: an opener waits
/// until the first non-whitespace content of its node, and whitespace at the end of a node waits
/// until the next content, so delimiters never touch whitespace (leading and trailing spaces move
/// outside, whitespace-only emphasis becomes its whitespace).
struct MarkdownWriter {
    let document: Document
    let records: [NodeRecord]
    let options: MarkdownBackend.Options
    var w: MarkdownLineWriter

    /// An inline delimiter pair opened by a node.
    struct Delimiter {
        let node: Int32
        var open: [UInt8]
        var close: [UInt8]
        /// Where the opener was written in the output (set when it is written).
        var position = -1
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
    /// The text node being written.
    var currentTextNode: Int32 = 0
    /// Prefix lengths pushed by containers, to pop on exit.
    var prefixLengths: [Int] = []

    var inHeading = false
    var headingLineStart = 0
    var inTableCell = false
    var linkDepth = 0
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
    /// The output length when the last list ended, and its marker: a list starting with nothing
    /// written in between (only empty divisions or spans) would continue it.
    var lastListEnd: (position: Int, marker: String)?
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
    var referenceIndex: [String: Int] = [:]

    init(document: Document, options: MarkdownBackend.Options) {
        self.document = document
        self.records = document.storage.records
        self.options = options
        w = MarkdownLineWriter(capacity: document.storage.text.count + document.storage.text.count / 8 + 64)
    }

    mutating func write() -> [UInt8] {
        render(from: 0)
        writeReferenceDefinitions()
        return w.finish()
    }

    // MARK: Walk

    mutating func render(from start: Int32) {
        var cursor = WalkCursor(start: start)
        let depth = siblingStack.count
        while let (index, entering) = cursor.next(records) {
            if entering {
                currentPreviousSibling = siblingStack.last ?? -1
                siblingStack.append(-1)
                if !enter(index) { cursor.skipChildren(of: index) }
            } else {
                exit(index)
                siblingStack.removeLast()
                if !siblingStack.isEmpty { siblingStack[siblingStack.count - 1] = index }
            }
        }
        siblingStack.removeLast(siblingStack.count - depth)
    }

    func tag(_ i: Int32) -> NodeKind.Tag { records[Int(i)].tag }
    func parent(_ i: Int32) -> Int32 { records[Int(i)].parent }

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
        let record = records[Int(i)]
        let t = record.tag
        if isInline(t) && i != 0 {
            let p = record.parent
            if !holdsInlineDirectly(tag(p)) && !(previousSiblingIsInline.last ?? false) {
                // The first of a run of inline nodes in a block container: an implicit paragraph.
                startBlock(i)
            }
        }
        if !t.isBlock || t == .document {
            // Inline nodes are handled below.
        }
        switch t {
        case .document:
            return true
        case .paragraph:
            startBlock(i)
            previousSiblingIsInline.append(false)
            return true
        case .heading:
            startBlock(i)
            guard case .heading(let level) = document.kind(at: i) else { return true }
            let empty = record.firstChild < 0
            // A line break needs several lines: setext headings can hold them (levels 1–2).
            let multiline = level <= 2 && containsBreak(i)
            if (options.headingStyle == .setext || multiline) && level <= 2 && !empty {
                headingLineStart = w.bytes.count
            } else {
                w.marker(String(repeating: "#", count: min(max(level, 1), 6)) + " ")
                w.markContentStarted()
                headingLineStart = -1
            }
            inHeading = true
            previousSiblingIsInline.append(false)
            return true
        case .blockQuote:
            startBlock(i)
            w.marker("> ")
            pushPrefix("> ")
            w.markLineStart()
            openBlockContainer()
            previousSiblingIsInline.append(false)
            return true
        case .list:
            startBlock(i)
            guard case .list(let attributes) = document.kind(at: i) else { return true }
            let marker = listMarker(i, attributes)
            chosenListMarkers[i] = marker
            lists.append(ListContext(isOrdered: attributes.isOrdered, isTight: attributes.isTight,
                                     number: attributes.start, marker: marker))
            previousSiblingIsInline.append(false)
            return true
        case .listItem:
            enterListItem(i)
            previousSiblingIsInline.append(false)
            return true
        case .codeBlock:
            startBlock(i)
            writeCodeBlock(i)
            return false
        case .htmlBlock:
            startBlock(i)
            writeHTMLBlock(i)
            return false
        case .thematicBreak:
            startBlock(i)
            var rule = options.thematicBreak
            // `- ---` would itself read as a rule: use another character after a list marker.
            let p = record.parent
            if p >= 0 && tag(p) == .listItem && records[Int(p)].firstChild == i, let c = rule.first(where: { $0 != " " }),
               let marker = lists.last?.marker, marker.first == c {
                rule = rule.replacingCharacter(c, with: c == "*" ? "-" : "*")
            }
            w.marker(rule)
            w.cr()
            return false
        case .table:
            startBlock(i)
            if options.gfm, let table = pipeTable(i) {
                writePipeTable(table)
                return false
            }
            switch options.complexTable {
            case .html, .symbol:
                writeHTMLFragment(i)
                return false
            case .text:
                previousSiblingIsInline.append(false)
                return true
            }
        case .tableRow:
            previousSiblingIsInline.append(false)
            return true
        case .tableCell:
            previousSiblingIsInline.append(false)
            return true
        case .footnoteDefinition:
            startBlock(i)
            guard case .footnoteDefinition(let label) = document.kind(at: i) else { return true }
            let labelText = footnoteLabel(label)
            if options.gfm {
                w.marker("[^" + labelText + "]:")
                let first = record.firstChild
                if first >= 0 && (tag(first) == .paragraph || isInline(tag(first))) {
                    w.marker(" ")
                    w.markLineStart()
                } else {
                    w.cr()
                }
            } else {
                w.content("\\[^" + labelText + "\\]:")
                w.marker(" ")
                w.markLineStart()
            }
            pushPrefix("    ")
            openBlockContainer()
            previousSiblingIsInline.append(false)
            return true
        case .definitionList:
            startBlock(i)
            if options.definitionList == .html {
                writeHTMLFragment(i)
                return false
            }
            previousSiblingIsInline.append(false)
            return true
        case .term:
            startBlock(i)
            openDelimiter(i, open: Array(options.strongDelimiter.utf8), close: Array(options.strongDelimiter.utf8))
            previousSiblingIsInline.append(false)
            return true
        case .definition:
            startBlock(i)
            openBlockContainer()
            previousSiblingIsInline.append(false)
            return true
        case .division:
            if options.division == .html {
                startBlock(i)
                let name = divisionName(i)
                w.marker("<" + name + htmlAttributes(i) + ">")
                w.blankLine()
            }
            previousSiblingIsInline.append(false)
            return true

        // MARK: Inlines
        case .text:
            writeText(i)
            return false
        case .softBreak:
            if inHeading && headingLineStart < 0 || inTableCell {
                writeSpace()
            } else {
                pendingSpaces.removeAll()
                w.cr()
            }
            return false
        case .lineBreak:
            writeHardBreak(i)
            return false
        case .emphasis:
            let d = chooseDelimiter(i, preferred: options.emphasisDelimiter)
            openDelimiter(i, open: d, close: d)
            return true
        case .strong:
            let d = chooseDelimiter(i, preferred: options.strongDelimiter)
            openDelimiter(i, open: d, close: d)
            return true
        case .strikethrough:
            if options.gfm {
                openDelimiter(i, open: Array("~~".utf8), close: Array("~~".utf8))
            } else {
                openFallback(i, policy: options.strikethrough, tag: "del", symbol: "~~")
            }
            return true
        case .underline:
            openFallback(i, policy: options.underline, tag: "u", symbol: "++")
            return true
        case .superscript:
            openFallback(i, policy: options.superscript, tag: "sup", symbol: "^")
            return true
        case .subscript:
            openFallback(i, policy: options.subscript, tag: "sub", symbol: "~")
            return true
        case .highlight:
            openFallback(i, policy: options.highlight, tag: "mark", symbol: "==")
            return true
        case .span:
            if options.span == .html && (record.attributes >= 0 || record.style >= 0) {
                openDelimiter(i, open: Array(("<span" + htmlAttributes(i) + ">").utf8), close: Array("</span>".utf8))
            }
            return true
        case .code:
            writeCodeSpan(i)
            return false
        case .link:
            return enterLink(i)
        case .image:
            return enterImage(i)
        case .htmlInline:
            if options.rawHTML == .html {
                writeContent(Array(document.textBytes(at: i)))
            }
            return false
        case .footnoteReference:
            guard case .footnoteReference(let label) = document.kind(at: i) else { return false }
            if options.gfm {
                writeContent(Array(("[^" + footnoteLabel(label) + "]").utf8))
            } else {
                writeContent(Array(("\\[^" + footnoteLabel(label) + "\\]").utf8))
            }
            return false
        case .custom:
            return true
        }
    }

    // MARK: Exit

    mutating func exit(_ i: Int32) {
        let record = records[Int(i)]
        let t = record.tag
        switch t {
        case .document:
            endInlineRun()
        case .paragraph:
            endInlineRun()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .heading:
            endInlineRun()
            inHeading = false
            previousSiblingIsInline.removeLast()
            if headingLineStart >= 0, case .heading(let level) = document.kind(at: i) {
                let width = max(3, min(80, displayWidth(of: w.bytes[headingLineStart...])))
                w.cr()
                w.marker(String(repeating: level == 1 ? "=" : "-", count: width))
            }
            headingLineStart = -1
            w.cr()
        case .blockQuote:
            endInlineRun()
            closeBlockContainer()
            popPrefix()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .list:
            lists.removeLast()
            if let marker = chosenListMarkers[i], !blockContainers.isEmpty {
                blockContainers[blockContainers.count - 1].lastListMarker = marker
                lastListEnd = (w.bytes.count, marker)
            }
            previousSiblingIsInline.removeLast()
            w.cr()
        case .listItem:
            endInlineRun()
            closeBlockContainer()
            popPrefix()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .table, .tableRow, .tableCell:
            endInlineRun()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .footnoteDefinition:
            endInlineRun()
            closeBlockContainer()
            popPrefix()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .definitionList, .definition:
            endInlineRun()
            if t == .definition { closeBlockContainer() }
            previousSiblingIsInline.removeLast()
            w.cr()
        case .term:
            closeDelimiter(i)
            endInlineRun()
            previousSiblingIsInline.removeLast()
            w.cr()
        case .division:
            endInlineRun()
            previousSiblingIsInline.removeLast()
            if options.division == .html {
                w.blankLine()
                w.marker("</" + divisionName(i) + ">")
            }
            w.cr()
        case .emphasis, .strong, .strikethrough, .underline, .superscript, .subscript, .highlight, .span:
            closeDelimiter(i)
        case .link:
            exitLink(i)
        case .image:
            exitLink(i)
        case .custom:
            break
        default:
            break
        }
        // Track whether this node, as a sibling, was inline (for implicit paragraphs).
        if i != 0 {
            if previousSiblingIsInline.isEmpty { previousSiblingIsInline.append(false) }
            let inline = isInline(t)
            previousSiblingIsInline[previousSiblingIsInline.count - 1] = inline
            let p = record.parent
            if inline && !holdsInlineDirectly(tag(p)) {
                let next = record.nextSibling
                if next < 0 || !isInline(tag(next)) {
                    // End of an implicit paragraph.
                    endInlineRun()
                    w.cr()
                }
            }
        }
    }

    // MARK: Blocks

    /// Separates a block (or an implicit paragraph starting at inline node `i`) from what came
    /// before: nothing for the first block of a container, a line break inside tight lists, a
    /// blank line otherwise.
    mutating func startBlock(_ i: Int32) {
        endInlineRun()
        // An inline node here starts an implicit paragraph.
        let newTag = tag(i).isBlock ? tag(i) : .paragraph
        guard var container = blockContainers.popLast() else { return }
        defer { blockContainers.append(container) }
        let previous = container.lastBlock
        container.lastBlock = newTag
        previousListMarker = previous == .list ? container.lastListMarker : nil
        if w.bytes.count == container.start {
            // Nothing written yet in this container (divisions and empty blocks write nothing):
            // the block starts right after the container's marker.
            return
        }
        // An ordered list starting at another number than 1 cannot interrupt a paragraph.
        var interruptsParagraph = true
        if newTag == .list, case .list(let a) = document.kind(at: i), a.isOrdered, a.start != 1 { interruptsParagraph = false }
        if container.isTightItem && (interruptsParagraph || previous != .paragraph)
            && Self.followsOnNextLine(newTag, after: previous, options: options) {
            w.cr()
            return
        }
        w.blankLine()
    }

    /// Whether, inside a tight list item, a block of kind `next` can follow one of kind
    /// `previous` on the next line and still read back as a separate block (a paragraph would
    /// continue a paragraph or a nested list lazily, `---` would underline it, a table would
    /// take its last line as the header row).
    static func followsOnNextLine(_ next: NodeKind.Tag, after previous: NodeKind.Tag?,
                                  options: MarkdownBackend.Options) -> Bool {
        guard let previous else { return true }
        switch next {
        case .list: return previous != .list
        case .blockQuote: return previous != .blockQuote
        case .codeBlock: return previous != .codeBlock
        case .heading: return options.headingStyle == .atx
        case .paragraph: return previous == .heading || previous == .codeBlock || previous == .thematicBreak
        default: return false
        }
    }

    /// Opens a block container (document, quote, list item, footnote, definition): blocks after
    /// the current position are separated from one another, the first one is not.
    mutating func openBlockContainer(tightItem: Bool = false) {
        w.flush()
        blockContainers.append(BlockContainer(start: w.bytes.count, lastBlock: nil, isTightItem: tightItem))
    }

    mutating func closeBlockContainer() {
        if blockContainers.count > 1 { blockContainers.removeLast() }
    }

    mutating func pushPrefix(_ s: String) {
        let bytes = Array(s.utf8)
        w.prefix.append(contentsOf: bytes)
        prefixLengths.append(bytes.count)
    }

    mutating func popPrefix() {
        if let n = prefixLengths.popLast() { w.prefix.removeLast(min(n, w.prefix.count)) }
    }

    func listMarker(_ i: Int32, _ attributes: ListAttributes) -> String {
        // Two lists in a row need different markers, or they read back as one list.
        // (Also across divisions, which write no markup: the previous block of the container.)
        var previousMarker: String? = previousListMarker
        if let last = lastListEnd, last.position == w.bytes.count { previousMarker = last.marker }
        if let previous = previousSibling(of: i), case .list(let other) = document.kind(at: previous),
           other.isOrdered == attributes.isOrdered {
            previousMarker = chosenListMarkers[previous]
        }
        let preferred = attributes.isOrdered ? options.orderedListDelimiter : options.bulletListMarker
        guard let previousMarker, previousMarker == preferred else { return preferred }
        if attributes.isOrdered { return preferred == "." ? ")" : "." }
        return preferred == "-" ? "*" : "-"
    }

    mutating func enterListItem(_ i: Int32) {
        endInlineRun()
        guard var list = lists.popLast() else { return }
        let p = parent(i)
        let first = records[Int(p)].firstChild == i
        if !first {
            if list.isTight { w.cr() } else { w.blankLine() }
        }
        var marker: String
        if list.isOrdered {
            marker = String(min(max(list.number, 0), 999_999_999)) + list.marker
            list.number += 1
        } else {
            marker = list.marker
        }
        let padding = options.listMarkerPadding == 0 ? max(1, 4 - marker.count) : options.listMarkerPadding
        marker += String(repeating: " ", count: padding)
        lists.append(list)
        w.marker(marker)
        pushPrefix(String(repeating: " ", count: marker.count))
        w.markLineStart()
        if case .listItem(let task?) = document.kind(at: i) {
            if options.gfm {
                w.marker(task == .checked ? "[x] " : "[ ] ")
            } else {
                w.marker(task == .checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> ")
            }
            w.markContentStarted()
        }
        openBlockContainer(tightItem: list.isTight)
    }

    mutating func writeCodeBlock(_ i: Int32) {
        guard case .codeBlock(let info) = document.kind(at: i) else { return }
        var code = Array(document.textBytes(at: i))
        if code.last != 0x0A && !code.isEmpty { code.append(0x0A) }
        let lines = code.isEmpty ? [] : code.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
        let p = parent(i)
        let firstInItem = p >= 0 && tag(p) == .listItem && records[Int(p)].firstChild == i
        let firstLineBlank = lines.first.map { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } } ?? true
        let lastLineBlank = lines.last.map { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } } ?? true
        // Indented code needs a blank line before it that ends any list or paragraph: not the
        // first block of an item, not inside a tight list, not right after a list.
        let inTightItem = p >= 0 && tag(p) == .listItem && (lists.last?.isTight ?? false)
        let afterList = previousSibling(of: i).map { tag($0) == .list } ?? false
        // Indented code right after indented code (nothing written between) would continue it.
        let afterIndentedCode = lastIndentedCodeEnd == w.bytes.count
        if options.codeBlockStyle == .indented && info.isEmpty && !lines.isEmpty && !firstLineBlank
            && !lastLineBlank && !firstInItem && !inTightItem && !afterList && !afterIndentedCode {
            w.flush()
            pushPrefix("    ")
            w.marker("    ")
            writeVerbatimLines(lines)
            popPrefix()
            w.cr()
            lastIndentedCodeEnd = w.bytes.count
            return
        }
        var fenceChar = options.fence.utf8.first ?? UInt8(ascii: "`")
        if fenceChar == UInt8(ascii: "`") && info.utf8.contains(UInt8(ascii: "`")) { fenceChar = UInt8(ascii: "~") }
        var longest = 0
        var run = 0
        for b in code {
            run = b == fenceChar ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = [UInt8](repeating: fenceChar, count: max(3, longest + 1))
        w.marker(fence)
        if !info.isEmpty { w.marker(info.utf8) }
        w.keepTrailingSpaces()
        w.cr()
        if !lines.isEmpty {
            w.flush()
            writeVerbatimLines(lines)
            w.cr()
        }
        w.marker(fence)
        w.cr()
    }

    /// Writes code lines, each on its own prefixed line, keeping their spaces.
    mutating func writeVerbatimLines(_ lines: [ArraySlice<UInt8>]) {
        for (n, line) in lines.enumerated() {
            if n > 0 { w.newlineKeepingContent(emptyLine: line.isEmpty) }
            w.verbatim(line)
        }
        if !lines.isEmpty { w.forceLineEnd() }
    }

    mutating func writeHTMLBlock(_ i: Int32) {
        var raw = Array(document.textBytes(at: i))
        while let l = raw.last, l == 0x0A { raw.removeLast() }
        if options.rawHTML == .text {
            let text = Self.strippingTags(raw)
            if !text.isEmpty { writeContent(text) }
            w.cr()
            return
        }
        let lines = raw.split(separator: 0x0A, omittingEmptySubsequences: false)
        w.flush()
        writeVerbatimLines(lines)
        w.cr()
    }

    /// Writes a subtree as an HTML block (for constructs Markdown cannot express).
    mutating func writeHTMLFragment(_ i: Int32) {
        var htmlOptions = HTMLBackend.Options()
        htmlOptions.unsafe = true
        var html = HTMLBackend().renderFragment(document[NodeID(index: i)], options: htmlOptions)
        while let l = html.last, l == 0x0A { html.removeLast() }
        // An HTML block ends at a blank line: keep the fragment free of them.
        var lines = html.split(separator: 0x0A, omittingEmptySubsequences: true)
        lines = lines.filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        w.flush()
        writeVerbatimLines(lines)
        w.cr()
    }

    func divisionName(_ i: Int32) -> String {
        if case .division(let tag) = document.kind(at: i), HTMLNames.isValidElementName(tag),
           !HTMLNames.isCodeBearingElement(tag) {
            return tag
        }
        return "div"
    }

    /// The node's attributes and style as HTML attribute text (with a leading space).
    func htmlAttributes(_ i: Int32) -> String {
        var text = ""
        for a in document.attributes(at: i) where HTMLNames.isValidAttributeName(a.name) && !HTMLNames.isEventHandler(a.name) {
            if a.name == "style" && document.style(at: i) != nil { continue }
            var escaped = ByteOutput()
            HTMLEscaping.escapeText(a.value, into: &escaped)
            text += " \(a.name)=\"\(escaped.string)\""
        }
        if let style = document.style(at: i), !style.cssText.isEmpty {
            var escaped = ByteOutput()
            HTMLEscaping.escapeText(style.cssText, into: &escaped)
            text += " style=\"\(escaped.string)\""
        }
        return text
    }

    static func strippingTags(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inTag = false
        for b in raw {
            if b == UInt8(ascii: "<") { inTag = true; continue }
            if b == UInt8(ascii: ">") && inTag { inTag = false; continue }
            if !inTag { out.append(b == 0x0A ? 0x20 : b) }
        }
        return out
    }

    func footnoteLabel(_ label: String) -> String {
        String(label.map { $0 == " " || $0 == "]" || $0 == "[" || $0 == "\n" ? "-" : $0 })
    }

    /// The previous sibling of the node being entered (valid during `enter`).
    func previousSibling(of i: Int32) -> Int32? {
        currentPreviousSibling >= 0 ? currentPreviousSibling : nil
    }

    func containsBreak(_ i: Int32) -> Bool {
        var found = false
        document.walk(from: NodeID(index: i)) { event in
            if case .enter(let n) = event, n.tag == .softBreak || n.tag == .lineBreak { found = true; return .stop }
            return .proceed
        }
        return found
    }

    func displayWidth(of bytes: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}

// MARK: - Inline writing

extension MarkdownWriter {
    /// Ends a run of inline content: unwritten openers and trailing whitespace are dropped.
    mutating func endInlineRun() {
        pendingOpeners.removeAll()
        pendingSpaces.removeAll()
    }

    /// Writes pending whitespace and openers before content.
    mutating func flushInlinePending() {
        if !pendingSpaces.isEmpty {
            w.content(pendingSpaces)
            pendingSpaces.removeAll()
        }
        if !pendingOpeners.isEmpty {
            for var d in pendingOpeners {
                w.flush()
                if w.bytes.count == lastCloserEnd.position && d.open.first == lastCloserEnd.byte {
                    d = separatedFromPreviousRun(d)
                }
                d.position = w.bytes.count
                w.marker(d.open)
                openDelimiters.append(d)
            }
            w.markContentStarted()
            pendingOpeners.removeAll()
        }
    }

    /// Writes inline content that is not whitespace.
    mutating func writeContent(_ bytes: [UInt8]) {
        flushInlinePending()
        w.content(bytes)
    }

    mutating func writeSpace(_ c: UInt8 = 0x20) {
        if w.atLineStart && pendingOpeners.isEmpty && pendingSpaces.isEmpty {
            // Leading whitespace of a line would be stripped (or start a code block): spaces go,
            // a tab that is content stays as a character reference.
            if c == 0x09 { w.content("&#9;") }
            return
        }
        pendingSpaces.append(c)
    }

    mutating func openDelimiter(_ i: Int32, open: [UInt8], close: [UInt8]) {
        pendingOpeners.append(Delimiter(node: i, open: open, close: close))
    }

    mutating func openFallback(_ i: Int32, policy: MarkdownFallback, tag: String, symbol: String) {
        switch policy {
        case .html: openDelimiter(i, open: Array(("<" + tag + ">").utf8), close: Array(("</" + tag + ">").utf8))
        case .symbol: openDelimiter(i, open: Array(symbol.utf8), close: Array(symbol.utf8))
        case .text: break
        }
    }

    mutating func closeDelimiter(_ i: Int32) {
        if let k = pendingOpeners.lastIndex(where: { $0.node == i }) {
            // Nothing was written inside: the node is empty or whitespace only.
            pendingOpeners.remove(at: k)
            return
        }
        guard let k = openDelimiters.lastIndex(where: { $0.node == i }) else { return }
        let d = openDelimiters.remove(at: k)
        if let tag = htmlTagForDelimiter(d), !delimitersFlank(d, closing: i) {
            // `**Note:**text` or `a*(b)*`: the delimiters would not be read as emphasis here, so
            // the node is written as inline HTML instead (`<strong>Note:</strong>text`).
            w.replace(at: d.position, count: d.open.count, with: Array(("<" + tag + ">").utf8))
            w.marker(Array(("</" + tag + ">").utf8))
            return
        }
        w.marker(d.close)
        if let last = d.close.last { lastCloserEnd = (w.bytes.count, last) }
    }

    /// An opener that would be written right after a closer of the same character (sibling
    /// emphasis `*a**b*`, strikethrough `~~a~~~~b~~`): emphasis and strong switch between `*`
    /// and `_` (the closing flank check still falls back to HTML where `_` cannot close), other
    /// delimiters become their HTML tags.
    mutating func separatedFromPreviousRun(_ d: Delimiter) -> Delimiter {
        guard let c = d.open.first else { return d }
        var d = d
        let star = UInt8(ascii: "*"), underscore = UInt8(ascii: "_")
        let node = records[Int(d.node)].tag
        if (node == .emphasis || node == .strong || node == .term) && (c == star || c == underscore) {
            let other = c == star ? underscore : star
            d.open = d.open.map { _ in other }
            d.close = d.close.map { _ in other }
            chosenDelimiters[d.node] = other
            return d
        }
        let tags: [NodeKind.Tag: String] = [.strikethrough: "del", .underline: "u", .superscript: "sup",
                                            .subscript: "sub", .highlight: "mark"]
        if let tag = tags[node] {
            d.open = Array(("<" + tag + ">").utf8)
            d.close = Array(("</" + tag + ">").utf8)
        }
        return d
    }

    /// The HTML tag that can replace an emphasis-like delimiter pair, or nil for other pairs.
    func htmlTagForDelimiter(_ d: Delimiter) -> String? {
        guard d.position >= 0, let c = d.open.first,
              c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~") else { return nil }
        switch records[Int(d.node)].tag {
        case .emphasis: return "em"
        case .strong, .term: return "strong"
        case .strikethrough: return "del"
        default: return nil
        }
    }

    /// How a byte-level neighbour of a delimiter run counts for CommonMark's flanking rules.
    enum FlankClass { case space, punctuation, other }

    /// The class of the character ending just before `end` in `bytes` (nil: line start).
    static func classBefore(_ bytes: [UInt8], _ end: Int) -> FlankClass {
        guard end > 0 else { return .space }
        let b = bytes[end - 1]
        if b < 0x80 {
            if MarkdownTextEscaper.isSpace(b) { return .space }
            return MarkdownTextEscaper.isASCIIPunctuation(b) ? .punctuation : .other
        }
        var lead = end - 1
        while lead > 0 && bytes[lead] & 0xC0 == 0x80 && end - lead < 4 { lead -= 1 }
        return classOfScalar(lead: bytes[lead], second: lead + 1 < end ? bytes[lead + 1] : 0, third: lead + 2 < end ? bytes[lead + 2] : 0)
    }

    /// The class of a non-ASCII character from its first UTF-8 bytes: U+00A0 and U+2000–U+200A
    /// are spaces; Latin-1 symbols, general and CJK punctuation count as punctuation.
    static func classOfScalar(lead: UInt8, second: UInt8, third: UInt8) -> FlankClass {
        if lead == 0xC2 {
            // U+00A0 is a space; ¡ § « ¶ · » ¿ are punctuation (Unicode P*), the rest symbols.
            switch second {
            case 0xA0: return .space
            case 0xA1, 0xA7, 0xAB, 0xB6, 0xB7, 0xBB, 0xBF: return .punctuation
            default: return .other
            }
        }
        if lead == 0xE2 && second == 0x80 { return third <= 0x8A ? .space : .punctuation }
        if lead == 0xE3 && second == 0x80 { return third == 0x80 ? .space : .punctuation }
        return .other
    }

    static func classOf(_ b: UInt8?) -> FlankClass {
        guard let b else { return .space }
        if MarkdownTextEscaper.isSpace(b) { return .space }
        if b < 0x80 { return MarkdownTextEscaper.isASCIIPunctuation(b) ? .punctuation : .other }
        return b == 0xE2 || b == 0xE3 ? .punctuation : .other
    }

    /// Whether the written opener of `d` can open and the closer about to be written can close
    /// (CommonMark's left- and right-flanking rules, with `_`'s intraword restriction).
    func delimitersFlank(_ d: Delimiter, closing i: Int32) -> Bool {
        let bytes = w.bytes
        let contentStart = d.position + d.open.count
        guard contentStart < bytes.count else { return true }
        // Flanking is decided for a whole delimiter run (`***` of emphasis around strong).
        let c = d.open[0]
        var runStart = d.position
        while runStart > 0 && bytes[runStart - 1] == c { runStart -= 1 }
        var firstIndex = contentStart
        while firstIndex < bytes.count && bytes[firstIndex] == c { firstIndex += 1 }
        guard firstIndex < bytes.count else { return true }
        var runEnd = bytes.count
        while runEnd > firstIndex && bytes[runEnd - 1] == c { runEnd -= 1 }
        let before = Self.classBefore(bytes, runStart)
        let firstByte = bytes[firstIndex]
        let first: FlankClass = firstByte < 0x80 ? Self.classOf(firstByte)
            : Self.classOfScalar(lead: firstByte, second: firstIndex + 1 < bytes.count ? bytes[firstIndex + 1] : 0,
                                 third: firstIndex + 2 < bytes.count ? bytes[firstIndex + 2] : 0)
        let last = Self.classBefore(bytes, runEnd)
        let after = Self.classOf(firstByteAfter(i))
        let leftFlanking = first != .space && (first != .punctuation || before != .other)
        let rightFlanking = last != .space && (last != .punctuation || after != .other)
        guard leftFlanking && rightFlanking else { return false }
        if d.open.first == UInt8(ascii: "_") {
            // `_` cannot open after a letter or close before one.
            if before == .other || after == .other { return false }
            // cmark-gfm with strikethrough does not match `_` runs next to `~` (`_v_~~a~~`,
            // `~~a~~_v_`), though CommonMark's rules would.
            let tilde = UInt8(ascii: "~")
            if options.gfm && (runStart > 0 && bytes[runStart - 1] == tilde || firstByteAfter(i) == tilde) { return false }
        }
        return true
    }

    /// `*` or `_` (or `**`/`__`): underscores do not work inside words, so use asterisks there.
    mutating func chooseDelimiter(_ i: Int32, preferred: String) -> [UInt8] {
        var d = Array(preferred.utf8)
        defer { chosenDelimiters[i] = d.first }
        // Emphasis directly inside emphasis (or strong in strong) with the same character reads
        // as one run (`**x**` is strong, not emphasis in emphasis): use the other character.
        // (`****x****` is strong in strong, so strong keeps its character.)
        let p = records[Int(i)].parent
        if p >= 0, records[Int(i)].tag == .emphasis, records[Int(p)].firstChild == i,
           let parentChar = chosenDelimiters[p], parentChar == d.first {
            let other: UInt8 = parentChar == UInt8(ascii: "*") ? UInt8(ascii: "_") : UInt8(ascii: "*")
            let previous = pendingSpaces.last ?? w.last
            if other == UInt8(ascii: "*") || !(previous.map(MarkdownTextEscaper.isWordByte) ?? false) {
                d = d.map { _ in other }
                return d
            }
        }
        guard d.first == UInt8(ascii: "_") else {
            return d
        }
        let previous = pendingSpaces.last ?? w.last
        var nextIsWord = false
        let next = records[Int(i)].nextSibling
        if next >= 0 {
            let bytes = document.textBytes(at: next)
            if let f = bytes.first, records[Int(next)].tag == .text { nextIsWord = MarkdownTextEscaper.isWordByte(f) }
        }
        if let previous, MarkdownTextEscaper.isWordByte(previous) { nextIsWord = true }
        if nextIsWord { d = d.map { _ in UInt8(ascii: "*") } }
        // Emphasis directly inside emphasis with the same delimiter would read as strong.
        return d
    }

    mutating func writeHardBreak(_ i: Int32) {
        // Hard breaks at the end of a block have no syntax (a break needs content after it) and
        // the last shows nothing in HTML either: drop them.
        var node = i
        while true {
            var next = records[Int(node)].nextSibling
            while next >= 0 && tag(next) == .lineBreak { next = records[Int(next)].nextSibling }
            // A block after the break (a division after a link holding it) ends the paragraph.
            if next >= 0 { if tag(next).isBlock { return }; break }
            node = records[Int(node)].parent
            guard node >= 0, !tag(node).isBlock else { return }
        }
        if inTableCell || inHeading && headingLineStart < 0 {
            // A table row and an ATX heading are one line: the break is written as HTML.
            writeContent(Array("<br>".utf8))
            return
        }
        pendingSpaces.removeAll()
        if linkDepth == 0 {
            // Close open delimiters, break the line, reopen them. (Inside link text the break
            // stays inside: closing and reopening would make two links of one.)
            let reopen = openDelimiters
            for d in openDelimiters.reversed() { w.marker(d.close) }
            openDelimiters.removeAll()
            let carried = pendingOpeners
            pendingOpeners = reopen + carried
        } else {
            flushInlinePending()
        }
        if options.hardBreak == .backslash || w.atLineStart {
            // Two spaces on an otherwise empty line would make a blank line: use `\`.
            w.marker("\\")
        } else {
            w.marker("  ")
            w.keepTrailingSpaces()
        }
        w.cr()
        w.flush()
        w.markLineStart()
    }

    mutating func writeCodeSpan(_ i: Int32) {
        var code = Array(document.textBytes(at: i))
        // An empty code span has no syntax (`` reads back as text) and shows nothing.
        if code.isEmpty { return }
        for k in code.indices where code[k] == 0x0A { code[k] = 0x20 }
        if inTableCell {
            // GFM splits table rows at `|` before reading code spans; `\|` keeps the pipe.
            var escaped: [UInt8] = []
            for b in code {
                if b == UInt8(ascii: "|") { escaped.append(0x5C) }
                escaped.append(b)
            }
            code = escaped
        }
        var longest = 0
        var runs = Set<Int>()
        var run = 0
        for b in code + [0] {
            if b == UInt8(ascii: "`") { run += 1 } else {
                if run > 0 { runs.insert(run); longest = max(longest, run) }
                run = 0
            }
        }
        var ticks = 1
        while runs.contains(ticks) { ticks += 1 }
        let fence = [UInt8](repeating: UInt8(ascii: "`"), count: ticks)
        let allSpaces = code.allSatisfy { $0 == 0x20 }
        let pad = !code.isEmpty && !allSpaces && (code.first == UInt8(ascii: "`") || code.last == UInt8(ascii: "`")
            || (code.first == 0x20 && code.last == 0x20))
        flushInlinePending()
        w.content(fence)
        if pad { w.content(byte: 0x20) }
        w.content(code)
        if pad { w.content(byte: 0x20) }
        w.content(fence)
    }

    // MARK: Links and images

    mutating func enterLink(_ i: Int32) -> Bool {
        guard case .link(let destination, let title) = document.kind(at: i) else { return true }
        // Autolinks: the text is the URL (or the address of a mailto: URL).
        let text = document[NodeID(index: i)].plainText
        let first = records[Int(i)].firstChild
        let plain = first >= 0 && tag(first) == .text && records[Int(first)].nextSibling < 0
        if title.isEmpty, plain, Self.isAutolinkable(destination),
           text == destination || ("mailto:" + text == destination && !text.contains(":")) {
            writeContent(Array(("<" + text + ">").utf8))
            return false
        }
        let close: [UInt8]
        if options.linkStyle == .reference {
            close = Array(("]" + referenceSuffix(text: text, destination: destination, title: title)).utf8)
        } else {
            close = Array(("](" + Self.linkDestination(destination) + Self.linkTitle(title) + ")").utf8)
        }
        openDelimiter(i, open: [UInt8(ascii: "[")], close: close)
        linkDepth += 1
        // An empty link still needs its brackets.
        if records[Int(i)].firstChild < 0 {
            flushInlinePending()
        }
        return true
    }

    mutating func exitLink(_ i: Int32) {
        linkDepth -= 1
        if pendingOpeners.contains(where: { $0.node == i }) {
            // Whitespace-only or empty text: keep the link with empty text.
            flushInlinePending()
        }
        closeDelimiter(i)
    }

    mutating func referenceSuffix(text: String, destination: String, title: String) -> String {
        let key = destination + "\u{0}" + title
        switch options.linkReferenceStyle {
        case .full:
            if let n = referenceIndex[key] { return "[\(references[n].label)]" }
            let label = String(references.count + 1)
            referenceIndex[key] = references.count
            references.append(ReferenceDefinition(label: label, destination: destination, title: title))
            return "[\(label)]"
        case .collapsed, .shortcut:
            let label = text
            let usable = !label.isEmpty && !label.contains("[") && !label.contains("]") && !label.contains("\n")
            let normalized = label.lowercased()
            if usable {
                if let n = referenceIndex["label:" + normalized] {
                    if references[n].destination == destination && references[n].title == title {
                        return options.linkReferenceStyle == .collapsed ? "[]" : ""
                    }
                } else {
                    referenceIndex["label:" + normalized] = references.count
                    references.append(ReferenceDefinition(label: label, destination: destination, title: title))
                    return options.linkReferenceStyle == .collapsed ? "[]" : ""
                }
            }
            // The text cannot serve as a label: fall back to a numbered reference.
            let numbered = "ref-\(references.count + 1)"
            references.append(ReferenceDefinition(label: numbered, destination: destination, title: title))
            return "[\(numbered)]"
        }
    }

    mutating func writeReferenceDefinitions() {
        guard !references.isEmpty else { return }
        w.prefix.removeAll()
        w.blankLine()
        for r in references {
            w.marker("[" + r.label + "]: " + Self.linkDestination(r.destination) + Self.linkTitle(r.title))
            w.cr()
        }
    }

    /// Images write their alternative text as inline Markdown inside `![…]`, so alt text with
    /// emphasis or links reads back the same.
    mutating func enterImage(_ i: Int32) -> Bool {
        guard case .image(let source, let title, let size) = document.kind(at: i) else { return false }
        if let size, size.width != nil || size.height != nil, options.imageSize == .html {
            writeImage(i)
            return false
        }
        let close = Array(("](" + Self.linkDestination(source) + Self.linkTitle(title) + ")").utf8)
        openDelimiter(i, open: Array("![".utf8), close: close)
        linkDepth += 1
        if records[Int(i)].firstChild < 0 { flushInlinePending() }
        return true
    }

    mutating func writeImage(_ i: Int32) {
        guard case .image(let source, let title, let size) = document.kind(at: i) else { return }
        let alt = document[NodeID(index: i)].plainText
        if let size, size.width != nil || size.height != nil, options.imageSize == .html {
            var html = ByteOutput()
            html.append("<img src=\"")
            HTMLEscaping.escapeText(source, into: &html)
            html.append("\" alt=\"")
            HTMLEscaping.escapeText(alt, into: &html)
            html.append("\"")
            if !title.isEmpty {
                html.append(" title=\"")
                HTMLEscaping.escapeText(title, into: &html)
                html.append("\"")
            }
            if let width = size.width { html.append(" width=\"\(width)\"") }
            if let height = size.height { html.append(" height=\"\(height)\"") }
            html.append(" />")
            writeContent(html.bytes)
            return
        }
        var text: [UInt8] = Array("![".utf8)
        text += escapeLinkText(Array(alt.utf8))
        text += Array(("](" + Self.linkDestination(source) + Self.linkTitle(title) + ")").utf8)
        writeContent(text)
    }

    /// Escapes text inside `[...]` (alt text): brackets, backslashes, backticks and emphasis marks.
    func escapeLinkText(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for b in text {
            switch b {
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"),
                 UInt8(ascii: "_"), UInt8(ascii: "<"):
                out.append(0x5C)
                out.append(b)
            case 0x0A:
                out.append(0x20)
            default:
                out.append(b)
            }
        }
        return out
    }

    static func isAutolinkable(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard scheme.count >= 2, scheme.count <= 32, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-") }) else {
            return false
        }
        // cmark decodes character references in autolinks, and backslashes stay literal there.
        let bytes = Array(destination.utf8)[...]
        if bytes.indices.contains(where: { bytes[$0] == UInt8(ascii: "&") && MarkdownTextEscaper.startsEntity(bytes, at: $0) }) { return false }
        return !destination.contains(where: { $0 == " " || $0 == "<" || $0 == ">" || $0.isWhitespace || ($0.asciiValue ?? 0x20) < 0x20 })
    }

    /// A link destination, in `<…>` when it has spaces, controls or unbalanced parentheses.
    /// Backslashes are escaped, and `&` that would start a character reference is written
    /// `&amp;` (cmark decodes references before backslash escapes, so `\&` would not do).
    static func linkDestination(_ destination: String) -> String {
        if destination.isEmpty { return "" }
        let bytes = Array(destination.utf8)[...]
        var depth = 0
        var balanced = true
        var needsBrackets = false
        for b in bytes {
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") { depth -= 1; if depth < 0 { balanced = false } }
            if b <= 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") { needsBrackets = true }
        }
        if depth != 0 { balanced = false }
        let bracketed = needsBrackets || !balanced || bytes.first == UInt8(ascii: "<")
        var out: [UInt8] = bracketed ? [UInt8(ascii: "<")] : []
        for k in bytes.indices {
            let b = bytes[k]
            switch b {
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case UInt8(ascii: "<"), UInt8(ascii: ">"): out += [0x5C, b]
            case UInt8(ascii: "&") where MarkdownTextEscaper.startsEntity(bytes, at: k): out += Array("&amp;".utf8)
            case 0x0A: out += Array("%0A".utf8)
            case 0x0D: out += Array("%0D".utf8)
            default: out.append(b)
            }
        }
        if bracketed { out.append(UInt8(ascii: ">")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// ` "title"` with quotes and backslashes escaped and `&` that would start a character
    /// reference written `&amp;`, or nothing. Line ends are written as `&#10;`/`&#13;`: a blank line inside the
    /// title would end the paragraph, and references are decoded in titles.
    static func linkTitle(_ title: String) -> String {
        if title.isEmpty { return "" }
        let bytes = Array(title.utf8)[...]
        var out: [UInt8] = Array(" \"".utf8)
        for k in bytes.indices {
            let b = bytes[k]
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [0x5C, b]
            case UInt8(ascii: "&") where MarkdownTextEscaper.startsEntity(bytes, at: k): out += Array("&amp;".utf8)
            case 0x0A: out += Array("&#10;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}
