import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// The tokenizer reads valid UTF-8 with its CRs in place and normalizes line endings itself.
/// These tests hold it to what it gave on input normalized up front (`HTMLInputDecoder.preprocess`).
@Suite("Line endings read in place")
struct LineEndingTests {
    /// Every public token, in order (text split as the tokenizer splits it).
    static func tokens(_ tokenizer: inout HTMLTokenizer) -> [HTMLToken] {
        var result: [HTMLToken] = []
        while let token = tokenizer.next() { result.append(token) }
        return result
    }

    /// The tokens of `raw` read in place (borrowed, as the tree builder reads it) and through the
    /// public initializer, and the tokens of the same input normalized first.
    static func tokenStreams(_ raw: [UInt8], options: HTMLTokenizer.Options)
        -> (borrowed: [HTMLToken], owned: [HTMLToken], expected: [HTMLToken]) {
        var expected = HTMLTokenizer(decodedUTF8: HTMLInputDecoder.preprocess(utf8: raw), options: options)
        var owned = HTMLTokenizer(decodedUTF8: raw, options: options)
        let borrowed = raw.withUnsafeBufferPointer { p in
            var tokenizer = HTMLTokenizer(borrowing: p, options: options)
            return tokens(&tokenizer)
        }
        return (borrowed, tokens(&owned), tokens(&expected))
    }

    static func expectSameAsNormalized(_ raw: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = String(decoding: raw, as: UTF8.self)
        for options in [HTMLTokenizer.Options(), .init(replacesNullInData: false, keepsUnfinishedTagAsText: true)] {
            let streams = tokenStreams(raw, options: options)
            #expect(streams.borrowed == streams.expected, "tokens of \(String(reflecting: source))", sourceLocation: sourceLocation)
            #expect(streams.owned == streams.expected, "tokens of \(String(reflecting: source))", sourceLocation: sourceLocation)
        }
        for keep in [false, true] {
            var options = HTMLFrontend.Options()
            options.keepComments = keep
            options.keepHidden = keep
            let normalized = HTMLInputDecoder.preprocess(utf8: raw)
            let tree = try raw.withUnsafeBufferPointer { try HTMLFrontend().parse($0, options: options) }
            let expected = try normalized.withUnsafeBufferPointer { try HTMLFrontend().parse($0, options: options) }
            #expect(tree == expected, "tree of \(String(reflecting: source))", sourceLocation: sourceLocation)
            if tree != expected {
                let dump = { (d: Document) in String(decoding: (try? TreeBackend().render(d, options: .init())) ?? [], as: UTF8.self) }
                #expect(dump(tree) == dump(expected), sourceLocation: sourceLocation)
            }
        }
    }

    @Test("CRLF and lone CR become LF in text, attributes, comments, raw text and DOCTYPE identifiers")
    func unitCases() throws {
        let cases = [
            "a\r\nb\rc\r\n\r\nd", "\r", "\r\n", "x\r", "\n\r", "\r\r\n\n",
            "<p title='x\r\ny' id=\"a\rb\" class=c\r\nd=e>t</p>",
            "<p\r\nclass=x\r>a</p\r\n>", "<a href=x\rtitle=y>", "<br\r/>", "<img\ralt>",
            "<!--a\r\nb\rc-->", "<!--\r-->", "<!-\r-x-->", "<!--a--\r>b-->", "<!--a--!\r\n-->", "<?x\r\ny>", "<!x\r>",
            "<!DOCTYPE html\r\nPUBLIC \"-//a\r\nb\"\r\n'c\rd'>", "<!DOCTYPE\rhtml\r>", "<!DOCTYPE html SYSTEM \"\r\n\">",
            "<script>a\r\nb</script\r\n>c", "<script><!--\r\n<script>\r</script>\r\n--></script>",
            "<textarea>\r\nx\ry</textarea\r>", "<pre>\r\n\r\nx</pre>", "<pre>\rx</pre>", "<title>a\r&amp;\r\nb</title>",
            "<style>a\r\n</style>", "<plaintext>a\r\nb\r", "<svg><![CDATA[a\r\nb]]></svg>",
            "&amp;\r\n&#13;\r&#x0D;&#xd;\r\n", "&not\r\n", "&\r\n", "a&#13;\nb", "<p title='&#13;\r\n'>",
            "a\r<b>\r\n</b>\r", "\r<\r\n", "<\r", "</\r\n", "a</\r>", "<Congratulation\r\nyes!>", "<x-y a=\"1\r\n2\">",
            "<p>a\0\r\nb</p>", "<div class='x'\r\nhidden>gone\r\n</div>",
        ]
        for text in cases { try Self.expectSameAsNormalized(Array(text.utf8)) }
    }

    @Test("A character reference to U+000D stays U+000D")
    func carriageReturnReference() {
        #expect(simpleTokens("a&#13;b") == [.text("a\rb")])
        #expect(simpleTokens("<p title='&#x0D;\r'>") == [.start("p", ["title": "\r\n"])])
    }

    @Test("Random input sprinkled with CR, CRLF and LF tokenizes and builds as its normalized form",
          arguments: 0 ..< 40)
    func differential(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0x1F2E_3D4C &+ seed)
        let fragments = [
            "<p>", "</p>", "<pre>", "</pre>", "<textarea>", "</textarea>", "<title>", "</title>", "<script>", "</script>",
            "<style>", "</style>", "<plaintext>", "<svg>", "</svg>", "<![CDATA[", "]]>", "<!--", "-->", "--!>", "-", "--",
            "<!DOCTYPE html PUBLIC \"", "<!doctype x SYSTEM '", "\"", "'", "<a href=", "<a title=\"", "<b x='", "<div",
            " id=x", " hidden", " style='display:none'", ">", "/>", "=", "/", "&amp;", "&#13;", "&#x0D;", "&not", "&", "<",
            "</", "</b", "</title", "</script", "</textarea", "<?x", "<!x", "<Congratulation", "<custom-tag", "</custom-tag>",
            "<li>", "<ul>", "<table><tr><td>", "text", "é", "€", " ", "  ", "\t", "\0", "<br>", "<span>", "</span>",
        ]
        let lineEndings = ["\r", "\n", "\r\n", "\r\r\n", "\n\r", "\r\n\r\n"]
        for _ in 0 ..< 25 {
            var text = ""
            let pieces = Int.random(in: 1 ... 30, using: &random)
            for _ in 0 ..< pieces {
                if Bool.random(using: &random) {
                    text += lineEndings.randomElement(using: &random)!
                } else {
                    text += fragments.randomElement(using: &random)!
                }
            }
            try Self.expectSameAsNormalized(Array(text.utf8))
        }
    }

    @Test("Valid UTF-8 with CRs is read in place; a byte order mark or invalid bytes are decoded")
    func inPlace() throws {
        let check = { (bytes: [UInt8]) throws -> HTMLInputDecoder.Prepared in
            try bytes.withUnsafeBufferPointer { try HTMLInputDecoder.prepare($0, encoding: nil) }
        }
        guard case .inPlace(firstCR: 7) = try check(Array("<p>é a\r\nb</p>".utf8)) else { Issue.record("copied"); return }
        guard case .inPlace(firstCR: 5) = try check(Array("<p>ab".utf8)) else { Issue.record("copied"); return }
        guard case .decoded = try check([0xEF, 0xBB, 0xBF] + Array("a\rb".utf8)) else { Issue.record("BOM read in place"); return }
        guard case .decoded = try check(Array("a\rb".utf8) + [0xFF]) else { Issue.record("invalid UTF-8 read in place"); return }
    }
}
