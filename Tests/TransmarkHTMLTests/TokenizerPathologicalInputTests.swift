import Testing
import TransmarkCore
import TransmarkHTML

/// Inputs that make naive tokenizers quadratic. These only check that tokenizing finishes
/// with the right tokens; there are no timing assertions.
@Suite("Tokenizer pathological inputs")
struct TokenizerPathologicalInputTests {
    static let megabyte = 1 << 20

    @Test("A 1 MB unclosed comment is one comment")
    func unclosedComment() {
        var tokenizer = HTMLTokenizer(decodedUTF8: Array("<!--".utf8) + [UInt8](repeating: 0x2D, count: Self.megabyte))
        guard case let .comment(text)? = tokenizer.next() else {
            Issue.record("expected a comment")
            return
        }
        #expect(text.utf8.count == Self.megabyte - 2) // the last two dashes are the would-be end
        #expect(tokenizer.next() == nil)
    }

    @Test("A 1 MB attribute value is one attribute")
    func hugeAttributeValue() {
        let value = [UInt8](repeating: UInt8(ascii: "v"), count: Self.megabyte)
        var tokenizer = HTMLTokenizer(decodedUTF8: Array("<a title=\"".utf8) + value + Array("&amp;\">".utf8))
        guard case let .startTag(tag)? = tokenizer.next() else {
            Issue.record("expected a start tag")
            return
        }
        #expect(tag.attributes.count == 1)
        #expect(tag.attributes.first?.value.utf8.count == Self.megabyte + 1)
        #expect(tokenizer.next() == nil)
    }

    @Test("A tag with 100,000 attributes, and one with 100,000 duplicates")
    func manyAttributes() {
        var distinct = Array("<p".utf8)
        var duplicates = Array("<p".utf8)
        for index in 0 ..< 100_000 {
            distinct += Array(" a\(index)=\(index)".utf8)
            duplicates += Array(" a=\(index)".utf8)
        }
        var tokenizer = HTMLTokenizer(decodedUTF8: distinct + [UInt8(ascii: ">")])
        guard case let .startTag(tag)? = tokenizer.next() else {
            Issue.record("expected a start tag")
            return
        }
        #expect(tag.attributes.count == 100_000)
        #expect(tag.attributes.last == Attribute("a99999", "99999"))

        var duplicateTokenizer = HTMLTokenizer(decodedUTF8: duplicates + [UInt8(ascii: ">")])
        guard case let .startTag(duplicateTag)? = duplicateTokenizer.next() else {
            Issue.record("expected a start tag")
            return
        }
        #expect(duplicateTag.attributes == [Attribute("a", "0")])
    }

    @Test("Long runs of '<', '&' and '</' stay linear and keep every byte as text")
    func manyFalseStarts() {
        for unit in ["<", "&", "</ ", "&#", "&amp", "<!-"] {
            let input = String(repeating: unit, count: 100_000)
            var tokenizer = HTMLTokenizer(input)
            var textBytes = 0
            var others = 0
            while let token = tokenizer.next() {
                if case let .text(bytes) = token { textBytes += bytes.count } else { others += 1 }
            }
            switch unit {
            case "&amp": #expect(textBytes == 100_000, "\(unit)")
            case "</ ": #expect(others == 1, "\(unit): one bogus comment to the end") // `</` + space opens a bogus comment
            case "<!-": #expect(others == 1, "\(unit)")
            default: #expect(textBytes == input.utf8.count && others == 0, "\(unit)")
            }
        }
    }
}
