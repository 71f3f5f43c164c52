@_spi(TransmarkStorage) import TransmarkCore

/// The chunker's first pass: walks the document's top-level blocks (descending into generic
/// containers that hold headings, so that sections kept in `<section>` or `<div>` are seen), keeps
/// the heading path, renders and counts each block, and splits the blocks over the budget into
/// finer units, with explicit stacks (nothing recurses over the input's depth).
struct ChunkAtomCollector {
    let document: Document
    let options: DocumentChunker.Options
    /// What the backend writes between blocks; nil when chunks are rendered as documents.
    let separator: [UInt8]?
    let render: (Document) throws -> [UInt8]
    /// What one chunk's own blocks may hold: the budget less the overlap and its separator.
    let budget: Int

    private(set) var atoms: [ChunkAtom] = []
    /// Every heading path met, in order; atoms refer to them by index.
    private(set) var paths: [[String]] = [[]]
    /// The open headings: level and text.
    private var headingStack: [(level: Int, text: String)] = []

    init(document: Document, options: DocumentChunker.Options, separator: [UInt8]?, render: @escaping (Document) throws -> [UInt8]) {
        self.document = document
        self.options = options
        self.separator = separator
        self.render = render
        let separatorTokens = separator.map { options.counter.tokenCount(ofUTF8: $0) } ?? 0
        budget = options.overlap > 0 ? max(1, options.maxTokens - options.overlap - separatorTokens) : options.maxTokens
    }

    /// A unit of work: a block, a run of inline nodes standing among blocks (read as a paragraph),
    /// or rendered text to cut at sentences and words.
    private enum Piece {
        case node(Node)
        case inlineRun([Node])
        case text([UInt8])
        /// A document made for the piece (a list item's first block inside its item).
        case built(Document)
        /// The rows of an oversize table, to cut into parts.
        case tableRows(Node, whole: [UInt8])
    }

    /// For each node, the bytes of text in its subtree (see `treeFacts`).
    private var textSizes: [Int] = []

    /// The top-level pieces met by the walk, with their heading level and path, rendered together.
    private var pending: [(piece: Piece, headingLevel: Int, path: Int)] = []

    mutating func collect() throws {
        let (holdsHeading, sizes) = treeFacts()
        textSizes = sizes
        // One cursor per open container: the next of its children to visit.
        var cursors: [Node?] = [document.root.firstChild]
        var inlineRun: [Node] = []
        func flushRun(_ collector: inout ChunkAtomCollector) {
            guard !inlineRun.isEmpty else { return }
            collector.pending.append((.inlineRun(inlineRun), 0, collector.paths.count - 1))
            inlineRun = []
        }
        while !cursors.isEmpty {
            guard let node = cursors[cursors.count - 1] else {
                cursors.removeLast()
                flushRun(&self)
                continue
            }
            cursors[cursors.count - 1] = node.nextSibling
            if !node.tag.isBlock {
                inlineRun.append(node)
                continue
            }
            flushRun(&self)
            if node.tag == .division, holdsHeading[Int(node.id.index)] {
                cursors.append(node.firstChild)
                continue
            }
            if case .heading(let level) = node.kind {
                enterHeading(level: level, text: WhitespaceCollapsing.collapsed(node.plainText).trimmingSpaces)
                pending.append((.node(node), level, paths.count - 1))
                continue
            }
            pending.append((.node(node), 0, paths.count - 1))
        }
        let pieces = pending
        pending = []
        let rendered = try renderAll(pieces.map(\.piece))
        for (entry, bytes) in zip(pieces, rendered) {
            try process(entry.piece, rendered: bytes, headingLevel: entry.headingLevel, path: entry.path)
        }
    }

    // MARK: Rendering many pieces at once

    /// Whether rendering pieces together, between sentinel paragraphs, gives each piece as it
    /// renders alone: nil until checked on the first batch of two or more pieces.
    private var batchingWorks: Bool?

    /// The text of the paragraphs put between pieces rendered together: private-use scalars no
    /// writer escapes and no page is likely to hold.
    private static let sentinel = "\u{F8F0}\u{F8F1}\u{F8F2}\u{F8F3}"

    /// The sentinel paragraph as the backend renders it.
    private lazy var renderedSentinel: [UInt8]? = {
        var builder = DocumentBuilder()
        _ = builder.open(.paragraph)
        builder.text(Self.sentinel)
        builder.close()
        return (try? render(builder.finish())).map(DocumentChunker.trimmed)
    }()

    /// Whether a piece is rendered whole (not text to cut, a table's rows, or a block surely over
    /// the budget).
    private func isRendered(_ piece: Piece) -> Bool {
        switch piece {
        case .node(let node): return !isSurelyOver(node)
        case .inlineRun, .built: return true
        case .text, .tableRows: return false
        }
    }

    /// The position of each list item among its list's items, filled a list at a time.
    private var itemPositions: [Int32: Int] = [:]

    /// Appends what a piece renders as alone to `builder`, inside the containers it cannot stand
    /// without (as `Document.fragment` does, an item's number found once per list).
    private mutating func appendFragment(_ piece: Piece, to builder: inout DocumentBuilder) {
        switch piece {
        case .node(let node):
            let parent = node.parent
            switch node.kind {
            case .listItem:
                if case .list(var attributes)? = parent?.kind, let list = parent {
                    if attributes.isOrdered {
                        if itemPositions[node.id.index] == nil {
                            var position = 0
                            for sibling in list.children where sibling.tag == .listItem {
                                itemPositions[sibling.id.index] = position
                                position += 1
                            }
                        }
                        attributes.start = attributes.number(ofItemAt: itemPositions[node.id.index] ?? 0)
                    }
                    _ = builder.open(.list(attributes))
                } else {
                    _ = builder.open(.list(.bullet))
                }
                builder.appendCopy(of: node.id, in: document)
                builder.close()
            case .tableRow, .tableCell:
                let table = node.tag == .tableRow ? parent : parent?.parent
                if case .table(let alignments)? = table?.kind { _ = builder.open(.table(alignments: alignments)) } else { _ = builder.open(.table(alignments: [])) }
                if node.tag == .tableCell {
                    if case .tableRow(let isHeader)? = parent?.kind { _ = builder.open(.tableRow(isHeader: isHeader)) } else { _ = builder.open(.tableRow(isHeader: false)) }
                }
                builder.appendCopy(of: node.id, in: document)
                if node.tag == .tableCell { builder.close() }
                builder.close()
            case .term, .definition:
                _ = builder.open(.definitionList)
                builder.appendCopy(of: node.id, in: document)
                builder.close()
            default:
                builder.appendCopy(of: node.id, in: document)
            }
        case .inlineRun(let nodes):
            _ = builder.open(.paragraph)
            for node in nodes { builder.appendCopy(of: node.id, in: document) }
            builder.close()
        case .built(let made):
            for child in made.root.children { builder.appendCopy(of: child.id, in: made) }
        case .text, .tableRows:
            break
        }
    }

    /// The document a piece renders as alone, or nil for pieces not rendered whole.
    private mutating func documentOf(_ piece: Piece) -> Document? {
        guard isRendered(piece) else { return nil }
        var builder = DocumentBuilder()
        appendFragment(piece, to: &builder)
        return builder.finish()
    }

    /// The renderings of `pieces` (trimmed; nil for those not rendered whole), made with one call
    /// of the backend: the pieces are rendered as one document with a sentinel paragraph between
    /// them and the output cut at the sentinels. A backend for which that is not the same as
    /// rendering each alone (one that writes link definitions or notes at the end, or whose
    /// blocks do not join as text) renders each alone instead; the first batch checks which.
    private mutating func renderAll(_ pieces: [Piece]) throws -> [[UInt8]?] {
        let present = pieces.indices.filter { isRendered(pieces[$0]) }
        var result = [[UInt8]?](repeating: nil, count: pieces.count)
        func alone(_ i: Int, _ collector: inout ChunkAtomCollector) throws -> [UInt8] {
            var builder = DocumentBuilder()
            collector.appendFragment(pieces[i], to: &builder)
            return DocumentChunker.trimmed(try collector.render(builder.finish()))
        }
        guard present.count >= 2, separator != nil, batchingWorks != false, let sentinel = renderedSentinel, !sentinel.isEmpty else {
            for i in present { result[i] = try alone(i, &self) }
            return result
        }
        var builder = DocumentBuilder()
        for (k, i) in present.enumerated() {
            if k > 0 {
                _ = builder.open(.paragraph)
                builder.text(Self.sentinel)
                builder.close()
            }
            appendFragment(pieces[i], to: &builder)
        }
        let whole = try render(builder.finish())
        let parts = Self.cut(whole, at: sentinel)
        var works = parts.count == present.count
        if works, batchingWorks == nil {
            // Writers that add to the start or end of a document show it in the first or last part.
            let first = try alone(present[0], &self), last = try alone(present[present.count - 1], &self)
            works = parts[0] == first && parts[parts.count - 1] == last
            batchingWorks = works
        }
        if works {
            for (k, i) in present.enumerated() { result[i] = parts[k] }
        } else {
            batchingWorks = false
            for i in present { result[i] = try alone(i, &self) }
        }
        return result
    }

    /// `bytes` cut at each occurrence of `sentinel`, each part without line breaks at either end.
    private static func cut(_ bytes: [UInt8], at sentinel: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var i = 0
        let first = sentinel[0]
        func trimmedPart(_ range: Range<Int>) -> [UInt8] {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, bytes[lower] == 0x0A || bytes[lower] == 0x0D { lower += 1 }
            while upper > lower, bytes[upper - 1] == 0x0A || bytes[upper - 1] == 0x0D { upper -= 1 }
            return Array(bytes[lower..<upper])
        }
        while i + sentinel.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + sentinel.count)].elementsEqual(sentinel) {
                parts.append(trimmedPart(start..<i))
                i += sentinel.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(trimmedPart(start..<bytes.count))
        return parts
    }

    /// For each node of `document`, whether a heading is in its subtree: each heading marks its
    /// ancestors up to the first already marked (each node is marked once).
    static func headingHolders(in document: Document) -> [Bool] {
        let records = document.storage.records
        var holds = [Bool](repeating: false, count: document.nodeCount)
        for i in 0..<Int32(document.nodeCount) where records.tag(i) == .heading {
            var node = i
            while node >= 0, !holds[Int(node)] {
                holds[Int(node)] = true
                node = records.parent(node)
            }
        }
        return holds
    }

    /// For each node, whether a heading is in its subtree, and the bytes of text in it (one
    /// walk, passed up to the parent on exit).
    private func treeFacts() -> (holdsHeading: [Bool], textSizes: [Int]) {
        var holds = [Bool](repeating: false, count: document.nodeCount)
        var sizes = [Int](repeating: 0, count: document.nodeCount)
        document.walk { event in
            guard case .exit(let node) = event else { return .proceed }
            let index = Int(node.id.index)
            if node.tag == .heading { holds[index] = true }
            sizes[index] += document.textBytes(at: node.id.index).count
            if let parent = node.parent {
                let up = Int(parent.id.index)
                if holds[index] { holds[up] = true }
                sizes[up] += sizes[index]
            }
            return .proceed
        }
        return (holds, sizes)
    }

    /// Whether a block is surely over the budget without rendering it: a container or code block
    /// with more than 6 bytes of text per token of budget (prose runs about 4 bytes a token, and
    /// the rendering adds markup and link addresses to the text). Cut into its parts, a block that
    /// would have fit is packed whole again, its parts joined by the block separator.
    /// Such blocks are cut without being rendered whole, so that nested containers over the budget
    /// are not each rendered again (which would cost the depth times the size).
    private func isSurelyOver(_ node: Node) -> Bool {
        switch node.tag {
        case .list, .listItem, .blockQuote, .division, .definitionList, .footnoteDefinition, .term, .definition, .table, .codeBlock:
            return textSizes[Int(node.id.index)] > 6 * budget
        default:
            return false
        }
    }

    /// A heading opens a section: it replaces the open headings of its level and below.
    private mutating func enterHeading(level: Int, text: String) {
        while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
        headingStack.append((level, text))
        paths.append(headingStack.map(\.text))
    }

    private func count(_ bytes: [UInt8], _ range: Range<Int>? = nil) -> Int {
        bytes.withUnsafeBufferPointer { all in
            options.counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: all[range ?? 0..<all.count]))
        }
    }

    /// The heading path of the piece being processed.
    private var currentPath = 0

    private mutating func append(_ bytes: [UInt8], document: Document?, tokens: Int, headingLevel: Int, joiner: [UInt8]? = nil) {
        if bytes.isEmpty && document == nil { return }
        atoms.append(ChunkAtom(bytes: separator == nil ? [] : bytes, document: separator == nil ? document : nil,
                               tokens: tokens, path: currentPath, headingLevel: headingLevel, joiner: joiner))
    }

    /// Takes a piece with its rendering (nil: not rendered whole); within the budget it is an
    /// atom, else its finer units are rendered (together) and processed in its place (a work
    /// stack, in document order).
    private mutating func process(_ first: Piece, rendered: [UInt8]?, headingLevel: Int, path: Int) throws {
        currentPath = path
        var work: [(piece: Piece, bytes: [UInt8]?)] = [(first, rendered)]
        var level = headingLevel
        while let (piece, rendered) = work.popLast() {
            defer { level = 0 }
            var bytes = rendered ?? []
            if rendered != nil {
                let tokens = count(bytes)
                if tokens <= budget {
                    append(bytes, document: separator == nil ? documentOf(piece) : nil, tokens: tokens, headingLevel: level)
                    continue
                }
            }
            switch piece {
            case .text(let text):
                try splitText(text, headingLevel: level)
            case .tableRows(let table, let whole):
                try splitTable(table, whole: whole, headingLevel: level)
            case .built(let made):
                work.append((.text(separator == nil ? Array(made.root.plainText.utf8) : bytes), nil))
            case .inlineRun(let nodes):
                if separator == nil {
                    bytes = Array(nodes.map(\.plainText).joined().utf8)
                }
                work.append((.text(bytes), nil))
            case .node(let node):
                switch node.tag {
                case .table:
                    // What is not a row (a caption) comes first, then the rows in parts.
                    let captions = node.children.filter { $0.tag != .tableRow }.map { Piece.node($0) }
                    work.append((.tableRows(node, whole: bytes), nil))
                    work.append(contentsOf: zip(captions, try renderAll(captions)).map { ($0, $1) }.reversed())
                case .codeBlock:
                    try splitCode(node, headingLevel: level)
                case .list, .listItem, .blockQuote, .division, .definitionList, .footnoteDefinition, .term, .definition:
                    var finer: [Piece] = []
                    var run: [Node] = []
                    for child in node.children {
                        if child.tag.isBlock {
                            if !run.isEmpty { finer.append(.inlineRun(run)); run = [] }
                            // A list item's first block keeps the item's marker (and number).
                            if node.tag == .listItem, finer.isEmpty, let item = itemWithFirstBlock(node, child) {
                                finer.append(.built(item))
                                continue
                            }
                            finer.append(.node(child))
                        } else {
                            run.append(child)
                        }
                    }
                    if !run.isEmpty { finer.append(.inlineRun(run)) }
                    // Only inline content (an item, a quote, a definition of one paragraph): its
                    // rendering, marker included, is cut at sentences.
                    if finer.count == 1, case .inlineRun = finer[0] { finer = [] }
                    if finer.isEmpty {
                        if bytes.isEmpty && separator != nil { bytes = DocumentChunker.trimmed(try render(document.fragment(node))) }
                        work.append((.text(separator == nil ? Array(node.plainText.utf8) : bytes), nil))
                    } else {
                        work.append(contentsOf: zip(finer, try renderAll(finer)).map { ($0, $1) }.reversed())
                    }
                default:
                    if bytes.isEmpty && separator != nil { bytes = DocumentChunker.trimmed(try render(document.fragment(node))) }
                    work.append((.text(separator == nil ? Array(node.plainText.utf8) : bytes), nil))
                }
            }
        }
    }

    /// Cuts text at sentences, and a sentence over the budget at words: each is an atom joined to
    /// the one before by the white space that stood between them, for the packer to pack.
    private mutating func splitText(_ bytes: [UInt8], headingLevel: Int) throws {
        var level = headingLevel
        var previousEnd = -1
        func emit(_ range: Range<Int>) {
            let trimmed = TextSegments.trimmed(bytes, range)
            guard !trimmed.isEmpty else { return }
            let piece = Array(bytes[trimmed])
            var paragraph: Document?
            if separator == nil {
                var builder = DocumentBuilder()
                _ = builder.open(.paragraph)
                builder.text(String(decoding: piece, as: UTF8.self))
                builder.close()
                paragraph = builder.finish()
            }
            let joiner = previousEnd < 0 ? nil : Array(bytes[previousEnd..<trimmed.lowerBound])
            append(piece, document: paragraph, tokens: count(piece), headingLevel: level, joiner: joiner)
            previousEnd = trimmed.upperBound
            level = 0
        }
        for sentence in TextSegments.sentences(bytes, in: 0..<bytes.count) {
            if count(bytes, TextSegments.trimmed(bytes, sentence)) <= budget {
                emit(sentence)
            } else {
                for word in TextSegments.words(bytes, in: sentence) { emit(word) }
            }
        }
    }

    /// `block` inside a copy of `item` (its list's kind and the item's number) without its other
    /// children; nil when the item is not in a list.
    private func itemWithFirstBlock(_ item: Node, _ block: Node) -> Document? {
        guard let list = item.parent, case .list(let attributes) = list.kind else { return nil }
        var builder = DocumentBuilder()
        _ = builder.open(.list(attributes.starting(at: item, in: list)))
        _ = builder.open(item.kind, attributes: item.attributes, style: item.style)
        builder.appendCopy(of: block.id, in: document)
        builder.close()
        builder.close()
        return builder.finish()
    }

    /// Cuts a table into parts of whole rows, each with the table's header rows.
    private mutating func splitTable(_ table: Node, whole: [UInt8], headingLevel: Int) throws {
        guard case .table(let alignments) = table.kind else { return }
        let rows = Array(table.children.filter { $0.tag == .tableRow })
        var header: [Node] = []
        for row in rows {
            guard case .tableRow(isHeader: true) = row.kind else { break }
            header.append(row)
        }
        func tableDocument(_ parts: some Sequence<Node>) -> Document {
            var builder = DocumentBuilder()
            _ = builder.open(.table(alignments: alignments))
            for row in parts { builder.appendCopy(of: row.id, in: document) }
            builder.close()
            return builder.finish()
        }
        var headerTokens = header.isEmpty ? 0 : count(DocumentChunker.trimmed(try render(tableDocument(header))))
        if headerTokens >= budget {
            // A header over the budget alone is not repeated: every row goes as its own unit.
            header = []
            headerTokens = 0
        }
        let body = Array(rows.dropFirst(header.count))
        if body.isEmpty {
            let bytes = DocumentChunker.trimmed(try render(tableDocument(header)))
            try splitText(separator == nil ? Array(table.plainText.utf8) : bytes, headingLevel: headingLevel)
            return
        }
        // Each row's tokens, estimated from its text and cells (rendering every row alone would
        // cost as much as the table again), scaled to the whole table's rendering when it was
        // rendered; each part is then rendered and measured.
        func estimate(_ row: Node) -> Int {
            var cells = 0
            for cell in row.children where cell.tag == .tableCell { cells += 1 }
            return options.counter.tokenCount(of: row.plainText) + 2 * cells + 1
        }
        let estimates = body.map(estimate)
        var scale = 1.25
        if !whole.isEmpty {
            let estimated = estimates.reduce(header.map(estimate).reduce(0, +), +)
            scale = max(0.5, Double(count(whole)) / Double(max(1, estimated)))
        }
        let rowTokens = estimates.map { Int((Double($0) * scale).rounded(.up)) }
        var rendered: [Range<Int>: (bytes: [UInt8], document: Document)] = [:]
        let parts = try packRuns(tokens: rowTokens, budget: budget, fixed: headerTokens) { run in
            let part = tableDocument(header + body[run])
            let partBytes = DocumentChunker.trimmed(try render(part))
            rendered[run] = (partBytes, part)
            return count(partBytes)
        }
        var level = headingLevel
        for part in parts {
            let (partBytes, partDocument) = try rendered[part] ?? {
                let made = tableDocument(header + body[part])
                return (DocumentChunker.trimmed(try render(made)), made)
            }()
            let tokens = count(partBytes)
            if tokens > budget && part.count == 1 {
                // One row over the budget: its text is cut at sentences and words.
                try splitText(separator == nil ? Array(body[part.lowerBound].plainText.utf8) : partBytes, headingLevel: level)
                level = 0
                continue
            }
            append(partBytes, document: partDocument, tokens: tokens, headingLevel: level)
            level = 0
        }
    }

    /// Cuts a code block into code blocks of whole lines (a line over the budget at words).
    private mutating func splitCode(_ block: Node, headingLevel: Int) throws {
        guard case .codeBlock(let info) = block.kind else { return }
        let text = Array(block.text.utf8)
        func codeDocument(_ range: Range<Int>) -> Document {
            var builder = DocumentBuilder()
            text.withUnsafeBufferPointer { all in
                _ = builder.leaf(.codeBlock(info: info), bytes: UnsafeBufferPointer(rebasing: all[range]))
            }
            return builder.finish()
        }
        let fences = count(DocumentChunker.trimmed(try render(codeDocument(0..<0))))
        var ranges: [Range<Int>] = []
        var tokens: [Int] = []
        for line in TextSegments.lines(text, in: 0..<text.count) {
            let lineTokens = count(text, line)
            if fences + lineTokens <= budget {
                ranges.append(line)
                tokens.append(lineTokens)
            } else {
                for word in TextSegments.words(text, in: line) {
                    ranges.append(word)
                    tokens.append(count(text, word))
                }
            }
        }
        var rendered: [Range<Int>: [UInt8]] = [:]
        let parts = try packRuns(tokens: tokens, budget: budget, fixed: fences) { run in
            let bytes = DocumentChunker.trimmed(try render(codeDocument(ranges[run.lowerBound].lowerBound..<ranges[run.upperBound - 1].upperBound)))
            rendered[run] = bytes
            return count(bytes)
        }
        var level = headingLevel
        for part in parts {
            let range = ranges[part.lowerBound].lowerBound..<ranges[part.upperBound - 1].upperBound
            let piece = codeDocument(range)
            let bytes = try rendered[part] ?? DocumentChunker.trimmed(try render(piece))
            append(bytes, document: piece, tokens: count(bytes), headingLevel: level)
            level = 0
        }
    }
}
