import Foundation
import Testing
import TestSupport
@testable import TransmarkTransforms

/// Where the chunker may cut an oversize block: `TextSegments.sentences` reads eight bytes at a
/// time; it must cut where a byte-by-byte reading of its rules cuts.
@Suite struct TextSegmentsTests {
    /// The rules, stated independently of the scan: each byte decides on its own where a cut
    /// after it would fall (after `.`, `!` or `?` and any closing quotes, brackets or emphasis
    /// marks when white space or the end follows; after `。！？`; at a line feed), the white space
    /// there going with the sentence before it; the cuts are every such place strictly inside
    /// the range, in order.
    static func reference(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D], closers: Set<UInt8> = [0x22, 0x27, 0x29, 0x5D, 0x2A, 0x5F]
        let wideEnders: [[UInt8]] = [Array("。".utf8), Array("！".utf8), Array("？".utf8)]
        let text = bytes[range]
        /// Where the text after the sentence ending at `offset` starts.
        func afterSpaces(_ offset: Int) -> Int { text[offset...].firstIndex { !spaces.contains($0) } ?? range.upperBound }
        var cuts = Set<Int>()
        for i in range {
            if [0x2E, 0x21, 0x3F].contains(bytes[i]) {
                let next = text[(i + 1)...].firstIndex { !closers.contains($0) } ?? range.upperBound
                if next == range.upperBound || spaces.contains(bytes[next]) { cuts.insert(afterSpaces(next)) }
            } else if bytes[i] == 0x0A {
                cuts.insert(afterSpaces(i))
            } else if wideEnders.contains(where: { text[i...].starts(with: $0) }) {
                cuts.insert(afterSpaces(i + 3))
            }
        }
        let inside = cuts.filter { $0 > range.lowerBound && $0 < range.upperBound }.sorted()
        let bounds = [range.lowerBound] + inside + [range.upperBound]
        return range.isEmpty ? [] : zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// Lines, each with its line feed, read byte by byte.
    static func referenceLines(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where bytes[i] == 0x0A {
            result.append(start..<(i + 1))
            start = i + 1
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }

    @Test func linesEndAtEachLineFeed() {
        let bytes = Array("a\n\nbc\nd".utf8)
        #expect(TextSegments.lines(bytes, in: 0..<bytes.count) == [0..<2, 2..<3, 3..<6, 6..<7])
        #expect(TextSegments.lines(bytes, in: 1..<5) == [1..<2, 2..<3, 3..<5])
        #expect(TextSegments.lines(bytes, in: 4..<4) == [])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let random = (0..<Int.random(in: 0...30, using: &generator)).map { _ in [0x0A, 0x61, 0x20].randomElement(using: &generator)! as UInt8 }
            let lower = Int.random(in: 0...random.count, using: &generator)
            let range = lower..<Int.random(in: lower...random.count, using: &generator)
            #expect(TextSegments.lines(random, in: range) == Self.referenceLines(random, in: range))
        }
    }

    @Test func cutsAsTheByteByByteRulesOnRealText() throws {
        let text = [UInt8](try Data(contentsOf: TestPaths.corpus("corpus.md")).prefix(400_000))
        for range in [0..<text.count, 17..<text.count - 5, 1000..<1003, 5..<5] {
            #expect(TextSegments.sentences(text, in: range) == Self.reference(text, in: range))
        }
    }

    /// Random bytes drawn mostly from the ones that matter (enders, closers, spaces, the bytes
    /// of `。！？`), at every alignment.
    @Test func cutsAsTheByteByByteRulesOnRandomBytes() {
        let alphabet: [UInt8] = [0x2E, 0x21, 0x3F, 0x0A, 0x20, 0x09, 0x22, 0x29, 0x2A, 0xE3, 0x80, 0x82,
                                 0xEF, 0xBC, 0x81, 0x9F, 0x61, 0x62, 0x41, 0x2F, 0x2D, 0x00, 0xFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            let lower = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
            let range = lower..<Int.random(in: lower...count, using: &generator)
            #expect(TextSegments.sentences(bytes, in: range) == Self.reference(bytes, in: range), "\(bytes) \(range)")
        }
    }
}
