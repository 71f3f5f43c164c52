/// A tiktoken vocabulary (`mergeable_ranks`): every token's bytes and its rank, in one flat byte
/// buffer with an open-addressing hash table over it, so that a lookup hashes the bytes where they
/// lie and allocates nothing.
struct BPEVocabulary: Sendable {
    /// Every token's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Token `r` (by insertion) spans `bytes[starts[r] ..< starts[r + 1]]`.
    private var starts: [Int32] = [0]
    /// Each token's rank.
    private var ranks: [Int32] = []
    /// Slots holding a token index plus one (0 is an empty slot); a power of two long.
    private var slots: [Int32] = []
    /// The number of tokens.
    var count: Int { ranks.count }

    /// Reads a `.tiktoken` file's text: one `base64 rank` pair a line. `path` names the file in
    /// errors.
    init(tiktokenFile text: UnsafeBufferPointer<UInt8>, path: String?) throws(TransmarkError) {
        func fail(_ line: Int, _ message: String) -> TransmarkError {
            .invalidTokenizerVocabulary(path: path, line: line, message: message)
        }
        bytes.reserveCapacity(text.count * 3 / 4)
        ranks.reserveCapacity(text.count / 10)
        starts.reserveCapacity(text.count / 10 + 1)
        var i = 0
        var line = 0
        var seenRanks = Set<Int32>()
        while i < text.count {
            line += 1
            var end = i
            while end < text.count, text[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > i, text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            defer { i = end + 1 }
            if lineEnd == i { continue }
            guard let space = (i..<lineEnd).first(where: { text[$0] == 0x20 }) else {
                throw fail(line, "expected a base64 token, a space and a rank")
            }
            let tokenStart = bytes.count
            guard Self.decodeBase64(UnsafeBufferPointer(rebasing: text[i..<space]), into: &bytes), bytes.count > tokenStart else {
                throw fail(line, "the token is not valid base64")
            }
            var rank: Int64 = 0
            var k = space + 1
            guard k < lineEnd else { throw fail(line, "expected a rank after the token") }
            while k < lineEnd {
                let d = text[k]
                guard d >= 0x30, d <= 0x39, rank < Int64(Int32.max) / 10 else { throw fail(line, "the rank is not a non-negative whole number below 2^31") }
                rank = rank * 10 + Int64(d - 0x30)
                k += 1
            }
            guard seenRanks.insert(Int32(rank)).inserted else { throw fail(line, "rank \(rank) appears twice") }
            starts.append(Int32(bytes.count))
            ranks.append(Int32(rank))
        }
        guard !ranks.isEmpty else { throw fail(0, "the file holds no tokens") }
        // Every single byte must be a token, or some texts could not be encoded at all.
        var singleBytes = [Bool](repeating: false, count: 256)
        for r in 0..<ranks.count where starts[r + 1] - starts[r] == 1 { singleBytes[Int(bytes[Int(starts[r])])] = true }
        if let missing = singleBytes.firstIndex(of: false) {
            throw fail(0, "byte \(missing) is not a token of its own (not a byte-level BPE vocabulary)")
        }
        var capacity = 1
        while capacity < ranks.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        for r in 0..<ranks.count {
            let inserted = bytes.withUnsafeBufferPointer { all in
                insert(index: r, UnsafeBufferPointer(rebasing: all[Int(starts[r])..<Int(starts[r + 1])]), all: all)
            }
            guard inserted else { throw fail(0, "a token appears twice (rank \(ranks[r]))") }
        }
    }

    /// Adds token `index` to the table; false when the same bytes are already there.
    private mutating func insert(index: Int, _ token: UnsafeBufferPointer<UInt8>, all: UnsafeBufferPointer<UInt8>) -> Bool {
        let mask = slots.count - 1
        var slot = Self.hash(token) & mask
        while slots[slot] != 0 {
            let other = Int(slots[slot]) - 1
            if UnsafeBufferPointer(rebasing: all[Int(starts[other])..<Int(starts[other + 1])]).elementsEqual(token) { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(index + 1)
        return true
    }

    /// The rank of the token made of `token`'s bytes, or nil when no token is.
    func rank(of token: UnsafeBufferPointer<UInt8>) -> Int32? {
        slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { all in
                let mask = slots.count - 1
                var slot = Self.hash(token) & mask
                while true {
                    let entry = Int(slots[slot])
                    if entry == 0 { return nil }
                    let start = Int(starts[entry - 1]), end = Int(starts[entry])
                    if end - start == token.count,
                       memcmpEqual(all.baseAddress! + start, token.baseAddress!, token.count) {
                        return ranks[entry - 1]
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// FNV-1a over the bytes, folded to an `Int`.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Decodes standard base64 (with `=` padding optional) onto `out`; false when it is not base64.
    private static func decodeBase64(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for c in text {
            let value: UInt32
            switch c {
            case 0x41...0x5A: value = UInt32(c - 0x41)
            case 0x61...0x7A: value = UInt32(c - 0x61 + 26)
            case 0x30...0x39: value = UInt32(c - 0x30 + 52)
            case 0x2B: value = 62
            case 0x2F: value = 63
            case 0x3D: padding += 1; continue
            default: return false
            }
            if padding > 0 { return false }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return padding <= 2
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
