import TransmarkCore

/// The `json-tree` frontend: reads what ``JSONTreeBackend`` writes (or what a filter made of it)
/// back into a document, through `DocumentBuilder`. Reading back what the backend wrote gives an
/// equal document.
///
/// The input must be strict JSON (RFC 8259, UTF-8) of the documented shape (`Docs/json-tree.md`,
/// `Schemas/json-tree.schema.json`) and describe a tree that can be: table cells only in rows,
/// rows only in tables, list items only in lists, terms and definitions only in definition lists,
/// literal kinds (text, code, …) with their text and without children. Anything else is a
/// `TransmarkError.invalidJSONTree(path:message:)` naming the JSON path of the fault
/// (`$.root.children[3].children[0].kind`); a tree deeper than `maxDepth` is
/// `TransmarkError.nestingTooDeep(depth:limit:option:)`, an input larger than `maxInputSize`
/// `TransmarkError.inputTooLarge(bytes:limit:option:)`. Nothing recurses over the nesting.
public struct JSONTreeFrontend: Frontend {
    /// Options of the `json-tree` frontend.
    public struct Options: FormatOptions {
        // option: .int(range: 0 ... Int(UInt32.max), summary: "largest input in bytes")
        /// The largest input accepted, in bytes (at most 4 GiB - 1).
        public var maxInputSize = 1 << 30
        // option: .int(range: 1 ... Int(Int32.max), summary: "deepest tree accepted (the root is depth 1)")
        /// The deepest tree accepted, counting the root as depth 1. The default, 100,000, is far
        /// beyond what real documents need (the HTML frontend stops nesting at 4,096); a tree
        /// built deeper by code reads back with a higher limit.
        public var maxDepth = 100_000

        /// The defaults.
        public init() {}
    }

    /// The options every conversion through this json-tree reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `json-tree`, extension `.tree.json`.
    public var format: FormatDescriptor { JSONTreeFormat.descriptor }

    /// Reads a `json-tree` document.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        let limit = min(options.maxInputSize, Int(UInt32.max))
        guard input.count <= limit else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: limit, option: "maxInputSize")
        }
        // JSON is UTF-8; UTF-16 after its byte order mark is read too.
        if let decoded = try InputDecoder.decodedCopy(input) {
            return try decoded.withUnsafeBufferPointer { try parse($0, options: options) }
        }
        let tape = try JSONTape(input, maxDepth: max(1, options.maxDepth))
        return try tape.strings.withUnsafeBufferPointer { strings in
            var reader = JSONTreeReader(input: input, strings: strings, tape: tape.entries, maxDepth: max(1, options.maxDepth))
            return try reader.read()
        }
    }
}
