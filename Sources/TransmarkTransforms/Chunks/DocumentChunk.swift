import TransmarkCore

/// One chunk of a document split by ``DocumentChunker``: a run of its blocks, rendered by the
/// conversion's backend, small enough for a language model's context budget.
public struct DocumentChunk: Sendable, Equatable {
    /// The chunk's position, from 0.
    public let index: Int
    /// The heading path (breadcrumbs) of everything in the chunk: the texts of the headings it
    /// sits under, from the outermost (`h1`) down. Empty for content before any heading, or in a
    /// document without headings. When a chunk holds several sibling sections, the path is that of
    /// their parent, and their own headings are in `content`.
    public let headings: [String]
    /// The rendered chunk: the overlap (if any), then the chunk's own blocks.
    public let content: String
    /// The number of UTF-8 bytes at the start of `content` that repeat the end of the previous
    /// chunk (the overlap, with the separator after it); 0 for the first chunk or without overlap.
    public let overlapByteCount: Int
    /// The tokens of `content`, overlap included, by the chunker's counter.
    public let tokenCount: Int

    /// A chunk with these values.
    public init(index: Int, headings: [String], content: String, overlapByteCount: Int = 0, tokenCount: Int) {
        self.index = index
        self.headings = headings
        self.content = content
        self.overlapByteCount = overlapByteCount
        self.tokenCount = tokenCount
    }

    /// `content` without the overlap: the chunk's own blocks.
    public var ownContent: Substring {
        let utf8 = content.utf8
        return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: overlapByteCount)...])
    }
}
