import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

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
