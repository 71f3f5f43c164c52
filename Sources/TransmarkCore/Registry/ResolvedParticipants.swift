/// A frontend with its options read into typed values: what a ``Conversion`` parses with.
struct ResolvedFrontend: Sendable {
    /// Parses bytes with the resolved options.
    let parse: @Sendable (UnsafeBufferPointer<UInt8>) throws -> Document
    /// Parses bytes and leaves them empty, freeing them as early as the frontend can.
    let parseConsuming: @Sendable (inout [UInt8]) throws -> Document
}

/// A transform step with its options read into typed values.
struct ResolvedTransform: Sendable {
    /// The transform's name.
    let name: String
    /// Applies the step.
    let apply: @Sendable (Document) throws -> Document
    /// For a ``URLRewritingTransform``: the document with its metadata changed, and the rewrite
    /// of its URLs, so that such steps in a row share one pass.
    let urlRewrite: (@Sendable (Document) throws -> (document: Document, rewrite: URLRewrite))?

    /// `transform` with `options`.
    init<T: Transform>(_ transform: T, options: T.Options) {
        name = transform.name
        apply = { try transform.apply(to: $0, options: options) }
        urlRewrite = (transform as? any URLRewritingTransform).flatMap { Self.rewriter($0, options: options) }
    }

    /// The rewriter of a ``URLRewritingTransform`` with `options`, when they are its options type.
    private static func rewriter<R: URLRewritingTransform>(_ transform: R, options: Any)
        -> (@Sendable (Document) throws -> (document: Document, rewrite: URLRewrite))? {
        guard let typed = options as? R.Options else { return nil }
        return { document in try transform.urlRewrite(for: document, options: typed) }
    }
}

/// A backend with its options read into typed values: what a ``Conversion`` renders with.
struct ResolvedBackend: Sendable {
    /// Renders a document whole.
    let render: @Sendable (Document) throws -> [UInt8]
    /// Renders a document handed over, in pieces (one piece for a backend that does not stream).
    let stream: @Sendable (consuming Document, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
    /// Renders a document with the range of each block, for a ``BlockMappingBackend``.
    let renderMapped: (@Sendable (Document) throws -> MappedOutput?)?

    init<B: Backend>(_ backend: B, options: B.Options, streaming: (any StreamingBackend)?) {
        render = { try backend.render($0, options: options) }
        if let mapping = backend as? any BlockMappingBackend, let mapped = Self.mapper(mapping, options: options) {
            renderMapped = mapped
        } else {
            renderMapped = nil
        }
        // `streaming` is `backend` itself, so its options are `options` (the cast, made once,
        // always succeeds; without it the backend renders whole and hands over one piece).
        if let streaming, let stream = Self.streamer(streaming, options: options) {
            self.stream = stream
        } else {
            stream = { document, write in try backend.render(document, options: options).withUnsafeBufferPointer { write($0) } }
        }
    }

    /// The piecewise renderer of a streaming backend with `options`, when they are its options type.
    private static func streamer<S: StreamingBackend>(_ backend: S, options: Any)
        -> (@Sendable (consuming Document, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void)? {
        guard let typed = options as? S.Options else { return nil }
        return { document, write in try backend.render(consuming: document, options: typed, writingTo: write) }
    }

    /// The mapped renderer of a ``BlockMappingBackend`` with `options`, when they are its options type.
    private static func mapper<M: BlockMappingBackend>(_ backend: M, options: Any) -> (@Sendable (Document) throws -> MappedOutput?)? {
        guard let typed = options as? M.Options else { return nil }
        return { document in try backend.renderMapped(document, options: typed) }
    }

    /// Renders a document handed over, in pieces.
    func render(consuming document: consuming Document, writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try stream(document, write)
    }
}
