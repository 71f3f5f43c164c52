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

    /// The tokens of the separator between blocks.
    private let separatorTokens: Int
    /// What a chunk's own blocks may hold.
    private let budget: Int

    init(options: DocumentChunker.Options, separator: [UInt8]?, atoms: [ChunkAtom], paths: [[String]],
         render: @escaping (Document) throws -> [UInt8]) {
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
        for (i, atom) in atoms.enumerated() { prefix.append(prefix[prefix.count - 1] + atom.tokens + joinTokens(i + 1)) }
        var sections = [Int](repeating: 0, count: atoms.count)
        var open: [(index: Int, level: Int)] = []
        func close(_ index: Int, at end: Int) { sections[index] = prefix[end] - prefix[index] - (end < atoms.count ? joinTokens(end) : 0) }
        for (i, atom) in atoms.enumerated() where atom.headingLevel > 0 {
            while let last = open.last, last.level >= atom.headingLevel {
                close(last.index, at: i)
                open.removeLast()
            }
            open.append((i, atom.headingLevel))
        }
        for entry in open { close(entry.index, at: atoms.count) }
        return sections
    }

    mutating func pack() throws -> [DocumentChunk] {
        let sections = sectionTokens()
        var chunks: [DocumentChunk] = []
        var previousOwn: [UInt8] = []
        var start = 0
        while start < atoms.count {
            var end = start + 1
            var total = atoms[start].tokens
            var onlyHeadings = atoms[start].headingLevel > 0
            while end < atoms.count {
                let atom = atoms[end]
                // A heading starts a new chunk unless its whole section fits in this one (or the
                // chunk so far is only headings, which lead into it).
                if atom.headingLevel > 0, !onlyHeadings, total + joinTokens(end) + sections[end] > budget { break }
                if total + joinTokens(end) + atom.tokens > budget { break }
                total += joinTokens(end) + atom.tokens
                onlyHeadings = onlyHeadings && atom.headingLevel > 0
                end += 1
            }
            let overlap = chunks.isEmpty || options.overlap == 0 ? [] : overlapText(previousOwn)
            var own = try assemble(start..<end)
            var content = joined(overlap, own)
            var tokens = options.counter.tokenCount(ofUTF8: content)
            while end - start > 1, tokens > options.maxTokens {
                end -= 1
                own = try assemble(start..<end)
                content = joined(overlap, own)
                tokens = options.counter.tokenCount(ofUTF8: content)
            }
            let overlapBytes = overlap.isEmpty ? 0 : overlap.count + (separator?.count ?? 0)
            chunks.append(DocumentChunk(index: chunks.count, headings: headings(start..<end),
                                        content: String(decoding: content, as: UTF8.self),
                                        overlapByteCount: overlapBytes, tokenCount: tokens))
            previousOwn = own
            start = end
        }
        return chunks
    }

    /// The tokens that join atom `index` to the one before it: the separator's, or none for the
    /// white space inside a cut block (a space goes with the word after it).
    private func joinTokens(_ index: Int) -> Int {
        index < atoms.count && atoms[index].joiner != nil ? 0 : separatorTokens
    }

    /// The overlap, then the separator, then the chunk's own blocks.
    private func joined(_ overlap: [UInt8], _ own: [UInt8]) -> [UInt8] {
        guard !overlap.isEmpty else { return own }
        return overlap + (separator ?? []) + own
    }

    /// The chunk's own blocks, rendered: the atoms joined by the separator, or rendered together
    /// as one document when the backend's blocks cannot be joined as text.
    private func assemble(_ range: Range<Int>) throws -> [UInt8] {
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

    /// The last words of `text`, about `options.overlap` tokens (never more), starting at a word.
    private func overlapText(_ text: [UInt8]) -> [UInt8] {
        let counter = options.counter
        var start = text.count
        var total = 0
        // Walk back word by word (a word with the white space after it), summing their tokens.
        while start > 0 {
            var wordStart = start
            while wordStart > 0, TextSegments.isSpace(text[wordStart - 1]) { wordStart -= 1 }
            while wordStart > 0, !TextSegments.isSpace(text[wordStart - 1]) { wordStart -= 1 }
            let wordTokens = text.withUnsafeBufferPointer { counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: $0[wordStart..<start])) }
            if total + wordTokens > options.overlap { break }
            total += wordTokens
            start = wordStart
        }
        var range = TextSegments.trimmed(text, start..<text.count)
        // The sum of words' tokens can be under the whole's: drop words until the whole fits.
        while !range.isEmpty, text.withUnsafeBufferPointer({ counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: $0[range])) }) > options.overlap {
            var next = range.lowerBound
            while next < range.upperBound, !TextSegments.isSpace(text[next]) { next += 1 }
            range = TextSegments.trimmed(text, next..<range.upperBound)
        }
        return Array(text[range])
    }

    /// The common heading path of the atoms in `range` other than headings (a heading leading
    /// into its content does not shorten the path), or of all when they are all headings.
    private func headings(_ range: Range<Int>) -> [String] {
        let content = range.filter { atoms[$0].headingLevel == 0 }
        let considered = content.isEmpty ? Array(range) : content
        var common = paths[atoms[considered[0]].path]
        var last = atoms[considered[0]].path
        for i in considered where atoms[i].path != last {
            last = atoms[i].path
            let other = paths[last]
            var k = 0
            while k < common.count, k < other.count, common[k] == other[k] { k += 1 }
            common.removeLast(common.count - k)
        }
        return common
    }
}
