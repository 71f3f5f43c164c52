import Foundation
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// `transmark convert --chunks/--chunk-overlap/--tokenizer/--stats`: JSON lines of chunks for a
/// file, a folder and `--jsonl` input, statistics on standard error or in each record, typed
/// errors for bad budgets and vocabularies.
@Suite struct ChunkCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = BatchStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    static let page = TestPaths.corpus("web/Goldziher__html-to-markdown__test_documents__html__wikipedia__small_html.html").path

    func records(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("A page to chunk records: id#n, chunk, headings, content, tokens, metadata, within the budget")
    func pageToChunks() throws {
        let r = run(["convert", Self.page, "-t", "markdown", "--chunks", "300"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        let output = try records(r.out)
        #expect(output.count > 50)
        for (n, record) in output.enumerated() {
            #expect(Set(record.keys) == ["id", "chunk", "headings", "content", "tokens", "metadata"])
            // Every chunk carries the page's metadata (read from its <head>).
            let metadata = try #require(record["metadata"] as? [String: Any])
            #expect(metadata["title"] as? String == "HTML")
            #expect(metadata["canonical"] as? String == "https://en.wikipedia.org/wiki/HTML")
            #expect(record["id"] as? String == Self.page + "#\(n)")
            #expect(record["chunk"] as? Int == n)
            let content = try #require(record["content"] as? String)
            let tokens = try #require(record["tokens"] as? Int)
            #expect(tokens == ApproximateTokenCounter().tokenCount(of: content))
            #expect(tokens <= 300 || !content.contains(" "))
            #expect(record["headings"] is [String])
        }
        #expect(output.contains { ($0["headings"] as? [String]) == ["HTML", "History", "Development"] })
        // The same chunks as the library makes.
        let conversion = try Registry.standard.conversion(from: "html", to: "markdown")
        let library = try conversion.chunks(of: Array(try Data(contentsOf: URL(fileURLWithPath: Self.page))), options: .init(maxTokens: 300))
        #expect(output.compactMap { $0["content"] as? String } == library.map(\.content))
    }

    @Test("--stats: one line on standard error with bytes and tokens in and out")
    func statsLine() throws {
        let r = run(["convert", Self.page, "-t", "markdown", "--stats"])
        #expect(r.code == 0)
        let size = try Data(contentsOf: URL(fileURLWithPath: Self.page)).count
        #expect(r.err.hasPrefix("transmark: \(Self.page): \(size) → \(r.out.utf8.count) bytes, "))
        let counter = ApproximateTokenCounter()
        let tokensIn = counter.tokenCount(ofUTF8: Array(try Data(contentsOf: URL(fileURLWithPath: Self.page))))
        #expect(r.err.contains("\(tokensIn) → \(counter.tokenCount(of: r.out)) tokens ("))
        #expect(r.err.contains("% fewer)"))
    }

    @Test("--overlap starts each chunk with the end of the previous one")
    func overlap() throws {
        let r = run(["convert", Self.page, "-t", "markdown", "--chunks", "200", "--chunk-overlap", "20"])
        #expect(r.code == 0, "\(r.err)")
        let contents = try records(r.out).compactMap { $0["content"] as? String }
        #expect(contents.count > 10)
        // The library's chunks, whose overlap length is known: over the budget only when their
        // own content is a single word.
        let conversion = try Registry.standard.conversion(from: "html", to: "markdown")
        let library = try conversion.chunks(of: Array(try Data(contentsOf: URL(fileURLWithPath: Self.page))),
                                            options: .init(maxTokens: 200, overlap: 20))
        #expect(contents == library.map(\.content))
        // (No overlap only where the previous chunk ends with a word longer than the overlap.)
        #expect(library.dropFirst().filter { $0.overlapByteCount > 0 }.count * 10 > library.count * 8)
        #expect(library.allSatisfy { $0.tokenCount <= 200 || !$0.ownContent.contains(" ") })
    }

    @Test("--jsonl input: each record's chunk records in its place, with stats; a failing record keeps its error record")
    func jsonLines() throws {
        let input = """
            {"id": "a", "content": "<h1>Title</h1><p>First paragraph. Second sentence here.</p><h2>Part</h2><p>More text.</p>"}
            {"id": 7, "content": "# Markdown\\n\\nText.", "from": "markdown"}
            {"id": "bad", "content": "x", "from": "nope"}
            """
        let r = run(["convert", "--jsonl", "-t", "markdown", "--chunks", "8", "--stats"], stdin: input)
        #expect(r.code == 0, "\(r.err)")
        let output = try records(r.out)
        let ids = output.compactMap { $0["id"] as? String }
        #expect(ids.first == "a#0")
        #expect(ids.contains("7#0"))
        #expect(Array(ids.prefix { $0.hasPrefix("a#") }) == (0..<ids.prefix { $0.hasPrefix("a#") }.count).map { "a#\($0)" })
        for record in output where record["content"] != nil {
            let stats = try #require(record["stats"] as? [String: Int])
            #expect(Set(stats.keys) == ["bytesIn", "bytesOut", "tokensIn", "tokensOut"])
            #expect(stats["tokensOut"]! > 0 && stats["bytesOut"]! > 0)
        }
        let failure = try #require(output.last)
        #expect(failure["id"] as? String == "bad")
        #expect((failure["error"] as? [String: String])?["code"] == "unknown-format")
        // Stats without chunks: one record per document, with a "stats" member.
        let plain = run(["convert", "--jsonl", "-t", "markdown", "--stats"], stdin: input)
        let plainRecords = try records(plain.out)
        #expect(plainRecords.count == 3)
        let stats = try #require(plainRecords[0]["stats"] as? [String: Int])
        #expect(stats["bytesIn"] == 89)
        #expect(stats["bytesOut"] == (plainRecords[0]["content"] as? String)?.utf8.count)
    }

    @Test("Folders: one .jsonl file of chunk records per input, stats lines on standard error")
    func folders() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/a.html", "<h1>A</h1><p>Alpha text.</p>")
        try scratch.write("in/sub/b.md", "# B\n\nBeta text.\n")
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--chunks", "100", "--stats"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["a.jsonl", "sub/b.jsonl"])
        let a = try records(try scratch.read("out/a.jsonl"))
        #expect(a.count == 1 && a[0]["id"] as? String == "a.html#0" && a[0]["content"] as? String == "# A\n\nAlpha text.")
        #expect(a[0]["headings"] as? [String] == ["A"])
        #expect(r.err.contains("transmark: a.html: 28 → "))
        #expect(r.err.contains("transmark: sub/b.md: "))
    }

    @Test("A budget of 0, an overlap not below it, or an overlap without chunks: a clear error, nothing written")
    func badBudgets() {
        let zero = run(["convert", Self.page, "-t", "markdown", "--chunks", "0"])
        #expect(zero.code != 0)
        #expect(zero.out.isEmpty)
        #expect(zero.err.contains("invalid value '0' for option 'chunks'"))
        let overlap = run(["convert", Self.page, "-t", "markdown", "--chunks", "10", "--chunk-overlap", "10"])
        #expect(overlap.code != 0 && overlap.err.contains("chunk-overlap"))
        let alone = run(["convert", Self.page, "-t", "markdown", "--chunk-overlap", "10"])
        #expect(alone.code != 0 && alone.err.contains("chunk-overlap"))
    }

    @Test("A budget below one word: every word is a chunk of its own")
    func budgetBelowOneWord() throws {
        let r = run(["convert", "-f", "markdown", "-t", "markdown", "--chunks", "1"], stdin: "Hello extraordinarily wonderful world.\n")
        #expect(r.code == 0)
        let contents = try records(r.out).compactMap { $0["content"] as? String }
        #expect(contents == ["Hello", "extraordinarily", "wonderful", "world."])
    }

    @Test("--tokenizer with a file that is not a vocabulary: a typed error naming it")
    func badTokenizer() throws {
        let scratch = try ScratchFolder()
        try scratch.write("v.tiktoken", "not a vocabulary\n")
        let r = run(["convert", Self.page, "-t", "markdown", "--chunks", "100", "--tokenizer", scratch.path + "/v.tiktoken"])
        #expect(r.code != 0)
        #expect(r.err.contains("invalid tokenizer vocabulary " + scratch.path + "/v.tiktoken, line 1"))
        let missing = run(["convert", Self.page, "-t", "markdown", "--stats", "--tokenizer", "/nonexistent/o200k_base.tiktoken"])
        #expect(missing.code != 0 && missing.err.contains("/nonexistent/o200k_base.tiktoken"))
    }

    // The exact counter needs OpenAI's vocabulary file, not carried in the repository: this test
    // runs when TRANSMARK_TOKENIZER_DIR names a folder holding o200k_base.tiktoken.
    @Test("--tokenizer with a tiktoken vocabulary counts exactly",
          .enabled(if: ProcessInfo.processInfo.environment["TRANSMARK_TOKENIZER_DIR"].map { FileManager.default.fileExists(atPath: $0 + "/o200k_base.tiktoken") } == true,
                   "set TRANSMARK_TOKENIZER_DIR to a folder holding o200k_base.tiktoken"))
    func exactTokenizer() throws {
        let path = ProcessInfo.processInfo.environment["TRANSMARK_TOKENIZER_DIR"]! + "/o200k_base.tiktoken"
        let r = run(["convert", "-f", "markdown", "-t", "markdown", "--chunks", "100", "--tokenizer", path], stdin: "Hello, world!\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(try records(r.out).first?["tokens"] as? Int == 4)
    }
}
