import TransmarkCore

/// A frontend made from a rule set: its format is named after the rule set, so
/// `Registry.standard.adding(InlineRulesFrontend(rules: myRules))` reads `-f myname`, and the
/// rules reach every backend.
public struct InlineRulesFrontend: Frontend {
    /// Options of every rule-set frontend.
    public struct Options: FormatOptions, Hashable {
        /// The largest input, in bytes.
        public var maxInputSize = 1 << 30

        /// The defaults.
        public init() {}

        public static var optionSpecs: [OptionSpec<Options>] {
            [.int("maxInputSize", \.maxInputSize, range: 0...Int.max, summary: "largest input in bytes")]
        }
    }

    /// The rule set.
    public let rules: InlineRules
    let compiled: CompiledRules

    /// A frontend reading `rules`.
    public init(rules: InlineRules) {
        self.rules = rules
        compiled = CompiledRules(rules)
    }

    public var format: FormatDescriptor {
        FormatDescriptor(name: rules.name, aliases: rules.aliases, fileExtensions: rules.fileExtensions,
                         mediaType: "text/plain",
                         summary: rules.summary.isEmpty ? "lightweight markup defined by inline rules" : rules.summary)
    }

    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        guard input.count <= options.maxInputSize else {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        let normalized = InputNormalizer.normalize(input)
        return normalized.withUnsafeBufferPointer { bytes in
            var parser = InlineRulesParser(rules: compiled, bytes: bytes)
            return parser.run()
        }
    }
}
