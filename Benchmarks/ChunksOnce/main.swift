import Foundation
import Transmark

// The work of the `Chunks` benchmark without its harness, for profiles and instruction counts:
// `ChunksOnce markdown|chunks FILE…` converts each file (HTML) to Markdown, or to chunks of 512
// tokens with an overlap of 64 and the input's tokens counted (as `--chunks 512 --chunk-overlap 64
// --stats` does; `chunks-all` with every option for models on too, `markdown-all` the same
// options without chunks), or only counts their tokens (`count`), and prints the bytes or tokens written.
let arguments = CommandLine.arguments
guard arguments.count >= 3, ["markdown", "markdown-all", "chunks", "chunks-all", "count"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ChunksOnce markdown|markdown-all|chunks|chunks-all|count FILE...\n".utf8))
    exit(64)
}
do {
    // `chunks-all`: every option of the issue on as well (links resolved against a base, tracking
    // parameters dropped, citations, images listed at the end, front matter).
    let conversion = arguments[1].hasSuffix("-all")
        ? try Registry.standard.conversion(from: "html", to: "markdown", options: everyOption)
        : try Registry.standard.conversion(from: "html", to: "markdown")
    let counter = ApproximateTokenCounter()
    let chunker = try DocumentChunker(options: .init(maxTokens: 512, overlap: 64, counter: counter))
    var total = 0
    for path in arguments.dropFirst(2) {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        let page = [UInt8](data)
        if arguments[1] == "count" {
            total += counter.tokenCount(ofUTF8: page)
        } else if arguments[1].hasPrefix("markdown") {
            total += try conversion.convert(page).count
        } else {
            total += counter.tokenCount(ofUTF8: page)
            for chunk in try chunker.chunks(of: try conversion.document(from: page), with: conversion) { total += chunk.tokenCount }
        }
    }
    print(total)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

/// `--base-url https://example.com/page/ --transform clean-urls -O linkStyle=citations -O images=end
/// -O frontMatter=always`.
var everyOption: ConversionOptions {
    ConversionOptions([(key: "resolve-links.base", value: "https://example.com/page/"),
                       (key: "linkStyle", value: "citations"), (key: "images", value: "end"),
                       (key: "frontMatter", value: "always")],
                      transforms: ["resolve-links", "clean-urls"])
}

