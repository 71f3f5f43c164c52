import Foundation
import Testing
import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

/// `MarkdownStream` into `AttributedString`, a block at a time (what a SwiftUI or UIKit view shows
/// while a model's answer arrives): the open block's unfinished syntax is styled as meant, and the
/// final blocks' attributed strings are those of the one-shot conversion's blocks.
@Suite struct StreamingAttributedStringTests {
    /// Markdown → styled JSON: the stream renders each block, the tests read its document.
    static let conversion = Conversion(frontend: MarkdownFrontend(), backend: StyledJSONBackend())

    func attributed(_ block: MarkdownStreamBlock) -> AttributedString {
        AttributedString(StyledText(document: block.document))
    }

    /// The runs of `text` with their strong trait.
    func strongRuns(_ text: AttributedString) -> [(String, Bool)] {
        text.runs.map { run in
            (String(text[run.range].characters), run[TransmarkAttributes.Run.self]?.traits.contains(.strong) ?? false)
        }
    }

    @Test("An unclosed ** in the open block is bold in its attributed string, with no asterisks")
    func openBlockIsStyledAsMeant() throws {
        var options = MarkdownStream.Options()
        options.minimumGrowth = 1  // rendered again once the open part grows by half
        var stream = try MarkdownStream(conversion: Self.conversion, options: options)
        _ = try stream.append("# Title\n\nSome **bol")
        let update = try stream.append("d text, still open")
        let open = try #require(update.openBlock)
        let text = attributed(open)
        #expect(String(text.characters).contains("Some bold text, still open"))
        #expect(!String(text.characters).contains("*"))
        #expect(strongRuns(text).contains { $0.0.contains("bold text, still open") && $0.1 })
        #expect(strongRuns(text).contains { $0.0.contains("Some") && !$0.1 })
    }

    @Test("Final blocks, as attributed strings, are the one-shot document's blocks; ids never repeat")
    func finalBlocksMatchOneShot() throws {
        let answer = "# Plan\n\nFirst **bold** and `code`.\n\n- one\n- two\n\n> quoted *text*\n\nLast paragraph.\n"
        var stream = try MarkdownStream(conversion: Self.conversion)
        var finals: [MarkdownStreamBlock] = []
        var index = answer.startIndex
        while index < answer.endIndex {
            let next = answer.index(index, offsetBy: 3, limitedBy: answer.endIndex) ?? answer.endIndex
            finals += try stream.append(String(answer[index..<next])).finalBlocks
            index = next
        }
        let last = try stream.finish()
        finals += last.finalBlocks
        #expect(Set(finals.map(\.id)).count == finals.count)
        let oneShot = try Self.conversion.document(from: Array(answer.utf8))
        let expected = oneShot.root.children.map { AttributedString(StyledText(document: oneShot.fragment($0))) }
        #expect(finals.count == expected.count)
        for (block, whole) in zip(finals, expected) {
            #expect(String(attributed(block).characters) == String(whole.characters))
            #expect(strongRuns(attributed(block)).map(\.1) == strongRuns(whole).map(\.1))
        }
    }
}
