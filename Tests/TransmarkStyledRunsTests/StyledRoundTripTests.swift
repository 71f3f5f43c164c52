import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkStyledRuns

/// Markdown → tree → styled-json → tree gives the original tree, up to the documented
/// exceptions, on every Markdown fixture and on the Markdown corpus.
@Suite struct StyledRoundTripTests {
    static let markdownFixtures: [Fixture] = ((try? FixtureSuite.discover()) ?? []).filter { $0.inputFormat == "markdown" && !$0.name.contains("/turndown") && !$0.name.hasSuffix("/commonmark") }

    static func check(_ original: Document, name: String) throws -> String? {
        let expected = original.normalizedForStyledRoundTrip()
        let read = try StyledReading.roundTrip(original).normalizedForStyledRoundTrip()
        if read == expected { return nil }
        return "\(name): the tree read back differs:\n" + TextDiff.describe(expected: expected.treeDump, actual: read.treeDump)
    }

    @Test(arguments: markdownFixtures)
    func markdownFixtureRoundTrips(_ fixture: Fixture) throws {
        let original = try StyledReading.parseMarkdown(Array(try Data(contentsOf: fixture.input)), options: fixture.options)
        if let problem = try Self.check(original, name: fixture.name) { Issue.record(Comment(rawValue: problem)) }
    }
}
