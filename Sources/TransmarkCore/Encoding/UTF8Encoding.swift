/// Small helpers for writing code points as UTF-8 into byte buffers (the one encoder the
/// package's decoders, JSON readers and tokenizer share).
package enum UTF8Encoding {
    /// U+FFFD REPLACEMENT CHARACTER as UTF-8.
    package static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends `codePoint` (which must be a Unicode scalar value) as UTF-8.
    @inline(__always)
    package static func append(_ codePoint: UInt32, to bytes: inout [UInt8]) {
        switch codePoint {
        case 0 ..< 0x80:
            bytes.append(UInt8(codePoint))
        case 0x80 ..< 0x800:
            bytes.append(UInt8(0xC0 | (codePoint >> 6)))
            bytes.append(UInt8(0x80 | (codePoint & 0x3F)))
        case 0x800 ..< 0x10000:
            bytes.append(UInt8(0xE0 | (codePoint >> 12)))
            bytes.append(UInt8(0x80 | ((codePoint >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (codePoint & 0x3F)))
        default:
            bytes.append(UInt8(0xF0 | (codePoint >> 18)))
            bytes.append(UInt8(0x80 | ((codePoint >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((codePoint >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (codePoint & 0x3F)))
        }
    }
}
