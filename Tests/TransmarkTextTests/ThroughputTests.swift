import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkMarkdown
@testable import TransmarkText

/// Rough throughput on the project's copy of `corpus.md` (its first 2.5 MB), printed; runs only with
/// `TRANSMARK_PERF=1` (use a release build: `swift test -c release --filter ThroughputTests`). The
/// real numbers, on the full corpus, come from the benchmark package.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TRANSMARK_PERF"] == "1"))
struct ThroughputTests {
    @Test func corpusMarkdownToTextAndANSI() throws {
        let input = Array(try Data(contentsOf: TestPaths.corpus("corpus.md")))
        let megabytes = Double(input.count) / 1_000_000
        let clock = ContinuousClock()
        var document = Document.empty
        let parse = try clock.measure { document = try MarkdownFrontend().parse(input) }
        func report(_ name: String, _ body: () throws -> Int) rethrows {
            var size = 0
            let time = try clock.measure { size = try body() }
            let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
            print("\(name): \(String(format: "%.1f", megabytes / seconds)) MB/s of input (\(size) bytes out)")
        }
        let parseSeconds = Double(parse.components.seconds) + Double(parse.components.attoseconds) / 1e18
        print("parse: \(String(format: "%.1f", megabytes / parseSeconds)) MB/s")
        let ansiOptions = try ANSIBackend.Options(parsing: ["color=always", "colors=truecolor"])
        try report("text readable") { try TextBackend().render(document, options: TextBackend.Options()).count }
        try report("text flat") { try TextBackend().render(document, options: TextBackend.Options(parsing: ["mode=flat"])).count }
        try report("ansi") { try ANSIBackend().render(document, options: ansiOptions).count }
    }
}

/// Writes the first pieces of the corpus rendered in both formats to `/tmp/transmark-sample.*`
/// for reading by a person; runs only with `TRANSMARK_SAMPLE=1`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TRANSMARK_SAMPLE"] == "1"))
struct CorpusSample {
    @Test func writeSample() throws {
        let input = Array(try Data(contentsOf: TestPaths.corpus("corpus.md")).prefix(80_000))
        let document = try MarkdownFrontend().parse(input)
        try Data(TextBackend().render(document, options: TextBackend.Options())).write(to: URL(fileURLWithPath: "/tmp/transmark-sample.txt"))
        try Data(ANSIBackend().render(document, options: ANSIBackend.Options(parsing: ["color=always", "colors=256"])))
            .write(to: URL(fileURLWithPath: "/tmp/transmark-sample.ansi"))
    }
}
