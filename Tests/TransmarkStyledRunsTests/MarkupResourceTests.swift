import Foundation
import Testing
import TransmarkCore
import TransmarkStyledRuns

/// `MarkupResource`, what the TransmarkResources plugin's generated code holds (the plugin itself
/// is tested in Examples/BundledMarkup by scripts/test-examples.sh).
@Suite struct MarkupResourceTests {
    @Test func decodesTheEmbeddedStyledJSONOnceAndKeepsIt() throws {
        let styled = try Styled.markdown("# Hi\n\nSome **bold** text.\n")
        let resource = MarkupResource(name: "welcome", sourcePath: "welcome.md",
                                      html: "<h1>Hi</h1>\n", styledJSON: styled.json)
        #expect(resource.name == "welcome" && resource.sourcePath == "welcome.md")
        #expect(resource.html == "<h1>Hi</h1>\n")
        #expect(resource.styledText == styled)
        #expect(try resource.decodeStyledText() == styled)
        let copies = (0..<100).map { _ in resource.styledText }
        #expect(copies.allSatisfy { $0 == styled })
    }

    @Test func concurrentFirstReadsAgree() async throws {
        let styled = try Styled.markdown("A [link](https://example.org) and `code`.\n")
        let resource = MarkupResource(name: "page", sourcePath: "page.md", html: "", styledJSON: styled.json)
        let results = await withTaskGroup(of: StyledText.self) { group in
            for _ in 0..<16 { group.addTask { resource.styledText } }
            return await group.reduce(into: [StyledText]()) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 == styled })
    }

    @Test func malformedJSONThrowsFromTheThrowingForm() {
        let resource = MarkupResource(name: "broken", sourcePath: "broken.md", html: "", styledJSON: "{\"version\": 1")
        #expect(throws: (any Error).self) { try resource.decodeStyledText() }
    }
}
