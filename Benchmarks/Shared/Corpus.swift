import Benchmark
import Foundation

/// The shared benchmark corpus (`../shared/corpus/` next to the repository, see its README) and
/// the inputs derived from it at run time. Derived inputs are built in memory and never written.
public enum Corpus {
    /// The directory holding `corpus.md`, `corpus_spec.html`, `web/`, …
    ///
    /// `TRANSMARK_CORPUS_DIR` overrides it; otherwise the first `shared/corpus` directory found
    /// walking up from this source file (the repository sits next to `shared/`).
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["TRANSMARK_CORPUS_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/corpus", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
                return candidate
            }
            dir.deleteLastPathComponent()
        }
        fatalError("corpus not found above \(#filePath); set TRANSMARK_CORPUS_DIR to the corpus directory")
    }()

    /// The bytes of a corpus file (a path relative to `directory`).
    public static func bytes(_ name: String) -> [UInt8] {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("cannot read corpus file \(url.path)")
        }
        return [UInt8](data)
    }

    /// Every `.html` file of a corpus folder (`"web"`), in byte order of their names, concatenated
    /// with `separator` between two files. Without separator (the default) these are the bytes of
    /// `LC_ALL=C cat web/*.html`, the `web` input of `HTMLParsing` and `compare-html.sh`.
    public static func concatenatedHTML(in folder: String, separator: [UInt8] = []) -> [UInt8] {
        let dir = directory.appendingPathComponent(folder, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            fatalError("cannot list corpus folder \(dir.path)")
        }
        var all: [UInt8] = []
        let sorted = names.filter { $0.hasSuffix(".html") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for (n, name) in sorted.enumerated() {
            if n > 0 { all.append(contentsOf: separator) }
            all.append(contentsOf: bytes(folder + "/" + name))
        }
        return all
    }

    /// The "web pages" input of the conversion benchmarks (`HTMLToMarkdown`, `StyledRuns`,
    /// `TextRendering`): the pages of `web/` in byte order of their names joined by a newline
    /// (7,161,251 bytes), `copies` times joined by blank lines (`"\n\n"`) — the same bytes
    /// `compare-markdown.sh` writes to its `web-1x.html` and `web-16x.html`.
    ///
    /// Not the `web` input of `HTMLParsing`, which joins the pages without separator
    /// (`concatenatedHTML(in: "web")`, as `compare-html.sh` does).
    public static func webPages(copies: Int) -> [UInt8] {
        repeated(bytes: concatenatedHTML(in: "web", separator: [0x0A]), copies: copies)
    }

    /// `copies` copies of `one` joined by blank lines (`"\n\n"`).
    public static func repeated(bytes one: [UInt8], copies: Int) -> [UInt8] {
        guard copies > 1 else { return one }
        var all: [UInt8] = []
        all.reserveCapacity(one.count * copies + 2 * (copies - 1))
        for i in 0..<copies {
            if i > 0 { all.append(contentsOf: [0x0A, 0x0A]) }
            all.append(contentsOf: one)
        }
        return all
    }

    /// `copies` copies of a corpus file joined by blank lines (`"\n\n"`), the same bytes
    /// `compare-cmark.sh` writes to its temporary files.
    public static func repeated(_ name: String, copies: Int) -> [UInt8] {
        let one = bytes(name)
        guard copies > 1 else { return one }
        var all: [UInt8] = []
        all.reserveCapacity(one.count * copies + 2 * (copies - 1))
        for i in 0..<copies {
            if i > 0 { all.append(contentsOf: [0x0A, 0x0A]) }
            all.append(contentsOf: one)
        }
        return all
    }
}

/// The metric that reports input throughput directly: megabytes (10^6 bytes) of input per second
/// of wall-clock time of one iteration.
public enum ThroughputMetric {
    public static let megabytesPerSecond = BenchmarkMetric.custom("MB/s (input)", polarity: .prefersLarger, useScalingFactor: false)
}

extension Benchmark {
    /// Runs `body` once as the measured part of an iteration and records its input throughput.
    /// Call from a benchmark closure; anything before it is not measured.
    @inline(__always)
    public func measureThroughput<R>(inputBytes: Int, _ body: () throws -> R) rethrows {
        let clock = ContinuousClock()
        startMeasurement()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        stopMeasurement()
        Benchmark.blackHole(result)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        measurement(ThroughputMetric.megabytesPerSecond, Int((Double(inputBytes) / 1e6 / seconds).rounded()))
    }
}
