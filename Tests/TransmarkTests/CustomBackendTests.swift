import Foundation
import Synchronization
import Testing
import Transmark
import TransmarkCLI

// MARK: A backend defined outside Sources/, as a user would in their own package.

/// Writes every heading as an outline line: `#` per level, then the heading text.
// README-BEGIN outline
struct OutlineBackend: Backend {
    struct Options: FormatOptions {
        var marker = "#"
        init() {}
        static var optionSpecs: [OptionSpec<Options>] {
            [.string("marker", \.marker, summary: "the character repeated per heading level")]
        }
    }

    var format: FormatDescriptor {
        FormatDescriptor(name: "outline", fileExtensions: ["outline"], mediaType: "text/plain",
                         summary: "the headings of a document")
    }

    func render(_ document: Document, options: Options) throws -> [UInt8] {
        var outline = Outline(marker: options.marker)
        outline.visit(document)
        return Array(outline.text.utf8)
    }
}

/// Walks a document and writes a line per heading; every other kind is walked through.
struct Outline: MarkupVisitor {
    let marker: String
    var text = ""

    mutating func visitHeading(_ node: Node, level: Int) -> WalkAction {
        text += String(repeating: marker, count: level) + " " + node.plainText + "\n"
        return .skipChildren   // its text is written already
    }

    mutating func visitParagraph(_ node: Node) -> WalkAction {
        .skipChildren          // no heading is ever inside one
    }
}
// README-END outline

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

@Suite struct CustomBackendTests {
    static let markdown = "# Guide\n\nIntro.\n\n## Install *it*\n\n### Linux\n"

    @Test func libraryAPI() throws {
        let registry = Registry.standard.adding(OutlineBackend())
        let outline = try registry.convert(Self.markdown, from: "markdown", to: "outline")
        #expect(outline == "# Guide\n## Install it\n### Linux\n")
        let dashed = try registry.convert(Self.markdown, from: "markdown", to: "outline",
                                          options: ConversionOptions(["marker": "-"]))
        #expect(dashed == "- Guide\n-- Install it\n--- Linux\n")
    }

    @Test func headingsInsideOtherBlocksAreFound() throws {
        let registry = Registry.standard.adding(OutlineBackend())
        let outline = try registry.convert("> ## Quoted *one*\n\n- ### In a list\n\nText with # no heading\n",
                                           from: "markdown", to: "outline")
        #expect(outline == "## Quoted one\n### In a list\n")
    }

    @Test func commandLinePath() throws {
        let registry = Registry.standard.adding(OutlineBackend())
        let streams = CapturedStreams(stdin: Self.markdown)
        let code = CommandLineTool.run(arguments: ["convert", "-f", "markdown", "-t", "outline", "--option", "marker=>"],
                                       registry: registry, environment: streams.environment)
        #expect(code == 0)
        #expect(streams.output == "> Guide\n>> Install it\n>>> Linux\n")
        #expect(streams.errors.isEmpty)

        let listing = CapturedStreams()
        #expect(CommandLineTool.run(arguments: ["formats"], registry: registry, environment: listing.environment) == 0)
        #expect(listing.output.contains("outline (write)"))
        #expect(listing.output.contains("marker=#"))
    }

    @Test func standardRegistryDoesNotKnowIt() {
        let streams = CapturedStreams(stdin: "# x")
        let code = CommandLineTool.run(arguments: ["convert", "-t", "outline"], registry: .standard, environment: streams.environment)
        #expect(code == 1)
        #expect(streams.errors == "transmark: error: unknown format 'outline' (known formats: ansi, chat, html, json-tree, markdown, styled-json, stylizer, swiftymarkdown, tagged, text, tree)\n")
        #expect(streams.output.isEmpty)
    }
}
