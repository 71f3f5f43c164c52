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
    /// The rendered chunk as its UTF-8 bytes: the overlap (if any), then the chunk's own blocks.
    /// What the chunker makes; `content` is the same as a string, made when it is asked for.
    public let contentUTF8: [UInt8]
    /// The number of UTF-8 bytes at the start of `content` that repeat the end of the previous
    /// chunk (the overlap, with the separator after it); 0 for the first chunk or without overlap.
    public let overlapByteCount: Int
    /// The tokens of `content`, overlap included, by the chunker's counter.
    public let tokenCount: Int

    /// A chunk with these values.
    public init(index: Int, headings: [String], content: String, overlapByteCount: Int = 0, tokenCount: Int) {
        self.init(index: index, headings: headings, contentUTF8: Array(content.utf8), overlapByteCount: overlapByteCount,
                  tokenCount: tokenCount)
    }

    /// A chunk with these values, its content given as UTF-8 bytes.
    public init(index: Int, headings: [String], contentUTF8: [UInt8], overlapByteCount: Int = 0, tokenCount: Int) {
        self.index = index
        self.headings = headings
        self.contentUTF8 = contentUTF8
        self.overlapByteCount = overlapByteCount
        self.tokenCount = tokenCount
    }

    /// The rendered chunk: the overlap (if any), then the chunk's own blocks (`contentUTF8` as a
    /// string; invalid UTF-8 would become U+FFFD).
    public var content: String { String(decoding: contentUTF8, as: UTF8.self) }

    /// `content` without the overlap: the chunk's own blocks.
    public var ownContent: Substring {
        Substring(String(decoding: contentUTF8[min(overlapByteCount, contentUTF8.count)...], as: UTF8.self))
    }
}
