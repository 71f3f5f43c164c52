// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Transmark, in one executable that dispatches on TRANSMARK_FUZZ_TARGET.
// Built by run.sh with `-sanitize=fuzzer,address -parse-as-library` (see run.sh); a separate
// package so the main package and its CI build never need the sanitizer toolchain flags.
let package = Package(
    name: "TransmarkFuzz",
    dependencies: [.package(name: "Transmark", path: "..")],
    targets: [
        .executableTarget(
            name: "TransmarkFuzz",
            dependencies: [.product(name: "Transmark", package: "Transmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
