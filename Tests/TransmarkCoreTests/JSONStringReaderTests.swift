import Testing
@_spi(TransmarkStorage) @testable import TransmarkCore

/// `JSONStringReader`, the one JSON string decoder (json-tree and JSON-LD through `JSONTape`,
/// the command line's JSON lines records): what it decodes, where it leaves the bytes, and what it
/// refuses or repairs.
@Suite struct JSONStringReaderTests {
    /// Reads the JSON string that starts at the first byte of `json`; the decoded text (invalid
    /// UTF-8 shown as U+FFFD by `String(decoding:)`), the index after the string, and whether
    /// the bytes stayed in the input.
    func read(_ json: [UInt8], _ invalidText: JSONStringReader.InvalidText = .reject)
        throws(JSONStringReader.Failure) -> (bytes: [UInt8], end: Int, inInput: Bool) {
        var buffer: [UInt8] = [0x2A] // something already in the buffer, as on a tape
        let result = try json.withUnsafeBufferPointer { (input) throws(JSONStringReader.Failure) in
            try JSONStringReader.read(input, quote: 0, into: &buffer, invalidText: invalidText)
        }
        switch result.bytes {
        case .input(let range): return (Array(json[range]), result.end, true)
        case .buffer(let range): return (Array(buffer[range]), result.end, false)
        }
    }

    func read(_ json: String, _ invalidText: JSONStringReader.InvalidText = .reject)
        throws(JSONStringReader.Failure) -> (text: String, end: Int, inInput: Bool) {
        let r = try read(Array(json.utf8), invalidText)
        return (String(decoding: r.bytes, as: UTF8.self), r.end, r.inInput)
    }

    func failure(_ json: String, _ invalidText: JSONStringReader.InvalidText = .reject) -> JSONStringReader.Failure? {
        do {
            _ = try read(json, invalidText)
            return nil
        } catch {
            return error
        }
    }

    @Test func aStringWithoutEscapesStaysInTheInput() throws {
        let r = try read(#""héllo wörld" , 1"#)
        #expect(r.text == "héllo wörld")
        #expect(r.inInput)
        #expect(r.end == #""héllo wörld""#.utf8.count)
    }

    @Test func escapesAreDecodedWithTheRunsBetweenThem() throws {
        let r = try read(#""a\"b\\c\/d\b\f\n\r\te \u00e9\u2028 \ud83d\ude00 end""#)
        #expect(r.text == "a\"b\\c/d\u{08}\u{0C}\n\r\te é\u{2028} 😀 end")
        #expect(!r.inInput)
        #expect(try read(#""\u0041""#).text == "A")
        #expect(try read(#""x\\""#).text == "x\\")
    }

    @Test func whatTheWritersEscapeReadsBack() throws {
        // JSONStringEscaping (every JSON writer's escaper) and the reader are inverses on text.
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                          "é", "\u{2028}", "\u{2029}", "中", "😀", "\u{FFFD}"]
        for _ in 0 ..< 300 {
            var text = ""
            for _ in 0 ..< Int.random(in: 0 ... 40, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            var json: [UInt8] = [0x22]
            let utf8 = Array(text.utf8)
            utf8.withUnsafeBufferPointer { bytes in
                JSONStringEscaping.appendContent(bytes, to: &json, isValidUTF8: true)
            }
            json.append(0x22)
            let r = try read(json)
            #expect(String(decoding: r.bytes, as: UTF8.self) == text, "\(json)")
            #expect(r.end == json.count)
        }
    }

    @Test func strictReadingRefusesWhatIsNoText() {
        #expect(failure(#""a\ud800b""#)?.message == "unpaired surrogate \\uD800 at byte 2")
        #expect(failure(#""\udc00""#)?.message == "unpaired surrogate \\uDC00 at byte 1")
        #expect(failure(#""\ud800\u0041""#)?.message == "unpaired surrogate \\uD800 at byte 1")
        var invalid: [UInt8] = Array(#""ab"#.utf8) + [0xC3, 0x28] + [0x22]
        #expect(throws: JSONStringReader.Failure.self) { try read(invalid) }
        do {
            _ = try read(invalid)
        } catch {
            #expect(error.message == "invalid UTF-8 at byte 3")
        }
        invalid = [0x22, 0xFF, 0x22]
        #expect(throws: JSONStringReader.Failure.self) { try read(invalid) }
    }

    @Test func repairingKeepsInvalidBytesAndReplacesUnpairedSurrogates() throws {
        #expect(try read(#""a\ud800b""#, .repair).text == "a\u{FFFD}b")
        #expect(try read(#""\udc00""#, .repair).text == "\u{FFFD}")
        // The escape after a high surrogate that is no low one is read on its own.
        #expect(try read(#""\ud800\u0041""#, .repair).text == "\u{FFFD}A")
        #expect(try read(#""\ud83d\ude00""#, .repair).text == "😀")
        // Invalid UTF-8 passes through as bytes, for the frontend to replace.
        let r = try read([0x22, 0x61, 0xFF, 0x62, 0x22], .repair)
        #expect(r.bytes == [0x61, 0xFF, 0x62])
        #expect(r.inInput)
    }

    @Test func malformedStringsSayWhatAndWhere() {
        #expect(failure(#""abc"#)?.message == "unterminated string at byte 0")
        #expect(failure(#""ab\"#)?.message == "unterminated string at byte 0")
        #expect(failure(#""a\u00e9\"#)?.message == "unterminated string at byte 0")
        #expect(failure(#""a\x""#)?.message == "invalid escape \\x at byte 2")
        #expect(failure(#""\u12G4""#)?.message == "\\u escape without four hexadecimal digits at byte 1")
        #expect(failure(#""\u12""#)?.message == "\\u escape without four hexadecimal digits at byte 1")
        #expect(failure("\"a\nb\"")?.message == "unescaped control character U+000A in a string at byte 2")
        #expect(failure("\"a\\n\u{1}\"", .repair)?.message == "unescaped control character U+0001 in a string at byte 4")
    }
}
