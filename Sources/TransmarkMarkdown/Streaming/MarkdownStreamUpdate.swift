/// What one `MarkdownStream.append(_:)` or `MarkdownStream.finish()` changed.
public struct MarkdownStreamUpdate: Sendable {
    /// The blocks that became final, in order (none most of the time). They never change again;
    /// see `replacementOutput` for the one exception.
    public var finalBlocks: [MarkdownStreamBlock] = []
    /// The open block at the end, rendered again, or `nil` when it was not rendered again in this
    /// update (it lags behind by a bounded amount: see the DocC article *Streaming Markdown*). After
    /// `finish()` there is no open block.
    public var openBlock: MarkdownStreamBlock?
    /// Set only by `finish()`, and only when a construct that reaches backwards (a link reference
    /// definition inside a container, or one defined after a final block used it) changed a block
    /// already handed over as final: the whole one-shot output, to replace everything written.
    public var replacementOutput: [UInt8]?
    /// Whether this is the update of `finish()`.
    public var isFinished = false

    /// Creates an update.
    public init(finalBlocks: [MarkdownStreamBlock] = [], openBlock: MarkdownStreamBlock? = nil,
                replacementOutput: [UInt8]? = nil, isFinished: Bool = false) {
        self.finalBlocks = finalBlocks
        self.openBlock = openBlock
        self.replacementOutput = replacementOutput
        self.isFinished = isFinished
    }

    /// Whether the update changes nothing a view shows.
    public var isEmpty: Bool { finalBlocks.isEmpty && openBlock == nil && replacementOutput == nil }
}
