import TransmarkCore

/// A frontend made from a rule set: its format is named after the rule set, so
/// `Registry.standard.adding(InlineRulesFrontend(rules: myRules))` reads `-f myname`, and the
/// rules reach every backend.
public struct InlineRulesFrontend: Frontend {
    /// Options of every rule-set frontend.
    public struct Options: FormatOptions, Hashable {
        // option: .int(range: 0...Int.max, summary: "largest input in bytes")
        /// The largest input, in bytes.
        public var maxInputSize = 1 << 30

        /// The defaults.
        public init() {}
    }

    /// The rule set.
    public let rules: InlineRules
    let compiled: CompiledRules

    /// A frontend reading `rules`.
    ///
    /// `options` become the starting point of every conversion it takes part in (see
    /// `Frontend/defaultOptions`).
    public init(rules: InlineRules, options: Options = Options()) {
        self.rules = rules
        compiled = CompiledRules(rules)
        defaultOptions = options
    }

    /// The options every conversion through this reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: rules.name, aliases: rules.aliases, fileExtensions: rules.fileExtensions,
                         mediaType: "text/plain",
                         summary: rules.summary.isEmpty ? "lightweight markup defined by inline rules" : rules.summary)
    }

    /// Parses `input` with `options` into a document.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        guard input.count <= options.maxInputSize else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        // UTF-16 after its byte order mark is read too.
        if let decoded = try InputDecoder.decodedCopy(input) {
            return try decoded.withUnsafeBufferPointer { try parse($0, options: options) }
        }
        let normalized = InputNormalizer.normalize(input)
        return normalized.withUnsafeBufferPointer { bytes in
            var parser = InlineRulesParser(rules: compiled, bytes: bytes)
            return parser.run()
        }
    }
}
