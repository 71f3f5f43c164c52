import Foundation
import Testing
import Transmark
import TransmarkCLI

/// `transmark select`: matches written as fragments in any format, text one per line, errors as
/// one line.
@Suite struct SelectCommandTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    static let page = #"<h1>T</h1><ul><li>a <b>x</b></li><li>b</li></ul><table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table><p>see <a href="/u">the   link</a></p>"#

    @Test func textIsOneLinePerMatch() {
        let r = run(["select", "li, a", "-f", "html", "-t", "text"], stdin: Self.page)
        #expect(r.code == 0)
        #expect(r.out == "a x\nb\nthe link\n")
        #expect(r.err.isEmpty)
    }

    @Test func htmlFragmentsInDocumentOrder() {
        let r = run(["select", "a, li:first-child", "-f", "html"], stdin: Self.page)
        #expect(r.out == "<ul>\n<li>a <strong>x</strong></li>\n</ul>\n<a href=\"/u\">the link</a>\n")
    }

    @Test func cellsComeWithTheirRowAndTable() {
        let r = run(["select", "td:last-child", "-f", "html", "-t", "tree"], stdin: Self.page)
        #expect(r.out == "document\n  table alignments=none,none\n    tableRow\n      tableCell\n        text \"2\"\n")
    }

    @Test func markdownOutputAndInput() {
        let r = run(["select", "heading", "-t", "markdown"], stdin: "# One\n\ntext\n\n## Two *em*\n")
        #expect(r.out == "# One\n## Two *em*\n")
        let items = run(["select", "ol > li:nth-child(2)", "-t", "markdown"], stdin: "1. a\n2. b\n3. c\n")
        #expect(items.out == "2. b\n")
        let reversed = run(["select", "li:last-child", "-f", "html", "-t", "html"], stdin: "<ol reversed start=\"9\"><li>a<li>b</ol>")
        #expect(reversed.out == "<ol start=\"8\" reversed=\"\">\n<li>b</li>\n</ol>\n")
    }

    /// Standard input with no `--from` is sniffed as `convert` sniffs it: a page reads as HTML.
    @Test func standardInputIsSniffed() {
        let html = run(["select", "a"], stdin: "<!DOCTYPE html>\n<html><body><p>see <a href=\"/u\">x</a></p></body></html>\n")
        #expect(html.code == 0)
        #expect(html.out == "<a href=\"/u\">x</a>\n")
        let piped = run(["select", "li", "-t", "text"], stdin: "<ul><li>a</li><li>b</li></ul>")
        #expect(piped.out == "a\nb\n")
        let markdown = run(["select", "li", "-t", "text"], stdin: "- a\n- b\n")
        #expect(markdown.out == "a\nb\n")
    }

    @Test func noMatchWritesNothing() {
        let r = run(["select", "video", "-f", "html", "-t", "text"], stdin: Self.page)
        #expect(r.code == 0)
        #expect(r.out.isEmpty)
    }

    @Test func anInvalidSelectorIsOneLine() {
        let r = run(["select", "li >", "-f", "html"], stdin: Self.page)
        #expect(r.code == 1)
        #expect(r.err == "transmark: error: invalid selector 'li >' at offset 4: a selector is missing after the combinator\n")
        #expect(r.out.isEmpty)
    }

    @Test func theInputFormatComesFromTheExtension() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("transmark-select-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.html")
        try Data(Self.page.utf8).write(to: page)
        let out = dir.appendingPathComponent("cells.txt")
        let r = run(["select", "th", page.path, "-t", "text", "-o", out.path])
        #expect(r.code == 0)
        #expect(try String(contentsOf: out, encoding: .utf8) == "k\nv\n")
    }

    @Test func optionsReachTheBackend() {
        let r = run(["select", "p", "-f", "html", "-t", "html", "-O", "keepAttributes=false"],
                    stdin: #"<p class="c" id="i">x</p>"#)
        #expect(r.out == "<p id=\"i\">x</p>\n")
    }

    @Test func theLibraryFunctionsAgree() throws {
        let selector = try Selector("li")
        let fragments = try Registry.standard.select(Array(Self.page.utf8), from: "html", matching: selector, to: "markdown")
        #expect(fragments.map { String(decoding: $0, as: UTF8.self) } == ["- a **x**\n", "- b\n"])
        #expect(try Registry.standard.selectText(Array(Self.page.utf8), from: "html", matching: selector) == ["a x", "b"])
    }

    /// Each limit's error names what the user raises it with, where they are: the command's
    /// flags for `select`, the transform's option key inside `remove`, `unwrap` and `keep`; and
    /// raising it there lets the selector through.
    @Test func limitErrorsNameTheirFlagOrKey() {
        let big = (0 ..< 1_100).map { "p.c\($0)" }.joined(separator: ", ")
        let page = "<p class=c5>x</p><p>y</p>"
        var r = run(["select", big, "-f", "html", "-t", "text"], stdin: page)
        #expect(r.code != 0 && r.err.contains("--max-simple-selectors"), "\(r.err.suffix(200))")
        r = run(["select", "--max-simple-selectors", "3000", big, "-f", "html", "-t", "text"], stdin: page)
        #expect(r.code == 0 && r.out == "x\n")
        for action in ["remove", "unwrap", "keep"] {
            r = run(["convert", "-f", "html", "-t", "text", "--transform", action, "-O", "\(action).selector=\(big)"], stdin: page)
            #expect(r.code != 0 && r.err.contains("\(action).maxSimpleSelectors=N"), "\(action): \(r.err.suffix(200))")
            r = run(["convert", "-f", "html", "-t", "text", "--transform", action, "-O", "\(action).selector=\(big)",
                     "-O", "\(action).maxSimpleSelectors=3000"], stdin: page)
            #expect(r.code == 0 && r.out == (action == "remove" ? "y\n" : action == "keep" ? "x\n" : "x\n\ny\n"),
                    "\(action): \(r.out) \(r.err)")
        }
        let nested = String(repeating: "<blockquote>", count: 3_000) + "x"
        r = run(["select", "blockquote", "-f", "html", "-t", "html", "--max-output-bytes", "100000", "-O", "maxDepth=100000"], stdin: nested)
        #expect(r.code != 0 && r.err.contains("--max-output-bytes"), "\(r.err)")
    }
}
