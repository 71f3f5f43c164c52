/// The fast skip shared by the byte-class scanners (HTML escaping, the Markdown complexity guard):
/// a table gives each byte value a class, 0 for a byte that needs no look, and whole blocks of
/// eight class-0 bytes are passed with one branch instead of eight.
public enum ByteClassScan {
    /// The index of the first block of eight bytes from `start` that holds a byte of a class other
    /// than 0, or of the first of fewer than eight bytes left before `end`. The bytes from that
    /// index on still need a byte-by-byte look.
    @inlinable @inline(__always)
    public static func skipOrdinaryBlocks(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int,
                                          classes: UnsafePointer<UInt8>) -> Int {
        var i = start
        while i + 8 <= end {
            let p = base + i
            let any = classes[Int(p[0])] | classes[Int(p[1])] | classes[Int(p[2])] | classes[Int(p[3])]
                | classes[Int(p[4])] | classes[Int(p[5])] | classes[Int(p[6])] | classes[Int(p[7])]
            if any != 0 { break }
            i += 8
        }
        return i
    }
}
