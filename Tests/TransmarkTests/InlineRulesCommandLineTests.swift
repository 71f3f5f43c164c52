import Foundation
import Testing
import Transmark
import TransmarkCLI

/// The inline-rule presets and tagged strings on the command line.
@Suite struct InlineRulesCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func chatToHTML() {
        let r = run(["convert", "-f", "chat", "-t", "html"], stdin: "*hi* <https://x.org|there> :wave:\n")
        #expect(r.code == 0)
        #expect(r.out == "<p><strong>hi</strong> <a href=\"https://x.org\">there</a> :wave:</p>\n")
        #expect(r.err.isEmpty)
    }

    @Test func taggedToHTMLANSIAndMarkdown() {
        let input = "Hi <b>&lt;script&gt;Eve</b>, see <a href=\"https://x.org\">this</a>"
        #expect(run(["convert", "-f", "tagged", "-t", "html"], stdin: input).out
                == "<p>Hi <strong>&lt;script&gt;Eve</strong>, see <a href=\"https://x.org\">this</a></p>\n")
        #expect(run(["convert", "-f", "tagged", "-t", "markdown"], stdin: input).out
                == "Hi **\\<script>Eve**, see [this](https://x.org)\n")
        let ansi = run(["convert", "-f", "tagged", "-t", "ansi", "-O", "color=always"], stdin: input)
        #expect(ansi.code == 0)
        #expect(ansi.out.contains("\u{1B}[1m<script>Eve"))
    }

    @Test func formatsListsThePresetsAndTagged() {
        let r = run(["formats"])
        #expect(r.code == 0)
        for name in ["chat (read)", "swiftymarkdown (read)", "stylizer (read)", "tagged (read)", "unknownTags=keepChildren"] {
            #expect(r.out.contains(name), "\(name)")
        }
    }
}
