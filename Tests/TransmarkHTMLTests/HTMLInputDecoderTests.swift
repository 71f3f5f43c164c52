import Testing
import TransmarkHTML

@Suite("Tokenizer input decoding")
struct HTMLInputDecoderTests {
    @Test("CRLF and lone CR become LF in text and attribute values")
    func lineEndings() throws {
        #expect(simpleTokens("a\r\nb\rc\r\n\r\nd<p title='x\r\ny'>") == [.text("a\nb\nc\n\nd"), .start("p", ["title": "x\ny"])])
        #expect(try HTMLInputDecoder.decode(Array("a\r".utf8)).bytes == Array("a\n".utf8))
    }

    @Test("Invalid UTF-8 becomes U+FFFD, one per maximal invalid subsequence")
    func invalidUTF8() throws {
        #expect(try simpleTokens(bytes: [0x61, 0xFF, 0x62]) == [.text("a\u{FFFD}b")])
        #expect(try simpleTokens(bytes: [0x61, 0xE2, 0x82, 0x62]) == [.text("a\u{FFFD}b")])   // truncated €
        #expect(try simpleTokens(bytes: [0xED, 0xA0, 0x80]) == [.text("\u{FFFD}\u{FFFD}\u{FFFD}")]) // surrogate
        #expect(try simpleTokens(bytes: [0xC0, 0xAF, 0xF0, 0x9F, 0x98, 0x80]) == [.text("\u{FFFD}\u{FFFD}😀")])
        #expect(try simpleTokens(bytes: [0x3C, 0x61, 0x20, 0x62, 0x3D, 0x80, 0x3E]) == [.start("a", ["b": "\u{FFFD}"])])
    }

    @Test("Valid UTF-8 without CR or BOM is used as is")
    func cleanInputIsNotCopied() throws {
        let input = Array("<p>héllo wörld, a long enough line to pass the 8-byte fast path</p>".utf8)
        let decoded = try HTMLInputDecoder.decode(input)
        #expect(decoded.bytes == input)
        #expect(decoded.encoding == .utf8)
    }

    @Test("NUL becomes U+FFFD by default; spec mode keeps it in data")
    func null() {
        #expect(simpleTokens("a\0b") == [.text("a\u{FFFD}b")])
        #expect(simpleTokens("a\0b", options: .init(replacesNullInData: false)) == [.text("a\0b")])
        #expect(simpleTokens("<ti\0tle>") == [.start("ti\u{FFFD}tle")])
        #expect(simpleTokens("<script>\0</script>") == [.start("script"), .text("\u{FFFD}"), .end("script")])
    }

    @Test("A <meta> naming windows-1252 or latin1 decodes bytes 0x80-0x9F through the Windows-1252 table")
    func windows1252Meta() throws {
        let body: [UInt8] = Array("<p>caf".utf8) + [0xE9, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94]
        let charset = Array(#"<meta charset="windows-1252">"#.utf8)
        #expect(try simpleTokens(bytes: charset + body)
            == [.start("meta", ["charset": "windows-1252"]), .start("p"), .text("café € “q”")])
        let httpEquiv = Array(#"<!-- <meta charset=utf-8> --><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=ISO-8859-1">"#.utf8)
        #expect(try HTMLInputDecoder.decode(httpEquiv + body).encoding == .windows1252)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=latin1>".utf8)).encoding == .windows1252)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset='us-ascii'>".utf8)).encoding == .windows1252)
        #expect(try HTMLInputDecoder.decode(Array("<meta charset=utf-8>".utf8) + body).encoding == .utf8)
        // Past the first 1024 bytes, a <meta> in the head counts only for bytes that are not
        // UTF-8 (a browser decodes again when it reaches the tag); one in the body never does.
        let spaces = [UInt8](repeating: 0x20, count: 1024)
        #expect(try HTMLInputDecoder.decode(spaces + charset + body).encoding == .windows1252)
        #expect(try HTMLInputDecoder.decode(spaces + charset + Array("<p>café</p>".utf8)).encoding == .utf8)
        #expect(try HTMLInputDecoder.decode(spaces + Array("<body>".utf8) + charset + body).encoding == .utf8)
    }

    @Test("A byte order mark decides and is skipped; an explicit encoding overrides detection")
    func bomAndExplicitEncoding() throws {
        let meta = Array("<meta charset=windows-1252>".utf8)
        #expect(try HTMLInputDecoder.decode([0xEF, 0xBB, 0xBF] + meta + [0xC3, 0xA9]).bytes == meta + [0xC3, 0xA9])
        #expect(try HTMLInputDecoder.decode([0xFF, 0xFE, 0x41, 0x00, 0x0D, 0x00, 0x0A, 0x00, 0x3D, 0xD8, 0x00, 0xDE]).bytes
            == Array("A\n😀".utf8))
        #expect(try HTMLInputDecoder.decode([0xFE, 0xFF, 0x00, 0x41, 0xD8, 0x00]).bytes == Array("A\u{FFFD}".utf8))
        #expect(try HTMLInputDecoder.decode([0xE9], encoding: .windows1252).bytes == Array("é".utf8))
        #expect(try HTMLInputDecoder.decode(meta + [0xC3, 0xA9], encoding: .utf8).bytes == meta + [0xC3, 0xA9])
        #expect(HTMLInputEncoding(label: " Latin1 ") == .windows1252)
        #expect(HTMLInputEncoding(label: "shift_jis") == .shiftJIS)
        #expect(HTMLInputEncoding(label: "x-unknown") == nil)
    }
}

@Suite struct HTMLConsumingParseTests {
    /// `parse(consuming:)` empties its input and builds the same tree as parsing in place, whether
    /// the input is read as it is or decoded into a copy first (CR line ends, Latin-1, bad UTF-8).
    @Test(arguments: [
        Array("<p>plain <b>UTF-8</b></p>".utf8),
        Array("<pre>a\r\nb\rc</pre>\r\n<p title=\"x\r\ny\">t</p>".utf8),
        [0x3C, 0x70, 0x3E, 0xE9, 0xFF, 0x3C, 0x2F, 0x70, 0x3E],
    ])
    func consumingGivesTheSameTree(_ bytes: [UInt8]) throws {
        let frontend = HTMLFrontend()
        let inPlace = try bytes.withUnsafeBufferPointer { try frontend.parse($0, options: .init()) }
        var input = bytes
        let consumed = try frontend.parse(consuming: &input, options: .init())
        #expect(input.isEmpty)
        #expect(consumed == inPlace)
    }
}
