import Benchmark
import BenchmarkSupport
import Transmark

/// Streaming Markdown (issue 32): 100 KB of `corpus.md` (from its first heading, cut at a line
/// end) converted to HTML once, streamed through `MarkdownStream` in 4-byte chunks, and the naive
/// alternative, converted whole again on every 4-byte chunk. The ratio of the second to the first
/// is the stream's overhead (the target is at most 3×); the third shows the quadratic cost the
/// stream avoids. `StreamingOnce` prints the same numbers and the percentiles of one `append`.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    let configuration = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(10), maxIterations: 20)
    let answer: @Sendable () -> [UInt8] = {
        let corpus = Corpus.bytes("corpus.md")
        let start = corpus.indices.first { corpus[$0] == UInt8(ascii: "#") && ($0 == 0 || corpus[$0 - 1] == 0x0A) } ?? 0
        var end = min(corpus.count, start + 100_000)
        while end < corpus.count, corpus[end - 1] != 0x0A { end += 1 }
        return Array(corpus[start..<end])
    }

    Benchmark("Markdown→HTML 100 KB one-shot", configuration: configuration) { benchmark, input in
        let conversion = try Registry.standard.conversion(from: "markdown", to: "html")
        for _ in benchmark.scaledIterations { blackHole(try conversion.convert(input)) }
    } setup: { answer() }

    Benchmark("Markdown→HTML 100 KB streamed in 4-byte chunks", configuration: configuration) { benchmark, input in
        let conversion = try Registry.standard.conversion(from: "markdown", to: "html")
        for _ in benchmark.scaledIterations {
            var stream = try MarkdownStream(conversion: conversion)
            var offset = 0
            while offset < input.count {
                blackHole(try stream.append(input[offset..<min(input.count, offset + 4)]))
                offset += 4
            }
            blackHole(try stream.finish())
        }
    } setup: { answer() }

    Benchmark("Markdown→HTML 100 KB re-parsed whole every 4 bytes", configuration: Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(30), maxIterations: 1)) { benchmark, input in
        let conversion = try Registry.standard.conversion(from: "markdown", to: "html")
        for _ in benchmark.scaledIterations {
            var offset = 0
            while offset < input.count {
                offset = min(input.count, offset + 4)
                blackHole(try conversion.convert(Array(input[..<offset])))
            }
        }
    } setup: { answer() }
}
