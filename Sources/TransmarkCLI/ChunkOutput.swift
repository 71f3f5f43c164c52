@_spi(TransmarkStorage) import Transmark

/// What `--chunks`, `--chunk-overlap`, `--tokenizer` and `--stats` ask of `convert`, resolved
/// once: the chunker (when chunks are written), the token counter, and whether statistics are
/// reported. `process` turns one document into its output on any thread.
struct ChunkOutput: Sendable {
    /// The chunker, when `--chunks` is given.
    let chunker: DocumentChunker?
    /// The counter of `--tokenizer`: the chunker's, and the one statistics count with.
    let counter: any TokenCounter
    /// Whether `--stats` is given.
    let stats: Bool

    /// Resolves the options; nil when none of them asks for anything. A budget below 1 or an
    /// overlap not below it is a `TransmarkError.invalidOptionValue`; a vocabulary file that
    /// cannot be read or used is an `io` or `invalidTokenizerVocabulary` error.
    static func make(chunks: Int?, overlap: Int, tokenizer: String, stats: Bool) throws -> ChunkOutput? {
        guard chunks != nil || stats else {
            if overlap != 0 { throw TransmarkError.invalidOptionValue(key: "chunk-overlap", value: String(overlap), accepted: "an overlap only with --chunks") }
            return nil
        }
        let counter: any TokenCounter
        switch tokenizer {
        case "approximate", "approximate:o200k_base": counter = ApproximateTokenCounter(encoding: .o200kBase)
        case "approximate:cl100k_base": counter = ApproximateTokenCounter(encoding: .cl100kBase)
        default: counter = try BPETokenCounter(contentsOfFile: tokenizer)
        }
        let chunker = try chunks.map { try DocumentChunker(options: .init(maxTokens: $0, overlap: overlap, counter: counter)) }
        return ChunkOutput(chunker: chunker, counter: counter, stats: stats)
    }

    /// The output for one document: the converted document, or (with `--chunks`) one JSON line
    /// per chunk, with `id` `<id>#<n>` and the document's metadata; its statistics (when
    /// `--stats` is given); and its metadata. `withStatsMember` puts the statistics in each chunk
    /// record too (the `--jsonl` mode).
    func process(_ input: inout [UInt8], conversion: Conversion, id: String,
                 withStatsMember: Bool = false) throws -> (output: [UInt8], stats: DocumentStats?, metadata: DocumentMetadata) {
        let bytesIn = input.count
        let tokensIn = stats ? counter.tokenCount(ofUTF8: input) : 0
        guard let chunker else {
            let (output, metadata) = try conversion.convertWithMetadata(releasing: &input)
            let documentStats = stats ? DocumentStats(bytesIn: bytesIn, bytesOut: output.count, tokensIn: tokensIn,
                                                      tokensOut: counter.tokenCount(ofUTF8: output)) : nil
            return (output, documentStats, metadata)
        }
        let document = try conversion.document(from: input)
        input = []
        let chunks = try chunker.chunks(of: document, with: conversion)
        var documentStats: DocumentStats?
        if stats {
            documentStats = DocumentStats(bytesIn: bytesIn, bytesOut: chunks.reduce(0) { $0 + $1.contentUTF8.count },
                                          tokensIn: tokensIn, tokensOut: chunks.reduce(0) { $0 + $1.tokenCount })
        }
        var out: [UInt8] = []
        let metadata = document.metadata.jsonObject
        for chunk in chunks {
            Self.appendRecord(chunk, id: id, metadata: metadata, stats: withStatsMember ? documentStats : nil, to: &out)
        }
        return (out, documentStats, document.metadata)
    }

    /// `{"id":"<id>#<n>","chunk":n,"headings":[…],"content":"…","tokens":n,"metadata":{…}}` and a
    /// line feed; `metadata` is the document's, as a JSON object (`DocumentMetadata.jsonObject`).
    static func appendRecord(_ chunk: DocumentChunk, id: String, metadata: [UInt8], stats: DocumentStats?, to out: inout [UInt8]) {
        out.append(contentsOf: Array(#"{"id":"#.utf8))
        JSONText.appendString(id + "#" + String(chunk.index), to: &out)
        out.append(contentsOf: Array(#","chunk":"#.utf8))
        out.append(int: chunk.index)
        out.append(contentsOf: Array(#","headings":["#.utf8))
        for (i, heading) in chunk.headings.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendString(heading, to: &out)
        }
        out.append(contentsOf: Array(#"],"content":"#.utf8))
        chunk.contentUTF8.withUnsafeBufferPointer { JSONText.appendString($0, to: &out) }
        out.append(contentsOf: Array(#","tokens":"#.utf8))
        out.append(int: chunk.tokenCount)
        out.append(contentsOf: Array(#","metadata":"#.utf8))
        out.append(contentsOf: metadata)
        stats?.appendMember(to: &out)
        out.append(contentsOf: Array("}\n".utf8))
    }
}
