import Foundation
import Testing
import TestSupport
import Transmark

/// Runs every fixture under `Fixtures/` through every conversion it has an expectation for.
@Suite struct FixtureTests {
    static let fixtures: [Fixture] = (try? FixtureSuite.discover()) ?? []

    @Test func fixturesAreWellFormed() throws {
        let fixtures = try FixtureSuite.discover()
        #expect(fixtures.count >= 25)
    }

    @Test(arguments: fixtures)
    func fixture(_ fixture: Fixture) throws {
        let problems = try FixtureSuite.check(fixture, registry: .standard)
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// The Markdown fixtures together cover every node kind the Markdown frontend produces.
    @Test func markdownFixturesCoverEveryKind() throws {
        var seen = Set<NodeKind.Tag>()
        for fixture in try FixtureSuite.discover() where fixture.inputFormat == "markdown" {
            let input = Array(try Data(contentsOf: fixture.input))
            let document = try Registry.standard.parse(input, from: "markdown", options: fixture.options.filter { Registry.standard.formats.first { $0.format.name == "markdown" }!.readOptions.map(\.key).contains($0.key) })
            for case .enter(let node) in document.events() { seen.insert(node.tag) }
        }
        let produced: Set<NodeKind.Tag> = [
            .document, .paragraph, .heading, .blockQuote, .list, .listItem, .codeBlock, .htmlBlock,
            .thematicBreak, .table, .tableRow, .tableCell, .footnoteDefinition, .text, .softBreak,
            .lineBreak, .emphasis, .strong, .strikethrough, .code, .link, .image, .htmlInline,
            .footnoteReference,
        ]
        #expect(produced.subtracting(seen).isEmpty, "not covered: \(produced.subtracting(seen).map(\.name).sorted())")
    }
}
