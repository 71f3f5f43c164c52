/// A frontend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredFrontend: Sendable {
    /// The format it reads.
    public let format: FormatDescriptor
    let registeredOptions: RegisteredOptions
    /// Reads `key=value` pairs over the frontend's own options into a parser with typed options.
    let resolveOptions: @Sendable (OptionPairs) throws -> ResolvedFrontend

    init<F: Frontend>(_ frontend: F) {
        format = frontend.format
        let options = RegisteredOptions(F.Options.self, of: format.name)
        registeredOptions = options
        let defaults = frontend.defaultOptions
        resolveOptions = { pairs in
            let typed: F.Options = try options.read(pairs, over: defaults)
            return ResolvedFrontend(parse: { try frontend.parse($0, options: typed) },
                                    parseConsuming: { try frontend.parse(consuming: &$0, options: typed) })
        }
    }

    /// The parser with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedFrontend {
        try resolveOptions(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Parses with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: OptionPairs = []) throws -> Document {
        try resolveOptions(options).parse(input)
    }

    /// Parses and leaves `input` empty, freeing it as early as the frontend can.
    public func parse(consuming input: inout [UInt8], options: OptionPairs = []) throws -> Document {
        try resolveOptions(options).parseConsuming(&input)
    }
}

/// A backend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredBackend: Sendable {
    /// The format it writes.
    public let format: FormatDescriptor
    let registeredOptions: RegisteredOptions
    /// Reads `key=value` pairs over the backend's own options into a renderer with typed options.
    let resolveOptions: @Sendable (OptionPairs) throws -> ResolvedBackend

    init<B: Backend>(_ backend: B) {
        format = backend.format
        let options = RegisteredOptions(B.Options.self, of: format.name)
        registeredOptions = options
        let defaults = backend.defaultOptions
        let streaming = backend as? any StreamingBackend
        resolveOptions = { pairs in
            let typed: B.Options = try options.read(pairs, over: defaults)
            return ResolvedBackend(backend, options: typed, streaming: streaming)
        }
    }

    /// The renderer with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedBackend {
        try resolveOptions(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Renders with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func render(_ document: Document, options: OptionPairs = []) throws -> [UInt8] {
        try resolveOptions(options).render(document)
    }

    /// Renders like `render(_:options:)`, handing the output to `write` in pieces (several for a
    /// ``StreamingBackend``, one for other backends).
    public func render(_ document: Document, options: OptionPairs = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try resolveOptions(options).render(consuming: document, writingTo: write)
    }

    /// Renders like `render(_:options:writingTo:)`, taking over the caller's document so that a
    /// ``StreamingBackend`` can free it as soon as it no longer needs it (see
    /// ``StreamingBackend/render(consuming:options:writingTo:)``).
    public func render(consuming document: consuming Document, options: OptionPairs = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try resolveOptions(options).render(consuming: document, writingTo: write)
    }
}

/// A transform in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredTransform: Sendable {
    /// The name users type.
    public let name: String
    /// One line describing it.
    public let summary: String
    let registeredOptions: RegisteredOptions
    /// Reads `key=value` pairs over the transform's own options into a step with typed options.
    let resolveOptions: @Sendable (OptionPairs) throws -> ResolvedTransform

    init<T: Transform>(_ transform: T) {
        name = transform.name
        summary = transform.summary
        let options = RegisteredOptions(T.Options.self, of: transform.name)
        registeredOptions = options
        let defaults = transform.defaultOptions
        resolveOptions = { pairs in
            let typed: T.Options = try options.read(pairs, over: defaults)
            return ResolvedTransform(name: transform.name, apply: { try transform.apply(to: $0, options: typed) })
        }
    }

    /// The step with these `key=value` options read into typed values, once.
    func resolved(options pairs: OptionPairs) throws -> ResolvedTransform {
        try resolveOptions(pairs)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Applies with options given as `key=value` pairs.
    public func apply(to document: Document, options: OptionPairs = []) throws -> Document {
        try resolveOptions(options).apply(document)
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
/// help for each, and every key they accept (retired spellings included, which then fail with an
/// error naming the new one). Both are read from the options type when asked for, so that
/// registering costs nothing at start-up.
struct RegisteredOptions: Sendable {
    /// The options type.
    let type: any FormatOptions.Type
    /// The format or transform they belong to, named in errors.
    let owner: String

    init<Options: FormatOptions>(_ type: Options.Type, of owner: String) {
        self.type = type
        self.owner = owner
    }

    /// Options of the owner's type: `key=value` pairs applied in order over `defaults` (the
    /// options the format was registered with).
    func read<Options: FormatOptions>(_ pairs: OptionPairs, over defaults: Options) throws -> Options {
        var options = defaults
        try options.apply(keyValues: pairs, format: owner)
        return options
    }

    /// The help, with the defaults.
    var help: [OptionHelp] { type.optionHelp }

    /// Whether `key` names one of the options (or a retired spelling of one).
    func accepts(_ key: String) -> Bool { type.accepts(key) }
}
