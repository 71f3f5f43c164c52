/// The last bytes of a run read eight at a time, for the hashes that read bytes as 64-bit words
/// (`ByteStringTable`, styled runs' interning).
package enum PartialWord {
    /// The `count` bytes at `base` (fewer than eight) as the low bytes of a little-endian word,
    /// the bytes above them zero.
    @inline(__always)
    package static func load(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for i in 0..<count {
            word |= UInt64(base[i]) << shift
            shift += 8
        }
        return word
    }
}
