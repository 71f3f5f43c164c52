import Foundation
import Testing
import TestSupport
import Transmark

/// Logs every call it gets, through the catch-all methods: what a walk over real documents sees.
private struct EventLog: MarkupVisitor {
    var lines: [String] = []
    mutating func defaultVisit(_ node: Node) -> WalkAction {
        lines.append("+\(node.id.index)")
        return .proceed
    }
    mutating func defaultDidVisit(_ node: Node) { lines.append("-\(node.id.index)") }
}

/// Keeping every node copies real documents exactly, and the visitor walks them as the events do.
@Suite struct RewriteIdentityTests {
    static let webPages: [String] = {
        let directory = TestPaths.corpus("web")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted()
    }()

    static func checkIdentity(_ document: Document) {
        let copy = document.rewritten { _ in .keep }
        #expect(copy == document)
        #expect(copy.treeDump == document.treeDump)
        var log = EventLog()
        log.visit(document)
        let expected = document.events().map { event in
            switch event {
            case .enter(let node): "+\(node.id.index)"
            case .exit(let node): "-\(node.id.index)"
            }
        }
        #expect(log.lines == expected)
    }

    @Test func corpusIsThere() {
        #expect(Self.webPages.count >= 10)
    }

    @Test(arguments: webPages)
    func webPage(_ name: String) throws {
        let input = Array(try Data(contentsOf: TestPaths.corpus("web").appendingPathComponent(name)))
        let document = try Registry.standard.parse(input, from: "html")
        #expect(document.nodeCount > 50)
        Self.checkIdentity(document)
    }

    @Test func fixtures() throws {
        let fixtures = try FixtureSuite.discover()
        #expect(fixtures.count >= 25)
        for fixture in fixtures {
            let input = Array(try Data(contentsOf: fixture.input))
            Self.checkIdentity(try Registry.standard.parse(input, from: fixture.inputFormat))
        }
    }

    @Test func markdownCorpus() throws {
        // The first 256 KiB of the Markdown corpus, cut at a line end.
        let bytes = Array(try Data(contentsOf: TestPaths.corpus("corpus.md")).prefix(256 * 1024))
        let end = bytes.lastIndex(of: 0x0A) ?? bytes.count
        let document = try Registry.standard.parse(Array(bytes[..<end]), from: "markdown")
        #expect(document.nodeCount > 1000)
        Self.checkIdentity(document)
    }
}
