import TransmarkCore

/// The chunker's second pass: packs atoms into chunks within the budget, keeping sections
/// together where they fit, adds the overlap, and renders each chunk. Linear in the atoms (a
/// chunk whose whole measures over the budget is shortened an atom at a time, which the summed
/// estimate makes rare).
struct ChunkPacker {
    let options: DocumentChunker.Options
    let separator: [UInt8]?
    let atoms: [ChunkAtom]
    let paths: [[String]]
    let render: (Document) throws -> [UInt8]
    /// The mapped rendering the atoms' ranges point into, if any.
    let output: MappedOutput?
    /// The output's line counts and recorded run, which count a chunk cut from it.
    let tokenIndex: LineTokenIndex?
    /// Where the output uses its end matter.
    private let endMatter: EndMatterIndex

    /// The tokens of the separator between blocks.
    private let separatorTokens: Int
    /// What a chunk's own blocks may hold.
    private let budget: Int

    init(options: DocumentChunker.Options, separator: [UInt8]?, atoms: [ChunkAtom], paths: [[String]],
         render: @escaping (Document) throws -> [UInt8], output: MappedOutput? = nil, tokenIndex: LineTokenIndex? = nil,
         endMatter: EndMatterIndex? = nil) {
        self.output = output
        self.tokenIndex = tokenIndex
        self.endMatter = endMatter ?? EndMatterIndex(output, counter: options.counter)
        self.options = options
        self.separator = separator
        self.atoms = atoms
        self.paths = paths
        self.render = render
        separatorTokens = separator.map { options.counter.tokenCount(ofUTF8: $0) } ?? 0
        budget = options.overlap > 0 ? max(1, options.maxTokens - options.overlap - separatorTokens) : options.maxTokens
    }

    /// The tokens of each heading atom's whole section (up to the next heading of its level or
    /// above), separators included; 0 for other atoms. One pass with a stack of open headings.
    private func sectionTokens() -> [Int] {
        var prefix = [0]
        prefix.reserveCapacity(atoms.count + 1)
        for i in atoms.indices { prefix.append(prefix[prefix.count - 1] + atoms[i].tokens + joinTokens(i + 1)) }
        var sections = [Int](repeating: 0, count: atoms.count)
        var open: [(index: Int, level: Int)] = []
        func close(_ index: Int, at end: Int) { sections[index] = prefix[end] - prefix[index] - (end < atoms.count ? joinTokens(end) : 0) }
        for i in atoms.indices where atoms[i].headingLevel > 0 {
            let level = atoms[i].headingLevel
            while let last = open.last, last.level >= level {
                close(last.index, at: i)
                open.removeLast()
            }
            open.append((i, level))
        }
        for entry in open { close(entry.index, at: atoms.count) }
        return sections
    }

    func pack() throws -> [DocumentChunk] {
        let sections = sectionTokens()
        var chunks: [DocumentChunk] = []
        var previousOwn: [UInt8] = []
        var previousSources: [Range<Int>] = []
        var previousOwnTokens = 0
        var start = 0
        // The end matter's entries a chunk uses are estimated with it: `inChunk[entry]` is the
        // index of the last chunk whose estimate counted the entry.
        let entryTokens = endMatter.entryTokens
        var inChunk = [Int](repeating: -1, count: entryTokens.count)
        var used: [Int] = []
        var marked: [Int] = []  // the entries the last call marked
        var chunkWithEntries = -1  // the last chunk whose estimate has an entry
        /// The tokens of the entries atom `index` adds to chunk `chunk`, marked as counted (see
        /// `unmark`).
        func endMatterTokens(of index: Int, chunk: Int) -> Int {
            marked.removeAll(keepingCapacity: true)
            guard !entryTokens.isEmpty, let range = atoms[index].range else { return 0 }
            used.removeAll(keepingCapacity: true)
            endMatter.appendEntries(usedIn: range, to: &used)
            var tokens = 0
            for entry in used where inChunk[entry] != chunk {
                inChunk[entry] = chunk
                marked.append(entry)
                tokens += entryTokens[entry]
            }
            // A blank line before the chunk's first entry.
            if tokens > 0, chunkWithEntries != chunk { tokens += separatorTokens }
            return tokens
        }
        /// Undoes the marks of the last `endMatterTokens`, for an atom left out.
        func unmark() { for entry in marked { inChunk[entry] = -1 } }
        while start < atoms.count {
            var end = start + 1
            let chunk = chunks.count
            var overlap = chunks.isEmpty || options.overlap == 0 ? [] : overlapText(previousOwn, previousTokens: previousOwnTokens)
            // The entries whose labels the overlap shows come with the chunk: counted first.
            var overlapEntries = self.overlapEntries(overlap, previousSources: previousSources)
            var overlapEntryTokens = 0
            for entry in overlapEntries where inChunk[entry] != chunk {
                inChunk[entry] = chunk
                overlapEntryTokens += entryTokens[entry]
            }
            if overlapEntryTokens > 0 {
                overlapEntryTokens += separatorTokens
                chunkWithEntries = chunk
            }
            // A table's row starting a chunk brings the table's header.
            let startEndMatter = endMatterTokens(of: start, chunk: chunk)
            if startEndMatter > 0 { chunkWithEntries = chunk }
            var total = atoms[start].tokens + atoms[start].frameTokens + startEndMatter + overlapEntryTokens
            var onlyHeadings = atoms[start].headingLevel > 0
            while end < atoms.count {
                let headingLevel = atoms[end].headingLevel, atomTokens = atoms[end].tokens, join = joinTokens(end)
                // A heading starts a new chunk unless its whole section fits in this one (or the
                // chunk so far is only headings, which lead into it).
                if headingLevel > 0, !onlyHeadings, total + join + sections[end] > budget { break }
                if total + join + atomTokens > budget { break }
                let entries = endMatterTokens(of: end, chunk: chunk)
                if entries > 0, total + join + atomTokens + entries > budget {
                    unmark()
                    break
                }
                if entries > 0 { chunkWithEntries = chunk }
                total += join + atomTokens + entries
                onlyHeadings = onlyHeadings && headingLevel > 0
                end += 1
            }
            // The end matter the chunk refers to (its citations' sources, its images) follows it.
            /// The chunk's content (overlap, own blocks, end matter) and its tokens.
            func withEndMatter(_ own: Assembled) -> (content: [UInt8], tokens: Int) {
                let lines = endMatterLines(of: own, overlapEntries: overlapEntries)
                let content = joined(overlap, own, endMatter: lines)
                return (content, count(content, own: own, after: overlapPrefix(overlap)))
            }
            var own = try assemble(start..<end)
            var (content, tokens) = withEndMatter(own)
            while end - start > 1, tokens > options.maxTokens {
                end -= 1
                own = try assemble(start..<end)
                (content, tokens) = withEndMatter(own)
            }
            if tokens > options.maxTokens, end - start == 1, atoms[start].header != nil || atoms[start].footer != nil {
                // One row or line that fits only without its table's or code block's frame.
                own = try assemble(start..<end, framed: false)
                (content, tokens) = withEndMatter(own)
            }
            if tokens > options.maxTokens, !overlap.isEmpty {
                // The overlap (with its sources) is what a lone block cannot carry: left out.
                overlap = []
                overlapEntries = []
                (content, tokens) = withEndMatter(own)
            }
            let overlapBytes = overlapPrefix(overlap)
            let ownBytes = own.bytes
            chunks.append(DocumentChunk(index: chunks.count, headings: headings(start..<end),
                                        contentUTF8: content,
                                        overlapByteCount: overlapBytes, tokenCount: tokens))
            previousOwn = ownBytes
            previousSources = own.sources
            previousOwnTokens = tokens
            start = end
        }
        return chunks
    }

    /// The tokens that join atom `index` to the one before it: the separator's, or none for the
    /// white space inside a cut block (a space goes with the word after it).
    private func joinTokens(_ index: Int) -> Int {
        index < atoms.count && atoms[index].joiner != nil ? 0 : separatorTokens
    }

    /// A chunk's own blocks: their bytes, the ranges of the output they were cut from, and the
    /// ranges of `bytes` that are copies of the output (offset in `bytes`, offset in the output,
    /// length), which count without being run over again (`LineTokenIndex.exactCount`).
    struct Assembled {
        var bytes: [UInt8]
        var sources: [Range<Int>] = []
        var copies: [(text: Int, output: Int, count: Int)] = []
    }

    /// The bytes that come before the chunk's own blocks in its content: the overlap and the
    /// separator after it (none without an overlap).
    private func overlapPrefix(_ overlap: [UInt8]) -> Int {
        overlap.isEmpty ? 0 : overlap.count + (separator?.count ?? 0)
    }

    /// The tokens of `content`, which holds `own`'s bytes from offset `offset`: counted exactly
    /// from the output's recorded run where the blocks are copies of it.
    private func count(_ content: [UInt8], own: Assembled, after offset: Int) -> Int {
        guard let tokenIndex, let output, !own.copies.isEmpty else { return options.counter.tokenCount(ofUTF8: content) }
        let copies = offset == 0 ? own.copies : own.copies.map { (text: $0.text + offset, output: $0.output, count: $0.count) }
        return tokenIndex.exactCount(of: content, spans: copies, output: output.bytes)
    }

    /// The overlap, then the separator, then the chunk's own blocks, then a blank line and its
    /// end matter's lines (when it has any).
    private func joined(_ overlap: [UInt8], _ own: Assembled, endMatter lines: [UInt8]) -> [UInt8] {
        guard !overlap.isEmpty || !lines.isEmpty else { return own.bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(overlap.count + own.bytes.count + lines.count + 8)
        if !overlap.isEmpty {
            bytes.append(contentsOf: overlap)
            bytes.append(contentsOf: separator ?? [])
        }
        bytes.append(contentsOf: own.bytes)
        if !lines.isEmpty {
            bytes.append(0x0A)
            bytes.append(0x0A)
            bytes.append(contentsOf: lines)
        }
        return bytes
    }

    /// The chunk's own blocks, rendered: the atoms joined by the separator, or rendered together
    /// as one document when the backend's blocks cannot be joined as text.
    private func assemble(_ range: Range<Int>, framed: Bool = true) throws -> Assembled {
        if let output, let separator {
            return assembleMapped(range, output: output, separator: separator, framed: framed)
        }
        return Assembled(bytes: try assembleRendered(range))
    }

    /// The chunk's own blocks cut from a mapped rendering: each run of consecutive ranges as one
    /// slice of the output (what stood between them kept), un-indented; with the header of a
    /// table whose row starts the run; and the ranges it was cut from.
    private func assembleMapped(_ range: Range<Int>, output: MappedOutput, separator: [UInt8], framed: Bool) -> Assembled {
        var bytes: [UInt8] = []
        var copies: [(text: Int, output: Int, count: Int)] = []
        /// Appends a slice of the output un-indented, noting it as a copy when it is one.
        func append(_ slice: Range<Int>, by indent: Int) {
            if indent == 0 { copies.append((bytes.count, slice.lowerBound, slice.count)) }
            Self.appendUnindented(output.bytes[slice], by: indent, to: &bytes)
        }
        if let first = atoms[range.lowerBound].range, let last = atoms[range.upperBound - 1].range, last.upperBound >= first.lowerBound {
            bytes.reserveCapacity(last.upperBound - first.lowerBound + 256)
        }
        var sources: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard let first = atoms[i].range else {
                if !bytes.isEmpty { bytes.append(contentsOf: atoms[i].joiner ?? separator) }
                bytes.append(contentsOf: atoms[i].bytes)
                i += 1
                continue
            }
            var end = first.upperBound
            var j = i + 1
            while j < range.upperBound, let next = atoms[j].range, next.lowerBound >= end {
                end = next.upperBound
                j += 1
            }
            if !bytes.isEmpty { bytes.append(contentsOf: separator) }
            // Un-indented by the indentation of the run's first line: the header's when it has one.
            let opening = (framed ? atoms[i].header : nil) ?? first
            let indent = Self.indentation(output.bytes[opening])
            if framed, let header = atoms[i].header {
                append(header, by: indent)
                bytes.append(0x0A)
                sources.append(header)
            }
            append(first.lowerBound..<end, by: indent)
            sources.append(first.lowerBound..<end)
            if framed, let footer = atoms[j - 1].footer {
                bytes.append(0x0A)
                append(footer, by: indent)
            }
            i = j
        }
        return Assembled(bytes: bytes, sources: sources, copies: copies)
    }

    /// Appends `slice` without `indent` spaces (the indentation of its run's first line) at the
    /// start of each of its lines (as far as each has them): a nested list item or a paragraph
    /// inside an item reads as a block of its own, not as indented code.
    static func appendUnindented(_ slice: ArraySlice<UInt8>, by indent: Int, to bytes: inout [UInt8]) {
        guard indent > 0 else {
            bytes.append(contentsOf: slice)
            return
        }
        var atLineStart = true
        var removed = 0
        for b in slice {
            if atLineStart {
                if b == 0x20, removed < indent {
                    removed += 1
                    continue
                }
                atLineStart = false
            }
            bytes.append(b)
            if b == 0x0A {
                atLineStart = true
                removed = 0
            }
        }
    }

    /// The spaces that start `slice`.
    static func indentation(_ slice: ArraySlice<UInt8>) -> Int {
        var indent = 0
        var k = slice.startIndex
        while k < slice.endIndex, slice[k] == 0x20 { indent += 1; k += 1 }
        return indent
    }

    /// The end-matter lines (reference definitions, images listed at the end) used inside
    /// `sources`, in the output's order, one per line.
    /// With them, `overlapEntries`: those that the overlap's labels refer to.
    private func endMatterLines(of own: Assembled, overlapEntries: [Int]) -> [UInt8] {
        guard let output, !endMatter.isEmpty else { return [] }
        var entries = overlapEntries
        for source in own.sources { endMatter.appendEntries(usedIn: source, to: &entries) }
        guard !entries.isEmpty else { return [] }
        entries.sort()
        var lines: [UInt8] = []
        lines.reserveCapacity(entries.reduce(0) { $0 + output.endMatter[$1].range.count + 1 })
        for (k, entry) in entries.enumerated() where k == 0 || entries[k - 1] != entry {
            if !lines.isEmpty { lines.append(0x0A) }
            lines.append(contentsOf: output.bytes[output.endMatter[entry].range])
        }
        return lines
    }

    /// The entries of the previous chunk (its own blocks cut from `previousSources`) whose label
    /// (`[n]`) the overlap shows: the overlap repeats the end of that chunk, and every reference
    /// in a chunk resolves within it.
    private func overlapEntries(_ overlap: [UInt8], previousSources: [Range<Int>]) -> [Int] {
        guard let output, !overlap.isEmpty, !endMatter.isEmpty else { return [] }
        // The bracketed spans the overlap shows, each from a `[` to the first `]` after it with no
        // `[` between: a label (which holds no bracket inside) is shown where it is one of them.
        var shown: [Range<Int>] = []
        overlap.withUnsafeBufferPointer { bytes in
            var open = -1
            var k = ByteScanner.firstIndex(in: bytes, from: 0, of: UInt8(ascii: "["), UInt8(ascii: "["), UInt8(ascii: "["))
            while k < bytes.count {
                if bytes[k] == UInt8(ascii: "[") {
                    open = k
                } else if bytes[k] == UInt8(ascii: "]"), open >= 0 {
                    shown.append(open..<(k + 1))
                    open = -1
                }
                k += 1
            }
        }
        guard !shown.isEmpty else { return [] }
        var previous: [Int] = []
        for source in previousSources { endMatter.appendEntries(usedIn: source, to: &previous) }
        guard !previous.isEmpty else { return [] }
        return previous.filter { entry in
            let label = Self.label(of: output.bytes[output.endMatter[entry].range])
            return !label.isEmpty && shown.contains { $0.count == label.count && overlap[$0].elementsEqual(label) }
        }
    }

    /// The label an end-matter line defines, `[n]` of `[n]: url` (empty for a line that is not a
    /// definition, an image listed at the end).
    static func label(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard line.first == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]")) else { return [] }
        return line[...close]
    }

    /// The chunk's own blocks, rendered: the atoms joined by the separator, or rendered together
    /// as one document when the backend's blocks cannot be joined as text.
    private func assembleRendered(_ range: Range<Int>) throws -> [UInt8] {
        if let separator {
            var bytes: [UInt8] = []
            for i in range {
                if i > range.lowerBound { bytes.append(contentsOf: atoms[i].joiner ?? separator) }
                bytes.append(contentsOf: atoms[i].bytes)
            }
            return bytes
        }
        var builder = DocumentBuilder()
        for i in range {
            guard let document = atoms[i].document else { continue }
            for child in document.root.children { builder.appendCopy(of: child.id, in: document) }
        }
        return DocumentChunker.trimmed(try render(builder.finish()))
    }

    /// The last words of `text`, about `options.overlap` tokens (never more), starting at a word:
    /// a window of the last words (sized from the previous chunk's bytes per token), counted, then
    /// shortened in proportion to how far over it is (at least a word at a time) until it fits:
    /// mostly one count of about the overlap's size.
    private func overlapText(_ text: [UInt8], previousTokens: Int) -> [UInt8] {
        let counter = options.counter
        func wordStart(atOrAfter offset: Int) -> Int {
            var k = offset
            if k > 0 && !TextSegments.isSpace(text[k - 1]) {
                while k < text.count, !TextSegments.isSpace(text[k]) { k += 1 }
            }
            while k < text.count, TextSegments.isSpace(text[k]) { k += 1 }
            return k
        }
        // The window: the bytes the overlap takes at the previous chunk's own ratio of bytes to
        // tokens, a little less.
        let bytesPerToken = previousTokens > 0 ? Double(text.count) / Double(previousTokens) : 5
        let window = Int(bytesPerToken * Double(options.overlap) * 0.9) + 1
        var range = TextSegments.trimmed(text, wordStart(atOrAfter: max(0, text.count - window))..<text.count)
        while !range.isEmpty {
            let tokens = text.withUnsafeBufferPointer { counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: $0[range])) }
            if tokens <= options.overlap { break }
            let keep = Int(Double(range.count) * Double(options.overlap) / Double(tokens) * 0.95)
            var start = wordStart(atOrAfter: range.upperBound - keep)
            if start <= range.lowerBound { start = wordStart(atOrAfter: range.lowerBound + 1) }
            range = TextSegments.trimmed(text, min(start, range.upperBound)..<range.upperBound)
        }
        return Array(text[range])
    }

    /// The common heading path of the atoms in `range` other than headings (a heading leading
    /// into its content does not shorten the path), or of all when they are all headings.
    private func headings(_ range: Range<Int>) -> [String] {
        let firstContent = range.first { atoms[$0].headingLevel == 0 }
        let allHeadings = firstContent == nil
        let first = firstContent ?? range.lowerBound
        var common = paths[atoms[first].path]
        var last = atoms[first].path
        for i in range where (allHeadings || atoms[i].headingLevel == 0) && atoms[i].path != last {
            last = atoms[i].path
            let other = paths[last]
            var k = 0
            while k < common.count, k < other.count, common[k] == other[k] { k += 1 }
            common.removeLast(common.count - k)
        }
        return common
    }
}
