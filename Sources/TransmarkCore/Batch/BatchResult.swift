/// The outcome of one input of a batch conversion, delivered in input order.
public struct BatchResult: Sendable {
    /// The input's position in the batch, from 0.
    public let index: Int
    /// The input's label (see ``BatchInput/label``).
    public let label: String
    /// The converted bytes, or why the input could not be converted.
    public let output: Result<[UInt8], BatchItemError>
    /// The size of the input document in bytes (0 when it could not be read or decoded).
    public let inputByteCount: Int
    /// What the converted document says about itself (title, authors, …; see
    /// `DocumentMetadata`), after the conversion's transforms; empty when it failed.
    public let metadata: DocumentMetadata

    /// Creates a result.
    public init(index: Int, label: String, output: Result<[UInt8], BatchItemError>, inputByteCount: Int,
                metadata: DocumentMetadata = DocumentMetadata()) {
        self.index = index
        self.label = label
        self.output = output
        self.inputByteCount = inputByteCount
        self.metadata = metadata
    }
}
