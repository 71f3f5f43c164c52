import Foundation
import Testing
import TransmarkCore
@testable import TransmarkHTML

/// Every non-whitespace character of the visible text reaches the tree, in order.
@Suite struct HTMLFrontendVisibleTextTests {
    static let inputs = HTMLFrontendInputs.fixtureInputs + HTMLFrontendInputs.webPages

    @Test func thereAreInputs() {
        #expect(HTMLFrontendInputs.fixtureInputs.count >= 60)
        #expect(HTMLFrontendInputs.webPages.count >= 15)
    }

    @Test(arguments: inputs)
    func visibleTextIsKept(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let options = try optionsFile(url)
        let document = try HTMLFrontend().parse(bytes, options: options)
        let visible = VisibleText.of(bytes, encoding: options.encoding == .windows1252 ? .windows1252 : nil)
        let tree = Array(document.root.plainText.utf8)
        if let missing = VisibleText.firstMissing(visible, in: tree) {
            let context = String(decoding: visible[max(0, missing - 60) ..< min(visible.count, missing + 60)], as: UTF8.self)
            Issue.record("\(url.lastPathComponent): visible text missing from the tree near: \(context.debugDescription)")
        }
    }

    /// The options of a fixture folder (the visible-text rule holds for the ones fixtures use).
    func optionsFile(_ url: URL) throws -> HTMLFrontend.Options {
        let file = url.deletingLastPathComponent().appendingPathComponent("options")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return HTMLFrontend.Options() }
        return try HTMLFrontend.Options(parsing: text.split(separator: "\n").map(String.init))
    }
}
