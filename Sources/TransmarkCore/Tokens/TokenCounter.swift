/// Counts the tokens a language model's tokenizer would make of a text: what a chunk budget
/// (`--chunks`) and reported savings (`--stats`) are measured in.
///
/// Two counters are built in: ``ApproximateTokenCounter`` (fast, no data, within a few percent
/// of OpenAI's tokenizers on prose and Markdown) and ``BPETokenCounter`` (exact for a tiktoken
/// vocabulary file the user supplies). Conform a type of your own to plug in another tokenizer.
public protocol TokenCounter: Sendable {
    /// The number of tokens in `utf8`, a text's UTF-8 bytes. Bytes that are not valid UTF-8
    /// are counted as best the counter can (never a crash): each built-in counter documents how.
    func tokenCount(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int
}

extension TokenCounter {
    /// The number of tokens in `text`.
    public func tokenCount(of text: some StringProtocol) -> Int {
        var string = String(text)
        return string.withUTF8 { tokenCount(ofUTF8: $0) }
    }

    /// The number of tokens in `utf8`, a text's UTF-8 bytes.
    public func tokenCount(ofUTF8 utf8: [UInt8]) -> Int {
        utf8.withUnsafeBufferPointer { tokenCount(ofUTF8: $0) }
    }
}
