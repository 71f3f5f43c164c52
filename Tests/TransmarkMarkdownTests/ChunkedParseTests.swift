import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// A chunked parse (`MarkdownFrontend.Options.chunkSize`) must build exactly the tree of one
/// parse of the whole input: checked on real documents, on every spec example run together with
/// tiny chunks, and on the constructs that cross chunk boundaries (definitions, footnotes, code
/// and HTML blocks over blank lines, lists over blank lines).
@Suite struct ChunkedParseTests {
    static func parse(_ markdown: String, chunkSize: Int, footnotes: Bool = true) throws -> Document {
        var options = MarkdownFrontend.Options()
        options.chunkSize = chunkSize
        options.footnotes = footnotes
        return try MarkdownFrontend().parse(markdown, options: options)
    }

    static func html(_ document: Document) throws -> String {
        var options = HTMLBackend.Options()
        options.unsafe = true
        return try HTMLBackend().renderString(document, options: options)
    }

    /// Parses with one piece and in chunks; equal trees, and (as a readable failure) equal HTML.
    static func expectSameTree(_ markdown: String, chunkSize: Int, footnotes: Bool = true,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try parse(markdown, chunkSize: 0, footnotes: footnotes)
        let chunked = try parse(markdown, chunkSize: chunkSize, footnotes: footnotes)
        if whole != chunked {
            let a = try html(whole), b = try html(chunked)
            Issue.record(Comment(rawValue: "chunked tree differs (chunkSize \(chunkSize))\n" + TextDiff.describe(expected: a, actual: b)),
                         sourceLocation: sourceLocation)
        }
    }

    @Test func realDocumentInChunks() throws {
        // The first 2 MB of the corpus (cut at a line end): the CommonMark spec, pandoc's manual and
        // the Rust book, with reference definitions, footnotes, tables, code and raw HTML.
        let data = try Data(contentsOf: TestPaths.corpus("corpus.md"))
        var end = min(data.count, 2_000_000)
        while end < data.count && data[end - 1] != 0x0A { end += 1 }
        let text = String(decoding: data.prefix(end), as: UTF8.self)
        for size in [64 * 1024, 8 * 1024] {
            try Self.expectSameTree(text, chunkSize: size)
        }
        try Self.expectSameTree(text, chunkSize: 16 * 1024, footnotes: false)
    }

    @Test func consumingParseReleasesTheInputAndBuildsTheSameTree() throws {
        // `parse(consuming:)` frees the input after the block parse; footnote references are
        // then matched from what the block parse recorded, in chunks and in one piece.
        let data = try Data(contentsOf: TestPaths.corpus("corpus.md"))
        var end = min(data.count, 600_000)
        while end < data.count && data[end - 1] != 0x0A { end += 1 }
        let text = String(decoding: data.prefix(end), as: UTF8.self)
            + "\n\nLate[^late] and early[^1].\n\n[^late]: A late note.\n"
        for size in [0, 8 * 1024] {
            var options = MarkdownFrontend.Options()
            options.chunkSize = size
            let borrowed = try MarkdownFrontend().parse(text, options: options)
            var bytes = Array(text.utf8)
            let consumed = try MarkdownFrontend().parse(consuming: &bytes, options: options)
            #expect(bytes.isEmpty)
            #expect(consumed == borrowed, "chunkSize \(size)")
            #expect(try Self.html(consumed).contains("A late note."))
        }
    }

    @Test func consumingParseLeavesASharedCopyIntact() throws {
        // The chunked parse gives the input's pages back as it goes; an array that shares its
        // storage with the consumed one must keep its bytes (the parse works on its own copy).
        let data = try Data(contentsOf: TestPaths.corpus("corpus.md"))
        let original = Array(data.prefix(300_000))
        var consumed = original
        var options = MarkdownFrontend.Options()
        options.chunkSize = 8 * 1024
        let document = try MarkdownFrontend().parse(consuming: &consumed, options: options)
        #expect(original == Array(data.prefix(300_000)))
        #expect(consumed.isEmpty)
        let borrowed = try original.withUnsafeBufferPointer { try MarkdownFrontend().parse($0, options: options) }
        #expect(document == borrowed)
    }

    @Test func everySpecExampleTogetherInTinyChunks() throws {
        for file in ["gfm_spec.json", "commonmark_spec.json"] {
            let examples = try SpecExample.load(file)
            let text = examples.map(\.markdown).joined(separator: "\n\n")
            for size in [256, 1024] {
                try Self.expectSameTree(text, chunkSize: size)
            }
        }
    }

    /// Repeats `unit` until the text is many chunks of `size` long.
    static func repeated(_ unit: String, size: Int) -> String {
        String(repeating: unit, count: max(4, 6 * size / max(unit.utf8.count, 1)))
    }

    @Test func definitionsUsedAcrossChunks() throws {
        let size = 256
        let filler = Self.repeated("Some text with [a link][later] and [an early one][early].\n\n", size: size)
        let markdown = "[early]: /early \"Early\"\n\n" + filler + "[LATER]: /later\n[early]: /ignored-duplicate\n"
        try Self.expectSameTree(markdown, chunkSize: size)
        let document = try Self.parse(markdown, chunkSize: size)
        let rendered = try Self.html(document)
        #expect(rendered.contains("<a href=\"/later\">a link</a>"))
        #expect(rendered.contains("<a href=\"/early\" title=\"Early\">an early one</a>"))
        #expect(!rendered.contains("/ignored-duplicate"))
    }

    @Test func definitionsInAFinalParagraphWithoutLineEnd() throws {
        let size = 256
        let markdown = Self.repeated("See [this][x] and [that][y].\n\n", size: size) + "[x]: /x\n[y]: /y"
        try Self.expectSameTree(markdown, chunkSize: size)
        #expect(try Self.html(Self.parse(markdown, chunkSize: size)).contains("<a href=\"/y\">that</a>"))
    }

    @Test func footnotesAcrossChunks() throws {
        let size = 256
        var markdown = "Intro[^late] and[^early].\n\n[^early]: Early *note* with[^nested].\n\n"
        markdown += Self.repeated("Filler paragraph that mentions[^mid] a note.\n\n", size: size)
        markdown += "[^mid]: Middle.\n\n[^EARLY]: A duplicate that loses.\n\n"
        markdown += Self.repeated("More filler, no notes here.\n\n", size: size)
        markdown += "[^late]: Late note.\n\n[^nested]: Nested one.\n\n[^unused]: Never referenced.\n\nText[^missing].\n"
        try Self.expectSameTree(markdown, chunkSize: size)
        let rendered = try Self.html(Self.parse(markdown, chunkSize: size))
        #expect(rendered.contains("[^missing]"))
        #expect(!rendered.contains("Never referenced"))
        #expect(!rendered.contains("A duplicate that loses"))
    }

    @Test func overriddenFootnoteDefinitionsStillCountTheirReferences() throws {
        // One parse drops a definition that an earlier one of the same label overrides, but still
        // lists a footnote referenced only from inside it (found by fuzzing whole against chunked).
        for markdown in ["[^A]: dup\n```\n```\n[^a]: a note\ntext[^a] more\n",
                         "[^A]: dup\n[^a]: a note\n[^1]\n~~~\n~~~\n[^1]: note\n",
                         "[^a]: a note\n[^a]: a note\ntext[^a] more\n"] {
            try Self.expectSameTree(markdown, chunkSize: 16)
        }
        let spread = "[^n]: first\n\n" + Self.repeated("Filler.\n\n", size: 256) + "[^N]: second, citing[^x]\n\n"
            + Self.repeated("More.\n\n", size: 256) + "[^x]: only cited from the overridden one\n"
        try Self.expectSameTree(spread, chunkSize: 256)
        #expect(try Self.html(Self.parse(spread, chunkSize: 256)).contains("only cited from the overridden one"))
    }

    @Test func blocksThatRunOverBlankLines() throws {
        let size = 128
        let fence = "```\ncode\n\nNot a paragraph\n\n# not a heading\n```\n\n"
        let html = "<script>\nlet a = 1;\n\nText inside\n\n</script>\n\n<!--\n\nComment\n\n-->\n\n<pre>\n\nx\n\n</pre>\n\n"
        let list = "- item\n\n  continued\n\n- next\n\n      indented code\n\nParagraph\n\n1. one\n\n2. two\n\n"
        let quote = "> quote\n\n> another\n\nAfter\n\n[^n]: note\n\n    indented in note\n\nEnd\n\n"
        let table = "| a | b |\n|---|---|\n| 1 | 2 |\n\nBelow\n\n"
        for unit in [fence, html, list, quote, table, fence + html + list + quote + table] {
            try Self.expectSameTree(Self.repeated(unit, size: size), chunkSize: size)
        }
        // An unclosed fence runs to the end of the document.
        try Self.expectSameTree(Self.repeated("Para\n\n", size: size) + "```\nopen\n\n" + Self.repeated("Still code\n\n", size: size), chunkSize: size)
    }

    @Test func chunkedParsesOnManyTasksAtOnce() async throws {
        let size = 4096
        let unit = "Para [ref] with a note[^n] and *emphasis*.\n\n- item\n\n  more\n\n[ref]: /r\n\n"
        let markdown = Self.repeated(unit, size: size * 8) + "[^n]: The note.\n"
        let expected = try Self.parse(markdown, chunkSize: 0)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var same = true
                    for _ in 0..<5 { same = try same && Self.parse(markdown, chunkSize: size) == expected }
                    return same
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test func lineEndingsAndSpecialBytes() throws {
        let size = 128
        try Self.expectSameTree(Self.repeated("Line one\r\n\r\nLine two [x]\r\n\r\n[x]: /x\r\n\r\n", size: size), chunkSize: size)
        try Self.expectSameTree(Self.repeated("CR only\r\rnext\r\r", size: size), chunkSize: size)
        try Self.expectSameTree(Self.repeated("Text\n\n\u{FEFF}Not a BOM\n\n", size: size), chunkSize: size)
        try Self.expectSameTree(Self.repeated("nul \u{0} byte\n\n\u{0}start\n\n", size: size), chunkSize: size)
    }
}
