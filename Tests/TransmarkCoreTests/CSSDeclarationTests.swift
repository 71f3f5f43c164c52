import Foundation
import Testing
import TestSupport
@testable import TransmarkCore

private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CSSColor {
    .rgba(RGBAColor(red: r, green: g, blue: b, alpha: a))
}

private let red = rgb(255, 0, 0)
private let blue = rgb(0, 0, 255)

@Suite("CSS declaration lists")
struct CSSDeclarationTests {
    static let importance: [(String, Style)] = [
        ("color: red; color: blue", makeStyle { $0.color = blue }),
        ("color: red !important; color: blue", makeStyle { $0.color = red }),
        ("color: red !important; color: blue !important", makeStyle { $0.color = blue }),
        ("color: red!important;color:blue", makeStyle { $0.color = red }),
        ("color: red ! IMPORTANT ; color: blue", makeStyle { $0.color = red }),
        ("color: red !/* c */important; color: blue", makeStyle { $0.color = red }),
        ("color: blue; color: red !important", makeStyle { $0.color = red }),
        ("color: red !importantx; color: blue", makeStyle { $0.color = blue }),
        ("color: red !importantx", Style()),
        ("color: !important", Style()),
        ("color: red !important !important", Style()),
        ("color: red important", Style()),
        ("font: bold 12px serif !important; font-weight: normal; font-size: 20px",
         makeStyle { $0.fontWeight = .bold; $0.fontSize = .length(.px(12)); $0.fontStyle = .normal; $0.lineHeight = .normal; $0.fontFamily = ["serif"] }),
        ("font-weight: 300 !important; font: bold 12px a",
         makeStyle { $0.fontWeight = .weight(300); $0.fontSize = .length(.px(12)); $0.fontStyle = .normal; $0.lineHeight = .normal; $0.fontFamily = ["a"] }),
        ("background-color: red !important; background: blue", makeStyle { $0.backgroundColor = red }),
        ("text-decoration: underline !important; text-decoration-line: none", makeStyle { $0.textDecoration = .underline }),
        ("color: red !important; color: inherit", makeStyle { $0.color = red }),
        ("color: red; color: inherit", Style()),
        ("color: red; color: INITIAL; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        ("font-size: 10px; font: unset", Style()),
    ]

    @Test("!important and declaration order", arguments: importance)
    func important(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    static let comments: [(String, Style)] = [
        ("/* a */color/* b */:/**/red/* c */;/* d */", makeStyle { $0.color = red }),
        ("color: /* ; font-weight: bold; */ blue", makeStyle { $0.color = blue }),
        ("color: red; /* font-weight: bold", makeStyle { $0.color = red }),
        ("color: red/**/; font-size/*x*/ : 1px", makeStyle { $0.color = red; $0.fontSize = .length(.px(1)) }),
        ("font-family: Times/**/Roman", makeStyle { $0.fontFamily = ["Times Roman"] }),
        ("font-family: \"/* not a comment */\"", makeStyle { $0.fontFamily = ["/* not a comment */"] }),
        ("/**/", Style()),
        ("/* unterminated", Style()),
    ]

    @Test("comments anywhere", arguments: comments)
    func commentHandling(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    static let recovery: [(String, Style)] = [
        ("color: red; font-weight: ; background: url(\"a;b\") #00f; font-size: 12px",
         makeStyle { $0.color = red; $0.backgroundColor = blue; $0.fontSize = .length(.px(12)) }),
        ("color red; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        (": red; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        ("12px: red; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        (";;; color: red ;;", makeStyle { $0.color = red }),
        ("foo: bar; color: red; --custom: x(;)", makeStyle { $0.color = red }),
        ("color: blue; color: nonsense", makeStyle { $0.color = blue }),
        ("color: blue; color:", makeStyle { $0.color = blue }),
        // A never-closed parenthesis loses only its own declaration.
        ("font-weight: bold; color: rgb(255, 0, 0; font-size: 10px",
         makeStyle { $0.fontWeight = .bold; $0.fontSize = .length(.px(10)) }),
        ("color: (; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        // A `;` inside a closed block belongs to the block.
        ("color: [; font-weight: bold]; font-size: 10px", makeStyle { $0.fontSize = .length(.px(10)) }),
        ("color: x(a; b) red; font-size: 10px", makeStyle { $0.fontSize = .length(.px(10)) }),
        ("color: {;}; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        // A stray closer makes its own declaration invalid only.
        ("color: red); font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        ("color: red]; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        // Strings: a `;` inside is text; a string cut by a newline is bad and dropped.
        ("font-family: \"a;b\"; color: red", makeStyle { $0.fontFamily = ["a;b"]; $0.color = red }),
        ("font-family: \"abc\n; color: red", makeStyle { $0.color = red }),
        ("font-family: 'abc", makeStyle { $0.fontFamily = ["abc"] }),
        // URLs: an unquoted url() may hold `;`; an unclosed one does not swallow the rest.
        ("background: url(a;b) red; font-weight: bold", makeStyle { $0.backgroundColor = red; $0.fontWeight = .bold }),
        ("background: url(a b) red; color: blue", makeStyle { $0.color = blue }),
        ("background: url(unclosed; color: red", makeStyle { $0.color = red }),
        ("background: url(a) red; background: url(b; color: blue; font-weight: bold",
         makeStyle { $0.backgroundColor = red; $0.color = blue; $0.fontWeight = .bold }),
        // Escapes in names.
        ("col\\6f r: red", makeStyle { $0.color = red }),
        ("\\63 olor: red", makeStyle { $0.color = red }),
        ("color: \\72 ed", makeStyle { $0.color = red }),
        // At-rules and blocks are not declarations.
        ("@media print { color: red } ; font-weight: bold", makeStyle { $0.fontWeight = .bold }),
        ("{ color: red }; color: blue", makeStyle { $0.color = blue }),
        ("<!-- color: red -->; color: blue", makeStyle { $0.color = blue }),
        // Whitespace of every kind.
        ("\n\tcolor\r\n:\u{0C}red\t;\n", makeStyle { $0.color = red }),
    ]

    @Test("recovery after bad declarations", arguments: recovery)
    func recoverAfterBadDeclarations(input: String, expected: Style) {
        #expect(CSSStyleParser.parse(input) == expected)
    }

    static let garbage: [String] = [
        "", " ", ";", ":", ":::", "{}", "}", "]", ")", "(", "[", "{", "color", "color:", "color: ;",
        "@media screen { color: red }", "<!--", "-->", "\u{0}", "\\", "\\\n", "'", "\"", "/*", "*/", "url(",
        "url(\"", "#", "-", "--", "--x: y", "!important", "color: !important", "123", "1e", "1e+", ".",
        "+.", "-.5e-", "\u{FFFD}\u{FFFD}", "é: é", "color\u{0}: red", "rgb(", "color: rgb(((((",
        "color: \"\\", "a:b:c:d", "}{][)(", "@", "@@@", "#-", "#\\", "u\\rl(", "URL(x", "uRl( \"x",
    ]

    @Test("garbage gives an empty style", arguments: garbage)
    func garbageInput(input: String) {
        #expect(CSSStyleParser.parse(input) == Style())
    }

    @Test("invalid UTF-8 and NUL bytes do not crash and do not hide later declarations")
    func invalidUTF8() {
        let bytes: [UInt8] = [0xFF, 0xC3, 0x28, 0x00, 0x3B] + Array("color: red".utf8)
        #expect(CSSStyleParser.parse(bytes) == makeStyle { $0.color = red })
        let family: [UInt8] = Array("font-family: \"a".utf8) + [0x00, 0xFF] + Array("b\"".utf8)
        #expect(CSSStyleParser.parse(family).fontFamily == ["a\u{FFFD}\u{FFFD}b"])
    }

    @Test("random bytes never crash, and parsing is deterministic")
    func fuzzRandomBytes() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("color:red;()[]{}\"'\\/*!important#0123456789.e+-% \n,url(rgb(hsl(font:background:".utf8)
        for round in 0..<3000 {
            let length = Int.random(in: 0...120, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                round.isMultiple(of: 2) ? UInt8.random(in: 0...255, using: &generator)
                    : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            let first = CSSStyleParser.parse(bytes)
            let second = CSSStyleParser.parse(bytes)
            #expect(first == second)
        }
    }

    @Test("after junk free of quotes, blocks, comments and escapes, a later declaration always applies")
    func fuzzRecovery() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("abc-:;!#0123456789.e+% \t\nimportant,rgb".utf8)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...80, using: &generator)
            var bytes: [UInt8] = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            bytes += Array(";color:#010203 !important;".utf8)
            #expect(CSSStyleParser.parse(bytes).color == rgb(1, 2, 3), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// 1 MB inputs built by repeating a piece after a prefix (built inside the test, so that the
    /// test's arguments stay short).
    static let hugeInputs: [(name: String, prefix: String, piece: String)] = [
        ("identifier", "color: ", "a"),
        ("open parens", "", "("),
        ("close parens", "", ")"),
        ("unclosed urls", "", "url("),
        ("unclosed url declarations", "", "a:url(x;"),
        ("quotes", "", "\""),
        ("comment openers", "", "/*"),
        ("backslashes", "", "\\"),
        ("digits", "font-weight: ", "9"),
        ("number soup", "", "1e9.5%-"),
        ("hashes", "", "#"),
        ("functions", "color: ", "rgb("),
        ("semicolons", "", ";"),
        ("declarations", "", "color:red;"),
    ]

    @Test("1 MB inputs parse in linear time", arguments: hugeInputs)
    func hugeInput(name: String, prefix: String, piece: String) {
        let megabyte = 1 << 20
        var bytes = Array(prefix.utf8)
        bytes.reserveCapacity(megabyte + prefix.utf8.count + piece.utf8.count)
        while bytes.count < megabyte { bytes += piece.utf8 }
        let clock = ContinuousClock()
        var style = Style()
        let elapsed = clock.measure { style = CSSStyleParser.parse(bytes) }
        #expect(elapsed < .seconds(15), "\(name) took \(elapsed)")
        if name == "declarations" {
            #expect(style == makeStyle { $0.color = red })
        } else {
            #expect(style.color == nil)
        }
    }

    @Test("a 1 MB font-family value is kept whole")
    func hugeFamily() {
        let name = String(repeating: "x", count: 1 << 20)
        #expect(CSSStyleParser.parse("font-family: \"\(name)\"; color: red") == makeStyle { $0.fontFamily = [name]; $0.color = red })
    }
}
