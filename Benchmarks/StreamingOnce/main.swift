import Foundation
import Transmark

// Streaming Markdown measured without the benchmark harness (issue 32):
// `StreamingOnce FILE [FORMAT [CHUNK [BYTES]]]` takes BYTES (default 100 000) of FILE from its
// first heading, cut at a line end, and prints, for FORMAT (default html) and chunks of CHUNK
// bytes (default 4): the one-shot conversion's time (best of 5), the whole stream's time and its
// ratio to one-shot, the 50th, 99th percentile and largest time of one `append`, and the time of
// the naive alternative, the whole text converted again on every chunk.
let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: StreamingOnce FILE [FORMAT [CHUNK [BYTES]]]\n".utf8))
    exit(64)
}
let format = arguments.count > 2 ? arguments[2] : "html"
let chunk = arguments.count > 3 ? Int(arguments[3]) ?? 4 : 4
let size = arguments.count > 4 ? Int(arguments[4]) ?? 100_000 : 100_000
let corpus = [UInt8](data)
let start = corpus.indices.first { corpus[$0] == UInt8(ascii: "#") && ($0 == 0 || corpus[$0 - 1] == 0x0A) } ?? 0
var end = min(corpus.count, start + size)
while end < corpus.count, corpus[end - 1] != 0x0A { end += 1 }
let input = Array(corpus[start..<end])

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

do {
    let conversion = try Registry.standard.conversion(from: "markdown", to: format)
    let clock = ContinuousClock()
    var oneShot = Double.infinity
    var expected: [UInt8] = []
    for _ in 0..<5 { oneShot = min(oneShot, seconds(try clock.measure { expected = try conversion.convert(input) })) }

    var appendTimes: [Double] = []
    var output: [UInt8] = []
    var blocks = 0
    let streamed = seconds(try clock.measure {
        // STREAMING_ONCE_MINIMUM_GROWTH=N sets `MarkdownStream.Options.minimumGrowth`.
        var streamOptions = MarkdownStream.Options()
        if let growth = ProcessInfo.processInfo.environment["STREAMING_ONCE_MINIMUM_GROWTH"].flatMap({ Int($0) }) {
            streamOptions.minimumGrowth = growth
        }
        var stream = try MarkdownStream(conversion: conversion, options: streamOptions)
        var offset = 0
        while offset < input.count {
            let piece = input[offset..<min(input.count, offset + chunk)]
            let before = clock.now
            let update = try stream.append(piece)
            appendTimes.append(seconds(clock.now - before))
            for block in update.finalBlocks { output += block.output }
            blocks += update.finalBlocks.count
            offset += chunk
        }
        let last = try stream.finish()
        for block in last.finalBlocks { output += block.output }
        if let replacement = last.replacementOutput { output = replacement }
    })
    appendTimes.sort()
    func percentile(_ p: Double) -> Double { appendTimes[min(appendTimes.count - 1, Int(Double(appendTimes.count) * p))] }

    // STREAMING_ONCE_SKIP_REPARSE=1 leaves out the (slow) naive alternative.
    let skipsReparse = ProcessInfo.processInfo.environment["STREAMING_ONCE_SKIP_REPARSE"] != nil
    let reparsed = skipsReparse ? 0 : seconds(try clock.measure {
        var offset = 0
        while offset < input.count {
            offset = min(input.count, offset + chunk)
            _ = try conversion.convert(Array(input[..<offset]))
        }
    })
    print("input \(input.count) bytes, \(format), \(chunk)-byte chunks, \(appendTimes.count) appends, \(blocks) blocks final before finish()")
    print(String(format: "one-shot            %9.2f ms", oneShot * 1000))
    print(String(format: "streamed total      %9.2f ms  (%.2f× one-shot)", streamed * 1000, streamed / oneShot))
    print(String(format: "append p50 / p99 / max  %.3f / %.3f / %.3f ms", percentile(0.5) * 1000, percentile(0.99) * 1000, appendTimes.last! * 1000))
    print(String(format: "re-parse every chunk %9.2f ms  (%.1f× one-shot)", reparsed * 1000, reparsed / oneShot))
    print("streamed output equals one-shot: \(output == expected)")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
