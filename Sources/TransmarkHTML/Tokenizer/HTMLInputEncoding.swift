/// The character encodings the HTML input decoder understands.
public enum HTMLInputEncoding: Sendable, Equatable {
    /// UTF-8, the default.
    case utf8
    /// UTF-16 little-endian (chosen by a `FF FE` byte order mark).
    case utf16LittleEndian
    /// UTF-16 big-endian (chosen by a `FE FF` byte order mark).
    case utf16BigEndian
    /// Windows-1252, which the WHATWG encoding standard also uses for the labels
    /// `iso-8859-1`, `latin1`, `us-ascii` and their aliases.
    case windows1252

    /// The encoding a WHATWG label (`"utf-8"`, `"latin1"`, `"windows-1252"`, …) names, or `nil`
    /// when the label is unknown or names an encoding this decoder does not support.
    /// Leading and trailing ASCII whitespace is ignored; case does not matter.
    public init?(label: String) {
        var bytes = Array(label.utf8)
        while let last = bytes.last, HTMLInputEncoding.isASCIIWhitespace(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !HTMLInputEncoding.isASCIIWhitespace($0) } ?? bytes.endIndex
        let name = String(decoding: bytes[start...].map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 | 0x20 : $0 }, as: UTF8.self)
        switch name {
        case "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8":
            self = .utf8
        // A <meta> naming UTF-16 means UTF-8 (WHATWG prescan); a BOM is what selects UTF-16.
        case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le",
             "utf-16be", "unicodefffe":
            self = .utf8
        case "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
             "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
             "us-ascii", "windows-1252", "x-cp1252":
            self = .windows1252
        default:
            return nil
        }
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
