import TransmarkCore

/// A hash for `InternTable`, consistent with `==`: equal values hash alike.
///
/// Run attributes hold up to eight strings, nearly all short or absent; `Hasher` (SipHash) costs
/// about 170 instructions per string whatever its length, which made hashing a sixth of laying
/// out a page of links. `InternHasher` mixes words with a multiply and shift instead.
protocol InternHashable: Hashable {
    func internHash(into hasher: inout InternHasher)
}

extension InternHashable {
    /// The finished intern hash of this value.
    var internHashValue: Int {
        var hasher = InternHasher()
        internHash(into: &hasher)
        return hasher.finalized
    }
}

/// Mixes words into a 64-bit state (a multiply-xorshift step per word, an avalanche at the end),
/// starting from a seed drawn at random once per process, as Swift's own `Hasher` does: the
/// values come from documents (URLs, titles), and a document crafted so that thousands of them
/// collide would make interning quadratic. Output never depends on hash values (tables number
/// their elements in the order they were first added), so it stays deterministic.
struct InternHasher {
    /// This process's seed: the random seed of Swift's `Hasher`, which is per process (fixed only
    /// when `SWIFT_DETERMINISTIC_HASHING` is set).
    static let processSeed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x243F_6A88_85A3_08D3 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    private var state: UInt64

    init() { state = Self.processSeed }

    @inline(__always)
    mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    @inline(__always)
    mutating func mix(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    /// A number as `==` sees it: `0.0` and `-0.0` alike.
    @inline(__always)
    mutating func mix(_ value: Double) { mix(value == 0 ? 0 : value.bitPattern) }

    @inline(__always)
    mutating func mix(_ value: Int?) {
        if let value { mix(1 as UInt64); mix(value) } else { mix(0 as UInt64) }
    }

    /// A string as `==` sees it (canonical equivalence). ASCII without `K`, `;` and `` ` `` is mixed
    /// byte for byte, eight at a time: no other string equals it (those three are the only ASCII
    /// characters with a non-ASCII canonical twin: U+212A, U+037E, U+1FEF). Every other string
    /// takes its own canonical hash, which equal strings share.
    mutating func mix(_ string: String) {
        let seed = state
        let fast: UInt64?? = string.utf8.withContiguousStorageIfAvailable { Self.plainASCIIHash($0, seed: seed) }
        if let fast = fast ?? nil {
            mix(fast)
        } else {
            mix(string.hashValue)
        }
    }

    @inline(__always)
    mutating func mix(_ string: String?) {
        if let string { mix(1 as UInt64); mix(string) } else { mix(0 as UInt64) }
    }

    var finalized: Int {
        var x = state
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return Int(bitPattern: UInt(x))
    }

    /// The hash of ASCII bytes without `K`, `;` and `` ` `` from `seed` (the state so far), or
    /// `nil` for any other bytes.
    static func plainASCIIHash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64? {
        let n = bytes.count
        var h = (seed &* 0x1319_8A2E_0370_7344) ^ UInt64(n)
        guard n > 0, let base = bytes.baseAddress else { return h }
        var i = 0
        while i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            guard isPlain(word) else { return nil }
            h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 31
            i += 8
        }
        if i < n {
            let word = PartialWord.load(base + i, count: n - i)
            // The padding bytes are zero: neither high nor one of the three characters.
            guard isPlain(word) else { return nil }
            h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 31
        }
        return h
    }

    /// Whether the eight bytes are ASCII and none is `K`, `;` or `` ` ``.
    @inline(__always)
    private static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasByte(_ b: UInt64) -> Bool {
            let x = word ^ (ones &* b)
            return (x &- ones) & ~x & highs != 0
        }
        return word & highs == 0 && !hasByte(0x4B) && !hasByte(0x3B) && !hasByte(0x60)
    }
}

extension RunAttributes: InternHashable {
    func internHash(into h: inout InternHasher) {
        h.mix(font.family)
        h.mix(link?.url)
        h.mix(link?.title)
        h.mix(listMarker)
        h.mix(footnoteReference)
        h.mix(sourceTag)
        h.mix(font.size)
        h.mix(baselineOffset)
        h.mix(letterSpacing)
        h.mix(Self.packedColor(foregroundColor) | Self.packedColor(backgroundColor) << 33)
        h.mix(Self.packedLine(underline) | Self.packedLine(strikethrough) << 32)
        h.mix(UInt64(traits.rawValue) | UInt64(truncatingIfNeeded: font.weight) << 16 | (font.italic ? 1 << 48 : 0))
        h.mix(headingLevel)
        h.mix(blockQuoteDepth)
        h.mix(listLevel)
        h.mix(tableRow)
        h.mix(tableColumn)
        h.mix(math.map { $0 == .inline ? 1 : 2 } ?? 0)
    }

    /// A color as 33 bits (presence and RGBA).
    @inline(__always)
    private static func packedColor(_ color: RGBAColor?) -> UInt64 {
        guard let c = color else { return 0 }
        let rgb: UInt64 = UInt64(c.red) << 24 | UInt64(c.green) << 16 | UInt64(c.blue) << 8
        return 1 << 32 | rgb | UInt64(c.alpha)
    }

    /// A line's presence, style and color presence in a few bits (the color itself is left out).
    @inline(__always)
    private static func packedLine(_ line: DecorationLine?) -> UInt64 {
        guard let line else { return 0 }
        let style: UInt64 = switch line.style {
        case .single: 1
        case .double: 2
        case .thick: 3
        case .dotted: 4
        case .dashed: 5
        }
        return style << 1 | (line.color == nil ? 0 : 1)
    }
}

extension ResolvedStyle: InternHashable {
    func internHash(into h: inout InternHasher) {
        run.internHash(into: &h)
        h.mix(alignment.rawValue)
        h.mix(lineHeightMultiple.map { $0 == 0 ? 0 : Int(bitPattern: UInt($0.bitPattern)) })
        // (`textTransform` is left out: hashing fewer fields than `==` compares stays consistent.)
        h.mix(UInt64(preservesWhitespace ? 1 : 0))
    }
}

extension ParagraphAttributes: InternHashable {
    func internHash(into h: inout InternHasher) {
        h.mix(hashValue)
    }
}
