import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// Any byte sequence is valid input: invalid UTF-8 and NUL become U+FFFD.
@Suite struct InputBytesTests {
    func html(_ bytes: [UInt8]) throws -> String {
        try HTMLBackend().renderString(try MarkdownFrontend().parse(bytes))
    }

    @Test(arguments: [
        ([0x61, 0xFF, 0x62], "<p>a\u{FFFD}b</p>\n"),
        ([0x61, 0xC3], "<p>a\u{FFFD}</p>\n"),
        ([0xED, 0xA0, 0x80, 0x7A], "<p>\u{FFFD}z</p>\n"), // libcmark-gfm replaces an encoded surrogate as one sequence
        ([0x2A, 0x61, 0x00, 0x2A], "<p><em>a\u{FFFD}</em></p>\n"),
        ([0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80], "<p>é😀</p>\n"),
    ] as [([UInt8], String)])
    func invalidBytesBecomeReplacementCharacters(_ bytes: [UInt8], _ expected: String) throws {
        #expect(try html(bytes) == expected)
    }

    @Test func guardReportsUTF8Validity() throws {
        let guardian = MarkdownComplexityGuard(maxDepth: 100, maxComplexity: 1000)
        let valid: [UInt8] = Array("plain é 日本 😀\n".utf8)
        let invalid: [UInt8] = [0x61, 0x80, 0x0A, 0xF4, 0x90, 0x80, 0x80]
        #expect(try valid.withUnsafeBufferPointer { try guardian.check($0) })
        #expect(try !invalid.withUnsafeBufferPointer { try guardian.check($0) })
    }
}
