import Foundation
import Testing
import Transmark
import TransmarkCLI

/// `-f styled-json` on the command line.
@Suite struct StyledJSONCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func styledJSONToMarkdownAndHTML() throws {
        let markdown = "# Title\n\n- a **b** [c](https://x.dev)\n- d\n"
        let json = run(["convert", "-f", "markdown", "-t", "styled-json"], stdin: markdown)
        #expect(json.code == 0)
        let back = run(["convert", "-f", "styled-json", "-t", "markdown"], stdin: json.out)
        #expect(back.code == 0)
        #expect(back.out == markdown)
        let html = run(["convert", "-f", "styled-json", "-t", "html"], stdin: json.out)
        #expect(html.out == "<h1>Title</h1>\n<ul>\n<li>a <strong>b</strong> <a href=\"https://x.dev\">c</a></li>\n<li>d</li>\n</ul>\n")
    }

    @Test func formatsListsStyledJSONAsReadAndWrite() {
        let r = run(["formats"])
        #expect(r.out.contains("styled-json (read, write)"), "\(r.out)")
        #expect(r.out.contains("resolvedStyles=spans"), "\(r.out)")
    }

    @Test func malformedStyledJSONIsAClearError() {
        let r = run(["convert", "-f", "styled-json", "-t", "markdown"], stdin: "{\"version\": 1, \"text\": ")
        #expect(r.code == 1)
        #expect(r.err.hasPrefix("transmark: error: malformed input at byte"), "\(r.err)")
        #expect(r.err.contains("styled-json is not valid JSON"), "\(r.err)")
        let missing = run(["convert", "-f", "styled-json", "-t", "markdown"], stdin: "{\"version\": 1, \"unit\": \"utf16\", \"text\": \"\"}")
        #expect(missing.err.contains("missing key 'runStyles'"), "\(missing.err)")
    }
}
