import Foundation
import Testing
import TestSupport
import TransmarkCore

/// The token counters: `BPETokenCounter` must equal tiktoken exactly (expected counts computed by
/// hand with tiktoken, in `Tests/Data/tokens/tiktoken-counts.json`, with their provenance), and
/// `ApproximateTokenCounter` must stay near them.
@Suite struct TokenCounterTests {
    /// The folder holding `cl100k_base.tiktoken` and `o200k_base.tiktoken`, from the environment.
    /// The vocabularies are OpenAI's files (1.7 and 3.6 MB) and are not carried in the repository.
    static let tokenizerDirectory = ProcessInfo.processInfo.environment["TRANSMARK_TOKENIZER_DIR"]

    static func vocabularyPath(_ encoding: BPETokenCounter.Encoding) -> String? {
        guard let directory = tokenizerDirectory else { return nil }
        let path = directory + "/" + encoding.rawValue + ".tiktoken"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    struct Expected {
        let files: [String: [String: Int]]
        let samples: [(text: String, counts: [String: Int])]
    }

    static func expected() throws -> Expected {
        let json = try #require(try TestPaths.json(TestPaths.data.appendingPathComponent("tokens/tiktoken-counts.json")) as? [String: Any])
        let files = try #require(json["files"] as? [String: [String: Int]])
        let rawSamples = try #require(json["samples"] as? [[String: Any]])
        let samples = rawSamples.map { sample in
            (text: sample["text"] as! String,
             counts: sample.filter { $0.key != "text" }.mapValues { $0 as! Int })
        }
        return Expected(files: files, samples: samples)
    }

    static func corpusText(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: TestPaths.corpus(name)), as: UTF8.self)
    }

    // The BPE tests need OpenAI's vocabulary files, which are not carried in the repository: they
    // run when TRANSMARK_TOKENIZER_DIR names a folder holding them, and are skipped otherwise.
    @Test("BPE counts equal tiktoken's on the tricky samples",
          .enabled(if: vocabularyPath(.cl100kBase) != nil && vocabularyPath(.o200kBase) != nil,
                   "set TRANSMARK_TOKENIZER_DIR to a folder holding cl100k_base.tiktoken and o200k_base.tiktoken"),
          arguments: BPETokenCounter.Encoding.allCases)
    func bpeMatchesTiktokenOnSamples(_ encoding: BPETokenCounter.Encoding) throws {
        let counter = try BPETokenCounter(contentsOfFile: try #require(Self.vocabularyPath(encoding)))
        #expect(counter.encoding == encoding, "the encoding is inferred from the vocabulary's size")
        for sample in try Self.expected().samples {
            let expected = try #require(sample.counts[encoding.rawValue])
            #expect(counter.tokenCount(of: sample.text) == expected, "\(encoding.rawValue): \(TextDiff.visible(sample.text.prefix(80)))")
        }
    }

    @Test("BPE counts equal tiktoken's on every file of the test corpus",
          .enabled(if: vocabularyPath(.cl100kBase) != nil && vocabularyPath(.o200kBase) != nil,
                   "set TRANSMARK_TOKENIZER_DIR to a folder holding cl100k_base.tiktoken and o200k_base.tiktoken"),
          arguments: BPETokenCounter.Encoding.allCases)
    func bpeMatchesTiktokenOnCorpus(_ encoding: BPETokenCounter.Encoding) throws {
        let counter = try BPETokenCounter(contentsOfFile: try #require(Self.vocabularyPath(encoding)), encoding: encoding)
        let files = try Self.expected().files
        #expect(files.count >= 18)
        for (name, counts) in files.sorted(by: { $0.key < $1.key }) {
            let expected = try #require(counts[encoding.rawValue])
            #expect(counter.tokenCount(of: try Self.corpusText(name)) == expected, "\(encoding.rawValue): \(name)")
        }
    }

    @Test("BPE on a 1 MB word and 1 MB of spaces stays fast (no quadratic merge)",
          .enabled(if: vocabularyPath(.o200kBase) != nil, "set TRANSMARK_TOKENIZER_DIR to a folder holding o200k_base.tiktoken"))
    func bpeIsNotQuadratic() throws {
        let counter = try BPETokenCounter(contentsOfFile: try #require(Self.vocabularyPath(.o200kBase)))
        let clock = ContinuousClock()
        for text in [String(repeating: "xq", count: 500_000), String(repeating: " ", count: 1_000_000) + "x"] {
            var count = 0
            let elapsed = clock.measure { count = counter.tokenCount(of: text) }
            #expect(count > 1000 && count < text.utf8.count, "some merging happened")
            #expect(elapsed < .seconds(60), "took \(elapsed)")
        }
    }

    @Test("A vocabulary that is not a tiktoken file is a typed error naming the line")
    func badVocabularies() {
        func error(_ text: String) -> TransmarkError? {
            do {
                _ = try BPETokenCounter(vocabulary: Array(text.utf8), path: "v.tiktoken")
                return nil
            } catch { return error }
        }
        let allBytes = (0..<256).map { "\(Data([UInt8($0)]).base64EncodedString()) \($0)" }.joined(separator: "\n")
        #expect(error("") == .invalidTokenizerVocabulary(path: "v.tiktoken", line: 0, message: "the file holds no tokens"))
        #expect(error(allBytes + "\nnot-base64! 256")?.code == "invalid-tokenizer-vocabulary")
        if case .invalidTokenizerVocabulary(_, let line, _)? = error(allBytes + "\nYWI= 256\nYWI=") { #expect(line == 258) } else { Issue.record("a line without a rank must fail") }
        if case .invalidTokenizerVocabulary(_, let line, let message)? = error(allBytes + "\nYWI= 12") {
            #expect(line == 257 && message.contains("twice"))
        } else { Issue.record("a repeated rank must fail") }
        if case .invalidTokenizerVocabulary(_, _, let message)? = error("YQ== 0\nYg== 1") {
            #expect(message.contains("byte 0"))
        } else { Issue.record("a vocabulary without every byte must fail") }
        #expect(error(allBytes + "\nYWI= x9")?.description.contains("v.tiktoken, line 257") == true)
        // A well-formed small vocabulary counts: "ab" merges, "ba" does not.
        let counter = try? BPETokenCounter(vocabulary: Array((allBytes + "\nYWI= 256").utf8), encoding: .cl100kBase)
        #expect(counter?.tokenCount(of: "ab") == 1)
        #expect(counter?.tokenCount(of: "ba") == 2)
        #expect(counter?.tokenCount(of: "abab") == 2)
    }

    @Test("A missing vocabulary file is an io error")
    func missingVocabulary() {
        #expect(throws: TransmarkError.self) { try BPETokenCounter(contentsOfFile: "/nonexistent/x.tiktoken") }
        do { _ = try BPETokenCounter(contentsOfFile: "/nonexistent/x.tiktoken") } catch { #expect(error.code == "io") }
    }

    @Test("The approximation is within 3% of tiktoken on Markdown, 14% on messy HTML, and 2% over the test corpus",
          arguments: BPETokenCounter.Encoding.allCases)
    func approximationIsClose(_ encoding: BPETokenCounter.Encoding) throws {
        let counter = ApproximateTokenCounter(encoding: encoding)
        var estimated = 0, actual = 0
        for (name, counts) in try Self.expected().files.sorted(by: { $0.key < $1.key }) {
            let truth = try #require(counts[encoding.rawValue])
            let estimate = counter.tokenCount(of: try Self.corpusText(name))
            estimated += estimate
            actual += truth
            let error = abs(Double(estimate - truth)) / Double(truth)
            // Messy HTML (scripts, styles, minified code) is harder than prose.
            #expect(error < (name.hasSuffix(".md") ? 0.03 : 0.14), "\(name): estimated \(estimate), tiktoken \(truth)")
        }
        #expect(abs(Double(estimated - actual)) / Double(actual) < 0.02, "corpus: estimated \(estimated), tiktoken \(actual)")
    }

    @Test("The approximation: nothing is 0, a word is 1, and any bytes are accepted")
    func approximationEdges() {
        let counter = ApproximateTokenCounter()
        #expect(counter.tokenCount(of: "") == 0)
        #expect(counter.tokenCount(of: " ") == 1)
        #expect(counter.tokenCount(of: "hello") == 1)
        #expect(counter.tokenCount(ofUTF8: [0xFF, 0xFE, 0xC3]) >= 1)
        #expect(counter.tokenCount(of: "The quick brown fox jumps over the lazy dog.") == 10)
        // Cyrillic costs o200k about half what it costs cl100k.
        let russian = "Привет, как дела? Это тестовый текст на русском языке."
        #expect(ApproximateTokenCounter(encoding: .cl100kBase).tokenCount(of: russian) > counter.tokenCount(of: russian))
    }
}
