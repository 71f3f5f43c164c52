import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// Unfinished syntax in the open block is shown as its author meant it (the rules of the DocC
/// article *Streaming Markdown*).
@Suite struct StreamingRepairTests {
    /// The HTML of the open block after streaming `text` in one chunk (rendered at once: the
    /// growth threshold is 1 byte).
    static func openHTML(_ text: String) throws -> String {
        var options = MarkdownStream.Options()
        options.minimumGrowth = 1
        var stream = try MarkdownStream(conversion: StreamingSupport.conversion(to: "html"), options: options)
        let update = try stream.append(text)
        return try #require(update.openBlock).outputString
    }

    @Test(arguments: [
        ("some **bold", "<p>some <strong>bold</strong></p>\n"),
        ("some *it", "<p>some <em>it</em></p>\n"),
        ("some _it", "<p>some <em>it</em></p>\n"),
        ("some ~~gone", "<p>some <del>gone</del></p>\n"),
        ("call `f(x", "<p>call <code>f(x</code></p>\n"),
        ("**bold and *both", "<p><strong>bold and <em>both</em></strong></p>\n"),
        ("**bold **", "<p><strong>bold</strong></p>\n"),
        ("see [the docs](https://exa", "<p>see <a href=\"https://exa\">the docs</a></p>\n"),
        ("a snake_case_name", "<p>a snake_case_name</p>\n"),
        ("2 * 3", "<p>2 * 3</p>\n"),
        ("done **", "<p>done</p>\n"),
        ("x <span cla", "<p>x</p>\n"),
        ("fish &amp", "<p>fish</p>\n"),
        ("fish &amp; chips", "<p>fish &amp; chips</p>\n"),
    ])
    func inlineRepairs(input: String, expected: String) throws {
        #expect(try Self.openHTML(input) == expected)
    }

    @Test(arguments: [
        ("para\n\n*", "<p>para</p>\n"),
        ("para\n\n-", "<p>para</p>\n"),
        ("para\n\n#", "<p>para</p>\n"),
        ("para\n\n##", "<p>para</p>\n"),
        ("para\n\n>", "<p>para</p>\n"),
        ("para\n\n1.", "<p>para</p>\n"),
        ("para\n-", "<p>para</p>\n"),
        ("para\n=", "<p>para</p>\n"),
        ("para\n\n``", "<p>para</p>\n"),
        ("para\n\n_ _", "<p>para</p>\n"),
        ("***\n\n_ _", "<hr />\n"),
        ("a\n\n_ _ _\n", "<hr />\n"),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n"),
    ])
    func lineStartsThatMayBecomeBlocksWait(input: String, expected: String) throws {
        #expect(try Self.openHTML(input) == expected)
    }

    @Test func openFenceIsCodeSoFar() throws {
        #expect(try Self.openHTML("```swift\nlet a = **b") == "<pre><code class=\"language-swift\">let a = **b\n</code></pre>\n")
        // A line that may be the closing fence waits for its line end.
        #expect(try Self.openHTML("```\ncode\n``") == "<pre><code>code\n</code></pre>\n")
    }

    @Test func incompleteCharacterIsHeldBack() throws {
        let bytes = Array("é".utf8)
        #expect(UnfinishedSyntaxRepair.repaired(Array("caf".utf8) + [bytes[0]]) == Array("caf".utf8))
        #expect(UnfinishedSyntaxRepair.repaired(Array("caf".utf8) + bytes) == Array("café".utf8))
        // A lone continuation byte is invalid, not incomplete: it stays (and shows as U+FFFD).
        #expect(UnfinishedSyntaxRepair.repaired([0x61, 0x80]) == [0x61, 0x80])
    }

    /// Streaming conversational Markdown byte by byte never shows a marker that the final text
    /// does not: every open block's text output holds no more `*`, `_`, `~`, `` ` ``, `#` or `|`
    /// than the one-shot text output of the whole message.
    @Test func noIntermediateUpdateShowsAStrayMarker() throws {
        let messages = [
            "Here is **bold** and *italic* and ~~struck~~ text with `code`.\n\n- one\n- two **strong** item\n\n## A heading\n\n> a quote with _emphasis_\n\n1. first\n2. second\n",
            "| name | value |\n|------|-------|\n| a    | 1     |\n| b    | 2     |\n\nSee [the docs](https://example.com/docs) for more.\n",
            "```python\nprint('**not bold**')\n```\n\nDone &amp; dusted.\n",
        ]
        try Self.checkNoStrayMarkers(messages.map { Array($0.utf8) }, names: messages.indices.map { "message \($0)" })
    }

    /// The same check on every Markdown fixture (except the ones whose point is markers shown as
    /// text: raw HTML, escapes and the tables whose cells hold pipes and code).
    @Test func noFixtureUpdateShowsAStrayMarker() throws {
        let fixtures = try StreamingCorpusTests.fixtures()
        try Self.checkNoStrayMarkers(fixtures.map(\.markdown), names: fixtures.map(\.name))
    }

    /// Streams each input byte by byte and checks every open block's text output against the
    /// one-shot text output.
    static func checkNoStrayMarkers(_ inputs: [[UInt8]], names: [String]) throws {
        let conversion = StreamingSupport.conversion(to: "text")
        var options = MarkdownStream.Options()
        options.minimumGrowth = 1
        for (bytes, name) in zip(inputs, names) {
            let final = String(decoding: try conversion.convert(bytes), as: UTF8.self)
            var stream = try MarkdownStream(conversion: conversion, options: options)
            var shown: [String] = []
            for byte in bytes {
                let update = try stream.append([byte])
                if let open = update.openBlock { shown.append(open.outputString) }
            }
            for text in shown {
                for marker in ["*", "_", "~", "`", "#", "|"] {
                    let count = text.components(separatedBy: marker).count - 1
                    let finalCount = final.components(separatedBy: marker).count - 1
                    #expect(count <= finalCount, "\(name): \(marker) in \(text.debugDescription)")
                }
            }
            #expect(!shown.isEmpty || bytes.isEmpty)
        }
    }
}
