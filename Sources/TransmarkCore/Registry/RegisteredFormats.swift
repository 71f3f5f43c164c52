/// A frontend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredFrontend: Sendable {
    /// The format it reads.
    public let format: FormatDescriptor
    /// Its options, and how `key=value` pairs over them make a parser with typed options.
    let registeredOptions: RegisteredOptions<ResolvedFrontend>

    init<F: Frontend>(_ frontend: F) {
        format = frontend.format
        registeredOptions = RegisteredOptions(frontend.defaultOptions, of: format.name) { typed in
            ResolvedFrontend(parse: { try frontend.parse($0, options: typed) },
                             parseConsuming: { try frontend.parse(consuming: &$0, options: typed) })
        }
    }

    /// The parser with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedFrontend {
        try registeredOptions.resolved(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Parses with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: OptionPairs = []) throws -> Document {
        try resolved(options: options).parse(input)
    }

    /// Parses and leaves `input` empty, freeing it as early as the frontend can.
    public func parse(consuming input: inout [UInt8], options: OptionPairs = []) throws -> Document {
        try resolved(options: options).parseConsuming(&input)
    }
}

/// A backend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredBackend: Sendable {
    /// The format it writes.
    public let format: FormatDescriptor
    /// Its options, and how `key=value` pairs over them make a renderer with typed options.
    let registeredOptions: RegisteredOptions<ResolvedBackend>

    init<B: Backend>(_ backend: B) {
        format = backend.format
        let streaming = backend as? any StreamingBackend
        registeredOptions = RegisteredOptions(backend.defaultOptions, of: format.name) { typed in
            ResolvedBackend(backend, options: typed, streaming: streaming)
        }
    }

    /// The renderer with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedBackend {
        try registeredOptions.resolved(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Renders with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func render(_ document: Document, options: OptionPairs = []) throws -> [UInt8] {
        try resolved(options: options).render(document)
    }

    /// Renders like `render(_:options:)`, handing the output to `write` in pieces (several for a
    /// ``StreamingBackend``, one for other backends).
    public func render(_ document: Document, options: OptionPairs = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try resolved(options: options).render(consuming: document, writingTo: write)
    }

    /// Renders like `render(_:options:writingTo:)`, taking over the caller's document so that a
    /// ``StreamingBackend`` can free it as soon as it no longer needs it (see
    /// ``StreamingBackend/render(consuming:options:writingTo:)``).
    public func render(consuming document: consuming Document, options: OptionPairs = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try resolved(options: options).render(consuming: document, writingTo: write)
    }
}

/// A transform in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredTransform: Sendable {
    /// The name users type.
    public let name: String
    /// One line describing it.
    public let summary: String
    /// Its options, and how `key=value` pairs over them make a step with typed options.
    let registeredOptions: RegisteredOptions<ResolvedTransform>

    init<T: Transform>(_ transform: T) {
        name = transform.name
        summary = transform.summary
        registeredOptions = RegisteredOptions(transform.defaultOptions, of: transform.name) { typed in
            ResolvedTransform(transform, options: typed)
        }
    }

    /// The step with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedTransform {
        try registeredOptions.resolved(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Applies with options given as `key=value` pairs.
    public func apply(to document: Document, options: OptionPairs = []) throws -> Document {
        try resolved(options: options).apply(document)
    }
}

/// What the registry knows about one format name: whether it reads and writes, and its options.
public struct FormatSummary: Sendable {
    /// The format's descriptor (the frontend's if there is one).
    public let format: FormatDescriptor
    /// Whether the format can be read.
    public let reads: Bool
    /// Whether the format can be written.
    public let writes: Bool
    /// The frontend's options (empty when it cannot be read).
    public let readOptions: [OptionHelp]
    /// The backend's options (empty when it cannot be written).
    public let writeOptions: [OptionHelp]
}

/// The options of a registered frontend, backend or transform with their type erased: the
/// help for each, every key they accept (retired spellings included, which then fail with an
/// error naming the new one), and how `key=value` pairs over them make the `Resolved` parser,
/// renderer or step. Help and keys are read from the options type when asked for, so that
/// registering costs nothing at start-up.
struct RegisteredOptions<Resolved>: Sendable {
    /// The options type.
    let type: any FormatOptions.Type
    /// Reads `key=value` pairs over the options the owner was registered with into typed options,
    /// and makes the resolved participant with them.
    private let resolve: @Sendable (OptionPairs) throws -> Resolved

    /// The options of `owner` (a format or transform, named in errors), registered with
    /// `defaults`; `make` turns typed options into the resolved participant.
    init<Options: FormatOptions>(_ defaults: Options, of owner: String,
                                 make: @escaping @Sendable (Options) -> Resolved) {
        type = Options.self
        resolve = { pairs in
            var options = defaults
            try options.apply(keyValues: pairs, format: owner)
            return make(options)
        }
    }

    /// The resolved participant with these `key=value` pairs applied in order over the defaults.
    func resolved(_ pairs: OptionPairs) throws -> Resolved {
        try resolve(pairs)
    }

    /// The help, with the defaults.
    var help: [OptionHelp] { type.optionHelp }

    /// Whether `key` names one of the options (or a retired spelling of one).
    func accepts(_ key: String) -> Bool { type.accepts(key) }
}
