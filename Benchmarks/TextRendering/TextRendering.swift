import Benchmark
import BenchmarkSupport
import Transmark

/// Markdown → ANSI terminal text, Markdown → plain text and HTML → plain text through the
/// registry, at 1× and 16×:
///
/// - `corpus.md` (13.96 MB of Markdown) to `ansi` and to `text`;
/// - the pages of `web/` concatenated in name order (`Corpus.webPages`, joined by a newline;
///   real-world pages with navigation, tables and scripts) to `text`.
///
/// The ANSI benchmark writes colors: it passes `color=always` and `colors=truecolor`, the pairs
/// `transmark convert -t ansi -O color=always -O colors=truecolor` passes, routed to the backend
/// by the registry (otherwise `color=auto` finds no terminal and writes attributes only). Both
/// backends wrap at their default width, 80 columns, as the command does when writing to a pipe.
///
/// 16× inputs are the 1× input repeated and joined by blank lines (`Corpus.repeated` for single
/// files, `Corpus.webPages(copies:)` for the web pages), built in memory during setup.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        ThroughputMetric.megabytesPerSecond, .wallClock, .peakMemoryResident, .mallocCountTotal,
    ]
    let sizes: [(copies: Int, iterations: Int)] = [(1, 8), (16, 2)]
    let ansiOptions = ConversionOptions([(key: "color", value: "always"), (key: "colors", value: "truecolor")])

    for (copies, iterations) in sizes {
        let configuration = Benchmark.Configuration(
            metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1,
            maxDuration: .seconds(120), maxIterations: iterations)

        Benchmark("Markdown→ANSI corpus.md \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "markdown", to: "ansi", options: ansiOptions)
            }
        } setup: {
            Corpus.repeated("corpus.md", copies: copies)
        }

        Benchmark("Markdown→text corpus.md \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "markdown", to: "text")
            }
        } setup: {
            Corpus.repeated("corpus.md", copies: copies)
        }

        Benchmark("HTML→text web pages \(copies)x", configuration: configuration) { benchmark, input in
            try benchmark.measureThroughput(inputBytes: input.count) {
                try Registry.standard.convert(input, from: "html", to: "text")
            }
        } setup: {
            Corpus.webPages(copies: copies)
        }
    }
}
