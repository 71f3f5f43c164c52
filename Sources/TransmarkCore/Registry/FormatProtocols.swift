/// Parses one format into a `Document`.
public protocol Frontend: Sendable {
    /// The format's typed options.
    associatedtype Options: FormatOptions = NoOptions
    /// The format this frontend reads.
    var format: FormatDescriptor { get }
    /// The options a conversion starts from: a registry reads `key=value` options over these.
    /// The default is `Options()`; a frontend built with options of its own
    /// (`HTMLFrontend(options: …)`) returns them, so registering it carries them into every
    /// conversion, on the command line too.
    var defaultOptions: Options { get }
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
    /// `Options()`: a frontend without options of its own.
    public var defaultOptions: Options { Options() }

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
    /// The options a conversion starts from (see ``Frontend/defaultOptions``); `Options()` by
    /// default.
    var defaultOptions: Options { get }
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

extension Backend {
    /// `Options()`: a backend without options of its own.
    public var defaultOptions: Options { Options() }
}

/// Maps a document to a document (a filter, in pandoc's words).
public protocol Transform: Sendable {
    /// The transform's typed options.
    associatedtype Options: FormatOptions = NoOptions
    /// The name users type to apply it.
    var name: String { get }
    /// One line describing it.
    var summary: String { get }
    /// The options a conversion starts from (see ``Frontend/defaultOptions``); `Options()` by
    /// default.
    var defaultOptions: Options { get }
    /// Applies the transform.
    func apply(to document: Document, options: Options) throws -> Document
}

extension Transform {
    /// `Options()`: a transform without options of its own.
    public var defaultOptions: Options { Options() }
}

extension Frontend {
    /// Parses bytes with the frontend's default options.
    public func parse(_ input: [UInt8]) throws -> Document {
        try input.withUnsafeBufferPointer { try parse($0, options: defaultOptions) }
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
        String(decoding: try render(document, options: defaultOptions), as: UTF8.self)
    }

    /// Renders as a string.
    public func renderString(_ document: Document, options: Options) throws -> String {
        String(decoding: try render(document, options: options), as: UTF8.self)
    }
}
