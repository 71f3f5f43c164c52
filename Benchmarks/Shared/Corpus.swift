import Benchmark
import Foundation

/// The benchmark corpus and the inputs derived from it at run time. Derived inputs are built in
/// memory and never written.
///
/// The full corpus (about 40 MB: `corpus.md`, `corpus_from_md.html`, `corpus_spec.html`, `web/`)
/// is not in the repository; `Tests/Data/corpus/` carries a small copy (the first 2.5 MB of
/// `corpus.md`, the first 300 KB of the two HTML files, 15 of the 22 web pages) and lists the full
/// corpus's files in `full-corpus-sources.tsv`.
public enum Corpus {
    /// What to set when the full corpus is not where the benchmarks look.
    static let howToPass = "set TRANSMARK_CORPUS_DIR to the full corpus's directory (the one holding corpus.md, "
        + "corpus_from_md.html, corpus_spec.html and web/; its files are listed in Tests/Data/corpus/full-corpus-sources.tsv)"

    /// The directory holding `corpus.md`, `corpus_spec.html`, `web/`, …
    ///
    /// `TRANSMARK_CORPUS_DIR` when set; otherwise the first `shared/corpus` directory found walking
    /// up from this source file (the full corpus kept beside the repository); otherwise the
    /// project's small copy in `Tests/Data/corpus/`, with a warning on standard error that its
    /// figures are not the full corpus's.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["TRANSMARK_CORPUS_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Benchmarks/Shared
            .deletingLastPathComponent().deletingLastPathComponent()           // the repository
        var dir = root
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/corpus", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("corpus.md").path) {
                return candidate
            }
            dir.deleteLastPathComponent()
        }
        let copy = root.appendingPathComponent("Tests/Data/corpus", isDirectory: true)
        guard FileManager.default.fileExists(atPath: copy.appendingPathComponent("corpus.md").path) else {
            fatalError("no corpus found: \(howToPass)")
        }
        FileHandle.standardError.write(Data(("note: the full corpus was not found; using the project's small copy in "
            + "\(copy.path) (figures are not comparable with the full corpus's). For the full corpus, \(howToPass).\n").utf8))
        return copy
    }()

    /// The bytes of a corpus file (a path relative to `directory`).
    public static func bytes(_ name: String) -> [UInt8] {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("cannot read corpus file \(url.path): \(howToPass)")
        }
        return [UInt8](data)
    }

    /// Every `.html` file of a corpus folder (`"web"`), in byte order of their names, concatenated
    /// with `separator` between two files. Without separator (the default) these are the bytes of
    /// `LC_ALL=C cat web/*.html`, the `web` input of `HTMLParsing` and `compare-html.sh`.
    public static func concatenatedHTML(in folder: String, separator: [UInt8] = []) -> [UInt8] {
        let dir = directory.appendingPathComponent(folder, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            fatalError("cannot list corpus folder \(dir.path): \(howToPass)")
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
