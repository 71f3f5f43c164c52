import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// libcmark-gfm is not re-entrant; the frontend serializes calls into it. The same document
/// converted on 8 tasks at once, 200 times each, must give byte-identical output every time.
@Suite struct ConcurrencyTests {
    @Test func parallelConversionsAreIdentical() async throws {
        // A document that exercises strikethrough and autolinks (the extensions that rewrite the
        // library's global special-character table) along with everything else.
        let examples = try SpecExample.load("gfm_spec.json").prefix(400).map(\.markdown).joined(separator: "\n\n")
        let markdown = examples + "\n\n~~gone~~ www.example.com *a* | b\n|-|-|\n| c | d |\n"
        let expected = try transmarkHTML(markdown, extensions: MarkdownExtension.allCases.map(\.rawValue), footnotes: true)
        let outputs = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var results: [String] = []
                    for i in 0..<200 {
                        // Alternate extension sets so the library's global table is rewritten between parses.
                        if (i + task) % 2 == 0 {
                            results.append(try transmarkHTML(markdown, extensions: MarkdownExtension.allCases.map(\.rawValue), footnotes: true))
                        } else {
                            let other = try transmarkHTML("plain *text* ~x~", extensions: [], footnotes: false)
                            #expect(other == "<p>plain <em>text</em> ~x~</p>\n")
                            results.append(try transmarkHTML(markdown, extensions: MarkdownExtension.allCases.map(\.rawValue), footnotes: true))
                        }
                    }
                    return results
                }
            }
            var all: [String] = []
            for try await batch in group { all += batch }
            return all
        }
        #expect(outputs.count == 1600)
        #expect(outputs.allSatisfy { $0 == expected })
    }
}
