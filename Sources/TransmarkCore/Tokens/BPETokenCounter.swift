#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exact token count of OpenAI's `cl100k_base` or `o200k_base` tokenizer, from a tiktoken
/// vocabulary file (`base64token rank` a line) that you supply: Transmark downloads nothing.
///
/// The text is split into pieces as tiktoken's pattern for the encoding splits it (written by
/// hand, no regular expression engine), and each piece is merged by rank. Special tokens
/// (`<|endoftext|>`) are not recognized: they count as the plain text they are, as tiktoken's
/// `encode_ordinary` counts them. A merge is `O(n log n)` in the piece's length, so no input is
/// slow. Bytes that are not valid UTF-8 split as `U+FFFD` would and merge as the bytes they are.
///
/// ```swift
/// let counter = try BPETokenCounter(contentsOfFile: "/data/o200k_base.tiktoken")
/// let tokens = counter.tokenCount(of: "Hello, world!")   // 4
/// ```
public struct BPETokenCounter: TokenCounter {
    /// Which tokenizer's splitting rules apply: they differ between encodings, and the vocabulary
    /// file does not say which it belongs to.
    public enum Encoding: String, Sendable, CaseIterable {
        /// `cl100k_base` (GPT-3.5, GPT-4): about 100,000 tokens.
        case cl100kBase = "cl100k_base"
        /// `o200k_base` (GPT-4o and later): about 200,000 tokens.
        case o200kBase = "o200k_base"
    }

    /// The encoding whose splitting rules this counter follows.
    public let encoding: Encoding
    /// The number of tokens in the vocabulary.
    public var vocabularySize: Int { vocabulary.count }

    private let vocabulary: BPEVocabulary

    /// A counter over a vocabulary file's bytes. `encoding` picks the splitting rules; when nil it
    /// is inferred from the vocabulary's size (more than 150,000 tokens: `o200k_base`, else
    /// `cl100k_base`). `path` names the file in errors.
    ///
    /// - Throws: `TransmarkError.invalidTokenizerVocabulary` when a line is not `base64 rank`, a
    ///   rank or a token appears twice, the file is empty, or some byte has no token of its own.
    public init(vocabulary: [UInt8], encoding: Encoding? = nil, path: String? = nil) throws(TransmarkError) {
        let table = try vocabulary.withUnsafeBufferPointer { (text) throws(TransmarkError) -> BPEVocabulary in
            try BPEVocabulary(tiktokenFile: text, path: path)
        }
        self.vocabulary = table
        self.encoding = encoding ?? (table.count > 150_000 ? .o200kBase : .cl100kBase)
    }

    /// A counter over the vocabulary file at `path` (see ``init(vocabulary:encoding:path:)``).
    ///
    /// - Throws: `TransmarkError.io` when the file cannot be read,
    ///   `TransmarkError.invalidTokenizerVocabulary` when it is not a tiktoken vocabulary.
    public init(contentsOfFile path: String, encoding: Encoding? = nil) throws(TransmarkError) {
        try self.init(vocabulary: try Self.readFile(path), encoding: encoding, path: path)
    }

    /// The exact number of tokens in `utf8`.
    public func tokenCount(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var merger = BPEMerger()
        var total = 0
        BPEPreTokenizer(encoding: encoding).forEachPiece(in: utf8) { range in
            total += merger.tokenCount(of: UnsafeBufferPointer(rebasing: utf8[range]), vocabulary: vocabulary)
        }
        return total
    }

    /// The whole file at `path`.
    private static func readFile(_ path: String) throws(TransmarkError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .io(path: path, reason: "cannot read the tokenizer vocabulary: " + String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: "cannot read the tokenizer vocabulary: " + String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
