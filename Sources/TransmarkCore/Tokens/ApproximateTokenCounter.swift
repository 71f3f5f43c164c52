/// A fast estimate of the token count of OpenAI's tokenizers (`o200k_base`, `cl100k_base`),
/// needing no vocabulary: one pass over the bytes, classifying runs of ASCII letters (weighed by
/// length), digits (a token per three), punctuation, white space and non-ASCII scalars (weighed by
/// their UTF-8 length), with weights fitted to tiktoken's counts on real Markdown, HTML and prose
/// (`Benchmarks/token-estimate-error.py` measures the error; on English text and Markdown it is
/// within a few percent over a document, more on short snippets and on scripts other than Latin).
///
/// Linear in the text, allocates nothing. Any bytes are accepted: a byte that is not part of
/// valid UTF-8 weighs as a two-byte scalar.
public struct ApproximateTokenCounter: TokenCounter {
    /// The tokenizer whose counts the weights approximate: they differ mostly on text that is
    /// not English (`o200k_base` makes about half as many tokens of Cyrillic).
    public let encoding: BPETokenCounter.Encoding

    /// A counter approximating `encoding` (by default `o200k_base`, the tokenizer of current
    /// OpenAI models).
    public init(encoding: BPETokenCounter.Encoding = .o200kBase) {
        self.encoding = encoding
    }

    /// The estimated number of tokens in `utf8` (0 for no text, at least 1 for any other).
    public func tokenCount(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard !utf8.isEmpty else { return 0 }
        return Self.tokens(ofWeight: machine.sum(utf8))
    }

    /// The machine that weighs text for `encoding`: runs of it, recorded and resumed, give the
    /// same counts as `tokenCount(ofUTF8:)` (see `RunWeightMachine.Tally`).
    package var machine: RunWeightMachine {
        encoding == .cl100kBase ? Self.cl100kMachine : Self.o200kMachine
    }

    /// The token count of a non-empty text whose runs weigh `weight` thousandths: the nearest
    /// whole token (a half rounds up), at least one.
    @inlinable
    package static func tokens(ofWeight weight: Int) -> Int {
        max(1, (weight + 500) / 1000)
    }

    /// The counting machines (see `RunWeightMachine`), built once per encoding.
    private static let cl100kMachine = RunWeightMachine(weights: cl100kWeights, classes: byteClasses, longestWord: longestWeighedWord)
    private static let o200kMachine = RunWeightMachine(weights: o200kWeights, classes: byteClasses, longestWord: longestWeighedWord)

    /// What a byte starts (or continues).
    enum ByteClass: UInt8 {
        case letter, digit, space, punctuation, lead2, lead3, lead4, continuation
    }

    /// Words of up to this many letters have a weight of their own; longer ones add
    /// `longWordExtra` a letter.
    static let longestWeighedWord = 16

    /// The fitted weights, in tokens, each with at most three decimals (the machine sums them in
    /// whole thousandths).
    struct Weights {
        /// A word of 1, 2, … `longestWeighedWord` ASCII letters (with the space before it).
        let word: [Double]
        /// Each letter of a word beyond `longestWeighedWord`.
        let longWordExtra: Double
        /// A group of up to three digits.
        let digitGroup: Double
        /// A run of ASCII punctuation, and each character of it.
        let punctuationRun: Double, punctuation: Double
        /// A run of white space with a line break; one of two or more spaces or tabs without.
        let newlineRun: Double, spaceRun: Double
        /// A non-ASCII scalar of two, three and four UTF-8 bytes.
        let twoByteScalar: Double, threeByteScalar: Double, fourByteScalar: Double
    }

    /// Tokens of `" word"` by the word's length: the mean of both encodings over the words of
    /// the corpus's Markdown (each word counted as often as it occurs).
    private static let wordWeights: [Double] = [1.0, 1.001, 1.013, 1.016, 1.032, 1.057, 1.084, 1.134,
                                                1.213, 1.237, 1.393, 1.569, 1.808, 1.834, 2.388, 2.767]

    // The weights other than words' and non-ASCII scalars' are a non-negative least-squares fit of
    // the relative error over 107 documents of the corpus (Markdown, HTML, converted web pages);
    // non-ASCII weights are measured on Russian, Chinese, Japanese, French and emoji samples.
    static let cl100kWeights = Weights(
        word: wordWeights, longWordExtra: 0.599, digitGroup: 1.25,
        punctuationRun: 0.225, punctuation: 0.41, newlineRun: 0.977, spaceRun: 1.467,
        twoByteScalar: 0.45, threeByteScalar: 0.85, fourByteScalar: 2.0)
    static let o200kWeights = Weights(
        word: wordWeights, longWordExtra: 0.654, digitGroup: 1.162,
        punctuationRun: 0.233, punctuation: 0.414, newlineRun: 0.961, spaceRun: 1.539,
        twoByteScalar: 0.25, threeByteScalar: 0.7, fourByteScalar: 1.0)

    static let byteClasses: [ByteClass] = (0..<256).map { b in
        switch b {
        case 0x41...0x5A, 0x61...0x7A: .letter
        case 0x30...0x39: .digit
        case 0x09, 0x0A, 0x0D, 0x20: .space
        case 0..<0x80: .punctuation
        case 0x80..<0xC0: .continuation
        case 0xC0..<0xE0: .lead2
        case 0xE0..<0xF0: .lead3
        default: .lead4
        }
    }
}
