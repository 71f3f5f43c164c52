extension TransmarkError {
    /// A stable, lowercase, hyphenated name for the kind of error (`unknown-format`, `io`, …), for
    /// programs that read errors (JSON-lines error records, logs); the ``description`` is for
    /// people and may change.
    public var code: String {
        switch self {
        case .unknownFormat: "unknown-format"
        case .cannotRead: "cannot-read"
        case .cannotWrite: "cannot-write"
        case .unknownTransform: "unknown-transform"
        case .unknownOption, .optionNotForThisConversion: "unknown-option"
        case .invalidOptionValue: "invalid-option-value"
        case .malformedOption: "malformed-option"
        case .renamedOption: "renamed-option"
        case .inputTooLarge: "input-too-large"
        case .nestingTooDeep: "nesting-too-deep"
        case .inputTooComplex: "input-too-complex"
        case .malformedInput: "malformed-input"
        case .io: "io"
        case .cannotInferFormat: "cannot-infer-format"
        case .invalidSelector: "invalid-selector"
        case .invalidJSONTree: "invalid-json-tree"
        case .invalidTokenizerVocabulary: "invalid-tokenizer-vocabulary"
        case .unsupportedEncoding: "unsupported-encoding"
        case .outputTooLarge: "output-too-large"
        }
    }
}
