/// The unit that `StyledText` ranges count in.
public enum OffsetUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// UTF-16 code units: ranges drop straight into `NSRange` (the default).
    case utf16
    /// Unicode scalars (code points).
    case unicodeScalars
    /// UTF-8 bytes.
    case utf8

    /// How many units the UTF-8 byte `byte` adds: lead bytes count 1 (2 for a four-byte lead in
    /// UTF-16), continuation bytes 0 (1 each in UTF-8).
    @inline(__always)
    func units(forByte byte: UInt8) -> Int {
        switch self {
        case .utf8: return 1
        case .unicodeScalars: return byte & 0xC0 == 0x80 ? 0 : 1
        case .utf16: return byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
        }
    }

    /// The length of `text` in this unit.
    public func length(of text: String) -> Int {
        switch self {
        case .utf8: return text.utf8.count
        case .utf16: return text.utf16.count
        case .unicodeScalars: return text.unicodeScalars.count
        }
    }
}
