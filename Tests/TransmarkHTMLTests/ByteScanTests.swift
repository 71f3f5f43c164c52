import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// The vector and word-at-a-time scans against byte-by-byte references, on random inputs of
/// every length around the vector widths and from every start.
@Suite("Byte scans")
struct ByteScanTests {
    static let alphabet: [UInt8] = [0x61, 0x20, 0x20, 0x0A, 0x09, 0x0C, 0x0D, 0x01, 0x3C, 0x26, 0x00, 0xC3, 0xA9, 0x7F, 0x21]

    static func inputs(seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        return (0 ..< 60).map { _ in
            let count = Int(generator.next() % 70)
            return (0 ..< count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        }
    }

    @Test("firstIndex finds the first of three byte values", arguments: 0 ..< 8)
    func firstIndex(seed: UInt64) {
        for input in Self.inputs(seed: seed) {
            input.withUnsafeBufferPointer { p in
                for start in 0 ... p.count {
                    let expected = (start ..< p.count).first { [0x3C, 0x26, 0x00].contains(p[$0]) } ?? p.count
                    #expect(ByteScanner.firstIndex(in: p, from: start, of: 0x3C, 0x26, 0) == expected, "\(input) from \(start)")
                }
            }
        }
    }

    @Test("segmentEnd stops at whitespace other than a single space before a non-space", arguments: 0 ..< 8)
    func segmentEnd(seed: UInt64) {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C || b == 0x0D }
        for input in Self.inputs(seed: seed) {
            input.withUnsafeBufferPointer { p in
                for start in 0 ... p.count {
                    var k = start
                    while k < p.count && (!isSpace(p[k]) || (p[k] == 0x20 && k + 1 < p.count && !isSpace(p[k + 1]))) {
                        k += 1
                    }
                    #expect(HTMLTreeBuilder.segmentEnd(p, from: start) == k, "\(input) from \(start)")
                }
            }
        }
    }
}
