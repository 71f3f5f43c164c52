import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkStyledRuns

/// Every `Fixtures/styled/*` case: the expectation decodes into an equal `StyledText`, is valid
/// against the JSON schema, re-encodes byte for byte, survives the `AttributedString` round trip,
/// and holds every visible character of the input in order.
@Suite struct StyledFixtureTests {
    static let fixtures: [Fixture] = ((try? FixtureSuite.discover()) ?? []).filter { $0.name.hasPrefix("styled/") }
    nonisolated(unsafe) static let schema = try! JSONSchemaSubset(url: TestPaths.packageRoot.appendingPathComponent("Schemas/styled-text.schema.json"))

    @Test func thereAreAtLeastFortyFixtures() {
        #expect(Self.fixtures.count >= 40)
    }

    static func layout(_ fixture: Fixture) throws -> (Document, StyledText) {
        let input = Array(try Data(contentsOf: fixture.input))
        let document = fixture.inputFormat == "html" ? try HTMLFrontend().parse(input) : try MarkdownFrontend().parse(input)
        var options = StyledTextOptions()
        for (key, value) in fixture.options where StyledTextOptions.accepts(key) { try options.set(key, to: value) }
        return (document, StyledText(document: document, options: options))
    }

    @Test(arguments: fixtures)
    func expectationRoundTrips(_ fixture: Fixture) throws {
        let (_, styled) = try Self.layout(fixture)
        let expectedURL = fixture.directory.appendingPathComponent("expected.styled.json")
        let expected = Array(try Data(contentsOf: expectedURL))
        let decoded = try StyledText(json: expected)
        #expect(decoded == styled)
        #expect(decoded.jsonBytes == expected)
        #expect(StyledText(AttributedString(decoded), unit: decoded.unit) == decoded)
        let problems = Self.schema.validate(try JSONSerialization.jsonObject(with: Data(expected)))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        try decoded.validate()
    }

    @Test(arguments: fixtures)
    func everyVisibleCharacterIsInTheTextInOrder(_ fixture: Fixture) throws {
        let (document, styled) = try Self.layout(fixture)
        let text = Array(styled.text.unicodeScalars)
        var position = 0
        let rawHTML = fixture.options.contains { $0.key == "rawHTML" && $0.value == "text" }
        for case .enter(let node) in document.events() {
            switch node.tag {
            case .text, .code, .codeBlock: break
            case .htmlInline, .htmlBlock: if !rawHTML { continue }
            default: continue
            }
            var ancestor = node.parent
            var insideImage = false
            while let a = ancestor, !insideImage {
                insideImage = a.tag == .image
                ancestor = a.parent
            }
            if insideImage { continue }
            for scalar in node.text.unicodeScalars where scalar != "\n" {
                while position < text.count && text[position] != scalar { position += 1 }
                #expect(position < text.count, "\(fixture.name): \(scalar) of \(node.text.debugDescription) missing")
                if position == text.count { return }
                position += 1
            }
        }
    }
}
