/// Parses one format into a `Document`.
public protocol Frontend: Sendable {
    /// The format's typed options.
    associatedtype Options: FormatOptions = NoOptions
    /// The format this frontend reads.
    var format: FormatDescriptor { get }
    /// Parses UTF-8 (or the format's own encoding) bytes. Any byte sequence is valid input:
    /// errors are for limits and strict modes only.
    func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document
    /// Parses `input` and leaves it empty. A frontend that works on a copy of its input (after
    /// decoding it, say), or stops reading it before the end of the parse, can free it early; the
    /// default parses in place, then empties it. When the parse throws, `input` may be left as
    /// it was.
    func parse(consuming input: inout [UInt8], options: Options) throws -> Document
}

extension Frontend {
    /// Parses `input` like `parse(_:options:)`; this default leaves `input` as it is (a frontend that can give the memory back early overrides it).
    public func parse(consuming input: inout [UInt8], options: Options) throws -> Document {
        let document = try input.withUnsafeBufferPointer { try parse($0, options: options) }
        input = []
        return document
    }
}

/// Renders a `Document` into one format.
public protocol Backend: Sendable {
    /// The format's typed options.
    associatedtype Options: FormatOptions = NoOptions
    /// The format this backend writes.
    var format: FormatDescriptor { get }
    /// Renders the document as bytes (UTF-8 for text formats).
    func render(_ document: Document, options: Options) throws -> [UInt8]
}

/// A backend that hands its output over in pieces as it renders, so that a large output is never
/// held whole: the command line writes each piece as it comes. Concatenated, the pieces are
/// exactly what `render(_:options:)` returns.
public protocol StreamingBackend: Backend {
    /// Renders the document, calling `write` with each piece of output, in order. The buffer is
    /// valid only during the call.
    func render(_ document: Document, options: Options, writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws
    /// Renders like `render(_:options:writingTo:)`, taking over the caller's document: a backend
    /// that is done with the tree before it has written everything (one that lays the whole
    /// document out first) can free it early, so that the tree and the output are never in memory
    /// at once. The default calls `render(_:options:writingTo:)`.
    func render(consuming document: consuming Document, options: Options,
                writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws
}

extension StreamingBackend {
    /// Renders a document handed over to the backend; this default renders it as borrowed, in pieces.
    public func render(consuming document: consuming Document, options: Options,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try render(document, options: options, writingTo: write)
    }
}

/// Maps a document to a document (a filter, in pandoc's words).
public protocol Transform: Sendable {
    /// The transform's typed options.
    associatedtype Options: FormatOptions = NoOptions
    /// The name users type to apply it.
    var name: String { get }
    /// One line describing it.
    var summary: String { get }
    /// Applies the transform.
    func apply(to document: Document, options: Options) throws -> Document
}

extension Frontend {
    /// Parses bytes with the default options.
    public func parse(_ input: [UInt8]) throws -> Document {
        try input.withUnsafeBufferPointer { try parse($0, options: Options()) }
    }

    /// Parses bytes.
    public func parse(_ input: [UInt8], options: Options) throws -> Document {
        try input.withUnsafeBufferPointer { try parse($0, options: options) }
    }

    /// Parses a string.
    public func parse(_ input: String, options: Options = Options()) throws -> Document {
        var input = input
        return try input.withUTF8 { try parse($0, options: options) }
    }
}

extension Backend {
    /// Renders with the default options, as a string.
    public func renderString(_ document: Document) throws -> String {
        String(decoding: try render(document, options: Options()), as: UTF8.self)
    }

    /// Renders as a string.
    public func renderString(_ document: Document, options: Options) throws -> String {
        String(decoding: try render(document, options: options), as: UTF8.self)
    }
}
