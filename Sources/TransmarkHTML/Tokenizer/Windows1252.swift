/// The Windows-1252 mapping of bytes 0x80–0x9F (the rest of Windows-1252 is Latin-1, i.e. the byte
/// value is the code point). Used by the input decoder and by numeric character references
/// (`&#128;` is `€`, as the WHATWG spec says).
enum Windows1252 {
    /// Code points for bytes 0x80 ... 0x9F; the five undefined bytes map to themselves (C1 controls),
    /// as in the WHATWG encoding standard.
    static let highControls: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The code point a Windows-1252 byte decodes to.
    @inline(__always)
    static func codePoint(of byte: UInt8) -> UInt32 {
        (byte >= 0x80 && byte <= 0x9F) ? highControls[Int(byte - 0x80)] : UInt32(byte)
    }
}
