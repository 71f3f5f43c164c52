import Foundation
import Testing
import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

@Suite struct RobustnessTests {
    @Test func millionDeepDocumentConverts() throws {
        var b = DocumentBuilder(estimatedNodes: 1_000_002)
        b.open(.paragraph)
        for i in 0..<1_000_000 { b.open(i % 2 == 0 ? .strong : .emphasis) }
        b.text("deep")
        let s = StyledText(document: b.finish())
        #expect(s.text == "deep")
        #expect(s.runStyles.count == 1 && s.runStyles[0].traits == [.strong, .emphasis])
    }

    @Test func deepBlockQuotesAndListsConvert() {
        var b = DocumentBuilder()
        for _ in 0..<20_000 { b.open(.blockQuote) }
        for _ in 0..<20_000 { b.open(.list(.bullet)); b.open(.listItem(task: nil)) }
        b.text("x")
        let s = StyledText(document: b.finish())
        // Each outer item that holds only a list writes its marker as its own paragraph.
        #expect(s.text.hasPrefix("•\t\n◦\t\n▪\t\n") && s.text.hasSuffix("▪\tx"))
        #expect(s.paragraphs.count == 20_000)
        #expect(s.runStyles.last?.blockQuoteDepth == 20_000 && s.runStyles.last?.listLevel == 20_000)
        #expect((try? s.validate()) != nil)
    }

    @Test func outputIsByteIdenticalAcrossRunsAndThreads() async throws {
        let markdown = try String(contentsOf: TestPathsShim.fixture("styled/everything/input.md"), encoding: .utf8)
        let document = try MarkdownFrontend().parse(markdown)
        let first = try StyledJSONBackend().render(document, options: StyledTextOptions())
        let outputs = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { (try? StyledJSONBackend().render(document, options: StyledTextOptions())) ?? [] } }
            var all: [[UInt8]] = []
            for await o in group { all.append(o) }
            return all
        }
        #expect(outputs.allSatisfy { $0 == first })
    }

    @Test func numbersAndStringsAreWrittenDeterministically() {
        var out = ByteOutput()
        for v in [16.0, 13.6, -0.125, 0.1 + 0.2, 1e20, .nan] {
            StyledJSONWriter.writeNumber(v, into: &out)
            out.append(" ")
        }
        #expect(out.string == "16 13.6 -0.125 0.3 0 0 ")
        var s = ByteOutput()
        StyledJSONWriter.writeString("a\"\\\n\t\u{1}\u{2028}é", into: &s)
        #expect(s.string == "\"a\\\"\\\\\\n\\t\\u0001\\u2028é\"")
    }

    @Test func decoderRejectsRangesOutsideTheText() {
        let bad = #"{"version": 1, "unit": "utf16", "text": "ab", "runStyles": [{"font": {"family": "system", "size": 16, "weight": 400, "italic": false}}], "runs": [{"location": 0, "length": 5, "style": 0}], "paragraphStyles": [], "paragraphs": [], "attachments": []}"#
        #expect(throws: (any Error).self) { try StyledText(json: bad) }
    }
}

enum TestPathsShim {
    static func fixture(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(path)
    }
}
