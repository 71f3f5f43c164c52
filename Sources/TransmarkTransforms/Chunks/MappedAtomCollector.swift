import TransmarkCore

/// The chunker's first pass over one mapped rendering (`Conversion.renderMapped`): the same walk
/// as `ChunkAtomCollector`, but a block's atom is its range in the output, counted there, and a
/// block over the budget is cut into the ranges of its parts (items, rows, sentences) without
/// rendering anything again. Only a code block over the budget, and a table whose rows were not
/// written as lines of their own, are cut by rendering their parts (as `ChunkAtomCollector` does).
struct MappedAtomCollector {
    let document: Document
    let output: MappedOutput
    let options: DocumentChunker.Options
    /// What the backend writes between blocks.
    let separator: [UInt8]
    let render: (Document) throws -> [UInt8]
    /// What one chunk's own blocks may hold: the budget less the overlap and its separator.
    let budget: Int

    private(set) var atoms: [ChunkAtom] = []
    /// Every heading path met, in order; atoms refer to them by index.
    private(set) var paths: [[String]] = [[]]
    /// The open headings: level and text.
    private var headingStack: [(level: Int, text: String)] = []
    /// The output's tokens, line by line (and its recorded run, which the packer counts chunks by).
    let tokenIndex: LineTokenIndex
    /// Where the output uses its end matter: a piece weighs its tokens and its entries'.
    let endMatter: EndMatterIndex
    /// The tokens of the separator before a chunk's end matter.
    private let separatorTokens: Int

    init(document: Document, output: MappedOutput, options: DocumentChunker.Options, separator: [UInt8],
         render: @escaping (Document) throws -> [UInt8]) {
        self.document = document
        self.output = output
        self.options = options
        self.separator = separator
        self.render = render
        let separatorTokens = options.counter.tokenCount(ofUTF8: separator)
        budget = options.overlap > 0 ? max(1, options.maxTokens - options.overlap - separatorTokens) : options.maxTokens
        tokenIndex = LineTokenIndex(output.bytes, counter: options.counter)
        endMatter = EndMatterIndex(output, counter: options.counter)
        self.separatorTokens = separatorTokens
    }

    /// A unit of work: a block, or a run of inline nodes standing among blocks (an implicit
    /// paragraph, mapped at its first node).
    private enum Piece {
        case node(Node)
        case inlineRun(Node)
    }

    mutating func collect() throws {
        let holdsHeading = ChunkAtomCollector.headingHolders(in: document)
        var cursors: [Node?] = [document.root.firstChild]
        var runOpen = false
        while !cursors.isEmpty {
            guard let node = cursors[cursors.count - 1] else {
                cursors.removeLast()
                runOpen = false
                continue
            }
            cursors[cursors.count - 1] = node.nextSibling
            if !node.tag.isBlock {
                if !runOpen { try process(.inlineRun(node), headingLevel: 0) }
                runOpen = true
                continue
            }
            runOpen = false
            if node.tag == .division, holdsHeading[Int(node.id.index)] {
                cursors.append(node.firstChild)
                continue
            }
            // A table that lays out the page, written as its cells' blocks, is walked like a
            // division when it holds a heading: its rows and cells are only wrappers.
            if node.tag == .table, holdsHeading[Int(node.id.index)], layoutPieces(of: node) != nil {
                cursors.append(node.firstChild)
                continue
            }
            if node.tag == .tableRow || node.tag == .tableCell {
                // Reached only inside such a table (other tables are taken whole).
                cursors.append(node.firstChild)
                continue
            }
            if node.tag == .heading, case .heading(let level) = node.kind {
                enterHeading(level: level, text: WhitespaceCollapsing.collapsed(node.plainText).trimmingSpaces)
                try process(.node(node), headingLevel: level)
                continue
            }
            try process(.node(node), headingLevel: 0)
        }
    }

    /// A heading opens a section: it replaces the open headings of its level and below.
    private mutating func enterHeading(level: Int, text: String) {
        while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
        headingStack.append((level, text))
        paths.append(headingStack.map(\.text))
    }

    /// The range of a piece in the output, started at its line's start when only container
    /// markers (`> `, `- `, `1. `, indentation) stand before it there, so that a list item's first
    /// block keeps its marker; nil when it wrote nothing.
    private func range(of piece: Piece) -> Range<Int>? {
        let node: Node
        switch piece {
        case .node(let n), .inlineRun(let n): node = n
        }
        guard let range = output.range(of: node.id) else { return nil }
        let bytes = output.bytes
        var start = range.lowerBound
        while start > 0, bytes[start - 1] != 0x0A {
            switch bytes[start - 1] {
            case 0x20, 0x3E, 0x2D, 0x2A, 0x2B, 0x2E, 0x29, 0x30...0x39: start -= 1
            default: return range
            }
        }
        return start..<range.upperBound
    }

    private func count(_ range: Range<Int>) -> Int {
        tokenIndex.tokens(output.bytes, range)
    }

    /// The tokens of the end matter a piece uses (its citations' sources, its images), which
    /// follows any chunk holding it: what it weighs beyond its own tokens.
    private func entryTokens(_ range: Range<Int>) -> Int {
        endMatter.tokens(usedIn: range, separatorTokens: separatorTokens)
    }

    /// The frame of a cut table or code block: its opening and closing lines, and their tokens.
    private struct Frame {
        var header: Range<Int>?
        var footer: Range<Int>?
        var tokens = 0
    }

    private mutating func append(_ range: Range<Int>, tokens: Int, headingLevel: Int, continues: Bool = false, frame: Frame = Frame()) {
        guard !range.isEmpty else { return }
        atoms.append(ChunkAtom(bytes: [], document: nil, tokens: tokens, path: paths.count - 1, headingLevel: headingLevel,
                               joiner: continues ? [] : nil, range: range, header: frame.header, footer: frame.footer,
                               frameTokens: frame.tokens))
    }

    /// Takes a piece: within the budget it is an atom, else its parts are taken in its place (a
    /// work stack, in document order).
    private mutating func process(_ first: Piece, headingLevel: Int) throws {
        var work: [Piece] = [first]
        var level = headingLevel
        while let piece = work.popLast() {
            defer { level = 0 }
            guard let range = range(of: piece) else { continue }
            let tokens = count(range)
            if tokens + entryTokens(range) <= budget {
                append(range, tokens: tokens, headingLevel: level)
                continue
            }
            guard case .node(let node) = piece else {
                splitText(range, headingLevel: level, tokens: tokens)
                continue
            }
            switch node.tag {
            case .table:
                if let pieces = layoutPieces(of: node) {
                    work.append(contentsOf: pieces.reversed())
                } else if let (rows, frame) = pipeTableRows(node, range: range) ?? htmlTableRows(range) {
                    splitFramed(rows, frame: frame, headingLevel: level)
                } else {
                    try renderParts(of: node, headingLevel: level)
                }
            case .codeBlock:
                if let (lines, frame) = fencedLines(range) {
                    splitFramed(lines, frame: frame, headingLevel: level)
                } else {
                    try renderParts(of: node, headingLevel: level)
                }
            case .list, .listItem, .blockQuote, .division, .definitionList, .footnoteDefinition, .term, .definition:
                var finer: [Piece] = []
                Self.appendPieces(ofChildrenOf: node, to: &finer)
                if finer.contains(where: { self.range(of: $0) != nil }) {
                    work.append(contentsOf: finer.reversed())
                } else {
                    splitText(range, headingLevel: level, tokens: tokens)
                }
            default:
                splitText(range, headingLevel: level, tokens: tokens)
            }
        }
    }

    /// The blocks and inline runs in the cells of a table written as its content (a layout
    /// table, `MarkdownWriter.Options.layoutTables`), in order; nil when the table was written
    /// as a table (no cell's content has a place of its own in the output).
    private func layoutPieces(of table: Node) -> [Piece]? {
        // Written as its content when some cell's first content has a place in the output (a
        // cell's first node may write nothing, white space or an empty span, so every cell is
        // asked until one answers); the pieces are gathered only then.
        var written = false
        rows: for row in table.children where row.tag == .tableRow {
            for cell in row.children where cell.tag == .tableCell {
                if let child = cell.firstChild, output.range(of: child.id) != nil { written = true; break rows }
            }
        }
        guard written else { return nil }
        var pieces: [Piece] = []
        for row in table.children where row.tag == .tableRow {
            for cell in row.children where cell.tag == .tableCell { Self.appendPieces(ofChildrenOf: cell, to: &pieces) }
        }
        return pieces
    }

    /// Appends `node`'s children as pieces: each block, and each run of inline nodes among them.
    private static func appendPieces(ofChildrenOf node: Node, to pieces: inout [Piece]) {
        var runOpen = false
        for child in node.children {
            if child.tag.isBlock {
                pieces.append(.node(child))
                runOpen = false
            } else if !runOpen {
                pieces.append(.inlineRun(child))
                runOpen = true
            }
        }
    }

    /// Cuts a range of the output at sentences, and a sentence over the budget at words: each is
    /// an atom continuing the one before (the output between them is kept as it is).
    private mutating func splitText(_ range: Range<Int>, headingLevel: Int, frame: Frame = Frame(), continuing: Bool = false,
                                    tokens total: Int? = nil) {
        var level = headingLevel
        // A sentence's tokens are estimated from its bytes at the whole range's rate, and counted
        // only when the estimate comes near the budget (where it decides a cut at words); the
        // packer counts each chunk it makes.
        let rate = Double(total ?? count(range)) / Double(max(1, range.count))
        let exactAbove = budget / 4
        var first = !continuing
        let bytes = output.bytes
        func emit(_ trimmed: Range<Int>, tokens: Int? = nil, _ collector: inout MappedAtomCollector) {
            guard !trimmed.isEmpty else { return }
            collector.append(trimmed, tokens: tokens ?? collector.count(trimmed), headingLevel: level, continues: !first, frame: frame)
            first = false
            level = 0
        }
        for sentence in TextSegments.sentences(bytes, in: range) {
            let trimmed = TextSegments.trimmed(bytes, sentence)
            var tokens = max(1, Int((Double(trimmed.count) * rate).rounded(.up)))
            let entries = entryTokens(trimmed)
            if tokens + entries + frame.tokens > exactAbove { tokens = count(trimmed) }
            if tokens + entries + frame.tokens <= budget {
                emit(trimmed, tokens: tokens, &self)
            } else {
                for word in TextSegments.words(bytes, in: sentence) { emit(TextSegments.trimmed(bytes, word), &self) }
            }
        }
    }

    /// Cuts a table or code block into its rows or lines, each carrying the frame to repeat when
    /// a chunk starts or ends with it; a row over the budget is cut at sentences and words.
    private mutating func splitFramed(_ rows: [Range<Int>], frame: Frame, headingLevel: Int) {
        var frame = frame
        if frame.tokens >= budget { frame = Frame() }
        var level = headingLevel
        for (k, row) in rows.enumerated() {
            let tokens = count(row)
            if tokens + entryTokens(row) + frame.tokens > budget {
                splitText(row, headingLevel: level, frame: frame, continuing: k > 0)
            } else {
                append(row, tokens: tokens, headingLevel: level, continues: k > 0, frame: frame)
            }
            level = 0
        }
    }

    /// The body rows of a table written as a pipe table (each row a line of its own), with the
    /// header lines (the caption before it too) as the frame; nil for another kind of table.
    private func pipeTableRows(_ table: Node, range: Range<Int>) -> ([Range<Int>], Frame)? {
        var rows: [Range<Int>] = []
        var headerRows = 0
        var inHeader = true
        for child in table.children where child.tag == .tableRow {
            guard let rowRange = output.range(of: child.id) else { return nil }
            rows.append(rowRange)
            if inHeader, case .tableRow(isHeader: true) = child.kind { headerRows += 1 } else { inHeader = false }
        }
        guard headerRows < rows.count else { return nil }
        let body = Array(rows[headerRows...])
        return (body, frame(header: range.lowerBound..<body[0].lowerBound, footer: body[body.count - 1].upperBound..<range.upperBound))
    }

    /// The body rows of a table written as HTML (`<tr>` … `</tr>` lines at the table's own
    /// level), with what stands before the first body row and after the last as the frame.
    private func htmlTableRows(_ range: Range<Int>) -> ([Range<Int>], Frame)? {
        let bytes = output.bytes
        var rows: [Range<Int>] = []
        var headerRows = 0
        var depth = 0
        var rowStart = -1
        for line in TextSegments.lines(bytes, in: range) {
            var k = line.lowerBound
            while k < line.upperBound, bytes[k] == 0x20 || bytes[k] == 0x3E { k += 1 }
            let content = bytes[k..<line.upperBound]
            if content.starts(with: Self.tableOpen) { depth += 1 }
            if depth == 1 {
                if content.starts(with: Self.rowOpen), content.count > 3, content[k + 3] == 0x3E || content[k + 3] == 0x20 {
                    rowStart = line.lowerBound
                } else if content.starts(with: Self.rowClose), rowStart >= 0 {
                    rows.append(TextSegments.trimmedLineEnd(bytes, rowStart..<line.upperBound))
                    rowStart = -1
                } else if content.starts(with: Self.headClose) {
                    headerRows = rows.count
                }
            }
            if content.starts(with: Self.tableClose) { depth -= 1 }
        }
        guard headerRows < rows.count else { return nil }
        let body = Array(rows[headerRows...])
        return (body, frame(header: range.lowerBound..<body[0].lowerBound, footer: body[body.count - 1].upperBound..<range.upperBound))
    }

    private static let tableOpen = Array("<table".utf8), tableClose = Array("</table>".utf8)
    private static let rowOpen = Array("<tr".utf8), rowClose = Array("</tr>".utf8), headClose = Array("</thead>".utf8)

    /// The lines of a fenced code block between its fences, with the fences as the frame; nil
    /// for an indented code block (whose lines cannot be told from the text around them).
    private func fencedLines(_ range: Range<Int>) -> ([Range<Int>], Frame)? {
        let bytes = output.bytes
        let lines = TextSegments.lines(bytes, in: range)
        guard lines.count >= 3 else { return nil }
        let opening = lines[0]
        var k = opening.lowerBound
        while k < opening.upperBound, bytes[k] == 0x20 || bytes[k] == 0x3E { k += 1 }
        guard k < opening.upperBound, bytes[k] == 0x60 || bytes[k] == 0x7E else { return nil }
        let inner = lines[1..<(lines.count - 1)].map { TextSegments.trimmedLineEnd(bytes, $0) }
        return (inner, frame(header: opening.lowerBound..<inner[0].lowerBound, footer: inner[inner.count - 1].upperBound..<range.upperBound))
    }

    /// A frame of the given header and footer, trimmed of line ends (nil when empty).
    private func frame(header: Range<Int>, footer: Range<Int>) -> Frame {
        let h = TextSegments.withoutLineEnds(output.bytes, header), f = TextSegments.withoutLineEnds(output.bytes, footer)
        var frame = Frame(header: h.isEmpty ? nil : h, footer: f.isEmpty ? nil : f)
        frame.tokens = (h.isEmpty ? 0 : count(h) + 1) + (f.isEmpty ? 0 : count(f) + 1)
        return frame
    }

    /// Cuts a block by rendering its parts, as `ChunkAtomCollector` does (code blocks keep their
    /// fences in every part).
    private mutating func renderParts(of node: Node, headingLevel: Int) throws {
        var collector = ChunkAtomCollector(document: document.fragment(node), options: options, separator: separator, render: render)
        try collector.collect()
        var level = headingLevel
        for var atom in collector.atoms {
            atom.path = paths.count - 1
            atom.headingLevel = level
            atoms.append(atom)
            level = 0
        }
    }
}
