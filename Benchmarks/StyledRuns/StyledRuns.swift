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
/// The "streamed" variants convert as the command line does: the input is made inside the
/// measurement (as the command reads its file) and released as it is parsed, the document is
/// given up once laid out, and the JSON is handed over in pieces (`convert(releasing:…writingTo:)`):
/// their peak is the command's.
///
/// 16× inputs are the 1× input repeated and joined by blank lines (`Corpus.repeated` for single
/// files, `Corpus.webPages(copies:)` for the web pages), built in memory during setup.
let benchmarks: @Sendable () -> Void = {
    for (copies, iterations) in ConversionBenchmarks.sizes {
        let configuration = ConversionBenchmarks.configuration(iterations: iterations)
        ConversionBenchmarks.conversion("HTML→styled-json corpus_from_md.html \(copies)x", from: "html", to: "styled-json",
                                        configuration: configuration) { Corpus.repeated("corpus_from_md.html", copies: copies) }
        ConversionBenchmarks.conversion("HTML→styled-json web pages \(copies)x", from: "html", to: "styled-json",
                                        configuration: configuration) { Corpus.webPages(copies: copies) }
        ConversionBenchmarks.conversion("Markdown→styled-json corpus.md \(copies)x", from: "markdown", to: "styled-json",
                                        configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }
        ConversionBenchmarks.streamingConversion("HTML→styled-json corpus_from_md.html streamed \(copies)x", from: "html",
                                                 to: "styled-json", configuration: configuration) {
            Corpus.repeated("corpus_from_md.html", copies: copies)
        }
        ConversionBenchmarks.streamingConversion("HTML→styled-json web pages streamed \(copies)x", from: "html",
                                                 to: "styled-json", configuration: configuration) { Corpus.webPages(copies: copies) }
        ConversionBenchmarks.streamingConversion("Markdown→styled-json corpus.md streamed \(copies)x", from: "markdown",
                                                 to: "styled-json", configuration: configuration) {
            Corpus.repeated("corpus.md", copies: copies)
        }
    }
}
