import Testing
import TestSupport
import TransmarkHTML
@testable import TransmarkCore
@testable import TransmarkStyledRuns

/// `styled-json` as a streaming backend: the pieces joined are exactly the whole output, the
/// text string is cut only between characters, and the document is given up before writing.
@Suite("Streamed styled JSON")
struct StreamingJSONTests {
    /// Paragraphs of text with multi-byte characters and line separators at every offset, so
    /// that the one-megabyte slices of the text end next to them.
    static func largeHTML() -> String {
        var html = ""
        let words = ["plain", "é", "日本語", "🙂", "\u{2028}", "\"q\"", "a\\b", "<b>bold</b>", "<a href=\"/u\">link</a>"]
        var generator = SeededGenerator(seed: 7)
        while html.utf8.count < 2_600_000 {
            html += "<p>"
            for _ in 0 ..< 40 { html += words[Int(generator.next() % UInt64(words.count))] + " " }
            html += "</p>\n"
        }
        return html
    }

    static func streamed(_ document: Document) throws -> (bytes: [UInt8], pieces: Int) {
        var bytes: [UInt8] = []
        var pieces = 0
        try StyledJSONBackend().render(document, options: StyledTextOptions()) { piece in
            bytes.append(contentsOf: piece)
            pieces += 1
        }
        return (bytes, pieces)
    }

    @Test func piecesJoinedAreTheWholeOutput() throws {
        let document = try HTMLFrontend().parse(Self.largeHTML())
        let whole = try StyledJSONBackend().render(document, options: StyledTextOptions())
        let (joined, pieces) = try Self.streamed(document)
        #expect(pieces > 2)
        #expect(joined == whole)
    }

    @Test func smallDocumentsStreamAsOnePieceEqualToTheWhole() throws {
        for html in ["", "x", "<table><tr><td>a<td>b</table>", "<ul><li>one<li><img src=a alt=b></ul>"] {
            let document = try HTMLFrontend().parse(html)
            let (joined, pieces) = try Self.streamed(document)
            #expect(pieces == 1)
            #expect(joined == (try StyledJSONBackend().render(document, options: StyledTextOptions())))
        }
    }

    @Test func theDocumentIsFreedBeforeTheFirstPiece() throws {
        weak var storage: DocumentStorage?
        var freedBeforeFirstPiece: Bool?
        let document = try HTMLFrontend().parse("<p>Some <b>text</b> and a <a href=\"/x\">link</a>.</p>")
        storage = document.storage
        #expect(storage != nil)
        try StyledJSONBackend().render(consuming: consume document, options: StyledTextOptions()) { _ in
            if freedBeforeFirstPiece == nil { freedBeforeFirstPiece = storage == nil }
        }
        #expect(freedBeforeFirstPiece == true)
    }

    /// A tree holding invalid UTF-8 (a frontend of the caller's may build one) takes the
    /// repairing layout, streamed or not, and the JSON is valid UTF-8 with U+FFFD in its place.
    @Test func invalidUTF8InTheTreeIsRepairedWhenStreaming() throws {
        func document() -> Document {
            var builder = DocumentBuilder()
            builder.open(.paragraph)
            [UInt8]([0x61, 0xFF, 0x62, 0xE2, 0x82]).withUnsafeBufferPointer { builder.text(bytes: $0) }
            builder.close()
            return builder.finish()
        }
        let repaired = StyledText(document: document()).jsonBytes
        var joined: [UInt8] = []
        try StyledJSONBackend().render(consuming: document(), options: StyledTextOptions()) { joined.append(contentsOf: $0) }
        #expect(joined == repaired)
        #expect(try StyledJSONBackend().render(document(), options: StyledTextOptions()) == repaired)
        let text = try #require(String(validating: joined, as: UTF8.self))
        #expect(text.contains("a\u{FFFD}b\u{FFFD}"))
    }

    @Test func theRegistryStreamsStyledJSON() throws {
        let registry = Registry().adding(HTMLFrontend()).adding(StyledJSONBackend())
        var input = Array("<h1>Title</h1><p>text</p>".utf8)
        let expected = try registry.convert(input, from: "html", to: "styled-json")
        var joined: [UInt8] = []
        try registry.convert(releasing: &input, from: "html", to: "styled-json") { joined.append(contentsOf: $0) }
        #expect(joined == expected)
        #expect(input.isEmpty)
    }
}
