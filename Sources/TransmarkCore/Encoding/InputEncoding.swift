/// A character encoding of the WHATWG Encoding Standard (<https://encoding.spec.whatwg.org>), the
/// set every browser decodes; input in any of them is decoded to UTF-8 before it is parsed (see
/// ``InputDecoder``).
///
/// The raw value is the encoding's name in the standard. ``init(label:)`` reads every label the
/// standard's table lists for it (`latin1`, `sjis`, `ks_c_5601-1987`, …). The standard's
/// *replacement* encoding (the labels `iso-2022-kr`, `iso-2022-cn`, `iso-2022-cn-ext`,
/// `hz-gb-2312`, `csiso2022kr`) is not a case: browsers turn such a document into one U+FFFD, so
/// Transmark refuses it with ``TransmarkError/unsupportedEncoding(label:reason:)`` instead.
public enum InputEncoding: String, CaseIterable, Sendable, Hashable {
    /// UTF-8, the default.
    case utf8 = "utf-8"
    /// IBM866 (DOS Cyrillic).
    case ibm866 = "ibm866"
    /// ISO-8859-2 (Latin-2, Central European).
    case iso8859_2 = "iso-8859-2"
    /// ISO-8859-3 (Latin-3, South European).
    case iso8859_3 = "iso-8859-3"
    /// ISO-8859-4 (Latin-4, North European).
    case iso8859_4 = "iso-8859-4"
    /// ISO-8859-5 (Cyrillic).
    case iso8859_5 = "iso-8859-5"
    /// ISO-8859-6 (Arabic).
    case iso8859_6 = "iso-8859-6"
    /// ISO-8859-7 (Greek).
    case iso8859_7 = "iso-8859-7"
    /// ISO-8859-8 (Hebrew, visual order).
    case iso8859_8 = "iso-8859-8"
    /// ISO-8859-8-I (Hebrew, logical order; decodes as ISO-8859-8).
    case iso8859_8i = "iso-8859-8-i"
    /// ISO-8859-10 (Latin-6, Nordic).
    case iso8859_10 = "iso-8859-10"
    /// ISO-8859-13 (Latin-7, Baltic).
    case iso8859_13 = "iso-8859-13"
    /// ISO-8859-14 (Latin-8, Celtic).
    case iso8859_14 = "iso-8859-14"
    /// ISO-8859-15 (Latin-9, Latin-1 with €).
    case iso8859_15 = "iso-8859-15"
    /// ISO-8859-16 (Latin-10, South-Eastern European).
    case iso8859_16 = "iso-8859-16"
    /// KOI8-R (Russian).
    case koi8R = "koi8-r"
    /// KOI8-U (Ukrainian).
    case koi8U = "koi8-u"
    /// Mac OS Roman.
    case macintosh = "macintosh"
    /// Windows-874 (Thai; also TIS-620 and ISO-8859-11).
    case windows874 = "windows-874"
    /// Windows-1250 (Central European).
    case windows1250 = "windows-1250"
    /// Windows-1251 (Cyrillic).
    case windows1251 = "windows-1251"
    /// Windows-1252, which the standard also uses for the labels `iso-8859-1`, `latin1`,
    /// `us-ascii` and their aliases.
    case windows1252 = "windows-1252"
    /// Windows-1253 (Greek).
    case windows1253 = "windows-1253"
    /// Windows-1254 (Turkish; also the labels of ISO-8859-9).
    case windows1254 = "windows-1254"
    /// Windows-1255 (Hebrew).
    case windows1255 = "windows-1255"
    /// Windows-1256 (Arabic).
    case windows1256 = "windows-1256"
    /// Windows-1257 (Baltic).
    case windows1257 = "windows-1257"
    /// Windows-1258 (Vietnamese).
    case windows1258 = "windows-1258"
    /// Mac OS Cyrillic (and Ukrainian).
    case xMacCyrillic = "x-mac-cyrillic"
    /// GBK (simplified Chinese; also the labels `gb2312`, `chinese`), decoded as GB18030 is.
    case gbk = "gbk"
    /// GB18030 (simplified Chinese).
    case gb18030 = "gb18030"
    /// Big5 (traditional Chinese, with the HKSCS extensions).
    case big5 = "big5"
    /// EUC-JP (Japanese).
    case eucJP = "euc-jp"
    /// ISO-2022-JP (Japanese, 7-bit with escape sequences).
    case iso2022JP = "iso-2022-jp"
    /// Shift_JIS (Japanese; decoded as Windows-31J, as browsers do).
    case shiftJIS = "shift_jis"
    /// EUC-KR (Korean; decoded as Windows-949, as browsers do).
    case eucKR = "euc-kr"
    /// UTF-16 big-endian.
    case utf16BigEndian = "utf-16be"
    /// UTF-16 little-endian (also the label `utf-16`).
    case utf16LittleEndian = "utf-16le"
    /// x-user-defined: ASCII, and bytes 0x80–0xFF as U+F780–U+F7FF.
    case xUserDefined = "x-user-defined"

    /// The encoding a WHATWG label names (`"utf-8"`, `"latin1"`, `"Shift_JIS"`, `"koi8"`, …), or
    /// `nil` for a label the standard does not list or that names its replacement encoding (see
    /// ``isReplacementLabel(_:)``). Leading and trailing ASCII whitespace is ignored; case does not
    /// matter.
    public init?(label: String) {
        guard let encoding = Self.byLabel[Self.normalizedLabel(label)] else { return nil }
        self = encoding
    }

    /// Whether `label` names the standard's *replacement* encoding (`iso-2022-kr`,
    /// `iso-2022-cn`, `iso-2022-cn-ext`, `hz-gb-2312`, `csiso2022kr`): encodings that browsers
    /// refuse to decode, and Transmark too.
    public static func isReplacementLabel(_ label: String) -> Bool {
        replacementLabels.contains(normalizedLabel(label))
    }

    /// Every label the standard lists for this encoding, its name included.
    public var labels: [String] { Self.labelTable.first { $0.0 == self }!.1 }

    /// Whether this is UTF-16 (either byte order).
    public var isUTF16: Bool { self == .utf16BigEndian || self == .utf16LittleEndian }

    /// `label` as an error message names it: without surrounding whitespace, lowercased.
    package static func normalizedLabelForMessages(_ label: String) -> String { normalizedLabel(label) }

    /// `label` without surrounding ASCII whitespace, lowercased (ASCII only).
    static func normalizedLabel(_ label: String) -> String {
        var bytes = Array(label.utf8)
        while let last = bytes.last, isASCIIWhitespace(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !isASCIIWhitespace($0) } ?? bytes.endIndex
        return String(decoding: bytes[start...].map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `byte` is ASCII whitespace as the WHATWG standards define it (tab, LF, FF, CR, space).
    @inline(__always)
    package static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static let replacementLabels: Set<String> = ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"]

    private static let byLabel: [String: InputEncoding] = {
        var table: [String: InputEncoding] = [:]
        for (encoding, labels) in labelTable { for label in labels { table[label] = encoding } }
        return table
    }()

    /// The WHATWG Encoding Standard's table of labels (encodings.json), in its order.
    private static let labelTable: [(InputEncoding, [String])] = [
        (.utf8, ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
        (.ibm866, ["866", "cp866", "csibm866", "ibm866"]),
        (.iso8859_2, ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"]),
        (.iso8859_3, ["csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3"]),
        (.iso8859_4, ["csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4"]),
        (.iso8859_5, ["csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988"]),
        (.iso8859_6, ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e",
                      "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987"]),
        (.iso8859_7, ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597",
                      "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"]),
        (.iso8859_8, ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598",
                      "iso_8859-8", "iso_8859-8:1988", "visual"]),
        (.iso8859_8i, ["csiso88598i", "iso-8859-8-i", "logical"]),
        (.iso8859_10, ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
        (.iso8859_13, ["iso-8859-13", "iso8859-13", "iso885913"]),
        (.iso8859_14, ["iso-8859-14", "iso8859-14", "iso885914"]),
        (.iso8859_15, ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
        (.iso8859_16, ["iso-8859-16"]),
        (.koi8R, ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
        (.koi8U, ["koi8-ru", "koi8-u"]),
        (.macintosh, ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
        (.windows874, ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
        (.windows1250, ["cp1250", "windows-1250", "x-cp1250"]),
        (.windows1251, ["cp1251", "windows-1251", "x-cp1251"]),
        (.windows1252, ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1",
                        "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"]),
        (.windows1253, ["cp1253", "windows-1253", "x-cp1253"]),
        (.windows1254, ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989",
                        "l5", "latin5", "windows-1254", "x-cp1254"]),
        (.windows1255, ["cp1255", "windows-1255", "x-cp1255"]),
        (.windows1256, ["cp1256", "windows-1256", "x-cp1256"]),
        (.windows1257, ["cp1257", "windows-1257", "x-cp1257"]),
        (.windows1258, ["cp1258", "windows-1258", "x-cp1258"]),
        (.xMacCyrillic, ["x-mac-cyrillic", "x-mac-ukrainian"]),
        (.gbk, ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"]),
        (.gb18030, ["gb18030"]),
        (.big5, ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
        (.eucJP, ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
        (.iso2022JP, ["csiso2022jp", "iso-2022-jp"]),
        (.shiftJIS, ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]),
        (.eucKR, ["cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601",
                  "windows-949"]),
        (.utf16BigEndian, ["unicodefffe", "utf-16be"]),
        (.utf16LittleEndian, ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]),
        (.xUserDefined, ["x-user-defined"]),
    ]
}
