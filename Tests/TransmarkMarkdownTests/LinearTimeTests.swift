import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// The chunked parse with very many definitions: linear in their number (it compared every
/// footnote definition with every earlier one: 100,000 footnotes never finished), and the same
/// tree as one parse. Bounds are generous, for debug builds on a loaded machine.
@Suite struct MarkdownLinearTimeTests {
    static let bound: Duration = .seconds(30)

    static func parse(_ markdown: String, chunkSize: Int) throws -> (Document, Duration) {
        var options = MarkdownFrontend.Options()
        options.chunkSize = chunkSize
        var document = Document.empty
        let elapsed = try ContinuousClock().measure { document = try MarkdownFrontend().parse(markdown, options: options) }
        return (document, elapsed)
    }

    /// `count` paragraphs referencing footnotes, then `count` definitions (with `duplicates`
    /// repeated definitions of the first label, as the overriding check must see them).
    static func footnotes(_ count: Int, duplicates: Int = 0) -> String {
        var s = ""
        for i in 0..<count { s += "Ref[^f\(i)].\n\n" }
        for i in 0..<count { s += "[^f\(i)]: Note \(i).\n\n" }
        for i in 0..<duplicates { s += "[^F0]: Duplicate \(i).\n\n" }
        return s
    }

    @Test func hundredThousandFootnotesInChunks() throws {
        let count = 100_000
        let (document, elapsed) = try Self.parse(Self.footnotes(count), chunkSize: 64 * 1024)
        #expect(elapsed < Self.bound, "took \(elapsed)")
        var definitions = 0
        for case .enter(let node) in document.events() {
            if case .footnoteDefinition = node.kind { definitions += 1 }
        }
        #expect(definitions == count)
    }

    @Test func manyFootnotesInChunksGiveTheTreeOfOneParse() throws {
        // Enough to span many chunks, with overridden duplicates in later chunks.
        let markdown = Self.footnotes(3_000, duplicates: 50)
        let (whole, _) = try Self.parse(markdown, chunkSize: 0)
        let (chunked, _) = try Self.parse(markdown, chunkSize: 4 * 1024)
        #expect(whole == chunked)
    }

    @Test func hundredThousandLinkReferenceDefinitionsInChunks() throws {
        let count = 100_000
        var markdown = ""
        for i in 0..<count { markdown += "Link [r\(i)].\n\n" }
        for i in 0..<count { markdown += "[r\(i)]: http://e.com/\(i)\n\n" }
        let (document, elapsed) = try Self.parse(markdown, chunkSize: 64 * 1024)
        #expect(elapsed < Self.bound, "took \(elapsed)")
        var links = 0
        for case .enter(let node) in document.events() {
            if case .link = node.kind { links += 1 }
        }
        #expect(links == count)
    }
}
