/// One conversion, resolved: the frontend, the transform steps and the backend looked up, and
/// every option read into its typed value, once. Convert any number of inputs with it, on any
/// number of threads: it is an immutable `Sendable` value.
///
/// Make one with ``Registry/conversion(from:to:transforms:options:)`` (formats by name, options
/// as `key=value` pairs, as the command line spells them) or with
/// ``init(frontend:transforms:backend:)`` (typed values, no registry):
///
/// ```swift
/// let toMarkdown = try Registry.standard.conversion(from: "html", to: "markdown",
///                                                   options: ["lineWidth": "72"])
/// for page in pages { save(try toMarkdown.convert(page)) }
/// ```
///
/// Every error a conversion can raise before it sees an input (an unknown format, transform or
/// option, a bad option value) is raised when it is made.
public struct Conversion: Sendable {
    /// The format read.
    public let source: FormatDescriptor
    /// The format written.
    public let target: FormatDescriptor
    /// The names of the transforms applied between reading and writing, in order.
    public let transformNames: [String]

    private let reading: ResolvedReading
    private let backend: ResolvedBackend

    init(source: FormatDescriptor, target: FormatDescriptor, reading: ResolvedReading, backend: ResolvedBackend) {
        self.source = source
        self.target = target
        self.reading = reading
        self.backend = backend
        transformNames = reading.steps.map(\.name)
    }

    /// A conversion straight from typed values, without a registry: `frontend` reads with its
    /// ``Frontend/defaultOptions``, each transform applies with its
    /// ``Transform/defaultOptions``, `backend` writes with its ``Backend/defaultOptions``.
    ///
    /// ```swift
    /// var html = HTMLFrontend.Options()
    /// html.keepHidden = true
    /// let conversion = Conversion(frontend: HTMLFrontend(options: html), backend: MarkdownBackend())
    /// ```
    public init<F: Frontend, B: Backend>(frontend: F, transforms: [any Transform] = [], backend: B) {
        let options = frontend.defaultOptions
        let reading = ResolvedReading(
            frontend: ResolvedFrontend(parse: { try frontend.parse($0, options: options) },
                                       parseConsuming: { try frontend.parse(consuming: &$0, options: options) }),
            steps: transforms.map { Self.step($0) })
        self.init(source: frontend.format, target: backend.format, reading: reading,
                  backend: ResolvedBackend(backend, options: backend.defaultOptions, streaming: backend as? any StreamingBackend))
    }

    /// A transform with its default options, as a resolved step.
    private static func step<T: Transform>(_ transform: T) -> ResolvedTransform {
        ResolvedTransform(transform, options: transform.defaultOptions)
    }

    /// Converts bytes (UTF-8 for text formats).
    public func convert(_ input: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        try backend.render(try reading.document(from: input))
    }

    /// Converts bytes.
    public func convert(_ input: [UInt8]) throws -> [UInt8] {
        try input.withUnsafeBufferPointer { try convert($0) }
    }

    /// Converts a string, returning a string.
    public func convert(_ input: String) throws -> String {
        var input = input
        return String(decoding: try input.withUTF8 { try convert($0) }, as: UTF8.self)
    }

    /// Converts like ``convert(_:)-([UInt8])``, but empties `input` as soon as it is parsed, so
    /// that a large input and its output are never in memory at the same time.
    public func convert(releasing input: inout [UInt8]) throws -> [UInt8] {
        try backend.render(try reading.document(releasing: &input))
    }

    /// Converts like ``convert(releasing:)``, and returns the document's metadata (after the
    /// transforms) with the output.
    public func convertWithMetadata(releasing input: inout [UInt8]) throws -> (output: [UInt8], metadata: DocumentMetadata) {
        let document = try reading.document(releasing: &input)
        return (try backend.render(document), document.metadata)
    }

    /// Converts like ``convert(releasing:)``, handing the output to `write` in pieces as the
    /// backend produces them (see ``StreamingBackend``), so that neither a large input nor a large
    /// output is ever held whole, and the document is given up as soon as the backend is done
    /// with it.
    public func convert(releasing input: inout [UInt8], writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try backend.render(consuming: try reading.document(releasing: &input), writingTo: write)
    }

    /// The document this conversion renders for `input`: read and transformed, not yet written.
    public func document(from input: [UInt8]) throws -> Document {
        try input.withUnsafeBufferPointer { try reading.document(from: $0) }
    }

    /// Renders a document with this conversion's backend and options (no transform is applied).
    public func render(_ document: Document) throws -> [UInt8] {
        try backend.render(document)
    }

    /// Renders `document` with the range of each block in the output (see ``MappedOutput``); nil
    /// when the backend is not a ``BlockMappingBackend`` or cannot map with its options.
    public func renderMapped(_ document: Document) throws -> MappedOutput? {
        try backend.renderMapped?(document)
    }
}

/// The reading half of a conversion: a resolved frontend and transform steps.
struct ResolvedReading: Sendable {
    let frontend: ResolvedFrontend
    let steps: [ResolvedTransform]

    /// `input` parsed and transformed.
    func document(from input: UnsafeBufferPointer<UInt8>) throws -> Document {
        try transformed(try frontend.parse(input))
    }

    /// `input` parsed (and emptied) and transformed.
    func document(releasing input: inout [UInt8]) throws -> Document {
        try transformed(try frontend.parseConsuming(&input))
    }

    private func transformed(_ document: Document) throws -> Document {
        var document = document
        var k = 0
        while k < steps.count {
            // URL-rewriting steps in a row pass over the document once, their rewrites composed.
            guard let first = steps[k].urlRewrite, k + 1 < steps.count, steps[k + 1].urlRewrite != nil else {
                document = try steps[k].apply(document)
                k += 1
                continue
            }
            var (prepared, rewrite) = try first(document)
            k += 1
            while k < steps.count, let next = steps[k].urlRewrite {
                let following = try next(prepared)
                prepared = following.document
                rewrite = rewrite.then(following.rewrite)
                k += 1
            }
            document = prepared.rewritingURLs(rewrite)
        }
        return document
    }
}
