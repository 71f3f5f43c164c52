import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// The CommonMark and GFM spec examples streamed: split at every byte, and one byte at a time,
/// give after `finish()` exactly the one-shot output, and their final blocks are never replaced.
@Suite struct StreamingSpecTests {
    /// The examples of both specs, with the frontend options each needs.
    static func examples() throws -> [(name: String, markdown: [UInt8], options: MarkdownFrontend.Options)] {
        var all: [(String, [UInt8], MarkdownFrontend.Options)] = []
        for example in try SpecExample.load("commonmark_spec.json") {
            var options = MarkdownFrontend.Options()
            options.extensions = []
            options.footnotes = false
            all.append(("commonmark \(example.number)", Array(example.markdown.utf8), options))
        }
        for example in try SpecExample.load("gfm_spec.json") where !example.disabled {
            var options = MarkdownFrontend.Options()
            options.extensions = Set(example.extensions.compactMap(MarkdownExtension.init(rawValue:)))
            options.footnotes = example.extensions.contains("footnotes")
            all.append(("gfm \(example.number)", Array(example.markdown.utf8), options))
        }
        return all
    }

    /// Every example split in two at every byte, and fed one byte at a time, to HTML.
    @Test func everySplitGivesTheOneShotHTML() throws {
        var failures: [String] = []
        var replaced: [String] = []
        for example in try Self.examples() {
            let conversion = StreamingSupport.conversion(to: "html", markdown: example.options)
            var streamOptions = MarkdownStream.Options()
            streamOptions.markdown = example.options
            let expected = try conversion.convert(example.markdown)
            var splits = (1..<max(1, example.markdown.count)).map { [$0] }
            splits.append(Array(1..<max(1, example.markdown.count)))
            for cuts in splits {
                let run = try StreamingSupport.stream(example.markdown, cuts: cuts, conversion: conversion, options: streamOptions)
                if run.output != expected {
                    failures.append("\(example.name) cut at \(cuts.count == 1 ? "\(cuts[0])" : "every byte")")
                    break
                }
                if run.replaced {
                    replaced.append(example.name)
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(40))")
        // Final blocks are replaced only where a definition reaches back to a block already final.
        #expect(replaced == Self.replacedExamples, "\(replaced)")
    }

    /// The examples whose final blocks `finish()` replaces: a link reference definition inside a
    /// block quote, after the paragraph that uses it (the same example in both specs). Definitions
    /// at the top level are carried forward and never need it.
    static let replacedExamples = ["commonmark 218", "gfm 187"]

    /// Every example in every format, cut at a few seeded points.
    @Test(arguments: ["text", "ansi", "markdown"])
    func seededSplitsGiveTheOneShotOutput(format: String) throws {
        var failures: [String] = []
        for (index, example) in try Self.examples().enumerated() {
            let conversion = StreamingSupport.conversion(to: format, markdown: example.options)
            var streamOptions = MarkdownStream.Options()
            streamOptions.markdown = example.options
            let expected = try conversion.convert(example.markdown)
            for attempt in 0..<3 {
                let cuts = StreamingSupport.randomCuts(count: example.markdown.count, number: 1 + attempt * 4, seed: UInt64(index * 7 + attempt))
                let run = try StreamingSupport.stream(example.markdown, cuts: cuts, conversion: conversion, options: streamOptions)
                if run.output != expected {
                    failures.append("\(example.name) cuts \(cuts)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(40))")
    }
}

/// Random Markdown-heavy text (seeded) streamed at random points gives the one-shot output.
@Suite struct StreamingRandomTextTests {
    static let pieces = ["*", "**", "_", "`", "```\n", "[", "]", "](", ")", "\n", "\n\n", " ", "  ", "word", "-", "- ", "# ",
                         "> ", "|", "1. ", "<b>", "&amp", ":", "~~", "!", "\\", "[^1]", "[x]: /u\n", "    ", "---\n", "\u{E9}", "\t"]

    @Test(arguments: ["html", "text"])
    func randomTextGivesTheOneShotOutput(format: String) throws {
        let conversion = StreamingSupport.conversion(to: format)
        var generator = SeededGenerator(seed: 32)
        var failures: [String] = []
        var streamsWithSeveralFinalBlocks = 0
        for _ in 0..<400 {
            let count = Int.random(in: 1...60, using: &generator)
            let text = (0..<count).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)] }.joined()
            let bytes = Array(text.utf8)
            let expected = try conversion.convert(bytes)
            for attempt in 0..<3 {
                let cuts = attempt == 0 ? StreamingSupport.cuts(every: 1, count: bytes.count)
                    : StreamingSupport.randomCuts(count: bytes.count, number: 3 * attempt, seed: generator.next())
                let run = try StreamingSupport.stream(bytes, cuts: cuts, conversion: conversion)
                if run.output != expected {
                    failures.append(text.debugDescription)
                    break
                }
                if run.updates.dropLast().contains(where: { !$0.finalBlocks.isEmpty }) { streamsWithSeveralFinalBlocks += 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5))")
        // The streams did make blocks final before `finish()` (the check is not vacuous).
        #expect(streamsWithSeveralFinalBlocks > 300, "\(streamsWithSeveralFinalBlocks)")
    }
}
