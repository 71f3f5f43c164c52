import Testing
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// libcmark-gfm 0.29 measures a `[^…]` bracket that closes on a later line with line-relative
/// columns and loses its text (`see [^a⏎b] end` read as `see [^] end`, or a label cut inside a
/// UTF-8 sequence). `FootnoteBracketRepair` keeps such brackets text. Found by `Fuzz/run.sh markdown`.
@Suite struct FootnoteBracketRepairTests {
    func html(_ markdown: String, chunkSize: Int = 0) throws -> String {
        var options = MarkdownFrontend.Options()
        options.chunkSize = chunkSize
        return try HTMLBackend().renderString(try MarkdownFrontend().parse(Array(markdown.utf8), options: options))
    }

    @Test(arguments: [
        ("see [^a\nb] end\n", "<p>see [^a\nb] end</p>\n"),
        ("see [^a\r\nb] end\n", "<p>see [^a\nb] end</p>\n"),
        ("see [^\nb] end\n", "<p>see [^\nb] end</p>\n"),
        ("a [^x [y] z\nw] b\n", "<p>a [^x [y] z\nw] b</p>\n"),
        ("> q [^a\n> b] c\n", "<blockquote>\n<p>q [^a\nb] c</p>\n</blockquote>\n"),
        ("- item [^a\n  b] c\n", "<ul>\n<li>item [^a\nb] c</li>\n</ul>\n"),
        ("x ![^a\nb] y\n", "<p>x ![^a\nb] y</p>\n"),
        // A link whose text starts with ^ is still a link, as before.
        ("x [^a\nb](/u) y\n", "<p>x <a href=\"/u\">^a\nb</a> y</p>\n"),
        // Markers that land in code spans are removed there too.
        ("k `[^a\nb]` z\n", "<p>k <code>[^a b]</code> z</p>\n"),
    ])
    func bracketsClosingOnALaterLineStayText(_ markdown: String, _ expected: String) throws {
        #expect(try html(markdown) == expected)
    }

    @Test func footnotesOnOneLineStillWork() throws {
        let markdown = "Text [^1] and [^a\nb] then [^1].\n\n[^1]: The note.\n"
        let output = try html(markdown)
        #expect(output.contains("[^a\nb] then"))
        #expect(output.contains("<li id=\"fn-1\">"))
        #expect(output.components(separatedBy: "data-footnote-ref>1</a>").count == 3)
    }

    @Test func repairedInputWithoutMultiLineBracketsIsNotRepaired() {
        for markdown in ["plain [^1] text\n\n[^1]: n\n", "[a\nb] [^c] d]\n", "x \\[^a\nb] y\n"] {
            let positions = Array(markdown.utf8).withUnsafeBufferPointer { FootnoteBracketRepair.markerPositions($0) }
            #expect(positions.isEmpty, "\(markdown.debugDescription)")
        }
    }

    /// A noncharacter already in the input is kept: the repair picks a marker the input lacks.
    @Test func noncharactersOfTheInputAreKept() throws {
        let fdd0 = String(Unicode.Scalar(0xFDD0)!), fdd1 = String(Unicode.Scalar(0xFDD1)!)
        let markdown = "\(fdd0) see [^a\nb] \(fdd1) end\n"
        #expect(try html(markdown) == "<p>\(fdd0) see [^a\nb] \(fdd1) end</p>\n")
    }

    /// The repair applies to a chunked parse and to the consuming parse.
    @Test func chunkedAndConsumingParsesAreRepaired() throws {
        let paragraph = "Para [^a\nb] with [^n] ref.\n\n"
        let markdown = String(repeating: paragraph, count: 200) + "[^n]: note\n"
        let chunked = try html(markdown, chunkSize: 256)
        #expect(chunked.components(separatedBy: "[^a\nb] with").count == 201)
        #expect(chunked == (try html(markdown)))
        var bytes = Array(markdown.utf8)
        let consumed = try HTMLBackend().renderString(try MarkdownFrontend().parse(consuming: &bytes, options: .init()))
        #expect(consumed == chunked)
        #expect(bytes.isEmpty)
    }

    /// The fuzz finding: invalid UTF-8 inside such a bracket gave output with a U+FFFD cut short
    /// and without the bytes after it. (The C0 controls 1 and 6 are written as U+FFFD too.)
    @Test func fuzzFindingKeepsValidTextAndEveryCharacter() throws {
        let input: [UInt8] = Array("See [^1].\n\n[^1]: The first note.\n[^no: A note with\n `".utf8)
            + [203, 37, 102, 79, 255, 255, 255, 255, 255, 250, 1, 6, 47, 86, 0, 0, 160, 124, 93, 86, 87, 10]
        let output = try HTMLBackend().render(try MarkdownFrontend().parse(input, options: .init()), options: .init())
        let text = try #require(String(validating: output, as: UTF8.self))
        #expect(text.contains("[^no: A note with\n`\u{FFFD}%fO\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}/V\u{FFFD}\u{FFFD}\u{FFFD}|]VW"))
    }
}
