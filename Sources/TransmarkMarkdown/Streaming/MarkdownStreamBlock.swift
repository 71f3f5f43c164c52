import TransmarkCore

/// One block of a Markdown stream, as a `MarkdownStreamUpdate` hands it over: final (never
/// changes again) or the open block at the end (rendered again as more text arrives).
public struct MarkdownStreamBlock: Sendable {
    /// The block's identifier: 0 for the first block of the stream, then 1, 2, … in order. A final
    /// block keeps its identifier for ever; the open block carries the identifier the next final
    /// block will have.
    public let id: Int
    /// Whether the block is final.
    public let isFinal: Bool
    /// The block rendered by the stream's conversion. For a final block these are exactly the
    /// bytes the one-shot conversion writes for it (with the separator before it), so the final
    /// blocks' outputs, concatenated, are the one-shot output; the open block is rendered alone.
    public let output: [UInt8]
    /// The block's document (the conversion's frontend and transforms applied to the block's
    /// text), for rendering to another format: styled runs, an `AttributedString`, HTML per block.
    public let document: Document

    /// Creates a block.
    public init(id: Int, isFinal: Bool, output: [UInt8], document: Document) {
        self.id = id
        self.isFinal = isFinal
        self.output = output
        self.document = document
    }

    /// The output as a string (invalid UTF-8 becomes U+FFFD).
    public var outputString: String { String(decoding: output, as: UTF8.self) }

    /// For HTML output: the output inside a `div` whose attribute `attributeName` holds the
    /// block's identifier (and which has `data-open="true"` while the block is open), so a web
    /// view replaces the element with this identifier on each update. `attributeName` is written
    /// as given: pass a valid attribute name.
    public func htmlWrapped(attributeName: String = "data-block") -> String {
        "<div \(attributeName)=\"\(id)\"\(isFinal ? "" : " data-open=\"true\"")>\n" + outputString + "</div>\n"
    }
}
