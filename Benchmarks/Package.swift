// swift-tools-version:6.1
// Benchmarks for Transmark, kept in their own package so the main package and CI never build
// ordo-one/benchmark. Run from this directory: `swift package --disable-sandbox benchmark`.
//
// Layout: one executable target per area under `Benchmarks/<Area>/`, all sharing the
// `BenchmarkSupport` target (corpus lookup, derived inputs, MB/s metric). To add an area, add a
// `benchmarkTarget("HTMLParsing")` line below and a `Benchmarks/HTMLParsing/*.swift` file that
// defines `let benchmarks: @Sendable () -> Void`.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its directory (`main`, `wt-bench`, … for worktrees),
/// not after its manifest, so the main package's identity is computed from where it sits.
let transmarkPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

func benchmarkTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkSupport",
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "Transmark", package: transmarkPackage),
        ],
        path: name,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "TransmarkBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Transmark", package: transmarkPackage),
            ],
            path: "Shared"
        ),
        benchmarkTarget("MarkdownConversion"),
        benchmarkTarget("HTMLToMarkdown"),
        benchmarkTarget("HTMLParsing"),
        benchmarkTarget("StyledRuns"),
        benchmarkTarget("TextRendering"),
        benchmarkTarget("Chunks"),
        benchmarkTarget("StreamingMarkdown"),
        // Streaming Markdown without the harness: totals and percentiles of one `append`.
        .executableTarget(
            name: "StreamingOnce",
            dependencies: [.product(name: "Transmark", package: transmarkPackage)],
            path: "StreamingOnce"
        ),
        // One conversion per run, for instruction counts (`count-instructions.sh`).
        .executableTarget(
            name: "ConvertOnce",
            dependencies: [.product(name: "Transmark", package: transmarkPackage)],
            path: "ConvertOnce"
        ),
        .executableTarget(
            name: "ChunksOnce",
            dependencies: [.product(name: "Transmark", package: transmarkPackage)],
            path: "ChunksOnce"
        ),
    ],
    swiftLanguageModes: [.v6]
)
