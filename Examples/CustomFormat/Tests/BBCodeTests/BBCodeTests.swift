import BBCode
import Foundation
import Synchronization
import Testing
import Transmark
import TransmarkCLI

@Suite struct BBCodeReadingTests {
    func html(_ bbcode: String, _ options: [String: String] = [:]) throws -> String {
        try BBCode.registry.convert(bbcode, from: "bbcode", to: "html", options: ConversionOptions(options))
    }

    @Test func inlineTags() throws {
        #expect(try html("[b]bold[/b], [i]italic[/i], [u]under[/u], [s]gone[/s], x[sup]2[/sup] H[sub]2[/sub]O")
                == "<p><strong>bold</strong>, <em>italic</em>, <u>under</u>, <del>gone</del>, x<sup>2</sup> H<sub>2</sub>O</p>\n")
        #expect(try html("[URL=https://example.org]a [B]site[/B][/URL] and [url]https://swift.org[/url]")
                == "<p><a href=\"https://example.org\">a <strong>site</strong></a> and <a href=\"https://swift.org\">https://swift.org</a></p>\n")
        #expect(try html("[img]https://example.org/cat.png[/img]") == "<p><img src=\"https://example.org/cat.png\" alt=\"\" /></p>\n")
        #expect(try html("Use [icode]let x = [1][/icode] here") == "<p>Use <code>let x = [1]</code> here</p>\n")
    }

    @Test func blocks() throws {
        let input = "[h2]News[/h2]\nFirst line\nsecond line\n\nNext paragraph\n[quote=Ann]Quoted [b]text[/b][/quote]\n[list=1]\n[*]one\n[*]two\n[/list]\n[code=swift]\nlet a = \"[b]\"\n[/code]\n[hr]"
        #expect(try html(input) == """
            <h2>News</h2>
            <p>First line<br />
            second line</p>
            <p>Next paragraph</p>
            <blockquote data-author="Ann">
            <p>Quoted <strong>text</strong></p>
            </blockquote>
            <ol>
            <li>one</li>
            <li>two</li>
            </ol>
            <pre><code class="language-swift">let a = &quot;[b]&quot;
            </code></pre>
            <hr />

            """)
    }

    @Test func colors() throws {
        let document = try BBCode.registry.parse(Array("[color=red]warm[/color]".utf8), from: "bbcode")
        let span = try #require(document.select("span").first)
        #expect(span.style?.color == .rgba(RGBAColor(red: 255, green: 0, blue: 0)))
    }

    @Test func whatIsNotATagStaysText() throws {
        #expect(try html("[b]never closed") == "<p>[b]never closed</p>\n")
        #expect(try html("closed [/i] only") == "<p>closed [/i] only</p>\n")
        #expect(try html("[foo]unknown[/foo] and a[0] and [b") == "<p>[foo]unknown[/foo] and a[0] and [b</p>\n")
        #expect(try html("[noparse][b]literal[/b][/noparse]") == "<p>[b]literal[/b]</p>\n")
        #expect(try html("[*] no list") == "<p>[*] no list</p>\n")
        // A closing tag closes what was opened inside it; a later stray one is text.
        #expect(try html("[b]x[i]y[/b]z[/i]") == "<p><strong>x<em>y</em></strong>z[/i]</p>\n")
        // A blank line ends a paragraph; the open inline tags go on in the next one.
        #expect(try html("[b]one\n\ntwo[/b] three") == "<p><strong>one</strong></p>\n<p><strong>two</strong> three</p>\n")
    }

    @Test func anyInputIsReadWithoutRecursionOrLoss() throws {
        let deep = String(repeating: "[quote]", count: 100_000) + "deep" + String(repeating: "[/quote]", count: 100_000)
        let document = try BBCode.registry.parse(Array(deep.utf8), from: "bbcode")
        #expect(document.root.plainText.contains("deep"))
        let brackets = String(repeating: "[", count: 200_000) + String(repeating: "[code]", count: 20_000)
        let text = try BBCode.registry.convert(brackets, from: "bbcode", to: "text", options: ConversionOptions(["width": "0"]))
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == brackets)
        #expect(try html("a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
    }
}

@Suite struct BBCodeWritingTests {
    func bbcode(_ markdown: String, from source: String = "markdown", _ options: [String: String] = [:]) throws -> String {
        try BBCode.registry.convert(markdown, from: source, to: "bbcode", options: ConversionOptions(options))
    }

    @Test func markdownToBBCode() throws {
        let markdown = """
            # Release *2.0*

            It is **out**: see [the notes](https://example.org/notes), ~~old~~ `code [b]`.

            > Quoted
            > twice

            1. one
            2. two

            ```swift
            let x = 1
            ```

            ---

            ![cat](https://example.org/cat.png) and <https://swift.org>
            """
        #expect(try bbcode(markdown) == """
            [h1]Release [i]2.0[/i][/h1]

            It is [b]out[/b]: see [url=https://example.org/notes]the notes[/url], [s]old[/s] [icode]code [b][/icode].

            [quote]
            Quoted twice
            [/quote]

            [list=1]
            [*]one
            [*]two
            [/list]

            [code=swift]
            let x = 1
            [/code]

            [hr]

            [img]https://example.org/cat.png[/img] and [url]https://swift.org[/url]

            """)
    }

    @Test func textThatLooksLikeATagIsEscaped() throws {
        let written = try bbcode("<p>Type [b] for bold, [url=x] for links; a[0] stays.</p>", from: "html")
        #expect(written == "Type [noparse][[/noparse]b] for bold, [noparse][[/noparse]url=x] for links; a[0] stays.\n")
        #expect(try BBCode.registry.convert(written, from: "bbcode", to: "html")
                == "<p>Type [b] for bold, [url=x] for links; a[0] stays.</p>\n")
    }

    @Test func rawHTMLFollowsItsOption() throws {
        #expect(try bbcode("a <kbd>b</kbd> c") == "a b c\n")
        #expect(try bbcode("a <kbd>b</kbd> c", ["rawHTML": "text"]) == "a <kbd>b</kbd> c\n")
        #expect(throws: TransmarkError.self) { try bbcode("x", ["bbcode.rawHTML": "keep"]) }
    }

    @Test func roundTrip() throws {
        let input = """
            [h2]Title[/h2]

            A [b]bold[/b] [url=https://example.org]link[/url] and [color=#d02020]red[/color].
            Second line.

            [quote=Ann]
            Quoted
            [/quote]

            [list]
            [*]one
            [*]two [i]more[/i]
            [/list]

            [code]
            a [b] c
            [/code]

            """
        let document = try BBCode.registry.parse(Array(input.utf8), from: "bbcode")
        #expect(try BBCodeBackend().renderString(document) == input)
    }
}

@Suite struct EmoticonsTransformTests {
    @Test func emoticonsBecomeEmojiOutsideCode() throws {
        let options = ConversionOptions(transforms: ["emoticons"])
        #expect(try BBCode.registry.convert("[b]Thanks :)[/b] <3 ;-) [icode]:)[/icode] a:Path", from: "bbcode", to: "bbcode", options: options)
                == "[b]Thanks 🙂[/b] ❤️ 😉 [icode]:)[/icode] a:Path\n")
        let noNoses = ConversionOptions(["emoticons.noses": "false"], transforms: ["emoticons"])
        #expect(try BBCode.registry.convert("hi :-) :)", from: "markdown", to: "markdown", options: noNoses) == "hi :-) 🙂\n")
    }
}

/// Captures what the command writes.
final class CapturedStreams: Sendable {
    let stdout = Mutex<[UInt8]>([])
    let stderr = Mutex<String>("")
    let stdin: [UInt8]

    init(stdin: String = "") { self.stdin = Array(stdin.utf8) }

    var environment: CommandEnvironment {
        CommandEnvironment(
            readStandardInput: { [stdin] in stdin },
            writeStandardOutput: { bytes in self.stdout.withLock { $0 += bytes } },
            writeStandardError: { text in self.stderr.withLock { $0 += text } },
            terminalWidth: { nil })
    }

    var output: String { String(decoding: stdout.withLock { $0 }, as: UTF8.self) }
    var errors: String { stderr.withLock { $0 } }
}

@Suite struct BBCodeCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, output: String, errors: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: BBCode.registry, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func convertsToAndFromBBCode() throws {
        let toBB = run(["convert", "-f", "markdown", "-t", "bbcode"], stdin: "Hi **there** :)")
        #expect(toBB.code == 0)
        #expect(toBB.output == "Hi [b]there[/b] :)\n")
        let fromBB = run(["convert", "-f", "bb", "-t", "markdown", "--transform", "emoticons"], stdin: "Hi [i]there[/i] :)")
        #expect(fromBB.code == 0)
        #expect(fromBB.output == "Hi *there* 🙂\n")
    }

    @Test func filesAndExtensions() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bbcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appending(path: "post.bbcode")
        try Data("[quote]Hello[/quote]".utf8).write(to: input)
        let output = folder.appending(path: "post.md")
        let result = run(["convert", input.path, "-o", output.path])
        #expect(result.code == 0, "\(result.errors)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "> Hello\n")
    }

    @Test func formatsListBBCodeAndItsOptions() {
        let result = run(["formats"])
        #expect(result.code == 0)
        #expect(result.output.contains("bbcode (read, write)"))
        #expect(result.output.contains("rawHTML"))
        #expect(result.output.contains("maxDepth"))
    }

    @Test func badOptionsAreOneLineErrors() {
        let result = run(["convert", "-f", "bbcode", "-t", "bbcode", "-O", "bbcode.rawHTML=keep"], stdin: "x")
        #expect(result.code != 0)
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(result.output.isEmpty)
    }
}
