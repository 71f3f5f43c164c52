import TransmarkCore

extension Conversion {
    /// Reads and transforms `input` with this conversion, then splits the document into chunks
    /// rendered by this conversion's backend (see `DocumentChunker`).
    ///
    /// ```swift
    /// let conversion = try Registry.standard.conversion(from: "html", to: "markdown")
    /// for chunk in try conversion.chunks(of: page, options: .init(maxTokens: 512)) {
    ///     index(chunk.headings, chunk.content)
    /// }
    /// ```
    ///
    /// - Throws: `TransmarkError.invalidOptionValue` for a budget below 1 or an overlap not below
    ///   it; any error of reading or rendering.
    public func chunks(of input: [UInt8], options: DocumentChunker.Options) throws -> [DocumentChunk] {
        let chunker = try DocumentChunker(options: options)
        return try chunker.chunks(of: try document(from: input), with: self)
    }
}
