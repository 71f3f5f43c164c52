@_spi(TransmarkStorage) import TransmarkCore

extension TextLayoutEngine {
    var parentIsTight: Bool { frames.count >= 2 && frames[frames.count - 2].tight }

    mutating func pushFrame(_ tag: NodeKind.Tag, tight: Bool = false) {
        frames.append(BlockFrame(tag: tag, tight: tight, prefixHeight: prefixes.count))
    }

    /// Handles entering node `index`; returns `false` to skip its children.
    mutating func enter(_ index: Int32) -> Bool {
        let tag = records.tag(index)
        if !settings.keepHidden, records.style(index) >= 0,
           document.storage.styles[Int(records.style(index))].display == Display.none {
            ignoreNextExit = true
            return false
        }
        if tag.isBlock {
            if tag == .footnoteDefinition && index != footnoteRoot {
                ignoreNextExit = true
                return false
            }
            flushInline()
            separateFromPreviousSibling(index, tag)
            return enterBlock(index, tag)
        }
        enterInline(index, tag)
        return true
    }

    mutating func exit(_ index: Int32) {
        let tag = records.tag(index)
        // Leaf-only kinds are handled entirely on entering.
        if tag.isLeafOnly { return }
        if tag.isBlock {
            exitBlock(index, tag)
        } else {
            exitInline(index, tag)
        }
    }

    // MARK: Blocks

    /// Blocks with vertical margins (all but divisions and the parts of lists, tables and
    /// definition lists) are set off by a blank line from a previous sibling, unless their
    /// container is tight. (Markdown blocks get it from the previous block's exit already; this
    /// covers blocks that follow a division, as in HTML.)
    mutating func separateFromPreviousSibling(_ index: Int32, _ tag: NodeKind.Tag) {
        switch tag {
        case .paragraph, .heading, .blockQuote, .list, .codeBlock, .htmlBlock, .thematicBreak, .table, .definitionList:
            let parent = records.parent(index)
            if parent >= 0 && records.firstChild(parent) != index && !(frames.last?.tight ?? false) {
                pendingBlank = true
            }
        default:
            break
        }
    }

    mutating func enterBlock(_ index: Int32, _ tag: NodeKind.Tag) -> Bool {
        if flattenedTables > 0 || (tag == .table && tables.count >= settings.maxTableNesting),
           tag == .table || tag == .tableRow || tag == .tableCell {
            enterFlattenedTablePart(index, tag)
            return true
        }
        if isLayoutTablePart(index, tag) {
            enterFlattenedTablePart(index, tag, counted: false)
            return true
        }
        let theme = settings.theme
        switch tag {
        case .codeBlock:
            renderCodeBlock(index)
            return false
        case .htmlBlock:
            if settings.rawHTML != .drop { renderVerbatim(index, indent: 0, style: themedAlone(theme.rawHTML), padded: false) }
            return false
        case .thematicBreak:
            renderRule()
            pendingBlank = !(frames.last?.tight ?? false)
            lastClosedBlock = tag
            return false
        case .heading:
            pushFrame(tag)
            var level = 1
            if case .heading(let l) = document.kind(at: index) { level = max(1, min(6, l)) }
            let marker = level <= settings.markers.headingPrefixes.count ? settings.markers.headingPrefixes[level - 1] : ""
            pushStyle(index, theme.heading(level))
            if !marker.isEmpty {
                let spaces = String(repeating: " ", count: DisplayWidth.of(marker))
                pushPrefix(first: marker, rest: spaces, firstStyle: currentStyle, restStyle: 0)
            }
        case .blockQuote:
            pushFrame(tag)
            pushPrefix(first: settings.markers.blockQuote, rest: settings.markers.blockQuote,
                       firstStyle: themedAlone(theme.blockQuoteBar), restStyle: themedAlone(theme.blockQuoteBar))
            pushStyle(index, theme.blockQuoteText)
        case .list:
            var attributes = ListAttributes.bullet
            if case .list(let a) = document.kind(at: index) { attributes = a }
            pushFrame(tag, tight: attributes.isTight)
            enterList(index, attributes)
            pushStyle(index, nil)
        case .listItem:
            pushFrame(tag, tight: frames.last.map { $0.tag == .list && $0.tight } ?? false)
            enterListItem(index)
            pushStyle(index, nil)
        case .table:
            var alignments: [TableAlignment] = []
            if case .table(let a) = document.kind(at: index) { alignments = a }
            pushFrame(tag, tight: true)
            tables.append(TableBuilder(alignments: alignments))
            pushStyle(index, nil)
        case .tableRow:
            pushFrame(tag, tight: true)
            var isHeader = false
            if case .tableRow(let h) = document.kind(at: index) { isHeader = h }
            if !tables.isEmpty { tables[tables.count - 1].startRow(isHeader: isHeader) }
            pushStyle(index, nil)
        case .tableCell:
            pushFrame(tag, tight: true)
            var attributes = TableCellAttributes.plain
            if case .tableCell(let a) = document.kind(at: index) { attributes = a }
            let header = attributes.isHeader || (tables.last?.currentRowIsHeader ?? false)
            if !tables.isEmpty {
                tables[tables.count - 1].startCell(attributes)
                captures.append(StyledLines())
                let room = roomWidth
                let budget = room == Int.max ? Int.max : max(1, room - 4)
                sinks.append(Sink(prefixBase: prefixes.count, captureIndex: captures.count - 1, budget: budget,
                                  savedPendingBlank: pendingBlank))
                pendingBlank = false
            }
            pushStyle(index, header ? theme.tableHeader : nil)
        case .definitionList:
            pushFrame(tag, tight: true)
            pushStyle(index, nil)
        case .term:
            if lastClosedBlock == .definition { pendingBlank = true }
            pushFrame(tag, tight: true)
            pushStyle(index, theme.term)
        case .definition:
            pushFrame(tag)
            let indent = String(repeating: " ", count: settings.markers.definitionIndent)
            pushPrefix(first: indent, rest: indent, firstStyle: 0, restStyle: 0)
            pushStyle(index, nil)
        default:
            // document, paragraph, division, footnote definition (as the root of its entry).
            pushFrame(tag)
            pushStyle(index, nil)
        }
        return true
    }

    /// A table nested too deep, or a row or cell of one: a plain block, in the enclosing sink
    /// (see `LayoutSettings.maxTableNesting`). A layout table's parts are written so too, but not
    /// `counted`: the tables inside a layout table are judged on their own.
    mutating func enterFlattenedTablePart(_ index: Int32, _ tag: NodeKind.Tag, counted: Bool = true) {
        if tag == .table && counted { flattenedTables += 1 }
        pushFrame(tag, tight: true)
        var header = false
        if case .tableCell(let a) = document.kind(at: index) { header = a.isHeader }
        pushStyle(index, header ? settings.theme.tableHeader : nil)
    }

    /// Whether a table, row or cell belongs to a layout table (`layoutTables`): rows are the
    /// table's children, cells the rows'.
    func isLayoutTablePart(_ index: Int32, _ tag: NodeKind.Tag) -> Bool {
        if layoutTables.isEmpty { return false }
        switch tag {
        case .table: return layoutTables.contains(index)
        case .tableRow: return layoutTables.contains(records.parent(index))
        case .tableCell:
            let row = records.parent(index)
            return row >= 0 && layoutTables.contains(records.parent(row))
        default: return false
        }
    }

    mutating func exitBlock(_ index: Int32, _ tag: NodeKind.Tag) {
        let widest = flushInline()
        guard let frame = frames.popLast() else { return }
        if tag == .listItem && prefixes.count > frame.prefixHeight && prefixes[prefixes.count - 1].firstPending {
            // An empty item still shows its marker.
            beginLine(contentEmpty: true)
            endLine(contentWidth: 0)
        }
        popStyle()
        popPrefixes(to: frame.prefixHeight)
        switch tag {
        case .heading:
            var level = 1
            if case .heading(let l) = document.kind(at: index) { level = max(1, min(6, l)) }
            let underline = level <= settings.markers.headingUnderlines.count ? settings.markers.headingUnderlines[level - 1] : ""
            if !underline.isEmpty && widest > 0 {
                beginLine()
                putRepeated(underline, widest, style: themed(settings.theme.headingUnderline))
                endLine(contentWidth: widest)
            }
        case .listItem:
            break
        case .table where flattenedTables > 0:
            flattenedTables -= 1
        case .table where layoutTables.contains(index):
            break
        case .table:
            if let table = tables.popLast() { layOutTable(table) }
        case .tableCell where flattenedTables > 0 || isLayoutTablePart(index, tag):
            break
        case .tableCell:
            if sinks.count > 1, let capture = captures.popLast() {
                pendingBlank = sinks.removeLast().savedPendingBlank
                popPrefixes(to: frame.prefixHeight)
                if !tables.isEmpty { tables[tables.count - 1].finishCell(capture) }
            }
        case .list:
            lists.removeLast()
        default:
            break
        }
        lastClosedBlock = tag
        if tag != .division && tag != .tableRow && tag != .tableCell { pendingBlank = !(frames.last?.tight ?? false) }
    }

    // MARK: Lists

    mutating func enterList(_ index: Int32, _ attributes: ListAttributes) {
        var count = 0
        var child = records.firstChild(index)
        while child >= 0 {
            if records.tag(child) == .listItem { count += 1 }
            child = records.nextSibling(child)
        }
        let bulletLevel = lists.last.map { $0.bulletLevel + ($0.ordered ? 0 : 1) } ?? 0
        var state = ListState(ordered: attributes.isOrdered, next: attributes.start,
                              step: attributes.isReversed ? -1 : 1, numbering: attributes.numbering,
                              delimiter: attributes.marker == ")" ? 0x29 : 0x2E, numberWidth: 0,
                              bulletLevel: bulletLevel % max(1, settings.markers.bullets.count))
        if state.ordered {
            let last = attributes.number(ofItemAt: max(0, count - 1))
            switch attributes.numbering {
            case .lowerRoman, .upperRoman:
                // Roman numerals are not widest at the ends (III is wider than IV): measure all.
                var width = 0
                var n = attributes.start
                for _ in 0..<max(1, count) {
                    width = max(width, DisplayWidth.of(ListMarkerFormatter.format(n, attributes.numbering)))
                    n = n.addingSaturating(state.step)
                }
                state.numberWidth = width
            default:
                state.numberWidth = max(DisplayWidth.of(ListMarkerFormatter.format(attributes.start, attributes.numbering)),
                                        DisplayWidth.of(ListMarkerFormatter.format(last, attributes.numbering)))
            }
        }
        lists.append(state)
    }

    mutating func enterListItem(_ index: Int32) {
        var task: TaskState?
        if case .listItem(let t) = document.kind(at: index) { task = t }
        let theme = settings.theme
        let markers = settings.markers
        var marker = ""
        var markerStyle = themedAlone(theme.listMarker)
        if let state = lists.last, frames.count >= 2, frames[frames.count - 2].tag == .list {
            if state.ordered {
                let number = ListMarkerFormatter.format(state.next, state.numbering)
                marker = String(repeating: " ", count: max(0, state.numberWidth - DisplayWidth.of(number)))
                    + number + String(UnicodeScalar(state.delimiter))
                lists[lists.count - 1].next = state.next.addingSaturating(state.step)
            } else if task == nil {
                marker = markers.bullets[state.bulletLevel % markers.bullets.count]
            }
        } else if task == nil {
            marker = markers.bullets[0]
        }
        if let task {
            let box = task == .checked ? markers.taskChecked : markers.taskUnchecked
            let boxStyle = themedAlone(task == .checked ? theme.taskChecked : theme.taskUnchecked)
            if marker.isEmpty {
                marker = box
                markerStyle = boxStyle
            } else {
                pushPrefix(first: marker + " ", rest: String(repeating: " ", count: DisplayWidth.of(marker) + 1),
                           firstStyle: markerStyle, restStyle: 0)
                marker = box
                markerStyle = boxStyle
            }
        }
        pushPrefix(first: marker + " ", rest: String(repeating: " ", count: DisplayWidth.of(marker) + 1),
                   firstStyle: markerStyle, restStyle: 0)
    }

    // MARK: Leaf blocks

    /// A code block: unwrapped, indented, tabs expanded; in ANSI on a background box.
    mutating func renderCodeBlock(_ index: Int32) {
        let indent = settings.markers.codeIndent
        renderVerbatim(index, indent: indent, style: themedAlone(settings.theme.codeBlock), padded: settings.styled)
        pendingBlank = !(frames.last?.tight ?? false)
        lastClosedBlock = .codeBlock
    }

    /// Writes a node's literal text line by line, unwrapped. With `padded`, lines are padded to a
    /// box (half the indent outside, half inside the box, plus a right margin).
    mutating func renderVerbatim(_ index: Int32, indent: Int, style: Int32, padded: Bool) {
        var start = Int(records.textStart(index))
        var end = start + Int(records.textCount(index))
        while end > start && (source[end - 1] == 0x0A || source[end - 1] == 0x0D) { end -= 1 }
        // Expand tabs and sanitize each line into a scratch buffer (reused between blocks).
        var lines = InlineTextBuffer()
        var bounds: [WrappedLine] = []
        swap(&lines, &verbatimScratch)
        swap(&bounds, &verbatimLines)
        lines.reset()
        bounds.removeAll(keepingCapacity: true)
        defer {
            swap(&lines, &verbatimScratch)
            swap(&bounds, &verbatimLines)
        }
        var widest = 0
        while start <= end {
            var lineEnd = start
            while lineEnd < end && source[lineEnd] != 0x0A { lineEnd += 1 }
            let lineStart = lines.bytes.count
            var column = 0
            var segment = start
            var i = start
            while i <= lineEnd {
                if i == lineEnd || source[i] == 0x09 {
                    if i > segment {
                        let piece = UnsafeBufferPointer(rebasing: source[segment..<i])
                        let before = lines.bytes.count
                        lines.appendVerbatim(piece)
                        column += lines.bytes.withUnsafeBufferPointer { DisplayWidth.measure($0, before, $0.count) }
                    }
                    if i < lineEnd {
                        let spaces = 4 - column % 4
                        lines.bytes.append(contentsOf: repeatElement(0x20, count: spaces))
                        column += spaces
                    }
                    segment = i + 1
                }
                i += 1
            }
            var trimmed = lines.bytes.count
            while trimmed > lineStart && lines.bytes[trimmed - 1] == 0x20 { trimmed -= 1 }
            let width = lines.bytes.withUnsafeBufferPointer { DisplayWidth.measure($0, lineStart, trimmed) }
            bounds.append(WrappedLine(start: lineStart, end: trimmed, width: width))
            widest = max(widest, width)
            start = lineEnd + 1
        }
        if bounds.count == 1 && bounds[0].start == bounds[0].end && records.textCount(index) == 0 { return }
        let outside = padded ? indent / 2 : indent
        let inside = indent - outside
        for line in bounds {
            let empty = line.start == line.end
            beginLine(contentEmpty: empty && !padded)
            if padded {
                putRepeated(" ", outside, style: 0)
                putRepeated(" ", inside, style: style)
                put(lines.bytes[line.start..<line.end], style: style)
                putRepeated(" ", widest - line.width + inside, style: style)
                endLine(contentWidth: indent + widest + inside)
            } else {
                if !empty { putRepeated(" ", indent, style: 0) }
                put(lines.bytes[line.start..<line.end], style: style)
                endLine(contentWidth: empty ? 0 : indent + line.width)
            }
        }
    }

    /// A thematic break across the available width.
    mutating func renderRule() {
        let available = availableWidth
        let count = available == Int.max ? (sinks.count > 1 ? 3 : 40) : available
        beginLine()
        putRepeated(settings.markers.rule, count, style: themedAlone(settings.theme.thematicBreak))
        endLine(contentWidth: count)
    }
}
