/// A rendering together with where each block of the document lies in it: what lets a caller cut
/// the output of one rendering into pieces that follow the document's structure (chunks for
/// language models) instead of rendering each piece again.
///
/// Ranges are byte offsets into ``bytes``. A block's range starts where its first line starts
/// (with the prefixes of the containers around it, such as `> `) or, for a block that starts on
/// the line of its container's marker (the first paragraph of a list item), right after that
/// marker; it ends after its last byte, before the line feed.
public struct MappedOutput: Sendable {
    /// The whole output: what `Backend.render(_:options:)` returns for the document, less what a
    /// mapped rendering leaves out (a Markdown front matter block).
    public let bytes: [UInt8]
    /// The range of each node's output by node index; nil for a node written as no block of its own
    /// (inline nodes, blocks that write nothing).
    private let ranges: [Range<Int>?]
    /// What is written after the last block and referred to from inside the blocks: reference
    /// definitions and citation lists, images listed at the end.
    public let endMatter: [EndMatterEntry]

    /// An entry of the end matter: its line and where the body refers to it.
    public struct EndMatterEntry: Sendable, Equatable {
        /// The entry's bytes in the output (one line, without its line feed).
        public let range: Range<Int>
        /// The offsets in the output where a link or image refers to it, in order.
        public let uses: [Int]

        /// An entry at `range`, referred to at `uses`.
        public init(range: Range<Int>, uses: [Int]) {
            self.range = range
            self.uses = uses
        }
    }

    /// An output with its ranges (`ranges[i]` for the node of index `i`) and end matter.
    public init(bytes: [UInt8], ranges: [Range<Int>?], endMatter: [EndMatterEntry]) {
        self.bytes = bytes
        self.ranges = ranges
        self.endMatter = endMatter
    }

    /// The range of `node`'s output, or nil when it wrote no block of its own.
    public func range(of node: NodeID) -> Range<Int>? {
        let index = Int(node.index)
        return index < ranges.count ? ranges[index] : nil
    }
}

/// A backend that can say where each block lies in its output (see ``MappedOutput``), so that the
/// output of one rendering can be cut into pieces that follow the document.
public protocol BlockMappingBackend: Backend {
    /// Renders `document` and records each block's range; nil when these options make a rendering
    /// that cannot be mapped onto `document`'s nodes (one that rewrites the tree first).
    func renderMapped(_ document: Document, options: Options) throws -> MappedOutput?
}
