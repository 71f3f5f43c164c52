import Foundation
import TestSupport
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown
import TransmarkText

/// What a test stream gave: every update and the output after `finish()`.
struct StreamRun {
    /// Every update, the last one `finish()`'s.
    var updates: [MarkdownStreamUpdate] = []
    /// The final blocks' outputs concatenated, or the replacement output when `finish()` set one.
    var output: [UInt8] = []
    /// Whether `finish()` had to replace the output.
    var replaced = false
    /// The final blocks in order.
    var finalBlocks: [MarkdownStreamBlock] { updates.flatMap(\.finalBlocks) }
}

enum StreamingSupport {
    /// The backends every streaming test compares, by name.
    static let backendNames = ["html", "text", "ansi", "markdown"]

    /// A Markdown conversion to `backend` with the frontend options `markdown`.
    static func conversion(to backend: String, markdown: MarkdownFrontend.Options = MarkdownFrontend.Options()) -> Conversion {
        let frontend = MarkdownFrontend(options: markdown)
        switch backend {
        case "html":
            var options = HTMLBackend.Options()
            options.unsafe = true
            return Conversion(frontend: frontend, backend: HTMLBackend(options: options))
        case "text": return Conversion(frontend: frontend, backend: TextBackend())
        case "ansi": return Conversion(frontend: frontend, backend: ANSIBackend(environment: TerminalEnvironment(isTerminal: true, variables: ["TERM": "xterm-256color"])))
        default: return Conversion(frontend: frontend, backend: MarkdownBackend())
        }
    }

    /// Streams `input` cut at `cuts` (ascending offsets) through a stream over `conversion`.
    static func stream(_ input: [UInt8], cuts: [Int], conversion: Conversion,
                       options: MarkdownStream.Options = MarkdownStream.Options()) throws -> StreamRun {
        var stream = try MarkdownStream(conversion: conversion, options: options)
        var run = StreamRun()
        var start = 0
        for cut in cuts + [input.count] where cut > start {
            run.updates.append(try stream.append(input[start..<cut]))
            start = cut
        }
        let last = try stream.finish()
        run.updates.append(last)
        run.output = run.finalBlocks.flatMap(\.output)
        if let replacement = last.replacementOutput {
            run.output = replacement
            run.replaced = true
        }
        return run
    }

    /// Cuts every `size` bytes.
    static func cuts(every size: Int, count: Int) -> [Int] { Array(stride(from: size, to: count, by: size)) }

    /// `number` seeded random cuts.
    static func randomCuts(count: Int, number: Int, seed: UInt64) -> [Int] {
        guard count > 1 else { return [] }
        var generator = SeededGenerator(seed: seed)
        return Set((0..<number).map { _ in Int.random(in: 1..<count, using: &generator) }).sorted()
    }
}
