/// Where JSON is written byte by byte: `GrowableBuffer<UInt8>` for whole documents (a document's
/// JSON is written in millions of short pieces, and appending a short piece to an `Array` takes
/// its generic path, about a hundred instructions a call; an append to the pointer buffer is a
/// capacity check and a copy), `ByteOutput` and `[UInt8]` for small pieces.
@_spi(TransmarkStorage)
public protocol JSONByteSink {
    /// Appends bytes.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func append(byte: UInt8)
    /// Appends a literal's UTF-8.
    mutating func append(_ literal: StaticString)
    /// The decimal digits of `n` (with a `-` when negative).
    mutating func append(int n: Int)
}

@_spi(TransmarkStorage)
extension ByteOutput: JSONByteSink {
    /// Appends bytes.
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}

@_spi(TransmarkStorage)
extension GrowableBuffer<UInt8>: JSONByteSink {
    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) { append(byte) }
}

@_spi(TransmarkStorage)
extension Array: JSONByteSink where Element == UInt8 {
    /// Appends bytes.
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    /// Appends one byte.
    @inlinable
    public mutating func append(byte: UInt8) { append(byte) }
    /// Appends a literal's UTF-8.
    @inlinable
    public mutating func append(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
    /// The decimal digits of `n`.
    @inlinable
    public mutating func append(int n: Int) { append(contentsOf: String(n).utf8) }
}

/// JSON string content, the one escaper every JSON writer of the package uses (`json-tree`,
/// `styled-json`, the command's JSON lines). What it writes is valid UTF-8 and safe inside any
/// JSON or JavaScript context: `"` and `\` escaped; control characters and DEL as `\n`, `\t`,
/// `\r`, `\b`, `\f` or `\u00XX`; U+2028 and U+2029 (line ends in JavaScript before ES2019) as
/// `\u2028` / `\u2029`; bytes that are not valid UTF-8 as U+FFFD, one per maximal invalid
/// subpart; everything else as it is.
@_spi(TransmarkStorage)
public enum JSONStringEscaping {
    /// Appends `bytes` as the content of a JSON string, without its quotes. `isValidUTF8`: the
    /// caller knows the bytes are valid UTF-8 (a `String`'s), so runs of non-ASCII characters
    /// are skipped sixteen bytes at a time instead of checked.
    @inlinable
    public static func appendContent<Out: JSONByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout Out,
                                                        isValidUTF8: Bool) {
        var start = 0
        var i = 0
        let n = bytes.count
        let base = bytes.baseAddress
        let space = SIMD16<UInt8>(repeating: 0x20), quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C), delete = SIMD16<UInt8>(repeating: 0x7F)
        // Non-ASCII bytes stop the skip when they must be checked, else only the lead byte of
        // U+2028 and U+2029.
        let stop = SIMD16<UInt8>(repeating: isValidUTF8 ? 0xE2 : 0x80)
        while i < n {
            // Skip, sixteen bytes at a time, what is written as is.
            if let base {
                while i + 16 <= n {
                    let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    let nonASCIIStop = isValidUTF8 ? (v .== stop) : (v .>= stop)
                    if any((v .< space) .| (v .== quote) .| (v .== backslash) .| (v .== delete) .| nonASCIIStop) { break }
                    i += 16
                }
                if i >= n { break }
            }
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C {
                i += 1
                continue
            }
            if b >= 0x80 {
                // Valid input is read byte by byte here (the skip above may stop inside a
                // character); other input a whole sequence at a time, checked.
                let length = isValidUTF8 ? 1 : UTF8Validation.sequenceLength(bytes, at: i)
                if length > 0 {
                    if b == 0xE2 && i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                        out.append(UnsafeBufferPointer(rebasing: bytes[start ..< i]))
                        out.append(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                        i += 3
                        start = i
                    } else {
                        i += length
                    }
                    continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[start ..< i]))
                out.append("\u{FFFD}")
                i -= length
                start = i
                continue
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[start ..< i]))
            switch b {
            case 0x22: out.append("\\\"")
            case 0x5C: out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x09: out.append("\\t")
            case 0x0D: out.append("\\r")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            default:
                out.append("\\u00")
                out.append(byte: hexDigit(b >> 4))
                out.append(byte: hexDigit(b & 15))
            }
            i += 1
            start = i
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[start ..< n]))
    }

    /// Appends `bytes` as a quoted JSON string (see `appendContent`).
    @inlinable
    public static func appendString<Out: JSONByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout Out,
                                                       isValidUTF8: Bool) {
        out.append(byte: 0x22)
        appendContent(bytes, to: &out, isValidUTF8: isValidUTF8)
        out.append(byte: 0x22)
    }

    /// Appends `text` as a quoted JSON string.
    @inlinable
    public static func appendString<Out: JSONByteSink>(_ text: String, to out: inout Out) {
        var text = text
        text.withUTF8 { appendString($0, to: &out, isValidUTF8: true) }
    }

    /// The lowercase hexadecimal digit of a value below 16.
    @inlinable @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
