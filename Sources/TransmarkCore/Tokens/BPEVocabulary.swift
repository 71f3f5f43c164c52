/// A tiktoken vocabulary (`mergeable_ranks`): every token's bytes in a `ByteStringTable`, so that a
/// lookup hashes the bytes where they lie and allocates nothing, and each token's rank.
struct BPEVocabulary: Sendable {
    /// The tokens' bytes; entry `r` is the token of rank `ranks[r]`.
    private var tokens: ByteStringTable
    /// Each token's rank, by its entry in `tokens`.
    private var ranks: [Int32] = []
    /// The number of tokens.
    var count: Int { ranks.count }

    /// Reads a `.tiktoken` file's text: one `base64 rank` pair a line. `path` names the file in
    /// errors.
    init(tiktokenFile text: UnsafeBufferPointer<UInt8>, path: String?) throws(TransmarkError) {
        func fail(_ line: Int, _ message: String) -> TransmarkError {
            .invalidTokenizerVocabulary(path: path, line: line, message: message)
        }
        tokens = ByteStringTable(capacity: text.count / 10)
        ranks.reserveCapacity(text.count / 10)
        var token: [UInt8] = []
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
            token.removeAll(keepingCapacity: true)
            guard Self.decodeBase64(UnsafeBufferPointer(rebasing: text[i..<space]), into: &token), !token.isEmpty else {
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
            guard token.withUnsafeBufferPointer({ tokens.insert($0).inserted }) else {
                throw fail(line, "a token appears twice (rank \(rank))")
            }
            ranks.append(Int32(rank))
        }
        guard !ranks.isEmpty else { throw fail(0, "the file holds no tokens") }
        // Every single byte must be a token, or some texts could not be encoded at all.
        for byte in 0...255 {
            var b = UInt8(byte)
            guard withUnsafePointer(to: &b, { tokens.index(of: UnsafeBufferPointer(start: $0, count: 1)) }) != nil else {
                throw fail(0, "byte \(byte) is not a token of its own (not a byte-level BPE vocabulary)")
            }
        }
    }

    /// The rank of the token made of `token`'s bytes, or nil when no token is.
    @inline(__always)
    func rank(of token: UnsafeBufferPointer<UInt8>) -> Int32? {
        tokens.index(of: token).map { ranks[$0] }
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
