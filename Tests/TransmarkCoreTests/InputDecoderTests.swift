import Testing
import TransmarkCore

/// Decoding of every WHATWG encoding into UTF-8. The byte sequences were made with glibc's
/// `iconv -f UTF-8 -t <encoding>` from the text beside them, and checked against the WHATWG
/// index of each encoding (https://encoding.spec.whatwg.org/#indexes).
@Suite struct InputDecoderTests {
    static let samples: [(String, String, [UInt8])] = [
        ("shift_jis", "日本語ｶﾅ", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0xB6, 0xC5]),
        ("euc-jp", "日本語", [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC]),
        ("iso-2022-jp", "日本語", [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x38, 0x6C, 0x1B, 0x28, 0x42]),
        ("gbk", "中文", [0xD6, 0xD0, 0xCE, 0xC4]),
        ("gb2312", "中文", [0xD6, 0xD0, 0xCE, 0xC4]),
        ("gb18030", "中文𠀀", [0xD6, 0xD0, 0xCE, 0xC4, 0x95, 0x32, 0x82, 0x36]),
        ("big5", "繁體", [0xC1, 0x63, 0xC5, 0xE9]),
        ("euc-kr", "한국어", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE]),
        ("iso-8859-2", "Zażółć", [0x5A, 0x61, 0xBF, 0xF3, 0xB3, 0xE6]),
        ("iso-8859-5", "Мир", [0xBC, 0xD8, 0xE0]),
        ("iso-8859-7", "Ελλάδα", [0xC5, 0xEB, 0xEB, 0xDC, 0xE4, 0xE1]),
        ("iso-8859-8", "שלום", [0xF9, 0xEC, 0xE5, 0xED]),
        ("iso-8859-8-i", "שלום", [0xF9, 0xEC, 0xE5, 0xED]),
        ("iso-8859-13", "Ąž", [0xC0, 0xFE]),
        ("iso-8859-15", "€Œœ", [0xA4, 0xBC, 0xBD]),
        ("koi8-r", "Привет", [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]),
        ("koi8-u", "Їжак ўЎ", [0xB7, 0xD6, 0xC1, 0xCB, 0x20, 0xAE, 0xBE]),
        ("windows-874", "ไทย", [0xE4, 0xB7, 0xC2]),
        ("windows-1250", "Łódź\u{81}", [0xA3, 0xF3, 0x64, 0x9F, 0x81]),
        ("windows-1251", "Привет", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]),
        ("windows-1252", "café €", [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80]),
        ("latin1", "café €", [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80]),
        ("windows-1253", "Ελλάδα", [0xC5, 0xEB, 0xEB, 0xDC, 0xE4, 0xE1]),
        ("iso-8859-9", "İstanbul ğ", [0xDD, 0x73, 0x74, 0x61, 0x6E, 0x62, 0x75, 0x6C, 0x20, 0xF0]),
        ("windows-1255", "שלום", [0xF9, 0xEC, 0xE5, 0xED]),
        ("windows-1256", "سلام", [0xD3, 0xE1, 0xC7, 0xE3]),
        ("windows-1257", "Ąž", [0xC0, 0xFE]),
        ("windows-1258", "Việt", [0x56, 0x69, 0xEA, 0xF2, 0x74]),
        ("macintosh", "café™", [0x63, 0x61, 0x66, 0x8E, 0xAA]),
        ("x-mac-cyrillic", "Мир€", [0x8C, 0xE8, 0xF0, 0xFF]),
        ("ibm866", "Мир", [0x8C, 0xA8, 0xE0]),
        ("x-user-defined", "a\u{F780}\u{F7FF}", [0x61, 0x80, 0xFF]),
        ("utf-16le", "a😀", [0x61, 0x00, 0x3D, 0xD8, 0x00, 0xDE]),
        ("utf-16be", "a😀", [0x00, 0x61, 0xD8, 0x3D, 0xDE, 0x00]),
    ]

    @Test(arguments: samples)
    func decodesRealBytes(_ sample: (String, String, [UInt8])) throws {
        let (label, text, bytes) = sample
        let encoding = try #require(InputEncoding(label: label), "\(label)")
        let decoded = try bytes.withUnsafeBufferPointer { try InputDecoder.decode($0, as: encoding) }
        #expect(String(decoding: decoded, as: UTF8.self) == text, "\(label)")
    }

    @Test("Malformed sequences become one U+FFFD each and decoding goes on; line endings are kept")
    func malformed() throws {
        func decode(_ bytes: [UInt8], _ encoding: InputEncoding) throws -> String {
            String(decoding: try bytes.withUnsafeBufferPointer { try InputDecoder.decode($0, as: encoding) }, as: UTF8.self)
        }
        // A Shift_JIS lead byte before an ASCII byte, and a lead byte cut off at the end.
        #expect(try decode([0x61, 0x81, 0x20, 0x62, 0x93], .shiftJIS) == "a\u{FFFD} b\u{FFFD}")
        // An EUC-KR lead byte before a CR LF.
        #expect(try decode([0xC7, 0x0D, 0x0A, 0xC7, 0xD1], .eucKR) == "\u{FFFD}\r\n한")
        // A byte ISO-8859-3 leaves undefined.
        #expect(try decode([0xA5, 0x41], .iso8859_3) == "\u{FFFD}A")
        // Unpaired surrogates and a trailing odd byte in UTF-16.
        #expect(try decode([0x00, 0xD8, 0x41, 0x00, 0x00, 0xDC, 0x42], .utf16LittleEndian) == "\u{FFFD}A\u{FFFD}\u{FFFD}")
        // ISO-2022-JP: into JIS X 0208 and back to ASCII.
        #expect(try decode([0x1B, 0x24, 0x42, 0x46, 0x7C, 0x1B, 0x28, 0x42, 0x61], .iso2022JP) == "日a")
    }

    @Test("Every label of the WHATWG table reads; replacement labels and unknown ones do not")
    func labels() {
        #expect(InputEncoding.allCases.count == 39)
        var seen = Set<String>()
        for encoding in InputEncoding.allCases {
            #expect(encoding.labels.contains(encoding.rawValue))
            for label in encoding.labels {
                #expect(InputEncoding(label: label) == encoding, "\(label)")
                #expect(InputEncoding(label: " \t" + label.uppercased() + "\n") == encoding, "\(label)")
                #expect(seen.insert(label).inserted, "\(label) listed twice")
            }
        }
        #expect(seen.count == 222)   // the standard's labels, less the replacement encoding's five
        for label in ["iso-2022-kr", "ISO-2022-CN", "iso-2022-cn-ext", "hz-gb-2312", "csiso2022kr"] {
            #expect(InputEncoding(label: label) == nil)
            #expect(InputEncoding.isReplacementLabel(label))
        }
        #expect(InputEncoding(label: "utf-32") == nil)
        #expect(InputEncoding(label: "utf-8x") == nil)
    }

    @Test("Every encoding decodes the ASCII range as ASCII (all converters are available)")
    func everyEncodingOpens() throws {
        let ascii = Array("<p>Hello, world!</p>\n".utf8)
        for encoding in InputEncoding.allCases where !encoding.isUTF16 && encoding != .iso2022JP {
            let decoded = try ascii.withUnsafeBufferPointer { try InputDecoder.decode($0, as: encoding) }
            #expect(decoded == ascii, "\(encoding)")
        }
    }

    @Test("A byte order mark wins; UTF-8 input is handed over in place")
    func byteOrderMarks() throws {
        func copy(_ bytes: [UInt8], _ encoding: InputEncoding? = nil) throws -> [UInt8]? {
            try bytes.withUnsafeBufferPointer { p throws(TransmarkError) in try InputDecoder.decodedCopy(p, encoding: encoding) }
        }
        let utf8 = Array("héllo".utf8)
        #expect(try copy(utf8) == nil)
        #expect(try copy(utf8, .utf8) == nil)
        try utf8.withUnsafeBufferPointer { p in
            try InputDecoder.withUTF8(p) { #expect($0.baseAddress == p.baseAddress) }
        }
        // A UTF-8 byte order mark stays for the parser, even when another encoding is named.
        #expect(try copy([0xEF, 0xBB, 0xBF] + utf8, .shiftJIS) == nil)
        // UTF-16 byte order marks win over the encoding named, and are dropped.
        #expect(try copy([0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00], .windows1252) == Array("hé".utf8))
        #expect(try copy([0xFE, 0xFF, 0x00, 0x68, 0x00, 0xE9], .windows1252) == Array("hé".utf8))
        #expect(try copy([0xE9], .windows1252) == Array("é".utf8))
    }

    @Test("The encoding option reads auto and every label")
    func encodingChoice() {
        #expect(InputEncodingChoice(rawValue: "auto") == .auto)
        #expect(InputEncodingChoice(rawValue: "AUTO")?.inputEncoding == nil)
        #expect(InputEncodingChoice(rawValue: "sjis")?.inputEncoding == .shiftJIS)
        #expect(InputEncodingChoice(rawValue: "sjis")?.rawValue == "shift_jis")
        #expect(InputEncodingChoice(rawValue: "iso-2022-kr") == nil)
        #expect(InputEncodingChoice.allCases.count == 40)
    }
}
