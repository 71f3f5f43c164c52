#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes input in any ``InputEncoding`` into UTF-8, the one encoding the parsers read.
///
/// - A byte order mark decides first (UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE `FE FF`), as
///   in the WHATWG "decode" algorithm; then the encoding the caller names; else UTF-8.
/// - UTF-8 input is handed over as it is, in place: the parsers replace invalid sequences
///   themselves. Nothing is copied or scanned beyond the first two bytes.
/// - UTF-16, Windows-1252 and x-user-defined are decoded here; the other legacy encodings through
///   the C library's `iconv` (glibc's converters on Linux, libiconv on Apple platforms), which is
///   opened only when such an input arrives. Single-byte encodings are read through a 128-entry
///   table built once per input from `iconv`.
/// - Malformed sequences become U+FFFD, one per byte that cannot start a character (an unpaired
///   surrogate in UTF-16, a truncated sequence at the end), as a browser shows them. An encoding
///   that cannot be decoded at all (the standard's *replacement* labels, or a converter missing
///   from the C library) is a ``TransmarkError/unsupportedEncoding(label:reason:)``, never a
///   document of U+FFFD.
public enum InputDecoder {
    /// The encoding a byte order mark at the start of `input` names, and the mark's length.
    @inline(__always)
    public static func byteOrderMark(_ input: UnsafeBufferPointer<UInt8>) -> (encoding: InputEncoding, length: Int)? {
        guard input.count >= 2 else { return nil }
        let b0 = input[0], b1 = input[1]
        if b0 == 0xEF && b1 == 0xBB && input.count >= 3 && input[2] == 0xBF { return (.utf8, 3) }
        if b0 == 0xFF && b1 == 0xFE { return (.utf16LittleEndian, 2) }
        if b0 == 0xFE && b1 == 0xFF { return (.utf16BigEndian, 2) }
        return nil
    }

    /// Calls `body` with `input` as UTF-8: `input` itself when it is UTF-8 (a UTF-8 byte order mark
    /// is left for the parser, which skips it), else a decoded copy (without the byte order mark).
    /// A UTF-16 byte order mark wins over `encoding`; `nil` means UTF-8.
    @inline(__always)
    public static func withUTF8<R>(_ input: UnsafeBufferPointer<UInt8>, encoding: InputEncoding? = nil,
                                   _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        guard let decoded = try decodedCopy(input, encoding: encoding) else { return try body(input) }
        return try decoded.withUnsafeBufferPointer { try body($0) }
    }

    /// `input` decoded into UTF-8 (without its byte order mark), or nil when it is UTF-8 already
    /// (see ``withUTF8(_:encoding:_:)``).
    @inline(__always)
    public static func decodedCopy(_ input: UnsafeBufferPointer<UInt8>, encoding: InputEncoding? = nil) throws(TransmarkError) -> [UInt8]? {
        var chosen = encoding ?? .utf8
        var start = 0
        if input.count >= 2, input[0] >= 0xEF, let (bom, length) = byteOrderMark(input) {
            chosen = bom
            start = bom == .utf8 ? 0 : length
        }
        if chosen == .utf8 { return nil }
        return try decode(input, as: chosen, from: start)
    }

    /// `input` decoded as `encoding` into UTF-8, from `start` (past a byte order mark, say).
    /// Line endings are kept as they are; invalid sequences become U+FFFD.
    public static func decode(_ input: UnsafeBufferPointer<UInt8>, as encoding: InputEncoding,
                              from start: Int = 0) throws(TransmarkError) -> [UInt8] {
        let source = UnsafeBufferPointer(rebasing: input[min(start, input.count)...])
        switch encoding {
        case .utf8:
            return Array(String(decoding: source, as: UTF8.self).utf8)
        case .utf16LittleEndian, .utf16BigEndian:
            return decodeUTF16(source, bigEndian: encoding == .utf16BigEndian)
        case .windows1252:
            return decodeSingleByte(source, table: windows1252High)
        case .xUserDefined:
            return decodeSingleByte(source, table: (0 ..< 128).map { 0xF780 + UInt32($0) })
        case .gbk, .gb18030, .big5, .eucJP, .iso2022JP, .shiftJIS, .eucKR:
            return try IconvDecoder(encoding).decode(source)
        default:
            return decodeSingleByte(source, table: try singleByteTable(encoding))
        }
    }

    // MARK: Unicode and single-byte encodings

    /// UTF-16 from `start` into UTF-8; unpaired surrogates and a trailing odd byte become U+FFFD.
    /// `normalizingNewlines`: CR LF and CR become LF in the same pass (the HTML reader's input
    /// stream preprocessing).
    package static func decodeUTF16(_ s: UnsafeBufferPointer<UInt8>, from start: Int = 0, bigEndian: Bool,
                                    normalizingNewlines: Bool = false) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(s.count - min(start, s.count) + 16)
        @inline(__always) func unit(_ i: Int) -> UInt32 {
            bigEndian ? UInt32(s[i]) << 8 | UInt32(s[i + 1]) : UInt32(s[i + 1]) << 8 | UInt32(s[i])
        }
        var i = start
        var previousWasCR = false
        while i + 1 < s.count {
            var scalar = unit(i)
            i += 2
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                if i + 1 < s.count, case let low = unit(i), low >= 0xDC00 && low <= 0xDFFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 2
                } else {
                    scalar = 0xFFFD
                }
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                scalar = 0xFFFD
            }
            if normalizingNewlines {
                if scalar == 0x0A && previousWasCR {
                    previousWasCR = false
                    continue
                }
                previousWasCR = scalar == 0x0D
                if previousWasCR { scalar = 0x0A }
            }
            UTF8Encoding.append(scalar, to: &out)
        }
        if i < s.count { UTF8Encoding.append(0xFFFD, to: &out) }
        return out
    }

    /// Bytes below 0x80 as ASCII, the others through `table` (code points of 0x80…0xFF; 0xFFFD for
    /// a byte the encoding leaves undefined).
    static func decodeSingleByte(_ s: UnsafeBufferPointer<UInt8>, table: [UInt32]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(s.count + s.count / 2 + 16)
        for b in s {
            if b < 0x80 { out.append(b) } else { UTF8Encoding.append(table[Int(b - 0x80)], to: &out) }
        }
        return out
    }

    /// Windows-1252's bytes 0x80…0xFF (the five bytes it leaves undefined decode to the C1
    /// controls of the same value, as the WHATWG index says).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ] + (0xA0 ... 0xFF).map { UInt32($0) }

    /// The code points of bytes 0x80…0xFF in a single-byte encoding, read from `iconv` one byte at
    /// a time, with the WHATWG index's departures from the C library's tables applied.
    static func singleByteTable(_ encoding: InputEncoding) throws(TransmarkError) -> [UInt32] {
        let converter = try IconvDecoder(encoding)
        var table = [UInt32](repeating: 0xFFFD, count: 128)
        for b in 0x80 ... 0xFF {
            let decoded = converter.decode(byte: UInt8(b))
            if let scalar = decoded { table[b - 0x80] = scalar }
        }
        switch encoding {
        case .windows874, .windows1250, .windows1251, .windows1253, .windows1254, .windows1255,
             .windows1256, .windows1257, .windows1258:
            // The WHATWG indexes give the bytes Windows leaves undefined their C1 control.
            for b in 0x80 ... 0x9F where table[b - 0x80] == 0xFFFD { table[b - 0x80] = UInt32(b) }
        case .koi8U:
            // WHATWG's KOI8-U is KOI8-RU: ў and Ў in place of two box-drawing characters.
            table[0xAE - 0x80] = 0x045E
            table[0xBE - 0x80] = 0x040E
        case .xMacCyrillic:
            // WHATWG's x-mac-cyrillic is the Ukrainian variant, with the euro sign.
            table[0xA2 - 0x80] = 0x0490
            table[0xB6 - 0x80] = 0x0491
            table[0xFF - 0x80] = 0x20AC
        default:
            break
        }
        return table
    }
}

/// One `iconv` converter from a legacy encoding to UTF-8, closed when the value goes away.
private final class IconvDecoder {
    private let handle: iconv_t
    private let encoding: InputEncoding

    /// The names the C libraries know each encoding by, most exact first (the WHATWG decoders
    /// follow the Windows code pages: Shift_JIS is Windows-31J, EUC-KR is Windows-949, GBK is
    /// read as GB18030, Big5 includes HKSCS).
    private static func libraryNames(_ encoding: InputEncoding) -> [String] {
        switch encoding {
        case .ibm866: ["IBM866", "CP866"]
        case .iso8859_8i: ["ISO-8859-8"]
        case .koi8R: ["KOI8-R"]
        case .koi8U: ["KOI8-U"]
        case .macintosh: ["MACINTOSH", "MAC"]
        case .xMacCyrillic: ["MAC-CYRILLIC", "MACCYRILLIC", "CP10007"]
        case .windows874: ["CP874", "WINDOWS-874"]
        case .gbk, .gb18030: ["GB18030"]
        case .big5: ["BIG5-HKSCS", "BIG5HKSCS", "BIG5"]
        case .eucJP: ["EUC-JP"]
        case .iso2022JP: ["ISO-2022-JP"]
        case .shiftJIS: ["CP932", "WINDOWS-31J", "SHIFT_JIS"]
        case .eucKR: ["CP949", "UHC", "EUC-KR"]
        default:
            if encoding.rawValue.hasPrefix("windows-") {
                ["CP" + encoding.rawValue.dropFirst("windows-".count), encoding.rawValue.uppercased()]
            } else {
                [encoding.rawValue.uppercased()]
            }
        }
    }

    init(_ encoding: InputEncoding) throws(TransmarkError) {
        self.encoding = encoding
        for name in Self.libraryNames(encoding) {
            let handle = iconv_open("UTF-8", name)
            if Int(bitPattern: handle) != -1, let handle {
                self.handle = handle
                return
            }
        }
        throw TransmarkError.unsupportedEncoding(
            label: encoding.rawValue, reason: "this system's C library has no converter for it (iconv)")
    }

    deinit { iconv_close(handle) }

    /// The one code point `byte` decodes to on its own, or nil.
    func decode(byte: UInt8) -> UInt32? {
        var input = [byte]
        let out = decodeAll(&input, replaceInvalid: false)
        guard let out, !out.isEmpty else { return nil }
        let scalars = Array(String(decoding: out, as: UTF8.self).unicodeScalars)
        return scalars.count == 1 ? scalars[0].value : nil
    }

    /// `source` decoded, malformed bytes as U+FFFD.
    func decode(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var input = Array(source)
        return decodeAll(&input, replaceInvalid: true) ?? []
    }

    /// Decodes `input` whole; on a malformed byte, appends U+FFFD and goes on after it (or returns
    /// nil when `replaceInvalid` is false).
    private func decodeAll(_ input: inout [UInt8], replaceInvalid: Bool) -> [UInt8]? {
        iconv(handle, nil, nil, nil, nil)   // back to the initial shift state
        var out = [UInt8](repeating: 0, count: max(64, input.count * 3 + 16))
        var written = 0
        let result: Bool = input.withUnsafeMutableBufferPointer { inBuffer in
            var inPointer = UnsafeMutableRawPointer(inBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
            var inLeft = inBuffer.count
            var flushed = false
            while true {
                let status: Int32 = out.withUnsafeMutableBufferPointer { outBuffer in
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress! + written)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = outBuffer.count - written
                    // Once the input is used up, a call without input flushes what a stateful
                    // converter holds back (glibc's CP1255 and CP1258 wait for combining marks).
                    let r = inLeft == 0 ? iconv(handle, nil, nil, &outPointer, &outLeft)
                        : iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                    written = outBuffer.count - outLeft
                    return r == -1 ? errno : 0
                }
                switch status {
                case 0:
                    if inLeft == 0 {
                        if flushed { return true }
                        flushed = true   // go round once more: the call without input flushes
                    }
                case E2BIG:
                    out.append(contentsOf: repeatElement(0, count: out.count))
                case EILSEQ, EINVAL:
                    guard replaceInvalid else { return false }
                    if out.count - written < 3 { out.append(contentsOf: repeatElement(0, count: out.count)) }
                    out[written] = 0xEF; out[written + 1] = 0xBF; out[written + 2] = 0xBD
                    written += 3
                    // Go on after the first byte of the malformed sequence (all of it, at the end).
                    let skip = status == EINVAL ? inLeft : 1
                    inPointer = inPointer.map { $0 + skip }
                    inLeft -= skip
                default:
                    return false
                }
            }
        }
        guard result else { return nil }
        out.removeSubrange(written...)
        return out
    }
}
