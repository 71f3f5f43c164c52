import Testing
import TransmarkHTML

@Suite("Tokenizer character references")
struct CharacterReferenceTests {
    @Test("References are decoded after tokenizing, so escaped markup stays text")
    func escapedMarkupIsText() {
        #expect(simpleTokens("&lt;a href=x&gt;link&lt;/a&gt;") == [.text("<a href=x>link</a>")])
        #expect(simpleTokens("&amp;lt;") == [.text("&lt;")])
    }

    @Test("Legacy names without ';' match the longest known prefix")
    func legacyLongestMatch() {
        #expect(simpleTokens("&notit;") == [.text("¬it;")])
        #expect(simpleTokens("&notin;") == [.text("∉")])
        #expect(simpleTokens("&amp") == [.text("&")])
        #expect(simpleTokens("&ampx") == [.text("&x")])
        #expect(simpleTokens("&unknown; & &;") == [.text("&unknown; & &;")])
    }

    @Test("Numeric references use the WHATWG replacements", arguments: [
        ("&#128;", "€"), ("&#x80;", "€"), ("&#x9F;", "Ÿ"), ("&#x110000;", "\u{FFFD}"), ("&#0;", "\u{FFFD}"),
        ("&#xD800;", "\u{FFFD}"), ("&#99999999999999999999;", "\u{FFFD}"), ("&#65", "A"), ("&#x41;", "A"),
        ("&#X1F600;", "😀"), ("&#;", "&#;"), ("&#x;", "&#x;"), ("&#xFFFF;", "\u{FFFF}"),
    ])
    func numeric(input: String, expected: String) {
        #expect(simpleTokens(input) == [.text(expected)])
    }

    @Test("In attribute values a legacy name followed by '=' or an alphanumeric is not decoded")
    func attributeException() {
        #expect(simpleTokens(#"<a href="?x=1&copy=2&not=3&amp;y">"#)
            == [.start("a", ["href": "?x=1&copy=2&not=3&y"])])
        #expect(simpleTokens(#"<a title="&copyx &copy; &copy">"#) == [.start("a", ["title": "&copyx © ©"])])
        #expect(simpleTokens("<a title=&notin;&not-x>") == [.start("a", ["title": "∉¬-x"])])
        // In text the exception does not apply.
        #expect(simpleTokens("&copy=2") == [.text("©=2")])
    }

    @Test("The generated table has all 2,231 WHATWG names, 106 of them legacy")
    func table() {
        let table = NamedCharacterReferences.standard
        #expect(table.count == 2231)
        let legacy = (0 ..< table.count).filter { !table.name(of: $0).hasSuffix(";") }
        #expect(legacy.count == 106)
        let match = table.longestMatch(in: Array("notin;x".utf8))
        #expect(match?.length == 6)
        #expect(match.map { String(decoding: table.replacement(of: $0.entry), as: UTF8.self) } == "∉")
        #expect(table.longestMatch(in: Array("zzz".utf8)) == nil)
        #expect(table.longestMatch(in: []) == nil)
    }
}
