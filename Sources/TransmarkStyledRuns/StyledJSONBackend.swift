import TransmarkCore

/// The `styled-json` format: a document laid out as `StyledText` and written as versioned JSON
/// (schema in `Schemas/styled-text.schema.json`, described in `Docs/styled-json.md`).
///
/// As a `StreamingBackend` it lays the whole document out first (the JSON starts with the
/// text), then writes the JSON in pieces; given the document with
/// `render(consuming:options:writingTo:)`, it frees the tree before writing, so the tree and the
/// JSON are never held at once.
public struct StyledJSONBackend: StreamingBackend {
    /// The options: those of `StyledText(document:options:)`.
    public typealias Options = StyledTextOptions

    /// The options every conversion through this styled-json writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "styled-json", aliases: ["styled", "runs"], fileExtensions: ["styled.json"],
                         mediaType: "application/json",
                         summary: "styled text runs (text, run and paragraph attributes, attachments) as JSON")
    }

    /// Lays `document` out and writes it as styled JSON.
    public func render(_ document: Document, options: StyledTextOptions) throws -> [UInt8] {
        // Straight from the layout's bytes to JSON; a tree with invalid UTF-8 takes the repairing
        // path of `StyledText(document:options:)`.
        var layout = StyledTextLayout(document: document, options: options, repairText: false)
        var output = ByteOutput()
        if layout.writeJSON(into: &output) { return output.bytes }
        return StyledText(document: document, options: options).jsonBytes
    }

    /// Lays `document` out and writes the JSON to `write` in pieces.
    public func render(_ document: Document, options: StyledTextOptions,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try render(consuming: document, options: options, writingTo: write)
    }

    /// Lays the handed-over document out, frees it, then writes the JSON to `write` in pieces.
    public func render(consuming document: consuming Document, options: StyledTextOptions,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        var layout = StyledTextLayout(document: consume document, options: options, repairText: false)
        let laidOut = layout.layOutCollecting()
        guard laidOut.hasValidText else {
            // Invalid UTF-8 in the tree: the repairing layout, which reads the document again.
            StyledText(document: layout.document, options: options).jsonBytes.withUnsafeBufferPointer { write($0) }
            return
        }
        // The layout holds the last reference to the tree when the caller gave up its own.
        _ = consume layout
        var output = ByteOutput()
        withoutActuallyEscaping(write) { write in
            _ = laidOut.writeJSON(into: &output, textIsValidated: true, stream: write)
        }
    }
}
