/// Decoding of numeric character references (`&#8364;`, `&#x20AC;`) per the WHATWG
/// "numeric character reference end state".
public enum NumericCharacterReference {
    /// Values above this are clamped while digits are read, so huge references cannot overflow.
    static let clamp: UInt32 = 0x11_0000

    /// The code point a reference with numeric value `value` stands for: 0, surrogates and values
    /// above U+10FFFF become U+FFFD; 0x80–0x9F go through the Windows-1252 table; everything else
    /// (including noncharacters and other controls, which are only parse errors) is kept.
    public static func codePoint(for value: UInt32) -> UInt32 {
        if value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return 0xFFFD }
        if value >= 0x80 && value <= 0x9F { return Windows1252.highControls[Int(value - 0x80)] }
        return value
    }

    /// Reads a numeric reference starting right after `&#` in `input`.
    ///
    /// - Returns: the code point and the number of bytes consumed after `&#` (the `x`, the digits
    ///   and a `;` if present), or `nil` when no digit follows (then nothing is a reference).
    static func parse(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> (codePoint: UInt32, end: Int)? {
        var i = start
        var hex = false
        if i < input.count && (input[i] | 0x20) == UInt8(ascii: "x") {
            hex = true
            i += 1
        }
        let digitsStart = i
        var value: UInt32 = 0
        while i < input.count {
            let c = input[i]
            let digit: UInt32
            if c >= 0x30 && c <= 0x39 {
                digit = UInt32(c - 0x30)
            } else if hex && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 {
                digit = UInt32((c | 0x20) - 0x61 + 10)
            } else {
                break
            }
            value = min(value * (hex ? 16 : 10) + digit, clamp)
            i += 1
        }
        guard i > digitsStart else { return nil }
        if i < input.count && input[i] == UInt8(ascii: ";") { i += 1 }
        return (codePoint(for: value), i)
    }
}
