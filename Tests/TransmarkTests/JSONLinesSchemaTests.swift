import Foundation
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// Every kind of record `transmark convert --jsonl` writes (a document, with metadata and
/// statistics; an error; chunks) is valid against `Schemas/jsonl-record.schema.json`, and
/// `main-content`'s kind and confidence reach the records.
@Suite struct JSONLinesSchemaTests {
    nonisolated(unsafe) static let schema = try! JSONSchemaSubset(url: TestPaths.packageRoot.appendingPathComponent("Schemas/jsonl-record.schema.json"))

    func run(_ arguments: [String], stdin: String) -> [[String: Any]] {
        let streams = BatchStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        #expect(code == 0, "\(streams.errors)")
        return streams.output.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])) as? [String: Any] ?? [:]
        }
    }

    static let page = {
        let body = (1...6).map { "<p>Paragraph \($0): the council voted on Tuesday to extend the library's opening hours, a change residents asked for.</p>" }.joined()
        return "<html><head><title>Library hours</title></head><body><nav><a href='/'>Home</a></nav><article><h1>Library hours</h1><div class='byline'>By Ann Lee</div>\(body)</article></body></html>"
    }()

    static var input: String {
        let content = String(data: try! JSONSerialization.data(withJSONObject: [page], options: [.fragmentsAllowed]), encoding: .utf8)!.dropFirst().dropLast()
        return """
            {"id":1,"url":"https://example.com/news/library-hours","content":\(content)}
            {"id":"two","content":"<p>x</p>","from":"docx"}
            not json

            """
    }

    @Test func documentAndErrorRecordsFollowTheSchema() throws {
        let records = run(["convert", "--jsonl", "-f", "html", "-t", "markdown", "--metadata", "--stats", "--transform", "main-content"],
                          stdin: Self.input)
        #expect(records.count == 3)
        for (n, record) in records.enumerated() {
            #expect(Self.schema.validate(record).isEmpty, "record \(n): \(Self.schema.validate(record))")
        }
        let metadata = try #require(records[0]["metadata"] as? [String: Any])
        #expect(metadata["kind"] as? String == "article")
        let confidence = try #require(metadata["confidence"] as? String)
        #expect(Double(confidence).map { $0 > 0.5 && $0 <= 1 } == true, "\(confidence)")
        #expect(metadata["author"] as? String == "Ann Lee")
        #expect(metadata["source"] as? String == "https://example.com/news/library-hours")
        #expect((records[1]["error"] as? [String: Any])?["code"] as? String == "unknown-format")
        #expect((records[2]["error"] as? [String: Any])?["code"] as? String == "malformed-json")
    }

    @Test func chunkRecordsFollowTheSchema() throws {
        let records = run(["convert", "--jsonl", "-f", "html", "-t", "markdown", "--chunks", "40", "--stats", "--transform", "main-content"],
                          stdin: Self.input)
        let chunks = records.filter { $0["chunk"] != nil }
        #expect(chunks.count >= 2)
        for record in records {
            #expect(Self.schema.validate(record).isEmpty, "\(Self.schema.validate(record))")
        }
        #expect((chunks[0]["metadata"] as? [String: Any])?["kind"] as? String == "article")
    }

    @Test func aRecordThatBreaksTheSchemaIsCaught() {
        // The schema is strict enough to fail: an unknown member, a confidence out of range.
        #expect(!Self.schema.validate(["id": 1, "content": "x", "extra": true]).isEmpty)
        #expect(!Self.schema.validate(["id": 1, "content": "x", "metadata": ["confidence": "1.5"]]).isEmpty)
        #expect(!Self.schema.validate(["id": 1, "error": ["code": "x"]]).isEmpty)
    }
}
