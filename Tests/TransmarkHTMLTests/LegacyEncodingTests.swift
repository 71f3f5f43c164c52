import Testing
import TransmarkCore
import TransmarkHTML

/// Pages declaring a legacy encoding in `<meta>` are decoded, never turned into U+FFFD. The byte
/// sequences were made with glibc's `iconv -f UTF-8 -t <encoding>` from the text beside them.
@Suite struct LegacyEncodingTests {
    static let pages: [(label: String, text: String, bytes: [UInt8])] = [
        ("shift_jis", "日本語", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]),
        ("Shift-JIS", "日本語", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]),
        ("euc-jp", "日本語", [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC]),
        ("iso-2022-jp", "日本語", [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x38, 0x6C, 0x1B, 0x28, 0x42]),
        ("gb2312", "中文", [0xD6, 0xD0, 0xCE, 0xC4]),
        ("big5", "繁體", [0xC1, 0x63, 0xC5, 0xE9]),
        ("ks_c_5601-1987", "한국어", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE]),
        ("iso-8859-2", "Zażółć", [0x5A, 0x61, 0xBF, 0xF3, 0xB3, 0xE6]),
        ("koi8-r", "Привет", [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]),
        ("iso-8859-15", "€Œœ", [0xA4, 0xBC, 0xBD]),
        ("windows-1251", "Привет", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]),
        ("x-mac-cyrillic", "Мир", [0x8C, 0xE8, 0xF0]),
    ]

    static func text(of bytes: [UInt8], options: HTMLFrontend.Options = .init()) throws -> String {
        let document = try HTMLFrontend().parse(bytes, options: options)
        return document.root.children.first { _ in true }?.plainText ?? ""
    }

    @Test(arguments: pages)
    func metaCharset(_ page: (label: String, text: String, bytes: [UInt8])) throws {
        let body = Array("<p>".utf8) + page.bytes + Array("\r\nx</p>".utf8)
        let charset = Array("<meta charset=\"\(page.label)\">".utf8)
        #expect(try Self.text(of: charset + body) == page.text + " x")
        let httpEquiv = Array("<meta http-equiv=Content-Type content='text/html; charset=\(page.label)'>".utf8)
        #expect(try Self.text(of: httpEquiv + body) == page.text + " x")
        // Named by the option, with no <meta>; consuming parse gives the same.
        var options = HTMLFrontend.Options()
        options.encoding = try #require(HTMLFrontend.Options.Encoding(rawValue: page.label))
        #expect(try Self.text(of: body, options: options) == page.text + " x")
        var input = body
        let consumed = try HTMLFrontend().parse(consuming: &input, options: options)
        #expect(consumed.root.children.first { _ in true }?.plainText == page.text + " x")
    }

    /// The same text stored as UTF-8 under the `<meta>` of its old encoding (a crawl's or an
    /// archive's copy) reads as UTF-8; ASCII-only text keeps the declared encoding, and so does
    /// text in it that is not valid UTF-8 (the test above).
    @Test(arguments: pages)
    func utf8UnderALegacyMeta(_ page: (label: String, text: String, bytes: [UInt8])) throws {
        let body = Array("<p>\(page.text) x</p>".utf8)
        let charset = Array("<meta charset=\"\(page.label)\">".utf8)
        #expect(try Self.text(of: charset + body) == page.text + " x")
        #expect(try HTMLInputDecoder.decode(charset + body).encoding == .utf8)
        let ascii = charset + Array("<p>plain x</p>".utf8)
        #expect(try HTMLInputDecoder.decode(ascii).encoding == HTMLInputEncoding(label: page.label))
        // Bytes that are not UTF-8 anywhere, even after valid sequences, keep the declared
        // encoding (ISO-2022-JP is seven-bit: its bytes are ASCII, so valid UTF-8 too).
        if String(validating: page.bytes, as: UTF8.self) == nil {
            let mixed = charset + body + page.bytes
            #expect(try HTMLInputDecoder.decode(mixed).encoding == HTMLInputEncoding(label: page.label))
        }
    }

    /// A `<meta>` after the first 1024 bytes (a long head of scripts) is honoured when the bytes
    /// are not UTF-8, as browsers decode again when they reach it; valid UTF-8 stays UTF-8.
    @Test(arguments: pages)
    func metaPastThePrescan(_ page: (label: String, text: String, bytes: [UInt8])) throws {
        let head = Array(("<head><script>" + String(repeating: "var x = 1; ", count: 120) + "</script>").utf8)
        #expect(head.count > HTMLInputDecoder.prescanLimit)
        let charset = Array("<meta charset=\"\(page.label)\"></head>".utf8)
        let body = Array("<p>".utf8) + page.bytes + Array(" x</p>".utf8)
        if String(validating: page.bytes, as: UTF8.self) == nil {
            #expect(try HTMLInputDecoder.decode(head + charset + body).encoding == HTMLInputEncoding(label: page.label))
            #expect(try Self.text(of: head + charset + body).hasSuffix(page.text + " x"))
        }
        let utf8 = head + charset + Array("<p>\(page.text) x</p>".utf8)
        #expect(try HTMLInputDecoder.decode(utf8).encoding == .utf8)
    }

    @Test("The prescan reads UTF-16 labels as UTF-8 and x-user-defined as Windows-1252; unknown labels are passed over")
    func prescanRules() throws {
        let e = Array("é".utf8)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=utf-16>".utf8) + e).encoding == .utf8)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=x-user-defined>".utf8)).encoding == .windows1252)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=klingon><meta charset=koi8-u>".utf8)).encoding == .koi8U)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=klingon>".utf8) + e).bytes == Array("<meta charset=klingon>é".utf8))
    }

    @Test("A replacement label (iso-2022-kr, hz-gb-2312, …) is a typed error naming it, not a page of U+FFFD")
    func replacementEncodingIsAnError() {
        for label in ["iso-2022-kr", "HZ-GB-2312", "iso-2022-cn", "csiso2022kr"] {
            let page = Array("<meta charset=\"\(label)\"><p>text</p>".utf8)
            #expect(throws: TransmarkError.self) { try HTMLFrontend().parse(page, options: .init()) }
            do {
                _ = try HTMLFrontend().parse(page, options: .init())
            } catch let error as TransmarkError {
                #expect(error.code == "unsupported-encoding")
                #expect(error.description.contains("'\(label.lowercased())'"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        // An explicit encoding overrides the <meta>.
        var options = HTMLFrontend.Options()
        options.encoding = .utf8
        #expect(throws: Never.self) { try HTMLFrontend().parse(Array("<meta charset=iso-2022-kr>".utf8), options: options) }
    }

    @Test("A byte order mark wins over <meta> and over the option")
    func byteOrderMarkWins() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + "<meta charset=shift_jis><p>é</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try Self.text(of: utf16) == "é")
    }
}
