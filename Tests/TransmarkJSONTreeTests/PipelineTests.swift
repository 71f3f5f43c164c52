import Foundation
import Synchronization
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// `transmark convert … -t json-tree | filter | transmark convert -f json-tree …` on the command
/// line, and the registry's view of the format.
@Suite struct PipelineTests {
    /// Runs the command line with `stdin`, returning exit code, standard output and errors.
    static func run(_ arguments: [String], stdin: [UInt8]) -> (code: Int32, out: [UInt8], err: String) {
        let out = Mutex<[UInt8]>([]), err = Mutex<String>("")
        let environment = CommandEnvironment(
            readStandardInput: { stdin },
            writeStandardOutput: { bytes in out.withLock { $0 += bytes } },
            writeStandardError: { text in err.withLock { $0 += text } },
            terminalWidth: { nil })
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: environment)
        return (code, out.withLock { $0 }, err.withLock { $0 })
    }

    static let page = """
    <h1 id="top">Title</h1>
    <p style="color: red">Some <em>text</em> and <a href="https://example.com" title="t">a link</a>.</p>
    <ul><li>one</li><li>two</li></ul>
    <table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>
    """

    @Test func jsonTreeIsAFilterPipeline() throws {
        let json = Self.run(["convert", "-f", "html", "-t", "json-tree"], stdin: Array(Self.page.utf8))
        #expect(json.code == 0)
        #expect(json.err.isEmpty)
        let markdown = Self.run(["convert", "-f", "json-tree", "-t", "markdown"], stdin: json.out)
        #expect(markdown.code == 0)
        #expect(markdown.err.isEmpty)
        let direct = Self.run(["convert", "-f", "html", "-t", "markdown"], stdin: Array(Self.page.utf8))
        #expect(String(decoding: markdown.out, as: UTF8.self) == String(decoding: direct.out, as: UTF8.self))
        // And the tree goes through unchanged.
        let tree = Self.run(["convert", "-f", "json-tree", "-t", "tree"], stdin: json.out)
        let directTree = Self.run(["convert", "-f", "html", "-t", "tree"], stdin: Array(Self.page.utf8))
        #expect(tree.out == directTree.out)
    }

    @Test func errorsReachTheCommandLine() {
        let r = Self.run(["convert", "-f", "json-tree", "-t", "markdown"], stdin: Array(JSONTree.wrap(#"{"kind":"tableCell"}"#).utf8))
        #expect(r.code == 1)
        #expect(r.err == "transmark: error: invalid json-tree at $.root.children[0].kind: a tableCell node must be a child of a tableRow node, not of a document node\n")
        let deep = Self.run(["convert", "-f", "json-tree", "-O", "maxDepth=2", "-t", "html"],
                            stdin: Array(JSONTree.wrap(#"{"kind":"span","children":[{"kind":"span"}]}"#).utf8))
        #expect(deep.err == "transmark: error: input nests 3 levels deep, beyond the limit of 2 (raise it with the option maxDepth=N)\n")
    }

    @Test func registeredUnderItsNameAndExtension() throws {
        let summary = try #require(Registry.standard.formats.first { $0.format.name == "json-tree" })
        #expect(summary.reads && summary.writes)
        #expect(summary.format.fileExtensions == ["tree.json"])
        #expect(Set(summary.readOptions.map(\.key)) == ["maxInputSize", "maxDepth"])
        #expect(summary.writeOptions.map(\.key) == ["pretty"])
        let html = try Registry.standard.convert("# Hi\n", from: "markdown", to: "json-tree")
        #expect(html == #"{"transmark-json-tree":1,"root":{"kind":"document","children":[{"kind":"heading","level":1,"children":[{"kind":"text","text":"Hi"}]}]}}"# + "\n")
        #expect(try Registry.standard.convert(html, from: "json-tree", to: "html") == "<h1>Hi</h1>\n")
    }

    @Test func theDoubleExtensionNamesTheFormat() throws {
        let registry = Registry.standard
        #expect(registry.inputFormat(forPath: "/tmp/page.tree.json") == "json-tree")
        #expect(registry.outputFormat(forPath: "OUT.TREE.JSON") == "json-tree")
        #expect(registry.outputFormat(forPath: "out.styled.json") == "styled-json")
        #expect(registry.outputFormat(forPath: "out.tree") == "tree")
        #expect(registry.inputFormat(forPath: ".tree.json") == nil)
        #expect(registry.inputFormat(forPath: "x.json") == nil)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("transmark-json-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let markdown = dir.appendingPathComponent("doc.md"), json = dir.appendingPathComponent("doc.tree.json")
        try Data("# Title\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n".utf8).write(to: markdown)
        let written = Self.run(["convert", markdown.path, "-o", json.path], stdin: [])
        #expect(written.code == 0, "\(written.err)")
        let back = Self.run(["convert", json.path, "-t", "markdown"], stdin: [])
        #expect(back.err.isEmpty)
        #expect(String(decoding: back.out, as: UTF8.self) == "# Title\n\n| a   | b   |\n| :-- | --: |\n| 1   | 2   |\n")
    }

    /// The README's jq filter, when jq is installed: it upper-cases the text of every heading.
    @Test func readmeJQFilter() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let filter = #"walk(if type == "object" and .kind == "heading" then walk(if type == "object" and .kind == "text" then .text |= ascii_upcase else . end) else . end)"#
        #expect(readme.contains("jq '\(filter)'"), "the README shows this filter")
        guard let jq = ["/usr/bin/jq", "/usr/local/bin/jq", "/bin/jq"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("readmeJQFilter: skipped the jq run: jq is not installed")
            return
        }
        let json = Self.run(["convert", "-f", "markdown", "-t", "json-tree"], stdin: Array("# Hello *world*\n\nbody\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["-c", filter]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(json.out))
        try input.fileHandleForWriting.close()
        let filtered = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let markdown = Self.run(["convert", "-f", "json-tree", "-t", "markdown"], stdin: Array(filtered))
        #expect(markdown.err.isEmpty)
        #expect(String(decoding: markdown.out, as: UTF8.self) == "# HELLO *WORLD*\n\nbody\n")
    }
}
