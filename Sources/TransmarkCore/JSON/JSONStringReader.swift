/// Reads one JSON string (RFC 8259) from bytes: the package's one JSON string decoder, behind
/// ``JSONTape`` (json-tree, JSON-LD) and the command line's JSON lines records.
///
/// A string without escapes is not copied: its bytes are a range of the input. A string with
/// escapes is decoded into a caller's buffer, the runs between escapes copied whole.
package enum JSONStringReader {
    /// What to do with what JSON's grammar lets through but Unicode text cannot hold: bytes that
    /// are not UTF-8, and `\u` escapes of surrogates that are not in a pair.
    package enum InvalidText: Sendable {
        /// An error (json-tree: a tree Transmark wrote never holds either).
        case reject
        /// Repaired: bytes that are not UTF-8 are kept as they are, for the reader of the text to
        /// replace (every frontend writes them as U+FFFD); an unpaired surrogate escape is
        /// U+FFFD. (JSON lines records: a crawl's content is converted, not refused.)
        case repair
    }

    /// Where the string's bytes are.
    package enum Location: Sendable {
        /// A range of the input (the string had no escapes).
        case input(Range<Int>)
        /// A range of the buffer passed to ``read(_:quote:into:invalidText:)``.
        case buffer(Range<Int>)
    }

    /// Why the bytes are no JSON string: `problem` (`"invalid escape \x"`), at byte `offset` of
    /// the input (counted from 0).
    package struct Failure: Error, Sendable {
        /// What is wrong, without the position.
        package let problem: String
        /// Where, counted from 0.
        package let offset: Int

        /// `problem at byte offset`.
        package var message: String { "\(problem) at byte \(offset)" }
    }

    /// Reads the string whose opening quote is at `quote`; returns where its decoded bytes are
    /// and the index after its closing quote. Escaped strings append to `buffer`.
    package static func read(_ input: UnsafeBufferPointer<UInt8>, quote: Int, into buffer: inout [UInt8],
                             invalidText: InvalidText) throws(Failure) -> (bytes: Location, end: Int) {
        let n = input.count
        var i = try scanRun(input, from: quote + 1, invalidText)
        guard i < n else { throw Failure(problem: "unterminated string", offset: quote) }
        if input[i] == 0x22 { return (.input(quote + 1 ..< i), i + 1) }
        let decodedStart = buffer.count
        var runStart = quote + 1
        while true {
            // `i` is at a quote, a backslash or a control character.
            if i > runStart { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart ..< i])) }
            let b = input[i]
            if b == 0x22 { return (.buffer(decodedStart ..< buffer.count), i + 1) }
            if b < 0x20 {
                throw Failure(problem: "unescaped control character U+\(hex4(UInt32(b))) in a string", offset: i)
            }
            let escape = i
            guard i + 1 < n else { throw Failure(problem: "unterminated string", offset: quote) }
            i += 2
            switch input[escape + 1] {
            case 0x22: buffer.append(0x22)
            case 0x5C: buffer.append(0x5C)
            case 0x2F: buffer.append(0x2F)
            case 0x62: buffer.append(0x08)
            case 0x66: buffer.append(0x0C)
            case 0x6E: buffer.append(0x0A)
            case 0x72: buffer.append(0x0D)
            case 0x74: buffer.append(0x09)
            case 0x75:
                var scalar = try hexEscape(input, at: escape)
                i = escape + 6
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    // A high surrogate: a low one must follow to make one scalar.
                    if i + 1 < n, input[i] == 0x5C, input[i + 1] == 0x75 {
                        let low = try hexEscape(input, at: i)
                        if low >= 0xDC00 && low <= 0xDFFF {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        } else {
                            scalar = try unpaired(scalar, at: escape, invalidText)
                        }
                    } else {
                        scalar = try unpaired(scalar, at: escape, invalidText)
                    }
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    scalar = try unpaired(scalar, at: escape, invalidText)
                }
                UTF8Encoding.append(scalar, to: &buffer)
            default:
                throw Failure(problem: "invalid escape \(describeEscape(input, at: escape))", offset: escape)
            }
            runStart = i
            i = try scanRun(input, from: i, invalidText)
            guard i < n else { throw Failure(problem: "unterminated string", offset: quote) }
        }
    }

    /// The index of the first quote, backslash or control character from `i` (or the end),
    /// checking UTF-8 on the way unless `invalidText` is `.repair`.
    @inline(__always)
    private static func scanRun(_ input: UnsafeBufferPointer<UInt8>, from start: Int,
                                _ invalidText: InvalidText) throws(Failure) -> Int {
        let n = input.count
        var i = start
        while i < n {
            let b = input[i]
            if b == 0x22 || b == 0x5C || b < 0x20 { return i }
            if b >= 0x80 && invalidText == .reject {
                let length = UTF8Validation.sequenceLength(input, at: i)
                guard length > 0 else { throw Failure(problem: "invalid UTF-8", offset: i) }
                i += length
            } else {
                i += 1
            }
        }
        return i
    }

    /// U+FFFD for a surrogate escape that is not in a pair, or the error.
    private static func unpaired(_ scalar: UInt32, at escape: Int, _ invalidText: InvalidText) throws(Failure) -> UInt32 {
        guard invalidText == .repair else {
            throw Failure(problem: "unpaired surrogate \\u\(hex4(scalar))", offset: escape)
        }
        return 0xFFFD
    }

    /// The value of `\uXXXX` whose backslash is at `escape`.
    private static func hexEscape(_ input: UnsafeBufferPointer<UInt8>, at escape: Int) throws(Failure) -> UInt32 {
        guard escape + 6 <= input.count else {
            throw Failure(problem: "\\u escape without four hexadecimal digits", offset: escape)
        }
        var value: UInt32 = 0
        for k in escape + 2 ..< escape + 6 {
            let c = input[k]
            let digit: UInt32
            switch c {
            case 0x30 ... 0x39: digit = UInt32(c - 0x30)
            case 0x41 ... 0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61 ... 0x66: digit = UInt32(c - 0x61 + 10)
            default: throw Failure(problem: "\\u escape without four hexadecimal digits", offset: escape)
            }
            value = value << 4 | digit
        }
        return value
    }

    /// `v` as four or more upper-case hexadecimal digits.
    static func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// `\x` for a printable escape character, else the byte's value.
    private static func describeEscape(_ input: UnsafeBufferPointer<UInt8>, at k: Int) -> String {
        let b = input[k + 1]
        if b >= 0x21 && b < 0x7F { return "\\\(Character(Unicode.Scalar(b)))" }
        return "\\ followed by byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}
