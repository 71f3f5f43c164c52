import TransmarkCore

/// A Markdown message rendered while it is still arriving: feed it chunks with `append(_:)`, end
/// it with `finish()`, and show what each `MarkdownStreamUpdate` says changed.
///
/// The stream keeps the text of its final blocks apart from the open part at the end and only
/// ever parses the open part, at line ends and when it has grown by a fraction of its size, so a
/// whole stream costs time linear in its length whatever the chunk size. A top-level block
/// becomes final once the next top-level block has started (libcmark-gfm never reopens a closed
/// block); footnotes and a front matter block keep everything after them open until `finish()`.
/// The open part is rendered with its unfinished syntax repaired (an unclosed `**` shown as
/// closed, a lone `-` that may become a list held back, …). After `finish()` the final blocks'
/// outputs, concatenated, are byte for byte the one-shot conversion of the whole text. The rules
/// are written down in the DocC article *Streaming Markdown*.
///
/// ```swift
/// let conversion = try Registry.standard.conversion(from: "markdown", to: "html")
/// var stream = try MarkdownStream(conversion: conversion)
/// for chunk in chunks {
///     let update = try stream.append(chunk)
///     for block in update.finalBlocks { view.commit(block.id, block.output) }
///     if let open = update.openBlock { view.replaceOpen(open.id, open.output) }
/// }
/// let last = try stream.finish()
/// ```
///
/// A value type: copies are independent streams, and the same chunks always give the same
/// updates. It is `Sendable`, but one stream is fed from one task at a time (it is mutated).
public struct MarkdownStream: Sendable {
    /// How a stream reads, paces and checks itself.
    public struct Options: Sendable {
        /// The options the conversion's Markdown frontend reads with; the stream finds block
        /// boundaries with the same block syntax (extensions, footnotes, front matter).
        public var markdown = MarkdownFrontend.Options()
        /// The fewest bytes the open block grows by before it is rendered again within a line.
        public var minimumGrowth = 32
        /// When `finish()` converts the whole text once more to check the final blocks.
        public var verification = Verification.whenNeeded

        /// When `finish()` checks the final blocks against one conversion of the whole text.
        public enum Verification: Sendable {
            /// Only when the stream held something that may reach backwards (`]:`, a possible link
            /// reference definition) or a block's output could not be cut from its neighbour's.
            case whenNeeded
            /// Always (costs one more conversion of the whole text).
            case always
            /// Never.
            case never
        }

        /// The defaults.
        public init() {}
    }

    /// The conversion each block goes through (its frontend must read Markdown).
    public let conversion: Conversion
    /// The stream's options.
    public let options: Options

    /// The bytes not yet in a final block.
    private var tail: [UInt8] = []
    /// The bytes of the final blocks, kept for `finish()`'s check.
    private var committed: [UInt8] = []
    /// The concatenated outputs of the final blocks.
    private var emitted: [UInt8] = []
    /// Link reference definitions met in final blocks' text, one after another, each ending in a
    /// line end: parsed in front of every later block.
    private var definitions: [UInt8] = []
    /// The last final block's document and its output alone, to cut the next block's output
    /// (with its separator) out of the two rendered together.
    private var previous: (document: Document, standalone: [UInt8])?
    /// The identifier of the next block.
    private var nextID = 0
    /// The size of `tail` when it was last parsed.
    private var tailSizeAtLastParse = 0
    /// How many bytes of `tail` (up to a line end) the last search for final blocks looked at: a
    /// block can only become final when a line has ended since.
    private var completeBytesScanned = 0
    /// Whether `finish()` must check the final blocks against one conversion of the whole text.
    private var needsVerification = false
    /// Whether `finish()` was called.
    private var isFinished = false
    /// Whether the open part holds `[^` (a footnote reference or definition): once it does,
    /// nothing becomes final before `finish()`, so the mark stays in the open part.
    private var holdsFootnoteMark = false
    /// Whether the last complete line of the open part starts like a paragraph's text (a letter
    /// after at most three spaces): a line after it that starts like one too continues the same
    /// block, and no block can have become final (see `startsNoBlock`).
    private var lastLineContinues = false
    /// The fence of a fenced code block still open at the end of the open part, as the last scan
    /// found it: until a line that could close it, no block can start (see `startsNoBlock`).
    private var openFence: (character: UInt8, length: Int)?

    /// Creates a stream converting with `conversion`, whose source must be Markdown (else
    /// `TransmarkError.cannotRead`).
    public init(conversion: Conversion, options: Options = Options()) throws {
        guard conversion.source.name == FormatDescriptor.markdown.name else {
            throw TransmarkError.cannotRead(format: conversion.source.name, readers: [FormatDescriptor.markdown.name])
        }
        self.conversion = conversion
        self.options = options
        if options.verification == .always { needsVerification = true }
    }

    /// How many blocks are final so far.
    public var finalBlockCount: Int { nextID }

    /// Adds a chunk of the message (UTF-8; it may end inside a character or a line) and returns
    /// what changed. Throws what the conversion throws for a block that became final; an open
    /// block that cannot be rendered yet is left out of the update. After `finish()` it changes
    /// nothing and returns an empty update.
    public mutating func append(_ chunk: some Collection<UInt8>) throws -> MarkdownStreamUpdate {
        guard !isFinished, !chunk.isEmpty else { return MarkdownStreamUpdate() }
        let junction = max(0, tail.count - 1)
        let oldCount = tail.count
        tail.append(contentsOf: chunk)
        return try appended(from: oldCount, junction: junction)
    }

    /// What the bytes of `tail` from `oldCount` (just appended) change; `junction` is where a
    /// two-byte mark across the chunk boundary may start.
    private mutating func appended(from oldCount: Int, junction: Int) throws -> MarkdownStreamUpdate {
        let added = tail[junction...]
        if !needsVerification, Self.containsDefinitionMark(added) { needsVerification = options.verification != .never }
        if !holdsFootnoteMark, options.markdown.footnotes, Self.containsFootnoteMark(added) { holdsFootnoteMark = true }
        let grown = tail.count - tailSizeAtLastParse
        let lineEnded = tail[oldCount...].contains(UInt8(ascii: "\n"))
        let due = grown >= max(options.minimumGrowth, tailSizeAtLastParse / 2)
            || (lineEnded && (tailSizeAtLastParse <= 256 || grown * 8 >= tailSizeAtLastParse))
        guard due else { return MarkdownStreamUpdate() }
        var update = MarkdownStreamUpdate()
        update.finalBlocks = try commitFinishedBlocks()
        tailSizeAtLastParse = tail.count
        update.openBlock = renderOpenBlock()
        return update
    }

    /// Adds a chunk of the message given as a string.
    public mutating func append(_ chunk: String) throws -> MarkdownStreamUpdate {
        try append(Array(chunk.utf8))
    }

    /// Ends the message: the open block becomes final (as one block, even when it holds several
    /// top-level blocks that finality was held back for). Afterwards the final blocks' outputs,
    /// concatenated, are the one-shot conversion of the whole text, or `replacementOutput` is set.
    public mutating func finish() throws -> MarkdownStreamUpdate {
        guard !isFinished else { return MarkdownStreamUpdate(isFinished: true) }
        isFinished = true
        var update = MarkdownStreamUpdate(isFinished: true)
        let document = try conversion.document(from: parseInput(tail[...]))
        var output = try finalOutput(for: document)
        if needsVerification && nextID > 0 && options.verification != .never {
            let whole = try conversion.convert(committed + tail)
            if whole.starts(with: emitted) {
                output = Array(whole[emitted.count...])
            } else {
                update.replacementOutput = whole
            }
        }
        committed += tail
        tail = []
        emitted += output
        update.finalBlocks = [MarkdownStreamBlock(id: nextID, isFinal: true, output: output, document: document)]
        nextID += 1
        return update
    }

    /// The text a block is parsed from: the definitions met so far, a blank line, the block.
    private func parseInput(_ text: ArraySlice<UInt8>) -> [UInt8] {
        if definitions.isEmpty { return Array(text) }
        return definitions + [UInt8(ascii: "\n")] + text
    }

    /// Whether the bytes hold `[^`, the mark of a footnote reference or definition.
    private static func containsFootnoteMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        contains(bytes, UInt8(ascii: "["), before: UInt8(ascii: "^"))
    }

    /// Whether the bytes hold `]:`, the mark of a possible link reference definition.
    private static func containsDefinitionMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        contains(bytes, UInt8(ascii: "]"), before: UInt8(ascii: ":"))
    }

    /// Whether the bytes hold `first` right before `second`.
    private static func contains(_ bytes: ArraySlice<UInt8>, _ first: UInt8, before second: UInt8) -> Bool {
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: second) {
            if found > bytes.startIndex, bytes[found - 1] == first { return true }
            index = found + 1
        }
        return false
    }

    /// Whether finality is held back for everything not yet final: footnotes (numbered and
    /// gathered document-wide) or a front matter block still at the start.
    private var holdsBackFinality: Bool {
        if holdsFootnoteMark { return true }
        if nextID == 0, options.markdown.frontMatter, tail.starts(with: "---".utf8) { return true }
        return false
    }

    /// Parses the complete lines of the open part, makes every top-level block but the last final,
    /// and returns them.
    private mutating func commitFinishedBlocks() throws -> [MarkdownStreamBlock] {
        guard let lastNewline = tail.lastIndex(of: UInt8(ascii: "\n")), lastNewline + 1 > completeBytesScanned,
              !holdsBackFinality else { return [] }
        // Lines that only carry on a paragraph's text start no block: nothing to scan for.
        let continues = startsNoBlock(tail[completeBytesScanned...lastNewline])
        completeBytesScanned = lastNewline + 1
        if continues { return [] }
        let complete = tail[...lastNewline]
        let prefix = definitions.isEmpty ? [] : definitions + [UInt8(ascii: "\n")]
        let prefixLines = prefix.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let scanned = (prefix + complete).withUnsafeBufferPointer { TopLevelBlockScan.scan($0, options: options.markdown) }
        openFence = scanned?.openFence
        guard let blocks = scanned?.blocks.map({ (start: $0.startLine - prefixLines, end: $0.endLine - prefixLines) }),
              blocks.count >= 2, blocks[0].start >= 1 else { return [] }
        // The offset of the start of each line (1-based) of the complete lines.
        var lineStarts = [0, 0]
        for index in complete.indices where tail[index] == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        // Blocks start on successive lines of the text scanned; anything else decides nothing.
        guard zip(blocks, blocks.dropFirst()).allSatisfy({ $0.start < $1.start }),
              blocks[blocks.count - 1].start < lineStarts.count else { return [] }
        var final: [MarkdownStreamBlock] = []
        for index in 0..<(blocks.count - 1) {
            let block = blocks[index]
            let regionStart = index == 0 ? 0 : lineStarts[block.start]
            let regionEnd = lineStarts[blocks[index + 1].start]
            let region = tail[regionStart..<regionEnd]
            let document = try conversion.document(from: parseInput(region))
            let output = try finalOutput(for: document)
            emitted += output
            final.append(MarkdownStreamBlock(id: nextID, isFinal: true, output: output, document: document))
            nextID += 1
            // Lines of the region outside the block are blank or link reference definitions.
            var line = index == 0 ? 1 : block.start
            while line < blocks[index + 1].start {
                if line >= block.start && line <= block.end { line = block.end + 1; continue }
                let text = tail[lineStarts[line]..<(line + 1 < lineStarts.count ? lineStarts[line + 1] : regionEnd)]
                if !text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                    var groupEnd = line + 1
                    while groupEnd < blocks[index + 1].start, !(groupEnd >= block.start && groupEnd <= block.end),
                          !tail[lineStarts[groupEnd]..<lineStarts[groupEnd + 1]].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                        groupEnd += 1
                    }
                    let group = tail[lineStarts[line]..<lineStarts[groupEnd]]
                    if Self.looksLikeDefinitions(group) {
                        definitions += group
                        if definitions.last != UInt8(ascii: "\n") { definitions.append(UInt8(ascii: "\n")) }
                    } else {
                        needsVerification = options.verification != .never
                    }
                    line = groupEnd
                    continue
                }
                line += 1
            }
        }
        let cut = lineStarts[blocks[blocks.count - 1].start]
        committed += tail[..<cut]
        tail.removeSubrange(..<cut)
        completeBytesScanned -= cut
        return final
    }

    /// Whether the complete lines `lines` (ending in a line feed) can start no top-level block:
    /// each is blank (a blank line starts nothing; what follows it is looked at when it comes) or
    /// starts like a paragraph's text (a letter or a byte of a non-ASCII character after at most
    /// three spaces, so no list, heading, quote, fence, table, HTML or math marker) right after a
    /// line that did too. A new block then cannot have begun (a block after a blank line, a
    /// marker, or a fence, HTML block or heading that ended is looked for as before); a block whose
    /// end a later line shows becomes final at the next scan instead. Updates `lastLineContinues`.
    private mutating func startsNoBlock(_ lines: ArraySlice<UInt8>) -> Bool {
        var result = true
        var lineStart = lines.startIndex
        while lineStart < lines.endIndex {
            if let fence = openFence {
                // Inside a fenced code block every line is code, until one may close it.
                guard let end = lines[lineStart...].firstIndex(of: 0x0A) else { break }
                if Self.mayClose(lines[lineStart...end], fence) {
                    openFence = nil
                    result = false
                }
                lastLineContinues = false
                lineStart = end + 1
                continue
            }
            var k = lineStart
            while k < lines.endIndex, k - lineStart < 3, lines[k] == 0x20 { k += 1 }
            while k < lines.endIndex, lines[k] == 0x20 || lines[k] == 0x09 { k += 1 }
            let first = k < lines.endIndex ? lines[k] : 0x0A
            let blank = first == 0x0A || first == 0x0D
            let letter = (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A || first >= 0x80
            if !blank && !(letter && lastLineContinues && k - lineStart <= 3) { result = false }
            lastLineContinues = letter && k - lineStart <= 3
            guard let end = lines[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = end + 1
        }
        return result
    }

    /// Whether `line` may close a fenced code block of `fence`: at most three spaces, then the
    /// fence's character at least as many times as the fence (what follows is checked by the scan).
    private static func mayClose(_ line: ArraySlice<UInt8>, _ fence: (character: UInt8, length: Int)) -> Bool {
        TopLevelBlockScan.closingRunEnd(in: line, from: line.startIndex, fence) != nil
    }

    /// Whether lines that no block covers start like a link reference definition.
    private static func looksLikeDefinitions(_ group: ArraySlice<UInt8>) -> Bool {
        let body = group.drop { $0 == 0x20 }
        return group.count - body.count <= 3 && body.first == UInt8(ascii: "[") && containsDefinitionMark(group)
    }

    /// The output of a block that became final: cut from the previous final block and this one
    /// rendered together, so it carries the separator the one-shot output has between them.
    private mutating func finalOutput(for document: Document) throws -> [UInt8] {
        let standalone = try conversion.render(document)
        var output = standalone
        if let previous {
            var builder = DocumentBuilder()
            for child in previous.document.root.children { builder.appendCopy(of: child.id, in: previous.document) }
            for child in document.root.children { builder.appendCopy(of: child.id, in: document) }
            let together = try conversion.render(builder.finish())
            if together.starts(with: previous.standalone) {
                output = Array(together[previous.standalone.count...])
                // A block rendered differently after its neighbour than alone (numbering that runs
                // through the document, such as terminal hyperlink ids) may differ in the whole too.
                if !output.reversed().starts(with: standalone.reversed()), options.verification != .never {
                    needsVerification = true
                }
            } else if options.verification != .never {
                needsVerification = true
            }
        }
        previous = (document, standalone)
        return output
    }

    /// The open part, repaired, parsed and rendered alone; `nil` when it cannot be.
    private func renderOpenBlock() -> MarkdownStreamBlock? {
        let repaired = UnfinishedSyntaxRepair.repaired(tail, math: options.markdown.math)
        guard let document = try? conversion.document(from: parseInput(repaired[...])),
              let output = try? conversion.render(document) else { return nil }
        return MarkdownStreamBlock(id: nextID, isFinal: false, output: output, document: document)
    }
}
