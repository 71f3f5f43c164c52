import Benchmark
import BenchmarkSupport
import Transmark

/// Markdown → HTML on the shared corpus (`corpus.md`, 13.96 MB of real Markdown) and on the same
/// file repeated 4× and 16× (built in memory, joined by blank lines), end to end through the
/// registry, plus parse-only (Markdown → `Document`) and render-only (`Document` → HTML) so the
/// time can be split between the two halves.
///
/// Each benchmark runs in its own process (package-benchmark does that), so
/// `peakMemoryResident` is the peak of that benchmark alone: the input it holds plus whatever the
/// conversion needs at its high-water mark.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        ThroughputMetric.megabytesPerSecond, .wallClock, .throughput, .peakMemoryResident, .mallocCountTotal,
    ]
    // Iterations by size: a 16× run converts 223 MB per iteration.
    let sizes: [(copies: Int, iterations: Int)] = [(1, 8), (4, 3), (16, 2)]

    for (copies, iterations) in sizes {
        let configuration = ConversionBenchmarks.configuration(iterations: iterations, metrics: metrics)
        ConversionBenchmarks.conversion("Markdown→HTML corpus.md \(copies)x", from: "markdown", to: "html",
                                        configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }

        Benchmark("Markdown parse corpus.md \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try input.withUnsafeBufferPointer { try MarkdownFrontend().parse($0, options: .init()) }
            }
        } setup: {
            Corpus.repeated("corpus.md", copies: copies)
        }

        Benchmark("HTML render corpus.md \(copies)x", configuration: configuration) { benchmark, prepared in
            // MB/s here is per byte of the Markdown source the document came from.
            try benchmark.measureThroughput(inputBytes: prepared.sourceBytes) {
                try HTMLBackend().render(prepared.document, options: .init())
            }
        } setup: {
            let input = Corpus.repeated("corpus.md", copies: copies)
            let document = try input.withUnsafeBufferPointer { try MarkdownFrontend().parse($0, options: .init()) }
            return PreparedDocument(document: document, sourceBytes: input.count)
        }
    }
}

struct PreparedDocument: Sendable {
    let document: Document
    let sourceBytes: Int
}
