import CCmarkGFM
import CCmarkExtensions
import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// Transmark's autolink extension (`TransmarkAutolink.h`) in place of libcmark-gfm's: the same
/// links as the library's extension, in time and memory linear in the input.
@Suite struct AutolinkTests {
    /// The HTML libcmark-gfm renders for `markdown` with the table, strikethrough and tasklist
    /// extensions and either the library's autolink extension or Transmark's.
    static func html(_ markdown: String, ours: Bool, smart: Bool = false) -> String {
        CmarkLibrary.withLock {
            var options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES
            if smart { options |= CMARK_OPT_SMART }
            let parser = cmark_parser_new(options)!
            defer { cmark_parser_free(parser) }
            for name in ["table", "strikethrough", "tasklist"] {
                cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
            }
            cmark_parser_attach_syntax_extension(parser, ours ? transmark_autolink_extension() : cmark_find_syntax_extension("autolink"))
            let bytes = Array(markdown.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            let root = cmark_parser_finish(parser)!
            defer { cmark_node_free(root) }
            let rendered = cmark_render_html(root, options, nil)!
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// Inputs at the edges of each rule: where a link may start, its domain, where it ends
    /// (trailing punctuation, parentheses, entities, `<`), addresses with `mailto:` and `xmpp:`,
    /// links inside link text, emphasis and smart punctuation around them.
    static let edgeCases = [
        "www.commonmark.org", "Visit www.commonmark.org/help for more information.",
        "Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.", "www.google.com/search?q=Markup+(business)))",
        "(www.google.com/search?q=Markup+(business))", "www.google.com/search?q=(business))+ok",
        "www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;",
        "www.commonmark.org/he<lp", "http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))",
        "Anonymous FTP is available at ftp://foo.bar.baz.", "foo@bar.baz", "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.",
        "a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_", "mailto:foo@bar.baz", "xmpp:foo@bar.baz/txt@bin",
        "a mailto:foo@bar.baz. x", "amailto:a@b.co", "xmpp:foo@bar.baz/txt/bin.com", "http://example.com/@user a.b@c.d",
        "foo@bar.baz@x.y", "a@b.c@d.e f@g.hi", "mailto:a@b", "mailto:@b.c", "/a@b.co", ":a@b.co", "x.mailto:a@b.co",
        "www.a_b.c", "www.a.b_c", "www._a.b.c", "_www.a.b", "*www.a.b*", "~www.a.b~", "(www.a.b)", "xwww.a.b", "www.",
        "www.a", "www.é.com/x", "http://é.com", "http://_", "https://a", "HTTP://A.B", "xhttp://a.b", "http:/a.b",
        "[www.a.b](http://c)", "[see http://a.b/c] and ![x@y.zz](i)", "<a href=\"http://a.b\">http://c.d</a>",
        "http://a.b/&amp;x;", "http://a.b/c&d;", "http://a.b/c&;", "http://a.b/);", "www.a.b/~x~", "\"http://a.b\"",
        "'www.a.b'", "http://a.b...", "a@b.co-", "a@b.co_", "a@b.c1", "a@b.co.", "1@2.3", "x@y.z\n  next@line.ok  \nend",
        "wwww.a.b www.w.w wwwwww.a", "text with w and : and // and www and w.w.w", "a `www.a.b` b", "\\www.a.b http\\://a.b",
        "**http://a.b**", "_http://a.b_", "http://a.b_", "www.a.b._", "http://a.b/(c)d)", "http://a.b/((c)", "www.a.b<c>",
    ]

    @Test func edgeCasesGiveTheLibrarysLinks() {
        for input in Self.edgeCases {
            #expect(Self.html(input, ours: true) == Self.html(input, ours: false), "\(input)")
            #expect(Self.html(input, ours: true, smart: true) == Self.html(input, ours: false, smart: true), "\(input)")
        }
    }

    /// Generated inputs (a fixed seed) from pieces that matter to the rules: the same HTML as the
    /// library's extension gives.
    @Test func generatedInputsGiveTheLibrarysLinks() {
        let pieces = ["www.", "w", "ww", ".", "_", "-", "@", ":", "//", "http", "https", "ftp", "HTTP", "mailto:", "xmpp:",
                      "a", "b1", "co", "com", " ", "\n", "(", ")", "<", ">", "&", ";", "amp", "*", "~", "!", "?", ",", "'",
                      "\"", "[", "]", "](", "/", "é", "\\", "`", "x@y.z", "$", "+", "|", "\n\n", "- ", "> ", "  \n",
                      "\t", "a_b", "W", "://", "<http://a", ".b", "&x;", "@@", "..", "[^"]
        var random = SeededGenerator(seed: 20261128)
        var differences: [String] = []
        for index in 0..<20_000 {
            var input = ""
            for _ in 0..<Int.random(in: 1...25, using: &random) { input += pieces.randomElement(using: &random)! }
            let smart = index % 4 == 0
            if Self.html(input, ours: true, smart: smart) != Self.html(input, ours: false, smart: smart) {
                differences.append(input)
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// Every address of a paragraph is linked (the library's extension stopped after 1,000).
    @Test func everyAddressIsLinked() throws {
        let document = try MarkdownFrontend().parse(String(repeating: "a@b.co ", count: 3_000))
        var links = 0
        for case .enter(let node) in document.events() {
            if case .link(let destination, _) = node.kind, destination == "mailto:a@b.co" { links += 1 }
        }
        #expect(links == 3_000)
    }

    /// Each input that took the library's extension superlinear time (or memory): a fourfold
    /// input takes at most about fourfold time, and gives the links it should.
    /// Before: `<http://a` × 20,000 5 s; `_www.` × 40,000 21 s; `a@b.co ` × 100,000 686 MB.
    @Test(arguments: [
        ("<http://a", 1), ("_www.", 0), ("a@b.co ", 1), ("x,https://a.b/c", 0), ("word www.a.b ", 1), ("(www.a_b.c", 0),
    ])
    func linearTime(piece: String, linksPerPiece: Int) throws {
        let (linear, times) = try LinearGrowth.check([10_000, 40_000]) { count in
            let document = try MarkdownFrontend().parse(String(repeating: piece, count: count))
            var links = 0
            for case .enter(let node) in document.events() {
                if case .link = node.kind { links += 1 }
            }
            if linksPerPiece > 0 { #expect(links == count * linksPerPiece, "\(piece)") }
        }
        #expect(linear, "\(piece) × n grows faster than linearly: \(times)")
    }
}
