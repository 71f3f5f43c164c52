import TransmarkCore

/// Splits a document into chunks that follow its structure, each within a token budget: for
/// retrieval and for feeding a language model a page a piece at a time.
///
/// The chunker walks the document once. Its top-level blocks (and the blocks of sections kept in
/// `div`/`section`-like containers) are rendered one by one with the conversion's backend and
/// counted; a chunk is a run of consecutive blocks, cut:
///
/// - never inside a code block, table row, list item or sentence, unless that one unit alone is
///   over the budget: then it is split at the next finer unit (a list into its items, an item or
///   quote into its blocks, a table into rows with the header rows repeated in every part, a code
///   block into lines, a paragraph into sentences, a sentence into words). A single word over the
///   budget is a chunk of its own, over the budget: nothing is ever dropped.
/// - before a heading, unless the whole section the heading opens still fits in the chunk: small
///   sibling sections are merged up to the budget.
///
/// Each chunk carries its heading path (``DocumentChunk/headings``). With an overlap, each chunk
/// after the first starts with the last words of the one before it (about `overlap` tokens), and
/// its own blocks are packed to `maxTokens - overlap`, so that the whole stays within `maxTokens`.
///
/// ```swift
/// let conversion = try Registry.standard.conversion(from: "html", to: "markdown")
/// let chunker = try DocumentChunker(options: .init(maxTokens: 512, overlap: 32))
/// let chunks = try chunker.chunks(of: conversion.document(from: page), with: conversion)
/// ```
///
/// With a backend that maps its output (`BlockMappingBackend`: Markdown), `chunks(of:with:)`
/// renders the document once and cuts the chunks from that rendering: a block's atom is its range
/// there, a chunk is one slice of the output from its first block to its last (un-indented when
/// it starts inside a list), a table's rows and a fenced code block's lines bring the table's
/// header or the fences when a chunk starts or ends among them, and the reference definitions,
/// citation sources and end images a chunk refers to follow it (numbered as in the whole page).
///
/// Cuts inside a block (sentences, words) are made in the rendered text, so for Markdown an
/// emphasis or link that spans the cut is cut too. A backend whose blocks cannot be joined as text
/// (`styled-json`, `json-tree`) renders each chunk as a document of its own; its oversize
/// paragraphs are split in their plain text, and it takes no overlap.
public struct DocumentChunker: Sendable {
    /// How chunks are made.
    public struct Options: Sendable {
        /// The largest number of tokens in a chunk (overlap included), at least 1.
        public var maxTokens: Int
        /// About how many tokens of the end of each chunk the next one repeats at its start; 0 for
        /// none. Less than `maxTokens`.
        public var overlap: Int
        /// What counts tokens: by default `ApproximateTokenCounter`.
        public var counter: any TokenCounter

        /// Options with a budget of `maxTokens` tokens.
        public init(maxTokens: Int, overlap: Int = 0, counter: any TokenCounter = ApproximateTokenCounter()) {
            self.maxTokens = maxTokens
            self.overlap = overlap
            self.counter = counter
        }
    }

    /// The options this chunker uses.
    public let options: Options

    /// A chunker with `options`.
    ///
    /// - Throws: `TransmarkError.invalidOptionValue` for a budget below 1 (`chunks`), or an
    ///   overlap below 0 or not below the budget (`chunk-overlap`).
    public init(options: Options) throws(TransmarkError) {
        guard options.maxTokens >= 1 else {
            throw .invalidOptionValue(key: "chunks", value: String(options.maxTokens), accepted: "a number of tokens of at least 1")
        }
        guard options.overlap >= 0, options.overlap < options.maxTokens else {
            throw .invalidOptionValue(key: "chunk-overlap", value: String(options.overlap),
                                      accepted: "a number of tokens from 0 to \(options.maxTokens - 1) (less than the chunk budget)")
        }
        self.options = options
    }

    /// The chunks of `document`, each rendered with `conversion`'s backend and options (no
    /// transform is applied: `conversion.document(from:)` reads and transforms).
    public func chunks(of document: Document, with conversion: Conversion) throws -> [DocumentChunk] {
        let render: (Document) throws -> [UInt8] = { try conversion.render($0) }
        // A backend that maps its output (Markdown) renders the document once; the chunks are cut
        // from that rendering.
        if let output = try conversion.renderMapped(document), let separator = try Self.blockSeparator(render) {
            var collector = MappedAtomCollector(document: document, output: output, options: options, separator: separator, render: render)
            try collector.collect()
            let packer = ChunkPacker(options: options, separator: separator, atoms: collector.atoms, paths: collector.paths,
                                     render: render, output: output, tokenIndex: collector.tokenIndex,
                                     endMatter: collector.endMatter)
            return try packer.pack()
        }
        return try chunks(of: document, rendering: render)
    }

    /// The chunks of `document`, each block rendered by `render` (a backend's whole-document
    /// rendering).
    public func chunks(of document: Document, rendering render: (Document) throws -> [UInt8]) throws -> [DocumentChunk] {
        let separator = try Self.blockSeparator(render)
        if separator == nil, options.overlap > 0 {
            throw TransmarkError.invalidOptionValue(key: "chunk-overlap", value: String(options.overlap),
                                                    accepted: "0 for an output format whose blocks cannot be joined as text")
        }
        return try withoutActuallyEscaping(render) { render in
            var collector = ChunkAtomCollector(document: document, options: options, separator: separator, render: render)
            try collector.collect()
            let packer = ChunkPacker(options: options, separator: separator, atoms: collector.atoms, paths: collector.paths, render: render)
            return try packer.pack()
        }
    }

    /// What the backend writes between two blocks, found by rendering two paragraphs together and
    /// apart: `\n\n` for Markdown and text, `\n` for HTML; nil when the whole is not the parts
    /// joined (a JSON format), so that chunks must be rendered as documents.
    static func blockSeparator(_ render: (Document) throws -> [UInt8]) throws -> [UInt8]? {
        func paragraphs(_ texts: [String]) -> Document {
            var builder = DocumentBuilder()
            for text in texts {
                _ = builder.open(.paragraph)
                builder.text(text)
                builder.close()
            }
            return builder.finish()
        }
        let first = trimmed(try render(paragraphs(["q1z"])))
        let second = trimmed(try render(paragraphs(["q2z"])))
        let both = trimmed(try render(paragraphs(["q1z", "q2z"])))
        guard both.count >= first.count + second.count, both.starts(with: first), both.suffix(second.count).elementsEqual(second) else { return nil }
        return Array(both[first.count..<(both.count - second.count)])
    }

    /// `bytes` without line feeds (and carriage returns) at the end.
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end == bytes.count ? bytes : Array(bytes[..<end])
    }
}
