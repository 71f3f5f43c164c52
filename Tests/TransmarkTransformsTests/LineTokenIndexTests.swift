import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkTransforms

/// `LineTokenIndex` records the approximate counter's run over an output and counts texts made
/// of the output's ranges from it: each count must be the counter's own count of the text's
/// bytes, and each line's count the counter's count of the line alone.
@Suite struct LineTokenIndexTests {
    static let counter = ApproximateTokenCounter()

    /// Real Markdown, and bytes drawn mostly from the ones that change the counter's state
    /// (letters, digits, blanks, line feeds, punctuation, multi-byte scalars, stray bytes).
    static func outputs() throws -> [[UInt8]] {
        let markdown = [UInt8](try Data(contentsOf: TestPaths.corpus("corpus.md")).prefix(200_000))
        let alphabet: [UInt8] = Array("ab Zz09 \t\n\n#*-.,()".utf8) + Array("é中😀".utf8) + [0x80, 0xFF]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<20_000).map { _ in alphabet.randomElement(using: &generator)! }
        return [markdown, random, Array("one line without a line feed".utf8), []]
    }

    @Test func textsMadeOfTheOutputsRangesCountAsTheirBytes() throws {
        var generator = SystemRandomNumberGenerator()
        for output in try Self.outputs() {
            let index = LineTokenIndex(output, counter: Self.counter)
            for _ in 0..<300 {
                // Up to four ranges of the output, with other bytes before, between and after.
                var text: [UInt8] = []
                var spans: [(text: Int, output: Int, count: Int)] = []
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    text += Array(["", " ", "\n\n", "x", "1", "é", "> "].randomElement(using: &generator)!.utf8)
                    guard !output.isEmpty else { continue }
                    let start = Int.random(in: 0..<output.count, using: &generator)
                    let count = Int.random(in: 0...min(3000, output.count - start), using: &generator)
                    spans.append((text.count, start, count))
                    text += output[start..<(start + count)]
                }
                text += Array(["", "\n", "end.", "٣"].randomElement(using: &generator)!.utf8)
                #expect(index.exactCount(of: text, spans: spans, output: output) == Self.counter.tokenCount(ofUTF8: text),
                        "spans \(spans.map { ($0.output, $0.count) })")
            }
        }
    }

    @Test func eachLineCountsAsTheCounterCountsItAlone() throws {
        for output in try Self.outputs() {
            let index = LineTokenIndex(output, counter: Self.counter)
            let unrecorded = LineTokenIndex(output, counter: CountingAsApproximate())
            var start = 0
            while start < output.count {
                let end = (output[start...].firstIndex(of: 0x0A) ?? output.count - 1) + 1
                // A range of whole lines of 256 bytes or more is summed from the lines' counts.
                let range = start..<min(output.count, max(end, start + 300))
                #expect(index.tokens(output, range) == unrecorded.tokens(output, range))
                start = end
            }
        }
    }

    /// The approximate counter behind another type: the index counts each line with it, without
    /// a recorded run.
    struct CountingAsApproximate: TokenCounter {
        func tokenCount(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
            LineTokenIndexTests.counter.tokenCount(ofUTF8: utf8)
        }
    }
}
