import Benchmark
import Transmark

/// The scaffolding every benchmark area shares: one configuration per input size and one
/// benchmark per registry conversion, measured as input throughput.
public enum ConversionBenchmarks {
    /// The metrics each conversion reports.
    public static let metrics: [BenchmarkMetric] = [
        ThroughputMetric.megabytesPerSecond, .wallClock, .peakMemoryResident, .mallocCountTotal,
    ]

    /// Sizes (copies of the corpus file) with their measured iterations; a 16× run converts
    /// hundreds of megabytes per iteration.
    public static let sizes: [(copies: Int, iterations: Int)] = [(1, 8), (16, 2)]

    /// One warm-up iteration, then at most `iterations` measured ones within two minutes.
    public static func configuration(iterations: Int, metrics: [BenchmarkMetric] = metrics) -> Benchmark.Configuration {
        Benchmark.Configuration(metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1,
                                maxDuration: .seconds(120), maxIterations: iterations)
    }

    /// Registers `Registry.standard.convert(input, from:to:options:)` as a benchmark, the input
    /// made by `input` during setup (outside the measurement).
    public static func conversion(_ name: String, from source: String, to target: String,
                                  options: ConversionOptions = ConversionOptions(),
                                  configuration: Benchmark.Configuration,
                                  input: @escaping @Sendable () -> [UInt8]) {
        Benchmark(name, configuration: configuration) { benchmark, bytes in
            try benchmark.measureThroughput(inputBytes: bytes.count) {
                try Registry.standard.convert(bytes, from: source, to: target, options: options)
            }
        } setup: {
            input()
        }
    }

    /// Registers the conversion the command line makes, as a benchmark: a copy of the input given
    /// up to `Registry.standard.convert(releasing:from:to:options:writingTo:)` (the parse releases
    /// it as it goes) and the output handed over in pieces, counted and dropped (a streaming
    /// backend never holds it whole). The copy is made inside the measurement: it is part of the
    /// cost of converting an input the caller keeps.
    public static func streamingConversion(_ name: String, from source: String, to target: String,
                                           options: ConversionOptions = ConversionOptions(),
                                           configuration: Benchmark.Configuration,
                                           input: @escaping @Sendable () -> [UInt8]) {
        Benchmark(name, configuration: configuration) { benchmark, bytes in
            try benchmark.measureThroughput(inputBytes: bytes.count) {
                var copy = bytes
                copy.withUnsafeMutableBufferPointer { _ in }  // a buffer of its own, as a read file has
                var written = 0
                try Registry.standard.convert(releasing: &copy, from: source, to: target, options: options) { written += $0.count }
                return written
            }
        } setup: {
            input()
        }
    }
}
