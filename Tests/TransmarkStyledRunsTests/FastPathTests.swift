import Testing
import TestSupport
@_spi(TransmarkStorage) @testable import TransmarkCore
@testable import TransmarkStyledRuns

/// The vectorized and in-place paths of the styled-text pipeline against plain references, on
/// random text that puts multi-byte characters across sixteen-byte boundaries.
@Suite("Styled text fast paths")
struct FastPathTests {
    static let pieces = ["a", "b ", "\n", "\t", "\"", "\\", "\u{1}", "\u{1F}", "é", "日本", "🙂", "\u{2028}", "\u{2029}",
                         "\u{E2}", "\u{2030}", "x\u{301}", "/", "<>&", "\u{7F}"]

    static func strings(seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0 ..< 50).map { _ in
            let count = Int(generator.next() % 40)
            return (0 ..< count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
    }

    @Test("Unit counts equal String's UTF-16 and scalar counts", arguments: 0 ..< 6)
    func unitCounts(seed: UInt64) {
        for string in Self.strings(seed: seed) {
            var s = string
            s.withUTF8 { bytes in
                guard !bytes.isEmpty else { return }
                #expect(StyledTextAccumulator.units(in: bytes, utf16: true) == string.utf16.count, "\(string.debugDescription)")
                #expect(StyledTextAccumulator.units(in: bytes, utf16: false) == string.unicodeScalars.count)
            }
        }
    }

    @Test("JSON strings escape exactly what the schema says", arguments: 0 ..< 6)
    func jsonStrings(seed: UInt64) {
        func reference(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                case "\u{7F}": out += "\\u007f"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u00" + (hex.count == 1 ? "0" : "") + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        for string in Self.strings(seed: seed) {
            var out = ByteOutput()
            StyledJSONWriter.writeString(string, into: &out)
            #expect(String(decoding: out.bytes, as: UTF8.self) == reference(string), "\(string.debugDescription)")
        }
    }

    @Test("UTF-8 validation agrees with String(validating:)", arguments: 0 ..< 6)
    func validation(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [UInt8] = [0x61, 0x7F, 0x80, 0xBF, 0xC2, 0xC0, 0xE0, 0xA0, 0xED, 0x9F, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF, 0xE2, 0x20]
        for _ in 0 ..< 400 {
            let count = Int(generator.next() % 40)
            var bytes = (0 ..< count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            // Mostly ASCII with a few bytes from the table, so valid inputs come up too.
            if generator.next() % 2 == 0 { bytes = bytes.map { $0 >= 0x80 && generator.next() % 3 != 0 ? 0x61 : $0 } }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            bytes.withUnsafeBufferPointer { #expect(UTF8Validation.isValid($0) == expected, "\(bytes)") }
        }
    }

    @Test("Integers are written in decimal")
    func integers() {
        var generator = SeededGenerator(seed: 3)
        let random = (0 ..< 200).map { _ in Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 63) }
        for n in [0, 7, 9, 10, 99, 100, -1, -10, 123_456_789, Int.max, Int.min] + Array(-100 ... 2100) + random {
            var out = ByteOutput()
            out.append(int: n)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(n))
            var buffer = GrowableBuffer<UInt8>(capacity: 8)
            defer { buffer.deallocate() }
            buffer.append(int: n)
            #expect(buffer.string == String(n))
        }
    }

    @Test("Equal run attributes hash alike, canonically equivalent strings included")
    func runAttributeHashes() {
        var a = RunAttributes()
        a.link = LinkTarget(url: "caf\u{E9}", title: "")
        a.listMarker = "1."
        a.underline = DecorationLine(style: .dotted, color: RGBAColor(red: 1, green: 2, blue: 3))
        var b = a
        b.link = LinkTarget(url: "cafe\u{301}", title: "")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var c = a
        c.listMarker = "2."
        #expect(a != c)
        var d = a
        d.underline = DecorationLine(style: .dashed, color: RGBAColor(red: 1, green: 2, blue: 3))
        #expect(a != d)
        // Interning keeps distinct values apart and equal ones together.
        let set: Set<RunAttributes> = [a, b, c, d]
        #expect(set.count == 3)
    }
}
