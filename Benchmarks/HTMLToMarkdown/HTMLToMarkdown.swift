import Benchmark
import BenchmarkSupport
import Transmark

/// HTML → Markdown and Markdown → Markdown through the registry, at 1× and 16×:
///
/// - `corpus_from_md.html` (15.7 MB, the HTML cmark-gfm renders from `corpus.md`);
/// - the pages of `web/` concatenated in name order (joined by a newline; real-world pages with
///   navigation, tables and scripts);
/// - `corpus.md` (Markdown → tree → Markdown);
/// - and, to see the writer alone, Markdown render only of the `corpus_from_md.html` document.
///
/// 16× inputs are the 1× input repeated and joined by blank lines (`Corpus.repeated` for single
/// files, `Corpus.webPages(copies:)` for the web pages), built in memory during setup.
let benchmarks: @Sendable () -> Void = {
    for (copies, iterations) in ConversionBenchmarks.sizes {
        let configuration = ConversionBenchmarks.configuration(iterations: iterations)
        ConversionBenchmarks.conversion("HTML→Markdown corpus_from_md.html \(copies)x", from: "html", to: "markdown",
                                        configuration: configuration) { Corpus.repeated("corpus_from_md.html", copies: copies) }
        ConversionBenchmarks.conversion("HTML→Markdown web pages \(copies)x", from: "html", to: "markdown",
                                        configuration: configuration) { Corpus.webPages(copies: copies) }
        ConversionBenchmarks.conversion("Markdown→Markdown corpus.md \(copies)x", from: "markdown", to: "markdown",
                                        configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }
    }

    Benchmark("Markdown render of corpus_from_md.html 1x",
              configuration: ConversionBenchmarks.configuration(iterations: 8)) { benchmark, prepared in
        // MB/s per byte of the HTML the document came from: the writer's share of the conversion.
        try benchmark.measureThroughput(inputBytes: prepared.sourceBytes) {
            try MarkdownBackend().render(prepared.document, options: .init())
        }
    } setup: {
        let input = Corpus.bytes("corpus_from_md.html")
        let document = try input.withUnsafeBufferPointer { try HTMLFrontend().parse($0, options: .init()) }
        return PreparedDocument(document: document, sourceBytes: input.count)
    }
}

struct PreparedDocument: Sendable {
    let document: Document
    let sourceBytes: Int
}
