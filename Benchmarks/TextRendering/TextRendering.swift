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
/// The "streamed" variants convert as the command line does: the input is made inside the
/// measurement (as the command reads its file) and released as it is parsed, and the output is
/// handed over in pieces (`convert(releasing:…writingTo:)`).
///
/// 16× inputs are the 1× input repeated and joined by blank lines (`Corpus.repeated` for single
/// files, `Corpus.webPages(copies:)` for the web pages), built in memory during setup.
let benchmarks: @Sendable () -> Void = {
    let ansiOptions = ConversionOptions([(key: "color", value: "always"), (key: "colors", value: "truecolor")])
    for (copies, iterations) in ConversionBenchmarks.sizes {
        let configuration = ConversionBenchmarks.configuration(iterations: iterations)
        ConversionBenchmarks.conversion("Markdown→ANSI corpus.md \(copies)x", from: "markdown", to: "ansi", options: ansiOptions,
                                        configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }
        ConversionBenchmarks.conversion("Markdown→text corpus.md \(copies)x", from: "markdown", to: "text",
                                        configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }
        ConversionBenchmarks.conversion("HTML→text web pages \(copies)x", from: "html", to: "text",
                                        configuration: configuration) { Corpus.webPages(copies: copies) }
        // What the command does: input released as it is parsed, output streamed.
        ConversionBenchmarks.streamingConversion("Markdown→ANSI corpus.md streamed \(copies)x", from: "markdown", to: "ansi",
                                                 options: ansiOptions, configuration: configuration) {
            Corpus.repeated("corpus.md", copies: copies)
        }
        ConversionBenchmarks.streamingConversion("Markdown→text corpus.md streamed \(copies)x", from: "markdown", to: "text",
                                                 configuration: configuration) { Corpus.repeated("corpus.md", copies: copies) }
        ConversionBenchmarks.streamingConversion("HTML→text web pages streamed \(copies)x", from: "html", to: "text",
                                                 configuration: configuration) { Corpus.webPages(copies: copies) }
    }
}
