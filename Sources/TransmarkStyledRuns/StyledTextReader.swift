import TransmarkCore

extension Document {
    /// Reads styled text back into a tree: paragraph attributes become blocks, runs become inline
    /// nodes (see `StyledJSONFrontend`). Throws `TransmarkError.malformedInput` when the ranges do
    /// not cover the text and `TransmarkError.nestingTooDeep` beyond `options.maxDepth`. Linear in
    /// the size of the styled text; never recurses.
    public init(_ styled: StyledText, options: StyledJSONFrontend.Options = StyledJSONFrontend.Options()) throws {
        try styled.validate()
        var reader = StyledTextReader(styled: styled, explicit: nil, options: options)
        self = try reader.read()
    }
}

/// Builds a tree from `StyledText`, one paragraph at a time, with an explicit stack of open block
/// containers (their block-quote, list and footnote depths) and one of open inline elements.
struct StyledTextReader {
    let styled: StyledText
    /// Per run style, the resolved fields that were given; `nil` when all were.
    let explicit: [ResolvedFields]?
    let options: StyledJSONFrontend.Options
    let theme: Theme
    let applier: StyleApplier
    let bytes: [UInt8]
    var builder: DocumentBuilder

    // MARK: Blocks

    enum BlockKind {
        case root, quote, list, item, footnote, definitionList, definition, table
    }

    /// An open block container, with the depths counted up to and including it.
    struct Block {
        var kind: BlockKind
        var node: NodeID
        var quotes: Int
        var lists: Int
        var extra: Int
        var resolved: ResolvedStyle
        // Lists
        var list = ListAttributes.bullet
        var items = 0
        var lastMarker = ""
        var tightKnown = false
        // Tables
        var alignments: [TableAlignment] = []
        var lastRow = -1
    }
    var blocks: [Block] = []
    /// Block containers opened so far (see `StyledJSONFrontend.Options.maxContainers`).
    var containersOpened = 0

    /// Footnote labels by their number as shown, and numbers by label (as the layout numbers them).
    var footnoteLabels: [Int: String] = [:]
    var footnoteNumbers: [String: Int] = [:]

    init(styled: StyledText, explicit: [ResolvedFields]?, options: StyledJSONFrontend.Options) {
        self.styled = styled
        self.explicit = options.resolvedStyles == .ignore ? Array(repeating: [], count: styled.runStyles.count) : explicit
        self.options = options
        self.theme = options.theme
        self.applier = StyleApplier(theme: options.theme)
        self.bytes = Array(styled.text.utf8)
        self.builder = DocumentBuilder(estimatedNodes: styled.runs.count + 2 * styled.paragraphs.count,
                                       estimatedTextBytes: bytes.count)
    }

    /// The resolved style of the document's root, as the layout starts it.
    var baseStyle: ResolvedStyle {
        var base = ResolvedStyle(run: RunAttributes(font: FontDescriptor(family: applier.family(theme.fontFamily),
                                                                         size: normalized(theme.fontSize))))
        base.run.foregroundColor = theme.textColor
        return base
    }

    /// The style a node of `kind` with inline `style` resolves to inside `parent` (as the layout
    /// resolves it, without tag styles).
    func resolve(_ kind: NodeKind, style: Style? = nil, in parent: ResolvedStyle) -> ResolvedStyle {
        let themeStyle = theme.style(for: kind)
        guard let declared = StyleCascade.declared(theme: themeStyle.isEmpty ? nil : themeStyle, tag: nil, inline: style,
                                                   precedence: .inlineWins) else { return parent }
        return applier.apply(declared, to: parent)
    }

    // MARK: Reading

    mutating func read() throws -> Document {
        blocks = [Block(kind: .root, node: .root, quotes: 0, lists: 0, extra: 0, resolved: baseStyle)]
        var pieces = PieceCursor(styled: styled, bytes: bytes)
        let count = styled.paragraphs.count
        for (i, paragraph) in styled.paragraphs.enumerated() {
            var list = pieces.pieces(in: paragraph.range)
            // Every paragraph but the last ends with its `\n`; the last one has it only when it
            // would be empty otherwise (or when an editor wrote one).
            let attributes = styled.paragraphStyles[paragraph.style]
            var endStyle: Int?
            if let last = list.last, last.bytes.upperBound > last.bytes.lowerBound, bytes[last.bytes.upperBound - 1] == 0x0A {
                let literal = attributes.role == .codeBlock || attributes.role == .html
                let isOnlyNewline = list.count == 1 && last.bytes.count == 1
                if i < count - 1 || !literal || isOnlyNewline {
                    endStyle = last.style
                    list[list.count - 1].bytes = last.bytes.lowerBound ..< last.bytes.upperBound - 1
                    if list[list.count - 1].bytes.isEmpty { list.removeLast() }
                }
            }
            try readParagraph(list, endStyle: endStyle, attributes: attributes)
            try checkContainers(opening: 0)
        }
        while blocks.count > 1 { closeBlock() }
        return builder.finish()
    }

    /// The run attributes of a piece.
    func attributes(_ piece: Piece) -> RunAttributes { styled.runStyles[piece.style] }

    mutating func readParagraph(_ pieces: [Piece], endStyle: Int?, attributes paragraph: ParagraphAttributes) throws {
        // The marker of a list item or footnote opens the paragraph in its own run.
        var content = pieces[...]
        var marker: (text: String, attributes: RunAttributes, mask: ResolvedFields)?
        if let first = content.first, attributes(first).traits.contains(.listMarker) {
            let a = attributes(first)
            marker = (a.listMarker ?? Self.markerText(bytes[first.bytes]), a, explicit?[first.style] ?? .all)
            content = content.dropFirst()
        }
        let context = content.first.map(attributes) ?? endStyle.map { styled.runStyles[$0] } ?? marker?.attributes ?? RunAttributes()
        let quotes = try depth(context.blockQuoteDepth)
        let lists = try depth(context.listLevel)
        var extra = 0
        if theme.listIndent > 0 {
            let levels = Self.clampedInt(((paragraph.headIndent - Double(quotes) * theme.quoteIndent) / theme.listIndent).rounded())
            extra = max(0, levels.subtractingSaturating(lists))
        }
        let total = quotes.addingSaturating(lists).addingSaturating(extra)
        if total > options.maxDepth {
            throw TransmarkError.nestingTooDeep(depth: total, limit: options.maxDepth, option: "maxDepth")
        }
        try checkContainers(opening: max(0, total - (blocks.count - 1)))
        var role = paragraph.role
        // Editors mark headings on the runs only.
        if role == .paragraph, context.headingLevel != nil { role = .heading }
        if role != .tableRow { closeTables() }
        if role != .term && role != .definition && blocks.last!.kind == .definitionList { closeBlock() }

        if let marker {
            let markerQuotes = try depth(marker.attributes.blockQuoteDepth)
            let markerLists = try depth(marker.attributes.listLevel)
            if markerLists == 0, Self.footnoteNumber(marker.text) != nil {
                openFootnote(marker.text, quotes: markerQuotes)
            } else {
                // Tight lists lay their item paragraphs out without space after them: a marker
                // whose paragraph disagrees with the open list starts a new one.
                let tight: Bool? = role == .listItem && !content.isEmpty ? paragraph.spacingAfter == 0 : nil
                try openItem(marker.text, quotes: markerQuotes, lists: max(1, markerLists), extra: extra, tight: tight,
                             markerStyle: (marker.attributes, marker.mask))
            }
            try enterContext(quotes: quotes, lists: lists, extra: blocks.last!.extra, keepFootnote: true)
        } else if role == .definition {
            // Each definition paragraph is a definition of its own (see the exceptions).
            popTo(quotes: quotes, lists: lists, extra: max(0, extra - 1))
            ensureDefinitionList(quotes: quotes, lists: lists)
            openBlock(.definition, kind: .definition)
        } else {
            try enterContext(quotes: quotes, lists: lists, extra: extra, keepFootnote: role == .footnote)
        }

        let blockStyle = Self.blockStyle(paragraph)
        // The paragraph's closing `\n` has the block's own style: what the theme does not explain
        // in it is the block's style (so a colored division's text needs no span).
        func withEndStyle(_ kind: NodeKind) -> Style? {
            guard let endStyle, !styled.runStyles[endStyle].traits.contains(.listMarker) else { return blockStyle }
            let expected = resolve(kind, style: blockStyle, in: blocks.last!.resolved)
            let mask = explicit?[endStyle] ?? .all
            let end = styled.runStyles[endStyle]
            guard !Self.matches(end, expected.run, mask) else { return blockStyle }
            let difference = Self.difference(end, expected.run, parentBaseline: blocks.last!.resolved.run.baselineOffset, mask)
            return blockStyle.map { difference.filling(from: $0) } ?? difference
        }
        switch role {
        case .heading:
            let level = min(6, max(1, context.headingLevel ?? 1))
            readLeafBlock(.heading(level: level), style: withEndStyle(.heading(level: level)), content)
        case .codeBlock, .html:
            var literal: [UInt8] = []
            for piece in content { literal.append(contentsOf: bytes[piece.bytes]) }
            if !literal.isEmpty { literal.append(0x0A) }
            literal.withUnsafeBufferPointer { _ = builder.leaf(role == .html ? .htmlBlock : .codeBlock(info: ""), bytes: $0) }
        case .thematicBreak:
            builder.leaf(.thematicBreak)
            if !content.isEmpty { readLeafBlock(.paragraph, style: nil, content) }
        case .tableRow:
            try readTableRow(content, paragraph: paragraph, hasMarker: marker != nil, context: context)
        case .term:
            popTo(quotes: quotes, lists: lists, extra: extra)
            ensureDefinitionList(quotes: quotes, lists: lists)
            readLeafBlock(.term, style: withEndStyle(.term), content)
        case .definition:
            if marker == nil {
                readInlines(content, base: blocks.last!.resolved)
            } else {
                readLeafBlock(.paragraph, style: blockStyle, content)
            }
        case .listItem, .paragraph, .footnote:
            if marker != nil && content.isEmpty { return }
            if role == .listItem { noteTightness(paragraph) }
            readLeafBlock(.paragraph, style: withEndStyle(.paragraph), content)
        }
    }

    /// A `blockQuoteDepth` or `listLevel`: 0 when absent or negative; beyond `maxDepth`, a
    /// `nestingTooDeep` error (before any sum of depths could overflow).
    func depth(_ value: Int?) throws -> Int {
        let depth = max(0, value ?? 0)
        if depth > options.maxDepth {
            throw TransmarkError.nestingTooDeep(depth: depth, limit: options.maxDepth, option: "maxDepth")
        }
        return depth
    }

    /// A whole number of levels computed from indents: `Int.min` or `Int.max` where the value is
    /// beyond them (an indent of `1e21`), 0 for NaN.
    static func clampedInt(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }

    /// The style a paragraph's own attributes give its block node (alignment, line height,
    /// whitespace kept as written).
    static func blockStyle(_ p: ParagraphAttributes) -> Style? {
        var s = Style()
        switch p.alignment {
        case .natural: break
        case .left: s.textAlign = .left
        case .right: s.textAlign = .right
        case .center: s.textAlign = .center
        case .justified: s.textAlign = .justify
        }
        if let m = p.lineHeightMultiple { s.lineHeight = .multiple(m) }
        if p.preservesWhitespace && p.role != .codeBlock && p.role != .html { s.whiteSpace = .preWrap }
        return s.isEmpty ? nil : s
    }

    /// A block holding inline content: open it, read the runs, close it.
    mutating func readLeafBlock(_ kind: NodeKind, style: Style?, _ content: ArraySlice<Piece>) {
        let parent = blocks.last!.resolved
        builder.open(kind, style: style)
        readInlines(content, base: resolve(kind, style: style, in: parent))
        builder.close()
    }

    // MARK: Block containers

    /// Throws `inputTooComplex` naming `maxContainers` when the containers opened so far and
    /// `opening` more (an estimate for the paragraph being read) pass the limit.
    func checkContainers(opening: Int) throws {
        let estimate = containersOpened.addingSaturating(opening)
        if estimate > options.maxContainers {
            throw TransmarkError.inputTooComplex(what: "its paragraphs open \(estimate) block containers (quotes, lists, items)",
                                                 estimate: estimate, limit: options.maxContainers, option: "maxContainers")
        }
    }

    mutating func openBlock(_ kind: BlockKind, kind nodeKind: NodeKind, style: Style? = nil) {
        containersOpened += 1
        let top = blocks.last!
        let node = builder.open(nodeKind, style: style)
        var block = Block(kind: kind, node: node, quotes: top.quotes, lists: top.lists, extra: top.extra,
                          resolved: resolve(nodeKind, style: style, in: top.resolved))
        switch kind {
        case .quote: block.quotes += 1
        case .list: block.lists += 1
        case .footnote, .definition: block.extra += 1
        default: break
        }
        if case .list(let attributes) = nodeKind { block.list = attributes }
        if case .table(let alignments) = nodeKind { block.alignments = alignments }
        blocks.append(block)
    }

    mutating func closeBlock() {
        let block = blocks.removeLast()
        switch block.kind {
        case .list: builder.updateKind(of: block.node, to: .list(block.list))
        case .table: builder.updateKind(of: block.node, to: .table(alignments: block.alignments))
        default: break
        }
        builder.close()
    }

    /// Closes blocks until the innermost one is no deeper than the given depths.
    mutating func popTo(quotes: Int, lists: Int, extra: Int) {
        while blocks.count > 1, let top = blocks.last, top.quotes > quotes || top.lists > lists || top.extra > extra {
            closeBlock()
        }
    }

    mutating func closeTables() {
        while blocks.count > 1 && blocks.last!.kind == .table { closeBlock() }
    }

    /// Makes the open blocks match a paragraph's depths: closes deeper ones, then opens the
    /// block quotes (and, for input that has list levels without markers, lists) still missing.
    mutating func enterContext(quotes: Int, lists: Int, extra: Int, keepFootnote: Bool) throws {
        var extra = extra
        if keepFootnote { extra = max(extra, blocks.last!.extra) }
        popTo(quotes: quotes, lists: lists, extra: extra)
        while blocks.last!.quotes < quotes { openBlock(.quote, kind: .blockQuote) }
        // Content in a list but in no item (as HTML allows): the list without an item.
        while blocks.last!.lists < lists { openBlock(.list, kind: .list(.bullet)) }
    }

    mutating func ensureDefinitionList(quotes: Int, lists: Int) {
        if blocks.last!.kind != .definitionList { openBlock(.definitionList, kind: .definitionList) }
    }

    /// Opens the item a list marker starts: in the list of its level when the marker continues
    /// that list, else in a new one.
    /// `markerStyle`: the marker run's attributes and which of them were given. A marker styled
    /// otherwise than the theme styles it (an HTML `<ol style="color: gray">` colors its
    /// numbers) gives the item that style, so that laying it out again colors it the same.
    mutating func openItem(_ marker: String, quotes: Int, lists level: Int, extra: Int, tight: Bool?,
                           markerStyle: (attributes: RunAttributes, mask: ResolvedFields)? = nil) throws {
        popTo(quotes: quotes, lists: level, extra: extra)
        // Down to the list of this level, if one is open.
        while blocks.count > 1, let top = blocks.last, top.lists == level, top.kind != .list { closeBlock() }
        if let top = blocks.last, top.kind == .list, top.lists == level {
            let sameTightness = tight == nil || !top.tightKnown || top.list.isTight == tight
            if top.quotes != quotes || !sameTightness || !Self.continues(top, with: marker) { closeBlock() }
        }
        let parsed = Self.parseMarker(marker)
        if let top = blocks.last, top.kind == .list, top.lists == level {
            var list = top
            if parsed.task == nil, Self.countsDown(list.list, items: list.items, secondMarker: marker) {
                list.list.isReversed = true
            }
            list.items += 1
            list.lastMarker = marker
            blocks[blocks.count - 1] = list
        } else {
            while blocks.last!.quotes < quotes { openBlock(.quote, kind: .blockQuote) }
            while blocks.last!.lists < level - 1 {
                openBlock(.list, kind: .list(.bullet))
                openBlock(.item, kind: .listItem(task: nil))
            }
            openBlock(.list, kind: .list(parsed.attributes))
            blocks[blocks.count - 1].items = 1
            blocks[blocks.count - 1].lastMarker = marker
        }
        let kind = NodeKind.listItem(task: parsed.task)
        var itemStyle: Style?
        if let markerStyle {
            let parent = blocks.last!.resolved
            let expected = resolve(kind, in: parent).run
            if !Self.matches(markerStyle.attributes, expected, markerStyle.mask) {
                itemStyle = Self.difference(markerStyle.attributes, expected, parentBaseline: parent.run.baselineOffset,
                                            markerStyle.mask)
            }
        }
        openBlock(.item, kind: kind, style: itemStyle)
    }

    /// Whether `marker` is the next item's marker in `list`.
    static func continues(_ list: Block, with marker: String) -> Bool {
        continues(list.list, items: list.items, with: marker)
    }

    /// Whether `marker` is the next item's marker in a list with these attributes and `items`
    /// items so far (shared with the Apple mapping's block nesting).
    static func continues(_ list: ListAttributes, items: Int, with marker: String) -> Bool {
        let parsed = parseMarker(marker)
        // Task boxes replace the number: they continue bullet lists only.
        if parsed.task != nil { return !list.isOrdered }
        guard list.isOrdered else { return !parsed.attributes.isOrdered }
        guard parsed.attributes.isOrdered else { return false }
        let next = list.number(ofItemAt: items)
        if marker == ListMarkers.ordinal(next, numbering: list.numbering) { return true }
        // The second item decides whether the list counts down.
        return countsDown(list, items: items, secondMarker: marker)
    }

    /// Whether a list's second item (`secondMarker`, with one item so far) says it counts down.
    static func countsDown(_ list: ListAttributes, items: Int, secondMarker marker: String) -> Bool {
        items == 1 && list.isOrdered && marker == ListMarkers.ordinal(list.start.subtractingSaturating(1), numbering: list.numbering)
    }

    /// A list marker as the layout writes it: bullets, task boxes, `3.`, `c.`, `iv.`.
    static func parseMarker(_ marker: String) -> (attributes: ListAttributes, task: TaskState?) {
        switch marker {
        case "☐": return (.bullet, .unchecked)
        case "☑": return (.bullet, .checked)
        default: break
        }
        guard marker.hasSuffix("."), marker.count > 1 else { return (.bullet, nil) }
        let body = String(marker.dropLast())
        if let n = Int(body) { return (ListAttributes(isOrdered: true, start: n), nil) }
        let lower = body.lowercased()
        let upper = body != lower
        guard body.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else { return (.bullet, nil) }
        let romanDigits: Set<Character> = ["i", "v", "x", "l", "c", "d", "m"]
        let singleAlpha: Set<String> = ["c", "d", "l", "m"]
        if lower.allSatisfy(romanDigits.contains), !singleAlpha.contains(lower), let n = romanValue(lower),
           (upper ? ListNumbering.upperRoman : .lowerRoman).label(n) == body {
            return (ListAttributes(isOrdered: true, start: n, numbering: upper ? .upperRoman : .lowerRoman), nil)
        }
        var n = 0
        for s in lower.unicodeScalars {
            let (product, overflow) = n.multipliedReportingOverflow(by: 26)
            let (sum, overflowAgain) = product.addingReportingOverflow(Int(s.value - 0x60))
            if overflow || overflowAgain { return (.bullet, nil) }
            n = sum
        }
        return (ListAttributes(isOrdered: true, start: n, numbering: upper ? .upperAlpha : .lowerAlpha), nil)
    }

    static func romanValue(_ s: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        var total = 0
        var previous = 0
        for ch in s.reversed() {
            guard let v = values[ch] else { return nil }
            if v < previous { total -= v } else { total += v; previous = v }
        }
        return total
    }

    /// The number of a footnote marker (`3.`), or `nil` for other markers.
    static func footnoteNumber(_ marker: String) -> Int? {
        guard marker.hasSuffix("."), marker.count > 1 else { return nil }
        return Int(marker.dropLast())
    }

    static func markerText(_ bytes: ArraySlice<UInt8>) -> String {
        var s = String(decoding: bytes, as: UTF8.self)
        while s.last == "\t" { s.removeLast() }
        return s
    }

    /// Sets the innermost list's tightness from its first item paragraph (tight lists lay items
    /// out without space after them).
    mutating func noteTightness(_ paragraph: ParagraphAttributes) {
        guard blocks.count >= 2 else { return }
        let i = blocks.count - 2
        guard blocks[i + 1].kind == .item, blocks[i].kind == .list, !blocks[i].tightKnown else { return }
        blocks[i].tightKnown = true
        blocks[i].list.isTight = paragraph.spacingAfter == 0
    }

    /// Opens the footnote definition a `N.` marker outside lists starts.
    mutating func openFootnote(_ marker: String, quotes: Int) {
        popTo(quotes: quotes, lists: 0, extra: 0)
        let number = Self.footnoteNumber(marker) ?? 0
        let label = footnoteLabels[number] ?? String(number)
        if footnoteNumbers[label] == nil {
            footnoteNumbers[label] = number
            footnoteLabels[number] = label
        }
        while blocks.last!.quotes < quotes { openBlock(.quote, kind: .blockQuote) }
        openBlock(.footnote, kind: .footnoteDefinition(label: label))
    }

    // MARK: Tables

    /// Reads a table row. A `tableColumn` below 0, or one more than
    /// `TableCellAttributes.maximumColumnSpan` columns past the cell before, is a
    /// `malformedInput` error naming it.
    mutating func readTableRow(_ content: ArraySlice<Piece>, paragraph: ParagraphAttributes, hasMarker: Bool, context: RunAttributes) throws {
        let row = context.tableRow ?? 0
        if let top = blocks.last, top.kind == .table, row <= top.lastRow { closeBlock() }
        if blocks.last!.kind != .table {
            var stops = paragraph.tabStops
            if hasMarker && !stops.isEmpty { stops.removeFirst() }
            let alignments = [TableAlignment.none] + stops.map { Self.tableAlignment($0.alignment) }
            openBlock(.table, kind: .table(alignments: alignments))
        }
        blocks[blocks.count - 1].lastRow = row
        // Cells: the row's own tabs (runs without a column) separate them.
        var cells: [[Piece]] = [[]]
        var rowLevel: RunAttributes?
        for piece in content {
            let a = attributes(piece)
            if a.tableColumn == nil && a.tableRow != nil {
                rowLevel = a
                var start = piece.bytes.lowerBound
                var unit = piece.unitStart
                for i in piece.bytes where bytes[i] == 0x09 {
                    if i > start { cells[cells.count - 1].append(piece.slice(start ..< i, unitStart: unit, in: bytes)) }
                    unit = piece.unitStart + styled.unit.length(ofUTF8: bytes[piece.bytes.lowerBound ..< i + 1])
                    start = i + 1
                    cells.append([])
                }
                if start < piece.bytes.upperBound {
                    cells[cells.count - 1].append(piece.slice(start ..< piece.bytes.upperBound, unitStart: unit, in: bytes))
                }
            } else {
                cells[cells.count - 1].append(piece)
            }
        }
        let header: Bool
        if let rowLevel {
            header = rowLevel.traits.contains(.tableHeader)
        } else {
            header = !content.isEmpty && content.allSatisfy { attributes($0).traits.contains(.tableHeader) }
        }
        let table = blocks.last!
        if cells.count > table.alignments.count {
            blocks[blocks.count - 1].alignments += Array(repeating: .none, count: cells.count - table.alignments.count)
        }
        let rowKind = NodeKind.tableRow(isHeader: header)
        builder.open(rowKind)
        let rowStyle = resolve(rowKind, in: table.resolved)
        let runStyles = styled.runStyles
        let columns = cells.map { cell in cell.lazy.compactMap { runStyles[$0.style].tableColumn }.first }
        if let (k, negative) = columns.enumerated().first(where: { ($0.element ?? 0) < 0 }).map({ ($0.offset, $0.element!) }) {
            throw TransmarkError.malformedInput(message: "tableColumn \(negative) is negative (cell \(k + 1) of a table row)",
                                                offset: cells[k].first?.unitStart ?? 0)
        }
        var column = 0
        for (i, cell) in cells.enumerated() {
            column = columns[i] ?? column
            var span = 1
            if i + 1 < cells.count, let next = columns[i + 1], next > column {
                span = next - column
                guard span <= TableCellAttributes.maximumColumnSpan else {
                    throw TransmarkError.malformedInput(
                        message: "tableColumn \(next) is \(span) columns after the cell before (a cell spans at most \(TableCellAttributes.maximumColumnSpan))",
                        offset: cells[i + 1].first?.unitStart ?? 0)
                }
            }
            let alignments = blocks[blocks.count - 1].alignments
            let cellHeader = header || (!cell.isEmpty && cell.allSatisfy { attributes($0).traits.contains(.tableHeader) })
            let kind = NodeKind.tableCell(TableCellAttributes(alignment: column < alignments.count ? alignments[column] : .none,
                                                              columnSpan: span, isHeader: cellHeader))
            builder.open(kind)
            readInlines(cell[...], base: resolve(kind, in: rowStyle))
            builder.close()
            column = column.addingSaturating(span)
        }
        builder.close()
    }

    static func tableAlignment(_ a: ParagraphAttributes.Alignment) -> TableAlignment {
        switch a {
        case .left: .left
        case .center: .center
        case .right: .right
        case .natural, .justified: .none
        }
    }
}

extension OffsetUnit {
    /// The length of UTF-8 bytes in this unit.
    func length(ofUTF8 bytes: ArraySlice<UInt8>) -> Int {
        switch self {
        case .utf8: return bytes.count
        case .unicodeScalars: return bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        case .utf16: return bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : ($1 >= 0xF0 ? 2 : 1)) }
        }
    }
}
