import Foundation
import Testing
import Transmark

/// Hostile inputs convert in time linear in their size (generous bounds: debug builds on a
/// loaded machine, one case at a time; release builds take 0.05 to 0.4 s each, see the README).
@Suite(.serialized) struct LinearTimeTests {
    static func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }

    static let cases: [(String, String)] = [
        ("unmatched openers", repeated("*a ", 100_000)),
        ("unmatched brackets", repeated("[a", 100_000)),
        ("unmatched link metadata", repeated("[a](", 100_000)),
        ("alternating delimiters", repeated("*_", 100_000)),
        ("nested emphasis", repeated("*a _", 50_000) + repeated("b_ c*", 50_000)),
        ("nested brackets", repeated("[", 100_000) + "x" + repeated("](u)", 100_000)),
        ("long run", repeated("*", 200_000)),
        ("long matched runs", repeated("*", 100_000) + "a" + repeated("*", 100_000)),
        ("backtick runs of every length", (1...400).map { repeated("`", $0) + "x" }.joined()),
        ("unclosed code", repeated("`a ", 100_000)),
        ("chat links without end", repeated("<https://x ", 100_000)),
    ]

    @Test(arguments: ["swiftymarkdown", "chat"], cases.map(\.0))
    func hostileInput(format: String, name: String) throws {
        let input = Self.cases.first { $0.0 == name }!.1
        let start = ContinuousClock.now
        let document = try Transmark.parse(input, from: format)
        let elapsed = ContinuousClock.now - start
        #expect(document.nodeCount > 0)
        #expect(elapsed < .seconds(10), "\(format) \(name): \(elapsed)")
    }

    @Test func nothingIsLostInALongRun() throws {
        let input = Self.repeated("*", 1001) + "a" + Self.repeated("*", 1000)
        let text = try convert(input, from: "swiftymarkdown", to: "text")
        #expect(text.filter { $0 == "*" }.count == 1)
        #expect(text.contains("a"))
    }
}
