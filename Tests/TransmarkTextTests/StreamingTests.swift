import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkText

/// The text and ANSI backends hand their output over in pieces; joined, the pieces are exactly
/// the whole render.
@Suite("Streaming output")
struct StreamingTests {
    static let registry = Registry().adding(MarkdownFrontend()).adding(TextBackend()).adding(ANSIBackend())
        .adding(HTMLBackend())

    static func document() throws -> Document {
        let data = try Data(contentsOf: TestPaths.corpus("corpus.md"))
        var end = min(data.count, 2_500_000)
        while end < data.count && data[end - 1] != 0x0A { end += 1 }
        return try MarkdownFrontend().parse(String(decoding: data.prefix(end), as: UTF8.self), options: .init())
    }

    @Test("Pieces joined equal the whole output", arguments: ["text", "ansi"])
    func piecesEqualWhole(format: String) throws {
        let document = try Self.document()
        let backend = try Self.registry.backend(named: format)
        let options: [(key: String, value: String)] = format == "ansi" ? [("color", "always"), ("colors", "256")] : []
        let whole = try backend.render(document, options: options)
        var joined: [UInt8] = []
        var pieces = 0
        try backend.render(document, options: options) { piece in
            joined.append(contentsOf: piece)
            pieces += 1
        }
        #expect(whole.count > 2 << 20)
        #expect(pieces > 1)
        #expect(joined == whole)
    }

    @Test("A backend that does not stream hands over one piece")
    func oneShotBackend() throws {
        let document = try Self.document()
        let backend = try Self.registry.backend(named: "html")
        var pieces: [[UInt8]] = []
        try backend.render(document) { pieces.append(Array($0)) }
        #expect(pieces.count == 1)
        #expect(pieces.first == (try backend.render(document)))
    }

    @Test("Converting with a writer gives what converting returns")
    func registryConversion() throws {
        let markdown = Array("# Title\n\nSome *text* and a [link](https://example.com).\n".utf8)
        var first = markdown
        let returned = try Self.registry.convert(releasing: &first, from: "markdown", to: "ansi",
                                                     options: ConversionOptions([("color", "always")]))
        var second = markdown
        var written: [UInt8] = []
        try Self.registry.convert(releasing: &second, from: "markdown", to: "ansi",
                                      options: ConversionOptions([("color", "always")])) { written.append(contentsOf: $0) }
        #expect(written == returned)
        #expect(second.isEmpty)
    }
}
