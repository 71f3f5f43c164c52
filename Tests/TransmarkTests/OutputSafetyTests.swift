import Foundation
import Synchronization
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// Lost output and files (issue 35): write errors, outputs that would overwrite inputs or leave
/// the output folder, temporary files, links in input trees, signals, JSON-lines records,
/// summary counts and file names that are not UTF-8.
@Suite struct OutputSafetyTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = BatchStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    /// Runs the built executable with standard input from `stdin` and standard output into
    /// `stdout` (a path), returning its exit code and standard error.
    func runExecutable(_ arguments: [String], stdin: String = "", stdout: String) throws -> (code: Int32, err: String) {
        #expect(FileManager.default.isExecutableFile(atPath: InterruptTests.executable), "build the executable first: swift build --build-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptTests.executable)
        process.arguments = arguments
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    // MARK: Write errors

    @Test func aFullStandardOutputFailsEveryCommand() throws {
        let scratch = try ScratchFolder()
        try scratch.write("x.md", "# Title\n\nSome *text*.\n")
        let full = "transmark: error: standard output: cannot write: no space left on device\n"
        let cases: [([String], String)] = [
            (["convert", scratch.path + "/x.md"], ""),
            (["convert", "-t", "markdown"], "<p>from standard input</p>"),
            (["convert", "--jsonl", "-t", "markdown"], #"{"id":1,"content":"<p>a</p>"}"# + "\n" + #"{"id":2,"content":"b"}"# + "\n"),
            (["select", "p", scratch.path + "/x.md"], ""),
            (["select", "h1", "-t", "text"], "# Heading\n"),
            (["formats"], ""),
            (["transforms"], ""),
            (["--help"], ""),
        ]
        for (arguments, stdin) in cases {
            let r = try runExecutable(arguments, stdin: stdin, stdout: "/dev/full")
            #expect(r.code == 1, "\(arguments)")
            #expect(r.err == full, "\(arguments)")
        }
        // The same output into -o /dev/full.
        for arguments in [["convert", scratch.path + "/x.md", "-o", "/dev/full"], ["select", "p", scratch.path + "/x.md", "-o", "/dev/full"],
                          ["convert", "--jsonl", "-o", "/dev/full"]] {
            let r = try runExecutable(arguments, stdin: #"{"id":1,"content":"a"}"# + "\n", stdout: "/dev/null")
            #expect(r.code == 1, "\(arguments)")
            #expect(r.err == "transmark: error: /dev/full: cannot write: no space left on device\n", "\(arguments)")
        }
        // A run that writes nothing to a full standard output succeeds.
        let quiet = try runExecutable(["convert", scratch.path + "/x.md", "-o", scratch.path + "/x.html"], stdout: "/dev/full")
        #expect(quiet.code == 0)
    }

    @Test func aFailingStandardOutputStopsTheStreamInProcess() throws {
        // An environment whose standard output fails after the first record.
        let writes = Atomic<Int>(0)
        let errors = Mutex("")
        let environment = CommandEnvironment(
            readStandardInput: { Array("<p>x</p>".utf8) },
            writeStandardOutput: { _ in
                if writes.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    throw TransmarkError.io(path: "standard output", reason: "cannot write: broken pipe")
                }
            },
            writeStandardError: { text in errors.withLock { $0 += text } },
            terminalWidth: { nil },
            readStandardInputChunk: {
                let n = writes.load(ordering: .sequentiallyConsistent)
                return n < 1000 ? Array("{\"id\":\(n),\"content\":\"<p>doc</p>\"}\n".utf8) : []
            })
        let code = CommandLineTool.run(arguments: ["convert", "--jsonl", "-t", "markdown", "--jobs", "2"], registry: .standard, environment: environment)
        #expect(code == 1)
        #expect(writes.load(ordering: .sequentiallyConsistent) == 2, "the stream goes on after a failed write")
        #expect(errors.withLock { $0 } == "transmark: error: standard output: cannot write: broken pipe\n")
    }

    // MARK: Outputs stay in their folder and never overwrite inputs

    @Test func anInputInsideTheOutputFolderIsRefused() throws {
        let scratch = try ScratchFolder()
        try scratch.write("a/x.md", "# a\n")
        try scratch.write("b/y.md", "# b\n")
        try scratch.write("a/sub/a/x.md", "# deeper\n")
        let before = scratch.files("")
        for arguments in [
            ["convert", scratch.path + "/a", scratch.path + "/b", "-t", "markdown", "-o", scratch.path],
            ["convert", scratch.path + "/a", "-t", "markdown", "-o", scratch.path + "/a/sub/.."],
            ["convert", scratch.path + "/a/sub", "-t", "markdown", "-o", scratch.path + "/a"],
            ["convert", scratch.path + "/b", scratch.path + "/a/x.md", "-t", "markdown", "-o", scratch.path + "/a"],
        ] {
            let r = run(arguments)
            #expect(r.code == 1, "\(arguments)")
            #expect(r.err.contains("is inside the"), "\(arguments): \(r.err)")
        }
        #expect(scratch.files("") == before)
        #expect(try scratch.read("a/x.md") == "# a\n")
    }

    @Test func outputsNeverLeaveTheOutputFolder() throws {
        let scratch = try ScratchFolder()
        try scratch.write("p/sub/x.md", "sub\n")
        try scratch.write("p/top.md", "top\n")
        try scratch.write("other/y.md", "other\n")
        try FileManager.default.createDirectory(atPath: scratch.path + "/dest", withIntermediateDirectories: true)
        // `sub/..` is named by its real name (`p`), not `..`.
        let r = run(["convert", scratch.path + "/p/sub/..", scratch.path + "/other", "-t", "html", "-o", scratch.path + "/dest/out"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("dest") == ["out/other/y.html", "out/p/sub/x.html", "out/p/top.html"])
        #expect(scratch.files("").filter { $0.hasSuffix(".html") }.allSatisfy { $0.hasPrefix("dest/out/") })
        // `.` and a trailing slash are named by the folder too.
        let dot = run(["convert", scratch.path + "/p/.", scratch.path + "/other/", "-t", "text", "-o", scratch.path + "/dest/txt"])
        #expect(dot.code == 0, "\(dot.err)")
        #expect(scratch.files("dest/txt") == ["other/y.txt", "p/sub/x.txt", "p/top.txt"])
    }

    @Test func outputsAreNotWrittenThroughLinksInTheOutputFolder() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/docs/a.md", "a\n")
        try scratch.write("in/b.md", "b\n")
        try scratch.write("elsewhere/keep.txt", "keep")
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/docs", withDestinationPath: "../elsewhere")
        try scratch.write("victim.txt", "victim")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/b.html", withDestinationPath: "../victim.txt")
        let r = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out"])
        #expect(r.code == 1)
        #expect(r.err.contains("transmark: converted 1 of 2 files"))
        #expect(r.err.contains("out/docs: cannot write: a symbolic link where a folder of the output should be"))
        #expect(scratch.files("elsewhere") == ["keep.txt"])
        // A link at an output's own name is replaced, not written through.
        #expect(try scratch.read("victim.txt") == "victim")
        #expect(try scratch.read("out/b.html") == "<p>b</p>\n")
    }

    // MARK: Temporary files

    @Test func aLinkPlantedAtTheTemporaryNameDoesNotRedirectTheOutput() throws {
        let scratch = try ScratchFolder()
        try scratch.write("x.md", "*new*\n")
        try scratch.write("victim.txt", "victim")
        try scratch.write("in/page.md", "page\n")
        // The names the temporary files used to have (`.NAME.transmark-PID`), planted as links.
        let pid = getpid()
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/.out.html.transmark-\(pid)", withDestinationPath: scratch.path + "/victim.txt")
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/.page.html.transmark-\(pid)", withDestinationPath: scratch.path + "/victim.txt")
        try scratch.write(".sel.html.transmark-\(pid)", "planted file")
        #expect(run(["convert", scratch.path + "/x.md", "-o", scratch.path + "/out.html"]).code == 0)
        #expect(run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out"]).code == 0)
        #expect(run(["select", "em", scratch.path + "/x.md", "-o", scratch.path + "/sel.html"]).code == 0)
        #expect(run(["convert", "--jsonl", "-o", scratch.path + "/out.html"], stdin: #"{"id":1,"content":"*j*"}"#).code == 0)
        #expect(try scratch.read("victim.txt") == "victim")
        #expect(try scratch.read(".sel.html.transmark-\(pid)") == "planted file")
        #expect(try scratch.read("out.html") == #"{"id":1,"content":"<p><em>j</em></p>\n"}"# + "\n")
        #expect(try scratch.read("out/page.html") == "<p>page</p>\n")
        #expect(try scratch.read("sel.html") == "<em>new</em>\n")
        // Each run's temporary file had its own name, and none is left.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".transmark-") }.sorted()
        #expect(left == [".out.html.transmark-\(pid)", ".sel.html.transmark-\(pid)"])
    }

    /// Sends `signal` to a folder run of the executable once its first outputs are written.
    func signalFolderRun(_ signal: Int32) throws -> (status: Int32, outputs: [String]) {
        let scratch = try ScratchFolder()
        let page = "<h1>Page</h1>" + String(repeating: "<p>Some <b>text</b> with <a href=\"/a\">a link</a> and more words.</p>\n", count: 3000)
        for i in 0..<400 { try scratch.write("in/p\(i).html", page) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptTests.executable)
        process.arguments = ["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--jobs", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while scratch.files("out").count < 3 && process.isRunning && Date() < deadline { usleep(5_000) }
        #expect(process.isRunning, "the run ended before the signal")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        return (process.terminationStatus, (try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out")) ?? [])
    }

    @Test(arguments: [(SIGHUP, Int32(129)), (SIGTERM, Int32(143))])
    func aHangupOrTerminateLeavesNoTemporaryFile(_ signal: Int32, _ status: Int32) throws {
        let (code, outputs) = try signalFolderRun(signal)
        #expect(code == status)
        #expect(outputs.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(outputs.filter { $0.hasPrefix(".") })")
        #expect(outputs.count >= 3 && outputs.count < 400)
    }

    // MARK: Links in input folders

    @Test func linksOutOfTheInputFolderAreSkippedUnlessAsked() throws {
        let scratch = try ScratchFolder()
        try scratch.write("secret.md", "# Secret\n")
        try scratch.write("private/notes.md", "private\n")
        try scratch.write("in/page.md", "page\n")
        try scratch.write("in/docs/real.md", "real\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/leak.md", withDestinationPath: "../secret.md")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/absolute.md", withDestinationPath: scratch.path + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/notes", withDestinationPath: "../private")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/alias.md", withDestinationPath: "docs/real.md")
        // A link inside is followed, its format known by its own name.
        try scratch.write("in/docs/body.txt", "<b>h</b>")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/view.html", withDestinationPath: "docs/body.txt")
        let r = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["alias.html", "docs/real.html", "page.html", "view.html"])
        #expect(try scratch.read("out/view.html") == "<strong>h</strong>")
        #expect(r.err.contains("transmark: converted 4 of 4 files"))
        #expect(r.err.contains("transmark: skipped 3 symbolic links:\n"))
        #expect(r.err.contains("  leak.md: leads outside the input folder (to \(Self.real(scratch.path))/secret.md); not followed (--follow-links-outside follows it)\n"))
        #expect(r.err.contains("  absolute.md: leads outside the input folder"))
        #expect(r.err.contains("  notes: leads outside the input folder"))

        let followed = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out2", "--follow-links-outside"])
        #expect(followed.code == 0, "\(followed.err)")
        #expect(scratch.files("out2") == ["absolute.html", "alias.html", "docs/real.html", "leak.html", "notes/notes.html", "page.html", "view.html"])
        #expect(try scratch.read("out2/leak.html") == "<h1>Secret</h1>\n")
        #expect(!followed.err.contains("symbolic link"))
        // Even when following links out, the output folder is never read.
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/outputs", withDestinationPath: "../out2")
        let intoOutput = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out2", "--follow-links-outside"])
        #expect(intoOutput.err.contains("  outputs: leads into the output folder; not followed\n"))
        #expect(!scratch.files("out2").contains { $0.hasPrefix("outputs/") })
    }

    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test func anExponentialFanOutOfLinksVisitsEachFolderOnce() throws {
        let scratch = try ScratchFolder()
        // 16 folders, each holding a file and two links to the next: 2^16 paths to the last.
        for i in 0..<16 {
            try scratch.write("in/d\(i)/f\(i).md", "file \(i)\n")
            if i > 0 {
                for link in ["a", "b"] {
                    try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/d\(i - 1)/\(link)", withDestinationPath: "../d\(i)")
                }
            }
        }
        // A link to the root of the file system, too.
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/root", withDestinationPath: "/")
        let started = Date()
        let r = run(["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(scratch.files("out") == (0..<16).map { "d\($0)/f\($0).txt" }.sorted())
        #expect(r.err.contains("transmark: converted 16 of 16 files"))
        #expect(r.err.contains("  d0/a: leads to d1, converted already\n"))
        #expect(r.err.contains("  root: leads outside the input folder (to /); not followed"))
        #expect(r.code == 0, "\(r.err)")

        // Following links out, each real folder is still walked once, and a loop (here through
        // a path out of the folder and back) is reported, not walked.
        try FileManager.default.removeItem(atPath: scratch.path + "/in/root")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/d15/up", withDestinationPath: "../../in")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/d3/loop", withDestinationPath: "..")
        let followed = run(["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out2", "--follow-links-outside"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(scratch.files("out2").count == 16)
        #expect(followed.err.contains("  d15/up: directory loop: d15/up leads back to the input folder; not followed\n"))
        #expect(followed.err.contains("  d3/loop: directory loop: d3/loop leads back to the input folder; not followed\n"))
        #expect(followed.err.contains("transmark: converted 16 of 18 files"))
        #expect(followed.err.contains("transmark: 2 failed:\n"))
    }

    // MARK: JSON lines

    @Test func recordOptionsAreMergedWithTheCommandsTheRecordsKeysWinning() throws {
        let input = [
            #"{"id":1,"content":"<h1>T</h1><p>a \"q\"</p>","from":"html"}"#,
            #"{"id":2,"content":"<h1>T</h1><p>a \"q\"</p>","from":"html","options":{"bulletListMarker":"*"}}"#,
            #"{"id":3,"content":"<h1>T</h1><p>a \"q\"</p>","from":"html","options":{"headingStyle":"atx"}}"#,
            #"{"id":4,"content":"<h1>T</h1><p>a \"q\"</p>","from":"html","options":{"markdown.headingStyle":"atx"}}"#,
        ].joined(separator: "\n")
        let r = run(["convert", "--jsonl", "-t", "markdown", "-O", "markdown.headingStyle=setext"], stdin: input)
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // The command's option applies to every record, with or without options of its own.
        #expect(lines[0].contains(#"T\n="#))
        #expect(lines[1].contains(#"T\n="#))
        // A record's key wins over the command's, qualified or not.
        #expect(lines[2].contains(#""# + "\"content\":\"# T"))
        #expect(lines[3].contains(#""# + "\"content\":\"# T"))

        // Before, a record's options replaced the command's: html.unsafe=true was lost.
        let unsafe = run(["convert", "--jsonl", "-f", "html", "-t", "html", "-O", "html.unsafe=true"],
                         stdin: #"{"id":1,"content":"<p onclick=\"x()\">a</p><!-- c -->","options":{"keepComments":true}}"#)
        #expect(unsafe.out == #"{"id":1,"content":"<p onclick=\"x()\">a</p>\n<!-- c -->\n"}"# + "\n")
    }

    @Test func idsAreEscapedWhereTheyWouldBreakALine() throws {
        let input = "{\"id\":[1,\r2,\t3],\"content\":\"x\"}\n"
            + "{\"id\":{\"k\":\r\"v\u{2028}w\"},\"content\":\"x\"}\n"
            + "{\"id\":\"a\\r\\u2028b\",\"content\":\"x\"}\n"
        let r = run(["convert", "--jsonl", "-t", "text"], stdin: input)
        #expect(r.code == 0)
        #expect(!r.out.contains("\r") && !r.out.contains("\t") && !r.out.contains("\u{2028}"))
        #expect(r.out == #"{"id":[1, 2, 3],"content":"x\n"}"# + "\n" + #"{"id":{"k": "v\u2028w"},"content":"x\n"}"# + "\n"
                + #"{"id":"a\r\u2028b","content":"x\n"}"# + "\n")
        for line in r.out.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let scratch = try ScratchFolder()
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"id":2,"content":"*b*"}"#.utf8) + [0x0A]).write(to: scratch.url.appendingPathComponent("b.jsonl"))
        let r = run(["convert", "--jsonl", "-t", "html"], stdin: "\u{FEFF}" + #"{"id":1,"content":"*a*"}"# + "\n")
        #expect(r.code == 0)
        #expect(r.out == #"{"id":1,"content":"<p><em>a</em></p>\n"}"# + "\n")
        let files = run(["convert", "--jsonl", "-t", "html", scratch.path + "/b.jsonl", scratch.path + "/b.jsonl"])
        #expect(files.out == String(repeating: #"{"id":2,"content":"<p><em>b</em></p>\n"}"# + "\n", count: 2))
    }

    // MARK: Summary counts

    @Test func theSummaryCountsEveryFileOnce() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/a.html", "<p>a</p>")
        try scratch.write("in/a.htm", "<p>also a</p>")
        let conflict = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out"])
        #expect(conflict.code == 1)
        #expect(conflict.err.contains("transmark: converted 1 of 2 files"))
        #expect(conflict.err.contains("transmark: 1 failed:\n  a.html: its output a.md is also the output of a.htm; not converted\n"))

        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/gone.md", withDestinationPath: "missing.md")
        try scratch.write("in/big.md", String(repeating: "word ", count: 100))
        let mixed = run(["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out2", "-O", "maxInputSize=100"])
        #expect(mixed.code == 1)
        #expect(mixed.err.contains("transmark: converted 1 of 4 files"))
        #expect(mixed.err.contains("transmark: 3 failed:\n"))
        #expect(scratch.files("out2") == ["a.txt"])
    }

    // MARK: File names that are not UTF-8

    @Test func namesThatAreNotUTF8AreReadAndWrittenByTheirBytes() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/in", withIntermediateDirectories: true)
        // "café.md" in Latin-1.
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".md".utf8)
        let path = Array((scratch.path + "/in/").utf8) + name
        let fd = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(fd >= 0)
        _ = "*latin*\n".withCString { write(fd, $0, 8) }
        close(fd)
        let r = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains("converted 1 of 1 files"))
        let expected = Array((scratch.path + "/out/").utf8) + Array("caf".utf8) + [0xE9] + Array(".html".utf8)
        #expect(Self.contents(expected) == "<p><em>latin</em></p>\n")

        // Named on the command line of the executable.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #""$0" convert "$(printf "$1/in/caf\351.md")" -t text"#, InterruptTests.executable, scratch.path]
        let out = Pipe()
        let err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        try shell.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(String(decoding: printed, as: UTF8.self) == "latin\n")

        // In process, where the bytes are gone, the error says why.
        let lost = run(["convert", scratch.path + "/in/caf\u{FFFD}.md", "-t", "text"])
        #expect(lost.code == 1)
        #expect(lost.err.contains("the name given is not valid UTF-8"))
    }

    /// A file's text, read by the bytes of its path.
    static func contents(_ path: [UInt8]) -> String? {
        let fd = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &bytes, bytes.count)
        return n < 0 ? nil : String(decoding: bytes[..<n], as: UTF8.self)
    }
}
