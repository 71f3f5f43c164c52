import Benchmark
import BenchmarkSupport
import Transmark

/// HTML → tree (`HTMLFrontend().parse`, decoding + tokenizer + tree builder) and the tokenizer
/// alone (`HTMLTokenizer`, every token pulled through the public API) on three inputs, each at
/// 1×, 4× and 16× (copies built in memory, joined by blank lines):
///
/// - `corpus_from_md.html` (15.7 MB): machine-written HTML, mostly text;
/// - `corpus_spec.html` (4.2 MB): the CommonMark spec as HTML, many small elements;
/// - `web` (7.2 MB): every page of `web/` concatenated (`LC_ALL=C cat web/*.html`): messy
///   real-world markup, scripts, styles, attributes.
///
/// Each benchmark runs in its own process, so `peakMemoryResident` is that benchmark's: the input
/// it holds plus the parse's high-water mark (the document included).
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        ThroughputMetric.megabytesPerSecond, .wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal,
    ]
    let sizes: [(copies: Int, iterations: Int)] = [(1, 10), (4, 4), (16, 2)]
    let inputs: [(label: String, load: @Sendable () -> [UInt8])] = [
        ("corpus_from_md.html", { Corpus.bytes("corpus_from_md.html") }),
        ("corpus_spec.html", { Corpus.bytes("corpus_spec.html") }),
        ("web", { Corpus.concatenatedHTML(in: "web") }),
    ]

    for (copies, iterations) in sizes {
        let configuration = ConversionBenchmarks.configuration(iterations: iterations, metrics: metrics)

        for (label, load) in inputs {
            Benchmark("HTML→tree \(label) \(copies)x", configuration: configuration) { benchmark, input in
                try benchmark.measureThroughput(inputBytes: input.count) {
                    try input.withUnsafeBufferPointer { try HTMLFrontend().parse($0, options: .init()) }
                }
            } setup: {
                Corpus.repeated(bytes: load(), copies: copies)
            }

            Benchmark("HTML tokenize \(label) \(copies)x", configuration: configuration) { benchmark, input in
                benchmark.measureThroughput(inputBytes: input.count) {
                    var tokenizer = try! HTMLTokenizer(bytes: input)
                    var tokens = 0
                    while tokenizer.next() != nil { tokens += 1 }
                    return tokens
                }
            } setup: {
                Corpus.repeated(bytes: load(), copies: copies)
            }
        }
    }
}
