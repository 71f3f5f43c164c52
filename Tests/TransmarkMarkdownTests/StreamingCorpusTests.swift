import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown
import TransmarkStyledRuns

/// The Markdown fixtures and 100 KB of the corpus streamed in every format: after `finish()`
/// exactly the one-shot output, with final blocks handed over along the way.
@Suite struct StreamingCorpusTests {
    /// Every `Fixtures/markdown/*/input.md`.
    static func fixtures() throws -> [(name: String, markdown: [UInt8])] {
        let folder = TestPaths.fixtures.appendingPathComponent("markdown")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { name in
            let url = folder.appendingPathComponent(name).appendingPathComponent("input.md")
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return (name, Array(try Data(contentsOf: url)))
        }
    }

    /// 100 KB of the corpus (the CommonMark spec's prose), from its first heading, cut at a line end.
    static func corpusAnswer() throws -> [UInt8] {
        let corpus = Array(try Data(contentsOf: TestPaths.corpus("corpus.md")))
        let start = corpus.indices.first { corpus[$0] == UInt8(ascii: "#") && (($0 == 0) || corpus[$0 - 1] == 0x0A) } ?? 0
        var end = min(corpus.count, start + 100_000)
        while end < corpus.count, corpus[end - 1] != 0x0A { end += 1 }
        return Array(corpus[start..<end])
    }

    @Test(arguments: StreamingSupport.backendNames)
    func fixturesGiveTheOneShotOutput(format: String) throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 25)
        let conversion = StreamingSupport.conversion(to: format)
        var failures: [String] = []
        for (index, fixture) in fixtures.enumerated() {
            let expected = try conversion.convert(fixture.markdown)
            var splits = [StreamingSupport.cuts(every: 1, count: fixture.markdown.count),
                          StreamingSupport.cuts(every: 4, count: fixture.markdown.count)]
            for seed in 0..<8 {
                splits.append(StreamingSupport.randomCuts(count: fixture.markdown.count, number: 1 + seed * 3, seed: UInt64(index * 100 + seed)))
            }
            if format == "html", fixture.markdown.count > 1, fixture.markdown.count <= 3000 {
                splits += (1..<fixture.markdown.count).map { [$0] }
            }
            for cuts in splits {
                let run = try StreamingSupport.stream(fixture.markdown, cuts: cuts, conversion: conversion)
                if run.output != expected {
                    failures.append("\(fixture.name) cuts \(cuts.prefix(8))…")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test(arguments: StreamingSupport.backendNames)
    func corpusAnswerStreamsInFinalBlocks(format: String) throws {
        let answer = try Self.corpusAnswer()
        let conversion = StreamingSupport.conversion(to: format)
        let expected = try conversion.convert(answer)
        var generator = SeededGenerator(seed: 32)
        var cuts: [Int] = []
        var offset = 0
        while true {
            offset += Int.random(in: 1...64, using: &generator)
            if offset >= answer.count { break }
            cuts.append(offset)
        }
        for chunking in [cuts, StreamingSupport.cuts(every: 4, count: answer.count)] {
            let run = try StreamingSupport.stream(answer, cuts: chunking, conversion: conversion)
            #expect(run.output == expected)
            // Blocks become final as the text arrives, not all at the end.
            #expect(run.finalBlocks.count > 300)
            let finalBeforeFinish = run.updates.dropLast().reduce(0) { $0 + $1.finalBlocks.count }
            #expect(finalBeforeFinish == run.finalBlocks.count - 1)
            // Identifiers count up from 0, each once.
            #expect(run.finalBlocks.map(\.id) == Array(0..<run.finalBlocks.count))
            // The open block always carries the identifier the next final block gets.
            var nextID = 0
            for update in run.updates {
                nextID += update.finalBlocks.count
                if let open = update.openBlock { #expect(open.id == nextID && !open.isFinal) }
            }
            if format == "html" { #expect(!run.replaced) }
        }
    }

    @Test func sameChunksGiveTheSameUpdates() throws {
        let answer = Array(try Self.corpusAnswer().prefix(20_000))
        let conversion = StreamingSupport.conversion(to: "html")
        let cuts = StreamingSupport.randomCuts(count: answer.count, number: 2_000, seed: 7)
        let first = try StreamingSupport.stream(answer, cuts: cuts, conversion: conversion)
        let second = try StreamingSupport.stream(answer, cuts: cuts, conversion: conversion)
        #expect(first.updates.map { $0.finalBlocks.map(\.output) } == second.updates.map { $0.finalBlocks.map(\.output) })
        #expect(first.updates.map { $0.openBlock?.output } == second.updates.map { $0.openBlock?.output })
    }
}

/// Updates render per block to the outputs a view needs: styled runs from each block's document,
/// HTML wrapped with the block's identifier.
@Suite struct StreamingOutputTests {
    static let message = Array("# Title\n\nSome **bold** text.\n\n- one\n- two\n\n```\ncode\n```\n\nThe end.\n".utf8)

    @Test func blocksRenderToStyledRuns() throws {
        let run = try StreamingSupport.stream(Self.message, cuts: StreamingSupport.cuts(every: 3, count: Self.message.count),
                                              conversion: StreamingSupport.conversion(to: "html"))
        #expect(run.finalBlocks.count == 5)
        let whole = StyledText(document: try MarkdownFrontend().parse(Self.message, options: .init()))
        var searchStart = whole.text.startIndex
        for block in run.finalBlocks {
            let styled = StyledText(document: block.document)
            let text = styled.text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!text.isEmpty)
            // Each block's styled text appears in the whole message's, in order.
            let found = try #require(whole.text.range(of: text, range: searchStart..<whole.text.endIndex), "\(text)")
            searchStart = found.upperBound
        }
        let bold = try #require(StyledText(document: run.finalBlocks[1].document).attributedRuns.first { $0.attributes.traits.contains(.strong) })
        #expect(bold.range.length == 4)
    }

    @Test func htmlBlocksCarryTheirIdentifier() throws {
        let run = try StreamingSupport.stream(Self.message, cuts: [20, 40], conversion: StreamingSupport.conversion(to: "html"))
        let wrapped = run.finalBlocks.map { $0.htmlWrapped() }
        #expect(wrapped[0] == "<div data-block=\"0\">\n<h1>Title</h1>\n</div>\n")
        #expect(wrapped[1].hasPrefix("<div data-block=\"1\">\n<p>Some <strong>bold</strong> text.</p>"))
        let open = try #require(run.updates.compactMap(\.openBlock).last)
        #expect(open.htmlWrapped(attributeName: "data-id").hasPrefix("<div data-id=\"\(open.id)\" data-open=\"true\">"))
    }
}
