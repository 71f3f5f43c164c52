import Foundation
import Testing
import TestSupport
@testable import TransmarkMarkdown

/// The recorded `expected.html` of the Markdown fixtures is not just our own output played back:
/// it must equal libcmark-gfm's own HTML renderer on the same input and options.
@Suite struct FixtureOracleTests {
    @Test func expectedHTMLEqualsLibcmarkRenderer() throws {
        var compared = 0
        for fixture in try FixtureSuite.discover() where fixture.inputFormat == "markdown" {
            guard let expectedFile = fixture.expectations.first(where: { $0.format == "html" })?.file else { continue }
            var extensions = MarkdownExtension.allCases.map(\.rawValue)
            var footnotes = true
            var unsafe = false
            var smart = false
            for (key, value) in fixture.options {
                switch key {
                case "extensions": extensions = value.split(separator: ",").map(String.init)
                case "footnotes": footnotes = value == "true"
                case "html.unsafe", "unsafe": unsafe = value == "true"
                case "smart": smart = value == "true"
                default: Issue.record("\(fixture): option \(key) not understood by this test")
                }
            }
            guard !smart else { continue } // the oracle helper does not take smart punctuation
            let markdown = try String(contentsOf: fixture.input, encoding: .utf8)
            let expected = try String(contentsOf: expectedFile, encoding: .utf8)
            #expect(expected == cmarkReferenceHTML(markdown, extensions: extensions, footnotes: footnotes, unsafe: unsafe), "\(fixture)")
            compared += 1
        }
        #expect(compared >= 25)
    }
}
