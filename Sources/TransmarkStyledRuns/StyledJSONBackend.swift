import TransmarkCore

/// The `styled-json` format: a document laid out as `StyledText` and written as versioned JSON
/// (schema in `Schemas/styled-text.schema.json`, described in `Docs/styled-json.md`).
public struct StyledJSONBackend: Backend {
    public typealias Options = StyledTextOptions

    /// Creates the backend.
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(name: "styled-json", aliases: ["styled", "runs"], fileExtensions: ["styled.json"],
                         mediaType: "application/json",
                         summary: "styled text runs (text, run and paragraph attributes, attachments) as JSON")
    }

    public func render(_ document: Document, options: StyledTextOptions) throws -> [UInt8] {
        // Straight from the layout's bytes to JSON; a tree with invalid UTF-8 takes the repairing
        // path of `StyledText(document:options:)`.
        var layout = StyledTextLayout(document: document, options: options, repairText: false)
        var output = ByteOutput()
        if layout.writeJSON(into: &output) { return output.bytes }
        return StyledText(document: document, options: options).jsonBytes
    }
}
