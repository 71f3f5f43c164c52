#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where rendered text may be cut when a single block is larger than a chunk's budget: the
/// boundaries of its lines, sentences and words, as byte ranges that together cover the text
/// (each range keeps the white space after it). Linear in the text.
enum TextSegments {
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// A closing quote, bracket or emphasis mark that may follow a sentence's full stop.
    @inline(__always) static func isCloser(_ b: UInt8) -> Bool {
        b == 0x22 || b == 0x27 || b == 0x29 || b == 0x5D || b == 0x2A || b == 0x5F
    }

    /// Lines, each with its line feed.
    static func lines(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Each line feed found by memchr.
            while start < range.upperBound, let found = memchr(base + start, 0x0A, range.upperBound - start) {
                let feed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                result.append(start..<(feed + 1))
                start = feed + 1
            }
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }

    /// Sentences: a cut after `.`, `!`, `?` (or `。！？`), then any closing quotes, brackets or
    /// emphasis marks, then white space; and after a line feed that ends a line (a blank line, a
    /// line break inside a block).
    static func sentences(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { sentences($0, in: range) }
    }

    /// `sentences(_:in:)` over the buffer (no bounds check on each byte read).
    private static func sentences(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        var i = start
        let end = range.upperBound
        // The bytes that may end a sentence: `.`, `!`, `?`, a line feed (below 0x40, as bits of a
        // mask), and the lead bytes of `。！？`.
        let enders: UInt64 = 1 << 0x2E | 1 << 0x21 | 1 << 0x3F | 1 << 0x0A
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < end {
            // Eight bytes at a time while none of them may end a sentence (most of a text).
            if let raw {
                while i + 8 <= end {
                    let found = sentenceEnders(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    if found != 0 {
                        // The lowest mark is the first such byte (a false mark only ever follows a true one).
                        i += found.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
                guard i < end else { break }
            }
            let b = bytes[i]
            if b < 0x40 ? enders & (1 << UInt64(b)) == 0 : b != 0xE3 && b != 0xEF {
                i += 1
                continue
            }
            var boundary = -1
            if b == 0x2E || b == 0x21 || b == 0x3F {
                var j = i + 1
                while j < end, isCloser(bytes[j]) { j += 1 }
                if j == end || isSpace(bytes[j]) { boundary = j }
            } else if b == 0xE3, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0x82 {
                boundary = i + 3  // 。
            } else if b == 0xEF, i + 2 < end, bytes[i + 1] == 0xBC, bytes[i + 2] == 0x81 || bytes[i + 2] == 0x9F {
                boundary = i + 3  // ！ ？
            } else if b == 0x0A {
                boundary = i
            }
            if boundary >= 0 {
                var j = boundary
                while j < end, isSpace(bytes[j]) { j += 1 }
                if j > start && j < end {
                    result.append(start..<j)
                    start = j
                }
                i = max(j, i + 1)
            } else {
                i += 1
            }
        }
        if start < end { result.append(start..<end) }
        return result
    }

    /// The bytes of `word` (eight, little-endian) that `sentences` stops at, as their high bits:
    /// `.`, `!`, `?`, a line feed, or the lead byte of `。！？`; 0 for none. A word holds byte `c`
    /// where `word ^ c…` has a zero byte, which `(x - 0x01…) & ~x & 0x80…` marks: the lowest mark
    /// is always a true one (the borrow can only mark bytes above it).
    @inline(__always)
    private static func sentenceEnders(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ c: UInt64) -> UInt64 {
            let x = word ^ (ones &* c)
            return (x &- ones) & ~x & highs
        }
        return has(0x2E) | has(0x21) | has(0x3F) | has(0x0A) | has(0xE3) | has(0xEF)
    }

    /// Words: runs of non-space bytes with the white space after them.
    static func words(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let start = i
            while i < end, !isSpace(bytes[i]) { i += 1 }
            while i < end, isSpace(bytes[i]) { i += 1 }
            result.append(start..<i)
        }
        return result
    }

    /// `range` without white space at either end.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// `range` without the line feed (and carriage return) at its end.
    static func trimmedLineEnd(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var upper = range.upperBound
        while upper > range.lowerBound, bytes[upper - 1] == 0x0A || bytes[upper - 1] == 0x0D { upper -= 1 }
        return range.lowerBound..<upper
    }

    /// `range` without line feeds (and carriage returns) at either end.
    static func withoutLineEnds(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        while lower < range.upperBound, bytes[lower] == 0x0A || bytes[lower] == 0x0D { lower += 1 }
        return trimmedLineEnd(bytes, lower..<range.upperBound)
    }
}
