import Foundation
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// The command line's options for pages headed to language models: `--base-url`, `--metadata`,
/// JSON lines `url`, `--llms-txt`.
@Suite struct LLMReadyCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = BatchStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func baseURLResolvesLinksImagesAndSrcset() throws {
        let html = "<p><a href='../b/c.html'>c</a> <img src='i.png' srcset='i.png 1x, /j.png 2x' alt='i'></p>"
        let r = run(["convert", "-f", "html", "-t", "html", "--base-url", "https://site.example/a/page.html"], stdin: html)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains(#"href="https://site.example/b/c.html""#))
        #expect(r.out.contains(#"src="https://site.example/a/i.png""#))
        #expect(r.out.contains(#"srcset="https://site.example/a/i.png 1x, https://site.example/j.png 2x""#))
    }

    @Test func aBaseURLThatIsNotAbsoluteIsRefused() {
        let r = run(["convert", "-f", "html", "-t", "markdown", "--base-url", "/relative/path"], stdin: "<p>x</p>")
        #expect(r.code != 0)
        #expect(r.err.contains("--base-url must be an absolute URL"))
        #expect(r.out.isEmpty)
    }

    @Test func jsonLinesRecordsResolveAgainstTheirURLAndCarryMetadata() throws {
        let input = """
            {"id":1,"url":"https://a.example/x/","content":"<title>One</title><p><a href=\\"y\\">y</a></p>"}
            {"id":2,"url":"https://b.example/","content":"<p><a href=\\"z\\">z</a></p>"}
            {"id":3,"content":"<p><a href=\\"w\\">w</a></p>"}
            {"id":4,"url":"not absolute","content":"<p>x</p>"}
            """
        let r = run(["convert", "--jsonl", "-f", "html", "-t", "markdown", "--metadata"], stdin: input + "\n")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"id":1,"content":"[y](https://a.example/x/y)\n","metadata":{"title":"One","source":"https://a.example/x/"}}"#)
        #expect(lines[1] == #"{"id":2,"content":"[z](https://b.example/z)\n","metadata":{"source":"https://b.example/"}}"#)
        #expect(lines[2] == #"{"id":3,"content":"[w](w)\n","metadata":{}}"#)
        #expect(lines[3].contains(#""code":"invalid-record""#) && lines[3].contains("absolute URL"))
        // Without --metadata the records are as before.
        let plain = run(["convert", "--jsonl", "-f", "html", "-t", "markdown"], stdin: #"{"id":1,"content":"<title>T</title><p>x</p>"}"# + "\n")
        #expect(plain.out == #"{"id":1,"content":"x\n"}"# + "\n")
    }

    @Test func llmsTextForAFolder() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/index.html", "<head><title>Home</title><meta name=description content='The site about things.'><meta property=og:site_name content='Things'></head><h1>Home</h1><p>Welcome.</p>")
        try scratch.write("in/guide/start.html", "<head><title>Start | Things</title><meta property=og:site_name content='Things'><meta name=description content='How to\nstart.'></head><p>Go <a href='../index.html'>home</a>.</p>")
        try scratch.write("in/guide/no title.md", "Just text.\n")
        let r = run(["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--llms-txt",
                     "--base-url", "https://things.example/", "--jobs", "2"])
        #expect(r.code == 0, "\(r.err)")
        #expect(scratch.files("out") == ["guide/no title.md", "guide/start.md", "index.md", "llms-full.txt", "llms.txt"])
        #expect(try scratch.read("out/llms.txt") == """
            # Things

            > The site about things.

            ## Pages

            - [Home](index.md): The site about things.

            ## guide

            - [no title](guide/no%20title.md)
            - [Start](guide/start.md): How to start.

            """)
        let full = try scratch.read("out/llms-full.txt")
        #expect(full.hasPrefix("# Things\n\n> The site about things.\n\n---\n\nSource: index.md\n\n# Home\n\nWelcome.\n\n---\n\nSource: guide/no%20title.md\n\nJust text.\n"))
        #expect(full.contains("Source: guide/start.md\n\nGo [home](https://things.example/index.html).\n"))
        // Each page resolved against its own address.
        #expect(try scratch.read("out/guide/start.md") == "Go [home](https://things.example/index.html).\n")
    }

    @Test func llmsTextNeedsAFolderAndMarkdown() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/a.html", "<p>a</p>")
        let single = run(["convert", scratch.path + "/in/a.html", "-t", "markdown", "--llms-txt"])
        #expect(single.code != 0 && single.err.contains("folder mode"))
        let html = run(["convert", scratch.path + "/in", "-t", "html", "-o", scratch.path + "/out", "--llms-txt"])
        #expect(html.code != 0 && html.err.contains("-t markdown"))
    }

    @Test func theRecipeOnARealPage() throws {
        let page = TestPaths.corpus("web").appendingPathComponent("Goldziher__html-to-markdown__test_documents__html__issues__gh-166-tags-reuters.html")
        let r = run(["convert", page.path, "-t", "markdown", "--base-url", "https://www.reuters.com/business/x/",
                     "--transform", "main-content", "--transform", "clean-urls",
                     "-O", "frontMatter=true", "-O", "linkStyle=citations", "-O", "images=end"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("---\ntitle: Waymo's San Francisco outage raises doubts over robotaxi readiness during crises\n"))
        #expect(r.out.contains("\nsource: https://www.reuters.com/business/x/\n"))
        #expect(!r.out.contains("utm_"))
        // No inline link or image is left in the text: only the image list at the end has `](`.
        #expect(r.out.split(separator: "\n").allSatisfy { !$0.contains("](") || $0.hasPrefix("![") })
        #expect(r.out.contains("\n[1]: https://"))
    }
}
