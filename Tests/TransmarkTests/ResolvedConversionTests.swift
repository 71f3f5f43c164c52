import Foundation
import Testing
import Transmark
import TransmarkCLI

/// A conversion resolved once (`Registry.conversion(from:to:options:)`, `Conversion(frontend:…)`)
/// converts like `Registry.convert`, raises its option errors before any input, and carries typed
/// options registered with a format into the registry and the command line.
@Suite struct ResolvedConversionTests {
    static let pages = [
        "<h1>Title</h1><p>Some <b>bold</b> text and <a href=\"/x\">a link</a>.</p>",
        "<ul><li>one</li><li>two <i>more</i></li></ul><table><tr><th>a</th></tr><tr><td>1</td></tr></table>",
        "<blockquote><p>quoted &amp; escaped *stars*</p></blockquote><pre><code class=\"language-swift\">let x = 1</code></pre>",
    ]

    @Test func oneConversionConvertsManyInputsLikeConvert() throws {
        let options = ConversionOptions([(key: "lineWidth", value: "20"), (key: "headingStyle", value: "setext")])
        let conversion = try Registry.standard.conversion(from: "html", to: "markdown", options: options)
        #expect(conversion.source.name == "html")
        #expect(conversion.target.name == "markdown")
        for page in Self.pages {
            let once = try conversion.convert(page)
            let each = try Registry.standard.convert(page, from: "html", to: "markdown", options: options)
            #expect(once == each)
            var bytes = Array(page.utf8)
            #expect(try conversion.convert(releasing: &bytes) == Array(each.utf8))
            #expect(bytes.isEmpty)
        }
        #expect(try conversion.convert(Self.pages[0]).hasPrefix("Title\n====="))
    }

    @Test func transformsAreResolvedWithTheirOptions() throws {
        let conversion = try Registry.standard.conversion(from: "markdown", to: "markdown",
                                                          transforms: ["shift-headings:by=2"])
        #expect(conversion.transformNames == ["shift-headings"])
        #expect(try conversion.convert("# A\n\n## B\n") == "### A\n\n#### B\n")
    }

    @Test func errorsComeBeforeAnyInput() {
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.conversion(from: "html", to: "markdown", options: ConversionOptions([(key: "nonsense", value: "1")]))
        }
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.conversion(from: "html", to: "markdown", options: ConversionOptions([(key: "lineWidth", value: "wide")]))
        }
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.conversion(from: "html", to: "nope")
        }
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.conversion(from: "html", to: "markdown", transforms: ["no-such-transform"])
        }
    }

    /// `<callout>` mapped to a strong span: a mapping no `-O` key can express.
    static var calloutRegistry: Registry {
        var html = HTMLFrontend.Options()
        html.tagRegistry = HTMLTagRegistry.standard.setting(.node(.strong), for: "callout")
        return Registry.standard.adding(HTMLFrontend(options: html))
    }

    @Test func typedOptionsRegisteredWithAFormatReachEveryConversion() throws {
        let input = "<p>Read <callout>this</callout> first</p>"
        #expect(try Registry.standard.convert(input, from: "html", to: "markdown") == "Read this first\n")
        let registry = Self.calloutRegistry
        #expect(try registry.convert(input, from: "html", to: "markdown") == "Read **this** first\n")
        // Options set by key apply over the registered ones, which stay.
        let hidden = "<p><callout>a</callout><span hidden>b</span></p>"
        #expect(try registry.convert(hidden, from: "html", to: "markdown",
                                     options: ConversionOptions([(key: "keepHidden", value: "true")])) == "**a**b\n")
        // A batch of inputs resolved once.
        let conversion = try registry.conversion(from: "html", to: "text")
        let results = Array(registry.convertAll([BatchInput(Array(input.utf8), conversion: conversion, label: "a"),
                                                 BatchInput(Array(hidden.utf8), conversion: conversion, label: "b")],
                                                maxConcurrency: 2))
        #expect(results.map(\.label) == ["a", "b"])
        #expect(results.compactMap { try? $0.output.get() }.map { String(decoding: $0, as: UTF8.self) } == ["Read this first\n", "a\n"])
    }

    @Test func typedOptionsReachTheCommandLine() throws {
        let streams = CapturedStreams(stdin: "<p>Read <callout>this</callout></p>")
        let code = CommandLineTool.run(arguments: ["convert", "-f", "html", "-t", "markdown"],
                                       registry: Self.calloutRegistry, environment: streams.environment)
        #expect(code == 0)
        #expect(streams.output == "Read **this**\n")
        let lines = CapturedStreams(stdin: "{\"id\":1,\"content\":\"<p><callout>x</callout></p>\"}\n{\"id\":2,\"content\":\"y\",\"from\":\"nope\"}\n")
        let jsonl = CommandLineTool.run(arguments: ["convert", "--jsonl", "-f", "html", "-t", "markdown"],
                                        registry: Self.calloutRegistry, environment: lines.environment)
        #expect(jsonl == 0)
        let records = lines.output.split(separator: "\n").map(String.init)
        #expect(records.count == 2)
        #expect(records.first == "{\"id\":1,\"content\":\"**x**\\n\"}")
        // A record whose format is unknown keeps its id on the error record.
        #expect(records.last?.hasPrefix("{\"id\":2,\"error\":{\"code\":\"unknown-format\"") == true)
    }

    @Test func typedConversionWithoutARegistry() throws {
        var markdown = MarkdownBackend.Options()
        markdown.headingStyle = .setext
        let conversion = Conversion(frontend: HTMLFrontend(), transforms: [ShiftHeadingsTransform(options: .init(by: 1))],
                                    backend: MarkdownBackend(options: markdown))
        #expect(conversion.transformNames == ["shift-headings"])
        #expect(try conversion.convert("<h1>A</h1><p>b</p>") == "A\n---\n\nb\n")
        let document = try conversion.document(from: Array("<h1>A</h1>".utf8))
        #expect(String(decoding: try conversion.render(document), as: UTF8.self) == "A\n---\n")
    }

    @Test func resolvedConversionIsSendableAcrossThreads() async throws {
        let conversion = try Registry.standard.conversion(from: "markdown", to: "html")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<8 { group.addTask { try conversion.convert("*\(i)*") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outputs) == Set((0..<8).map { "<p><em>\($0)</em></p>\n" }))
    }
}
