/// A frontend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredFrontend: Sendable {
    /// The format it reads.
    public let format: FormatDescriptor
    let registeredOptions: RegisteredOptions
    let parseWithOptions: @Sendable (UnsafeBufferPointer<UInt8>, [(key: String, value: String)]) throws -> Document
    let parseConsumingWithOptions: @Sendable (inout [UInt8], [(key: String, value: String)]) throws -> Document

    init<F: Frontend>(_ frontend: F) {
        format = frontend.format
        let options = RegisteredOptions(F.Options.self, of: format.name)
        registeredOptions = options
        parseWithOptions = { try frontend.parse($0, options: options.read($1)) }
        parseConsumingWithOptions = { try frontend.parse(consuming: &$0, options: options.read($1)) }
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Parses with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: [(key: String, value: String)] = []) throws -> Document {
        try parseWithOptions(input, options)
    }

    /// Parses and leaves `input` empty, freeing it as early as the frontend can.
    public func parse(consuming input: inout [UInt8], options: [(key: String, value: String)] = []) throws -> Document {
        try parseConsumingWithOptions(&input, options)
    }
}

/// A backend in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredBackend: Sendable {
    /// The format it writes.
    public let format: FormatDescriptor
    let registeredOptions: RegisteredOptions
    let renderWithOptions: @Sendable (Document, [(key: String, value: String)]) throws -> [UInt8]
    let streamWithOptions: @Sendable (consuming Document, [(key: String, value: String)],
                                      (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void

    init<B: Backend>(_ backend: B) {
        format = backend.format
        let options = RegisteredOptions(B.Options.self, of: format.name)
        registeredOptions = options
        renderWithOptions = { try backend.render($0, options: options.read($1)) }
        if let streaming = backend as? any StreamingBackend {
            streamWithOptions = { document, pairs, write in
                try Self.stream(streaming, consume document, options, pairs, write)
            }
        } else {
            streamWithOptions = { document, pairs, write in
                try backend.render(document, options: options.read(pairs)).withUnsafeBufferPointer { write($0) }
            }
        }
    }

    private static func stream<S: StreamingBackend>(_ backend: S, _ document: consuming Document,
                                                    _ options: RegisteredOptions, _ pairs: [(key: String, value: String)],
                                                    _ write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try backend.render(consuming: document, options: options.read(pairs), writingTo: write)
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Renders with options given as `key=value` pairs (throws on an unknown key or bad value).
    public func render(_ document: Document, options: [(key: String, value: String)] = []) throws -> [UInt8] {
        try renderWithOptions(document, options)
    }

    /// Renders like `render(_:options:)`, handing the output to `write` in pieces (several for a
    /// ``StreamingBackend``, one for other backends).
    public func render(_ document: Document, options: [(key: String, value: String)] = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try streamWithOptions(document, options, write)
    }

    /// Renders like `render(_:options:writingTo:)`, taking over the caller's document so that a
    /// ``StreamingBackend`` can free it as soon as it no longer needs it (see
    /// ``StreamingBackend/render(consuming:options:writingTo:)``).
    public func render(consuming document: consuming Document, options: [(key: String, value: String)] = [],
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try streamWithOptions(document, options, write)
    }
}

/// A transform in a `Registry`, with its options type erased to `key=value` pairs.
public struct RegisteredTransform: Sendable {
    /// The name users type.
    public let name: String
    /// One line describing it.
    public let summary: String
    let registeredOptions: RegisteredOptions
    let applyWithOptions: @Sendable (Document, [(key: String, value: String)]) throws -> Document

    init<T: Transform>(_ transform: T) {
        name = transform.name
        summary = transform.summary
        let options = RegisteredOptions(T.Options.self, of: transform.name)
        registeredOptions = options
        applyWithOptions = { try transform.apply(to: $0, options: options.read($1)) }
    }

    /// Its options, with defaults.
    public var optionHelp: [OptionHelp] { registeredOptions.help }

    /// Whether `key` is one of its options.
    public func acceptsOption(_ key: String) -> Bool { registeredOptions.accepts(key) }

    /// Applies with options given as `key=value` pairs.
    public func apply(to document: Document, options: [(key: String, value: String)] = []) throws -> Document {
        try applyWithOptions(document, options)
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

    /// Options of the owner's type built from `key=value` pairs applied in order over the defaults.
    func read<Options: FormatOptions>(_ pairs: [(key: String, value: String)]) throws -> Options {
        try Options(keyValues: pairs, format: owner)
    }

    /// The help, with the defaults.
    var help: [OptionHelp] { type.optionHelp }

    /// Whether `key` names one of the options (or a retired spelling of one).
    func accepts(_ key: String) -> Bool { type.accepts(key) }
}
