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

    /// Registers the conversion the command line makes, as a benchmark: the input is made (read
    /// from the corpus and repeated) inside the measurement, as the command reads its file, and
    /// given up to `Registry.standard.convert(releasing:from:to:options:writingTo:)`, which
    /// releases it as it is parsed; the output is handed over in pieces, counted and dropped (a
    /// streaming backend never holds it whole). So the peak memory is the conversion's own, with
    /// no copy of the input kept by the harness; making the input costs about 1 % of the time.
    public static func streamingConversion(_ name: String, from source: String, to target: String,
                                           options: ConversionOptions = ConversionOptions(),
                                           configuration: Benchmark.Configuration,
                                           input: @escaping @Sendable () -> [UInt8]) {
        Benchmark(name, configuration: configuration) { benchmark, size in
            try benchmark.measureThroughput(inputBytes: size) {
                var bytes = input()
                var written = 0
                try Registry.standard.convert(releasing: &bytes, from: source, to: target, options: options) { written += $0.count }
                return written
            }
        } setup: {
            input().count
        }
    }
}
