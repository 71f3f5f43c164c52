import Foundation
import Testing
import Transmark
import TransmarkCLI

@Suite struct CommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func markdownToHTMLFromStandardInput() {
        let r = run(["convert", "-f", "markdown", "-t", "html"], stdin: "# Hi *there*\n")
        #expect(r.code == 0)
        #expect(r.out == "<h1>Hi <em>there</em></h1>\n")
        #expect(r.err.isEmpty)
    }

    @Test func convertIsTheDefaultSubcommandAndMarkdownTheDefaultInput() {
        let r = run(["-t", "tree"], stdin: "*a*")
        #expect(r.out == "document\n  paragraph\n    emphasis\n      text \"a\"\n")
    }

    @Test func formatsListsEveryFormat() {
        let r = run(["formats"])
        #expect(r.code == 0)
        for name in ["markdown (read, write)", "html (read, write)", "keepComments=false", "maxDepth=4096", "tree (write)", "smart=false", "unsafe=false", "extensions=table,strikethrough,autolink,tagfilter,tasklist"] {
            #expect(r.out.contains(name), "\(name)")
        }
    }

    @Test func filesInferFormatAndOutputIsWrittenWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("transmark-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("doc.md")
        try Data("a *b*\n".utf8).write(to: input)
        let second = dir.appendingPathComponent("two.markdown")
        try Data("c\n".utf8).write(to: second)
        let output = dir.appendingPathComponent("out.html")
        let r = run(["convert", input.path, second.path, "-o", output.path])
        #expect(r.code == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "<p>a <em>b</em></p>\n<p>c</p>\n")
        #expect(r.out.isEmpty)

        // A failing conversion leaves no output file behind.
        let failed = dir.appendingPathComponent("failed.html")
        let bad = run(["convert", input.path, "-o", failed.path, "--option", "maxInputSize=2"])
        #expect(bad.code == 1)
        #expect(bad.err == "transmark: error: input of 6 bytes exceeds the limit of 2 bytes (raise it with the option maxInputSize=N)\n")
        #expect(!FileManager.default.fileExists(atPath: failed.path))

        // Replacing an existing file leaves no temporary file; a directory is refused.
        let again = run(["convert", second.path, "-o", output.path])
        #expect(again.code == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "<p>c</p>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["doc.md", "out.html", "two.markdown"])
        let intoDirectory = run(["convert", input.path, "-o", dir.path])
        #expect(intoDirectory.code == 1)
        #expect(intoDirectory.err == "transmark: error: \(dir.path): cannot write: is a directory\n")
    }

    @Test func devicesAreWrittenInPlace() throws {
        // `-o /dev/null` must write to the device, never rename a file over it.
        let r = run(["convert", "-o", "/dev/null"], stdin: "# x\n")
        #expect(r.code == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test(arguments: [
        (["convert", "/nonexistent/x.md"], "transmark: error: /nonexistent/x.md: cannot read: no such file or directory\n"),
        (["convert", "-f", "nope"], "transmark: error: unknown format 'nope' (known formats: ansi, chat, html, json-tree, markdown, styled-json, stylizer, swiftymarkdown, tagged, text, tree)\n"),
        (["convert", "-f", "tree"], "transmark: error: format 'tree' can only be written, not read (readable formats: chat, html, json-tree, markdown, styled-json, stylizer, swiftymarkdown, tagged)\n"),
        (["convert", "-O", "smart=perhaps"], "transmark: error: invalid value 'perhaps' for option 'smart' (accepted: true|false)\n"),
        (["convert", "-O", "smart"], "transmark: error: malformed option 'smart' (expected KEY=VALUE)\n"),
        (["convert", "x.unknownext"], "transmark: error: cannot infer the input format of 'x.unknownext' from its extension; name it with --from\n"),
    ])
    func userErrorsAreOneLine(_ arguments: [String], _ message: String) {
        let r = run(arguments, stdin: "x")
        #expect(r.code != 0)
        #expect(r.err == message)
        #expect(r.out.isEmpty)
    }

    @Test func unknownFlagIsAUsageError() {
        let r = run(["convert", "--frobnicate"])
        #expect(r.code != 0)
        #expect(r.err.contains("--frobnicate"))
    }
}
