import Foundation
import Synchronization
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// What a batch run of the command wrote, with a terminal and a clock that tests control.
final class BatchStreams: Sendable {
    let stdout = Mutex<[UInt8]>([])
    let stderr = Mutex<String>("")
    let stdin: [UInt8]
    let terminal: Bool
    let clock = Mutex<Double>(0)

    init(stdin: String = "", terminal: Bool = false) {
        self.stdin = Array(stdin.utf8)
        self.terminal = terminal
    }

    var environment: CommandEnvironment {
        CommandEnvironment(
            readStandardInput: { [stdin] in stdin },
            writeStandardOutput: { bytes in self.stdout.withLock { $0 += bytes } },
            writeStandardError: { text in self.stderr.withLock { $0 += text } },
            terminalWidth: { nil },
            standardErrorIsTerminal: { [terminal] in terminal },
            // Every reading of the clock is a second later: each progress update is drawn.
            now: { self.clock.withLock { $0 += 1; return $0 } },
            processorCount: 2)
    }

    var output: String { String(decoding: stdout.withLock { $0 }, as: UTF8.self) }
    var errors: String { stderr.withLock { $0 } }
}

/// A scratch folder removed at the end of a test.
final class ScratchFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("transmark-batch-\(UUID().uuidString)")
    var path: String { url.path }

    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every file under `relative`, as sorted paths relative to it.
    func files(_ relative: String) -> [String] {
        let root = url.appendingPathComponent(relative).path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let next = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + next, isDirectory: &isFolder)
            if !isFolder.boolValue { found.append(next) }
        }
        return found.sorted()
    }
}

@Suite struct BatchCommandLineTests {
    func run(_ arguments: [String], stdin: String = "", terminal: Bool = false) -> (code: Int32, out: String, err: String) {
        let streams = BatchStreams(stdin: stdin, terminal: terminal)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    func markdown(_ html: String) throws -> String {
        try Registry.standard.convert(html, from: "html", to: "markdown")
    }

    /// A small site: HTML at two depths, Markdown, an image.
    func site(_ scratch: ScratchFolder) throws {
        try scratch.write("in/index.html", "<h1>Home</h1><p>Welcome <b>in</b>.</p>")
        try scratch.write("in/docs/guide.htm", "<ul><li>one</li><li>two</li></ul>")
        try scratch.write("in/docs/notes.md", "# Notes\n\n*kept*\n")
        try scratch.write("in/docs/deep/page.html", "<p>deep</p>")
        try scratch.write("in/logo.png", "not a document")
    }

    // MARK: Folders

    @Test func foldersAreMirroredWithTheTargetExtension() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--jobs", "2"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["docs/deep/page.md", "docs/guide.md", "docs/notes.md", "index.md"])
        #expect(try scratch.read("out/index.md") == markdown("<h1>Home</h1><p>Welcome <b>in</b>.</p>"))
        #expect(try scratch.read("out/docs/guide.md") == markdown("<ul><li>one</li><li>two</li></ul>"))
        #expect(try scratch.read("out/docs/notes.md") == Registry.standard.convert("# Notes\n\n*kept*\n", from: "markdown", to: "markdown"))
        #expect(r.err.hasPrefix("transmark: converted 4 of 4 files ("))
        #expect(r.err.contains("transmark: skipped 1 file of no readable format"))
        #expect(!r.err.contains("failed"))
        #expect(r.out.isEmpty)
    }

    @Test func severalFoldersGoUnderTheirNames() throws {
        let scratch = try ScratchFolder()
        try scratch.write("a/x.html", "<p>a</p>")
        try scratch.write("b/x.md", "b\n")
        let r = run(["convert", scratch.path + "/a", scratch.path + "/b", "-t", "html", "-o", scratch.path + "/out"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["a/x.html", "b/x.html"])
        #expect(try scratch.read("out/b/x.html") == "<p>b</p>\n")
    }

    @Test func includeAndExcludeChooseFiles() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        let r = run(["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out",
                     "--include", "*.html", "--include", "*.htm", "--exclude", "deep"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["docs/guide.txt", "index.txt"])
        let paths = run(["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out2", "--include", "docs/*", "--exclude", "*.md"])
        #expect(paths.code == 0)
        #expect(scratch.files("out2") == ["docs/deep/page.txt", "docs/guide.txt"])
    }

    @Test func failuresAreSummarizedLeaveNoFileAndTheRunGoesOn() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/small.html", "<p>ok</p>")
        try scratch.write("in/big.html", "<p>" + String(repeating: "long ", count: 40) + "</p>")
        try scratch.write("in/z.html", "<p>last</p>")
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "-O", "html.maxInputSize=100"])
        #expect(r.code == 1)
        #expect(scratch.files("out") == ["small.md", "z.md"])
        #expect(r.err.contains("transmark: converted 2 of 3 files"))
        #expect(r.err.contains("transmark: 1 failed:\n  big.html: input of 207 bytes exceeds the limit of 100 bytes (raise it with the option maxInputSize=N)\n"))
        // No temporary files either.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func anOutputInsideTheInputIsRefused() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/in/docs/../md"])
        #expect(r.code == 1)
        #expect(r.err.contains("the output folder is inside the input folder \(scratch.path)/in; choose one outside it"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/in/md"))
        let same = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/in"])
        #expect(same.code == 1)
        #expect(same.err.contains("is inside the input folder"))
        #expect(scratch.files("in").count == 5)
    }

    @Test func aDirectoryLoopAndADanglingLinkAreReported() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/docs/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/gone.html", withDestinationPath: "missing.html")
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out"])
        #expect(r.code == 1)
        #expect(scratch.files("out") == ["docs/deep/page.md", "docs/guide.md", "docs/notes.md", "index.md"])
        #expect(r.err.contains("transmark: 2 failed:\n"))
        #expect(r.err.contains("  docs/up: directory loop: docs/up leads back to the input folder; not followed\n"))
        #expect(r.err.contains("  \(scratch.path)/in/gone.html: cannot read: no such file or directory\n"))
    }

    @Test func aFolderNeedsAnOutputFolder() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        let r = run(["convert", scratch.path + "/in", "-t", "markdown"])
        #expect(r.code != 0)
        #expect(r.err.contains("give the output folder with --output DIRECTORY"))
    }

    // MARK: Progress

    @Test func progressIsDrawnOnATerminalAndClearedAtTheEnd() throws {
        let scratch = try ScratchFolder()
        try site(scratch)
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out"], terminal: true)
        #expect(r.code == 0)
        #expect(r.err.contains("\r\u{1B}[K1/4 files  "))
        #expect(r.err.contains("\r\u{1B}[K4/4 files  "))
        #expect(r.err.contains("ETA 0:0"))
        // Cleared before the summary.
        #expect(r.err.contains("\r\u{1B}[Ktransmark: converted 4 of 4 files"))

        let quiet = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--quiet"], terminal: true)
        #expect(quiet.code == 0)
        #expect(quiet.err.isEmpty)
        let piped = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out"], terminal: false)
        #expect(!piped.err.contains("\r"))
        #expect(piped.err.hasPrefix("transmark: converted 4 of 4 files"))

        let lines = run(["convert", "--jsonl", "-t", "markdown"], stdin: "{\"id\":1,\"content\":\"<p>a</p>\"}\n{\"id\":2,\"content\":\"b\"}\n", terminal: true)
        #expect(lines.err == "\r\u{1B}[K1 documents  0.0 MB/s\r\u{1B}[K2 documents  0.0 MB/s\r\u{1B}[K")
    }

    // MARK: JSON lines

    /// The records of a JSON-lines output, parsed.
    func records(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) as? [String: Any])
        }
    }

    @Test func jsonLinesComeBackInInputOrderWithTwoJobs() throws {
        let pages = (0..<300).map { i in
            "<h2>Page \(i)</h2>" + String(repeating: "<p>Paragraph with <a href=\"/x/\(i)\">a link</a> and <i>style</i>.</p>", count: (i * 37) % 50 + 1)
        }
        var input = ""
        for (i, page) in pages.enumerated() {
            input += try String(decoding: JSONSerialization.data(withJSONObject: ["id": i, "content": page]), as: UTF8.self) + "\n"
        }
        let r = run(["convert", "--jsonl", "-f", "html", "-t", "markdown", "--jobs", "2"], stdin: input)
        #expect(r.code == 0)
        #expect(r.err.isEmpty)
        let out = try records(r.out)
        #expect(out.count == 300)
        for (i, record) in out.enumerated() {
            #expect(record["id"] as? Int == i)
            #expect(record["content"] as? String == (try markdown(pages[i])))
        }
    }

    @Test func malformedLinesGetErrorRecordsAndTheStreamGoesOn() throws {
        let lines = [
            #"{"id": 1, "content": "<p>one</p>"}"#,
            #"{"id": 2, "content": "unterminated}"#,
            #"["not", "an", "object"]"#,
            #"{"id": 3, "content": "x"} trailing"#,
            "   ",
            #"{"id": 4, "content": 42}"#,
            #"{"id": 5}"#,
            #"{"id": 6, "content": "a", "options": {"nested": {"no": 1}}}"#,
            #"{"id": 7, "content": "bad \q escape"}"#,
            "{\"id\": 8, \"content\": \"raw\ttab\"}",
            #"{"id": 9, "content": "<p>last</p>", "extra": [1, {"deep": [true, false, null, -0.5e+3]}]}"#,
        ]
        let r = run(["convert", "--jsonl", "-t", "markdown"], stdin: lines.joined(separator: "\n"))
        #expect(r.code == 0)
        let out = try records(r.out)
        #expect(out.count == 10)
        func code(_ record: [String: Any]) -> String? { (record["error"] as? [String: Any])?["code"] as? String }
        #expect(out.map(code) == [nil, "malformed-json", "malformed-json", "malformed-json", "invalid-record", "invalid-record",
                                  "invalid-record", "malformed-json", "malformed-json", nil])
        #expect(out[0]["content"] as? String == "one\n")
        #expect(out[9]["content"] as? String == "last\n")
        #expect(out[9]["id"] as? Int == 9)
        // A line that does not parse has no id; a record that parses keeps its id.
        #expect(out[1]["id"] is NSNull)
        #expect(out[4]["id"] as? Int == 4)
        #expect((out[2]["error"] as? [String: Any])?["message"] as? String == "line 3: malformed JSON at byte 1: expected '{' to start a record")
        #expect((out[4]["error"] as? [String: Any])?["message"] as? String == "\"content\" must be a string")
        #expect((out[5]["error"] as? [String: Any])?["message"] as? String == "the record has no \"content\"")
    }

    @Test func unknownFormatsAreErrorRecords() throws {
        let input = #"""
            {"id": "a", "content": "x", "from": "docx"}
            {"id": "b", "content": "x", "to": "pdf"}
            {"id": "c", "content": "x", "to": "tree"}
            {"id": "d", "content": "x", "from": "tree"}
            {"id": "e", "content": "*x*", "from": "markdown", "to": "html", "options": {"smart": true, "html.unsafe": "false"}}
            """#
        let r = run(["convert", "--jsonl", "-t", "markdown"], stdin: input)
        #expect(r.code == 0)
        let out = try records(r.out)
        let errors = out.map { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(errors == ["unknown-format", "unknown-format", nil, "cannot-read", nil])
        #expect((out[0]["error"] as? [String: Any])?["message"] as? String
                == "unknown format 'docx' (known formats: ansi, chat, html, json-tree, markdown, styled-json, stylizer, swiftymarkdown, tagged, text, tree)")
        #expect(out[2]["content"] as? String == "document\n  paragraph\n    text \"x\"\n")
        #expect(out[4]["content"] as? String == "<p><em>x</em></p>\n")
    }

    @Test func idsAreEchoedExactly() throws {
        let ids = [#"1"#, #""s""#, #"{"a": [1, {"b": null}]}"#, #"-1.5e3"#, #"true"#, #""\u00e9\"q""#, #"[]"#, #""é""#]
        let input = ids.map { #"{"content": "x", "id":  "# + $0 + " }" }.joined(separator: "\n") + "\n"
        let r = run(["convert", "--jsonl", "-t", "text", "--jobs", "3"], stdin: input)
        #expect(r.code == 0)
        let expected = ids.map { #"{"id":"# + $0 + #","content":"x\n"}"# }.joined(separator: "\n") + "\n"
        #expect(r.out == expected)
    }

    @Test func transformStepsWithOptionsApplyToEveryLine() throws {
        let input = #"{"id":1,"content":"<p>keep</p><aside><p>drop</p></aside>","from":"html"}"# + "\n"
        let r = run(["convert", "--jsonl", "-t", "text", "--transform", "remove:selector=aside"], stdin: input)
        #expect(r.code == 0)
        #expect(r.out == #"{"id":1,"content":"keep\n"}"# + "\n")
    }

    @Test func contentIsEscapedToValidJSON() throws {
        // Control characters, quotes, backslashes and U+2028/2029 in the output; escapes and a
        // surrogate pair in the input.
        let input = #"{"id":1,"content":"a \"q\" \\ \u0007 \u2028 \ud83d\ude00 \ud800 x","from":"markdown","to":"text"}"# + "\n"
        let r = run(["convert", "--jsonl"], stdin: input)
        // (The text backend shows BEL as its control picture, U+2407.)
        #expect(r.out == #"{"id":1,"content":"a \"q\" \\ ␇ \u2028 😀 � x\n"}"# + "\n")
        let ansi = run(["convert", "--jsonl", "-t", "ansi"], stdin: #"{"id":2,"content":"*e*","from":"markdown"}"# + "\n")
        #expect(ansi.out.contains(#"\u001b["#))
        #expect(try records(ansi.out).count == 1)
    }

    @Test func aLongStreamIsConvertedInBoundedMemory() throws {
        // 20,000 lines, one per read of standard input: when each record is written, the
        // command has read only a few lines beyond it (the batch holds at most 4 per job).
        let read = Atomic<Int>(0)
        let written = Atomic<Int>(0)
        let mostAhead = Atomic<Int>(0)
        let environment = CommandEnvironment(
            readStandardInput: { [] },
            writeStandardOutput: { bytes in
                let count = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                let done = written.add(count, ordering: .sequentiallyConsistent).newValue
                _ = mostAhead.max(read.load(ordering: .sequentiallyConsistent) - done, ordering: .sequentiallyConsistent)
            },
            writeStandardError: { _ in },
            terminalWidth: { nil },
            readStandardInputChunk: {
                let n = read.add(1, ordering: .sequentiallyConsistent).newValue
                return n <= 20_000 ? Array("{\"id\":\(n),\"content\":\"<p>doc \(n)</p>\"}\n".utf8) : []
            })
        let code = CommandLineTool.run(arguments: ["convert", "--jsonl", "-t", "markdown", "--jobs", "2"], registry: .standard, environment: environment)
        #expect(code == 0)
        #expect(written.load(ordering: .sequentiallyConsistent) == 20_000)
        #expect(mostAhead.load(ordering: .sequentiallyConsistent) <= 2 * 4 + 1)
    }

    @Test func jsonLinesFromFilesAndIntoAFile() throws {
        let scratch = try ScratchFolder()
        try scratch.write("a.jsonl", #"{"id":"a1","content":"<p>a</p>"}"#)  // no final line feed
        try scratch.write("b.jsonl", #"{"id":"b1","content":"<p>b</p>"}"# + "\n")
        let r = run(["convert", "--jsonl", "-t", "markdown", scratch.path + "/a.jsonl", scratch.path + "/b.jsonl", "-o", scratch.path + "/out.jsonl"])
        #expect(r.code == 0)
        #expect(try scratch.read("out.jsonl") == #"{"id":"a1","content":"a\n"}"# + "\n" + #"{"id":"b1","content":"b\n"}"# + "\n")
    }

    // MARK: Sniffing

    @Test(arguments: [
        ("<!DOCTYPE html><p>x <i>y</i></p>", "x *y*\n"),
        ("\u{FEFF}  <html><body><p>z</p>", "z\n"),
        ("<!-- a comment -->\n<div><b>b</b></div>", "**b**\n"),
        ("<P CLASS=x>upper</P>", "upper\n"),
        ("# Title <div>", "# Title <div>\n"),
        ("<span>inline</span> *em*", "<span>inline</span> *em*\n"),
        ("<divider>", "<divider>\n"),
    ])
    func standardInputIsSniffed(_ input: String, _ expected: String) {
        let r = run(["convert", "-t", "markdown"], stdin: input)
        #expect(r.code == 0)
        #expect(r.out == expected)
    }

    @Test func theNamedFormatWinsOverSniffing() {
        let r = run(["convert", "-f", "markdown", "-t", "tree"], stdin: "<div>\n*raw*\n</div>\n")
        #expect(r.out == "document\n  htmlBlock \"<div>\\n*raw*\\n</div>\\n\"\n")
        let sniffed = run(["convert", "-t", "tree"], stdin: "<div>\n*raw*\n</div>\n")
        #expect(sniffed.out == "document\n  division tag=\"div\"\n    text \"*raw*\"\n")
        let help = run(["convert", "--help"])
        #expect(help.out.contains("--from always wins"))
        #expect(help.out.contains("Input format (wins over file extensions and sniffing)."))
    }

    @Test func jsonLinesSniffDocumentsThatNameNoFormat() throws {
        let input = #"{"id":1,"content":"<table><tr><td>c</td></tr></table>"}"# + "\n" + #"{"id":2,"content":"| a |\n|---|\n| c |"}"# + "\n"
        let r = run(["convert", "--jsonl", "-t", "tree"], stdin: input)
        let out = try records(r.out)
        #expect((out[0]["content"] as? String)?.contains("table") == true)
        #expect((out[1]["content"] as? String)?.contains("table") == true)
        let forced = run(["convert", "--jsonl", "-f", "markdown", "-t", "tree"], stdin: input)
        #expect((try records(forced.out)[0]["content"] as? String)?.contains("htmlBlock") == true)
    }
}
