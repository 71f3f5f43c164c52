/// UTF-8 checks on bytes, for code that must know its bytes are valid before handing them on
/// (a `String` made from them, JSON written from them) without paying for a `String`.
@usableFromInline
package enum UTF8Validation {
    /// The length of the valid UTF-8 sequence starting with the non-ASCII byte at `i`, or minus
    /// the length of its longest invalid prefix (a maximal subpart, which becomes one U+FFFD).
    @inlinable @inline(__always)
    package static func sequenceLength(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = s[i]
        var needed: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b {
        case 0xC2 ... 0xDF: needed = 1
        case 0xE0: needed = 2; lower = 0xA0
        case 0xED: needed = 2; upper = 0x9F
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: needed = 2
        case 0xF0: needed = 3; lower = 0x90
        case 0xF4: needed = 3; upper = 0x8F
        case 0xF1 ... 0xF3: needed = 3
        default: return -1
        }
        var j = i + 1
        while needed > 0 {
            guard j < s.count, s[j] >= lower, s[j] <= upper else { return -(j - i) }
            lower = 0x80
            upper = 0xBF
            needed -= 1
            j += 1
        }
        return j - i
    }

    /// Whether `s` is entirely valid UTF-8. ASCII is skipped sixteen bytes at a time.
    package static func isValid(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = s.baseAddress else { return true }
        let n = s.count
        var i = 0
        let high = SIMD16<UInt8>(repeating: 0x80)
        while i < n {
            while i + 16 <= n {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                if any(v .>= high) { break }
                i += 16
            }
            guard i < n else { return true }
            if s[i] < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(s, at: i)
            if length < 0 { return false }
            i += length
        }
        return true
    }
}
