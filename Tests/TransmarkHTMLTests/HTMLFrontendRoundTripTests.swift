import Foundation
import Testing
import TransmarkCore
@testable import TransmarkHTML

/// HTML → tree → HTML (unsafe) → tree gives an equal tree.
@Suite struct HTMLFrontendRoundTripTests {
    static let inputs = HTMLFrontendInputs.fixtureInputs + HTMLFrontendInputs.webPages

    @Test(arguments: inputs)
    func roundTripGivesAnEqualTree(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        var options = HTMLFrontend.Options()
        let optionsFile = url.deletingLastPathComponent().appendingPathComponent("options")
        if let text = try? String(contentsOf: optionsFile, encoding: .utf8) {
            options = try HTMLFrontend.Options(parsing: text.split(separator: "\n").map(String.init))
        }
        let first = try HTMLFrontend().parse(bytes, options: options)
        var backendOptions = HTMLBackend.Options()
        backendOptions.unsafe = true
        let html = try HTMLBackend().render(first, options: backendOptions)
        options.encoding = .utf8
        let second = try HTMLFrontend().parse(html, options: options)
        if first != second {
            let a = HTMLFrontendInputs.tree(first).split(separator: "\n", omittingEmptySubsequences: false)
            let b = HTMLFrontendInputs.tree(second).split(separator: "\n", omittingEmptySubsequences: false)
            let i = (0 ..< min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            let before = a[max(0, i - 3) ..< min(a.count, i + 3)].joined(separator: "\n")
            let after = b[max(0, i - 3) ..< min(b.count, i + 3)].joined(separator: "\n")
            Issue.record("\(url.lastPathComponent): trees differ at line \(i + 1)\nfirst:\n\(before)\nsecond:\n\(after)")
        }
    }
}
