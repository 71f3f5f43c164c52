/// Vector-at-a-time searches for a few byte values: the HTML tokenizer's fast paths over text,
/// attribute values and comments, and the URL transforms' search for a query or a fragment.
package enum ByteScanner {
    /// High bit set in each byte of `x` that is zero. Bits above the lowest flagged byte may be
    /// false positives; the lowest one is exact, which is all the scan uses.
    @inlinable @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// Index of the first byte in `start..<p.count` equal to `a`, `b` or `c` (pass a value twice
    /// to look for fewer), or `p.count`.
    @inlinable @inline(__always)
    package static func firstIndex(in p: UnsafeBufferPointer<UInt8>, from start: Int, of a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        var i = start
        let n = p.count
        if let base = p.baseAddress {
            // Sixteen bytes at a time (SSE2 compares), then eight, then one.
            let vectorA = SIMD16<UInt8>(repeating: a), vectorB = SIMD16<UInt8>(repeating: b)
            let vectorC = SIMD16<UInt8>(repeating: c)
            while i + 16 <= n {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let hits = (v .== vectorA) .| (v .== vectorB) .| (v .== vectorC)
                if any(hits) {
                    for k in 0 ..< 16 where hits[k] { return i + k }
                }
                i += 16
            }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let splatA = ones &* UInt64(a), splatB = ones &* UInt64(b), splatC = ones &* UInt64(c)
            while i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let hits = zeroBytes(word ^ splatA) | zeroBytes(word ^ splatB) | zeroBytes(word ^ splatC)
                if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < n {
            let byte = p[i]
            if byte == a || byte == b || byte == c { return i }
            i += 1
        }
        return n
    }
}
