import Benchmark
import BenchmarkSupport
import Foundation
import Transmark

/// HTML → chunks against plain HTML → Markdown, page by page over the pages of `web/` (the 22
/// real pages of the full corpus): the target is chunks with every option on (a 512-token
/// budget, a 64-token overlap, statistics: the input's and the chunks' tokens counted) within
/// 1.3× the time of the plain conversion. Both go through one resolved conversion.
let benchmarks: @Sendable () -> Void = {
    let configuration = ConversionBenchmarks.configuration(iterations: 8)
    Benchmark("HTML→Markdown web pages, page by page", configuration: configuration) { benchmark, pages in
        let conversion = try Registry.standard.conversion(from: "html", to: "markdown")
        try benchmark.measureThroughput(inputBytes: pages.reduce(0) { $0 + $1.count }) {
            var written = 0
            for page in pages { written += try conversion.convert(page).count }
            return written
        }
    } setup: {
        webPages()
    }

    Benchmark("HTML→chunks web pages, 512 tokens, overlap 64, stats", configuration: configuration) { benchmark, pages in
        try measureChunks(benchmark, pages, with: try Registry.standard.conversion(from: "html", to: "markdown"))
    } setup: {
        webPages()
    }

    Benchmark("HTML→chunks web pages, every option for models (base URL, clean URLs, citations, end images, front matter)",
              configuration: configuration) { benchmark, pages in
        let options = ConversionOptions([(key: "resolve-links.base", value: "https://example.com/page/"),
                                         (key: "linkStyle", value: "citations"), (key: "images", value: "end"),
                                         (key: "frontMatter", value: "always")],
                                        transforms: ["resolve-links", "clean-urls"])
        try measureChunks(benchmark, pages, with: try Registry.standard.conversion(from: "html", to: "markdown", options: options))
    } setup: {
        webPages()
    }
}

/// Chunks each page with `conversion` (512 tokens, overlap 64) and counts its input's tokens, as
/// `--chunks 512 --chunk-overlap 64 --stats` does.
func measureChunks(_ benchmark: Benchmark, _ pages: [[UInt8]], with conversion: Conversion) throws {
    let counter = ApproximateTokenCounter()
    let chunker = try DocumentChunker(options: .init(maxTokens: 512, overlap: 64, counter: counter))
    try benchmark.measureThroughput(inputBytes: pages.reduce(0) { $0 + $1.count }) {
        var tokens = 0
        for page in pages {
            tokens += counter.tokenCount(ofUTF8: page)
            for chunk in try chunker.chunks(of: try conversion.document(from: page), with: conversion) { tokens += chunk.tokenCount }
        }
        return tokens
    }
}

/// Each page of the corpus's `web/` folder, in name order.
func webPages() -> [[UInt8]] {
    let folder = Corpus.directory.appendingPathComponent("web")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
    return names.map { Array((try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data()) }
}
