/// How many terminal columns text takes.
///
/// East Asian Wide and Fullwidth characters and emoji take 2 columns; combining marks, format
/// characters (Mn, Me, Cf) and other zero-width characters take none; everything else takes 1.
/// Clusters count once: a base character with its combining marks, an emoji ZWJ sequence
/// (👩‍💻), an emoji with a skin-tone modifier or variation selector, and a pair of regional
/// indicators (a flag) each take the width of their first character (a flag takes 2).
/// Escape sequences are never measured: the layout engine adds them after measuring.
///
/// Table-driven (`unicodeWidthTable`: a lookup array for the basic plane, binary search above it)
/// with an ASCII fast path; no Foundation.
public enum DisplayWidth {
    /// The width of one scalar on its own: 0, 1 or 2. Control characters count 0.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        width(ofScalar: scalar.value)
    }

    /// The width of a string, clusters counted once (see the type's documentation).
    public static func of(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { measure($0, 0, $0.count) }
    }

    /// The width of one scalar value on its own.
    @inlinable
    package static func width(ofScalar v: UInt32) -> Int {
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return v == 0xAD ? 0 : 1 }
        if v < 0x10000 { return Int(basicPlaneWidths[Int(v)]) }
        return searchedWidth(ofScalar: v)
    }

    /// The widths of the basic multilingual plane from U+0300 on (the text of most pages), read
    /// without a search; built once from `unicodeWidthTable`.
    @usableFromInline
    static let basicPlaneWidths: [UInt8] = {
        var widths = [UInt8](repeating: 1, count: 0x10000)
        for v in 0 ..< 0x300 { widths[v] = UInt8(width(ofScalar: UInt32(v))) }
        let table = unicodeWidthTable
        for k in stride(from: 0, to: table.count - 2, by: 3) where table[k] < 0x10000 {
            for v in Int(table[k]) ... Int(min(table[k + 1], 0xFFFF)) { widths[v] = UInt8(table[k + 2]) }
        }
        return widths
    }()

    /// The width of a scalar from the range table (binary search).
    @usableFromInline
    static func searchedWidth(ofScalar v: UInt32) -> Int {
        let table = unicodeWidthTable
        var lo = 0, hi = table.count / 3 - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let first = table[mid * 3]
            if v < first {
                hi = mid - 1
            } else if v > table[mid * 3 + 1] {
                lo = mid + 1
            } else {
                return Int(table[mid * 3 + 2])
            }
        }
        return 1
    }

    /// The width of the UTF-8 bytes `bytes[start..<end]`.
    @inlinable
    package static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var total = 0
        var i = start
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                // ASCII never joins a following cluster except before combining marks, which
                // have width 0 anyway.
                total &+= (b >= 0x20 && b != 0x7F) ? 1 : 0
                i &+= 1
                continue
            }
            let (next, w) = cluster(bytes, i, end)
            total &+= w
            i = next
        }
        return total
    }

    /// One cluster starting at `start`: the index after it and its width.
    @inlinable
    package static func cluster(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (next: Int, width: Int) {
        let (base, length) = UTF8Decoding.scalar(bytes, start, end)
        var i = start + length
        let baseWidth = width(ofScalar: base)
        var joinNext = false
        let isRegionalIndicator = base >= 0x1F1E6 && base <= 0x1F1FF
        var pairedIndicator = false
        while i < end {
            let b = bytes[i]
            if b < 0x80 && !joinNext { break }
            let (v, n) = UTF8Decoding.scalar(bytes, i, end)
            if joinNext {
                joinNext = false
                i += n
                continue
            }
            if v == 0x200D {
                joinNext = true
                i += n
                continue
            }
            if isRegionalIndicator && !pairedIndicator && v >= 0x1F1E6 && v <= 0x1F1FF {
                pairedIndicator = true
                i += n
                continue
            }
            if width(ofScalar: v) == 0 {
                i += n
                continue
            }
            break
        }
        if pairedIndicator { return (i, 2) }
        return (i, baseWidth)
    }
}

/// Lenient UTF-8 decoding for measuring: an invalid byte decodes as U+FFFD of length 1.
@usableFromInline
enum UTF8Decoding {
    @inlinable @inline(__always)
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (UInt32, Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 >= 0xC2 && b0 < 0xE0 && i + 1 < end {
            let b1 = UInt32(bytes[i + 1])
            if b1 & 0xC0 == 0x80 { return ((b0 & 0x1F) << 6 | (b1 & 0x3F), 2) }
        } else if b0 >= 0xE0 && b0 < 0xF0 && i + 2 < end {
            let b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2])
            if b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 {
                let v = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
                if v >= 0x800 { return (v, 3) }
            }
        } else if b0 >= 0xF0 && b0 < 0xF5 && i + 3 < end {
            let b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2]), b3 = UInt32(bytes[i + 3])
            if b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 && b3 & 0xC0 == 0x80 {
                let v = (b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)
                if v >= 0x10000 && v <= 0x10FFFF { return (v, 4) }
            }
        }
        return (0xFFFD, 1)
    }
}
