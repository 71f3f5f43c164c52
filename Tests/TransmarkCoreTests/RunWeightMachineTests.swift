import Testing
import TestSupport
@testable import TransmarkCore

/// `RunWeightMachine` reads two bytes a step through precomposed tables; these tests hold it to
/// the rules `ApproximateTokenCounter` documents, written here as a plain run-by-run reference.
@Suite struct RunWeightMachineTests {
    /// The documented weighing, one run at a time, in thousandths of a token.
    static func reference(_ bytes: [UInt8], _ w: ApproximateTokenCounter.Weights) -> Int {
        func t(_ x: Double) -> Int { Int((x * 1000).rounded()) }
        let longest = ApproximateTokenCounter.longestWeighedWord
        var total = 0
        var i = 0
        func run(while belongs: (UInt8) -> Bool) -> (length: Int, bytes: ArraySlice<UInt8>) {
            let start = i
            while i < bytes.count, belongs(bytes[i]) { i += 1 }
            return (i - start, bytes[start..<i])
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x41...0x5A, 0x61...0x7A:
                let n = run { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }.length
                total += n <= longest ? t(w.word[n - 1]) : t(w.word[longest - 1]) + (n - longest) * t(w.longWordExtra)
            case 0x30...0x39:
                let n = run { (0x30...0x39).contains($0) }.length
                total += (n + 2) / 3 * t(w.digitGroup)
            case 0x09, 0x0A, 0x0D, 0x20:
                let r = run { [0x09, 0x0A, 0x0D, 0x20].contains($0) }
                if r.bytes.contains(0x0A) || r.bytes.contains(0x0D) { total += t(w.newlineRun) }
                else if r.length >= 2 { total += t(w.spaceRun) }
            case 0..<0x80:
                let n = run { $0 < 0x80 && !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0)
                    && !(0x30...0x39).contains($0) && ![0x09, 0x0A, 0x0D, 0x20].contains($0) }.length
                total += t(w.punctuationRun) + n * t(w.punctuation)
            case 0x80..<0xC0:
                // A byte that continues nothing weighs as a two-byte scalar.
                total += t(w.twoByteScalar)
                i += 1
            default:
                // A lead byte: its weight, and the bytes it announces skipped whatever they hold.
                let (weight, length) = b < 0xE0 ? (w.twoByteScalar, 2) : b < 0xF0 ? (w.threeByteScalar, 3) : (w.fourByteScalar, 4)
                total += t(weight)
                i = min(bytes.count, i + length)
            }
        }
        return total
    }

    @Test("The two-byte machine sums exactly what the run-by-run rules give, for both encodings, odd and even lengths",
          arguments: [BPETokenCounter.Encoding.o200kBase, .cl100kBase])
    func machineMatchesTheRules(_ encoding: BPETokenCounter.Encoding) {
        let weights = encoding == .cl100kBase ? ApproximateTokenCounter.cl100kWeights : ApproximateTokenCounter.o200kWeights
        let machine = RunWeightMachine(weights: weights, classes: ApproximateTokenCounter.byteClasses,
                                       longestWord: ApproximateTokenCounter.longestWeighedWord)
        // Bytes drawn mostly from the classes' edges: letters, digits, blanks, breaks, punctuation,
        // UTF-8 leads and continuations, and long words.
        let alphabet: [UInt8] = Array("aZq0 9\t\n\r.,#*".utf8) + [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xFF]
        var generator = SeededGenerator(seed: 0x5EED)
        for length in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<length {
                if generator.next() % 9 == 0 {
                    bytes += Array(repeating: UInt8(ascii: "e"), count: Int(generator.next() % 24))
                } else {
                    bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
                }
            }
            let sum = bytes.withUnsafeBufferPointer { machine.sum($0) }
            #expect(sum == Self.reference(bytes, weights), "\(bytes)")
        }
        let prose = Array("The quick brown fox — jumps over 1,234,567 lazy dogs!\n\n  Indented  text ✓ 😀".utf8)
        #expect(prose.withUnsafeBufferPointer { machine.sum($0) } == Self.reference(prose, weights))
    }
}
