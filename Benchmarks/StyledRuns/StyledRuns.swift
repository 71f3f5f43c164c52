import Benchmark
import BenchmarkSupport
import Transmark

/// HTML → styled runs and Markdown → styled runs (`styled-json`: the document laid out as text
/// with attribute runs, written as JSON) through the registry, at 1× and 16×:
///
/// - `corpus_from_md.html` (15.7 MB, the HTML cmark-gfm renders from `corpus.md`);
/// - the pages of `web/` concatenated in name order (`Corpus.webPages`, joined by a newline;
///   real-world pages with navigation, tables and scripts);
/// - `corpus.md` (13.96 MB of Markdown).
///
/// 16× inputs are the 1× input repeated and joined by blank lines (`Corpus.repeated` for single
/// files, `Corpus.webPages(copies:)` for the web pages), built in memory during setup.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        ThroughputMetric.megabytesPerSecond, .wallClock, .peakMemoryResident, .mallocCountTotal,
    ]
    let sizes: [(copies: Int, iterations: Int)] = [(1, 8), (16, 2)]

    for (copies, iterations) in sizes {
        let configuration = Benchmark.Configuration(
            metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1,
            maxDuration: .seconds(120), maxIterations: iterations)

        Benchmark("HTML→styled-json corpus_from_md.html \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "html", to: "styled-json")
            }
        } setup: {
            Corpus.repeated("corpus_from_md.html", copies: copies)
        }

        Benchmark("HTML→styled-json web pages \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "html", to: "styled-json")
            }
        } setup: {
            Corpus.webPages(copies: copies)
        }

        Benchmark("Markdown→styled-json corpus.md \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "markdown", to: "styled-json")
            }
        } setup: {
            Corpus.repeated("corpus.md", copies: copies)
        }
    }
}
