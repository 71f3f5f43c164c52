// swift-tools-version:6.0
// A format of your own, from your own package: BBCode (read and write) and an `emoticons`
// transform, written against Transmark's public API only, registered with
// `Registry.standard.adding(...)`, and shipped with its own `transmark-bbcode` command line.
import PackageDescription

let package = Package(
    name: "CustomFormat",
    products: [
        .library(name: "BBCode", targets: ["BBCode"]),
        .executable(name: "transmark-bbcode", targets: ["transmark-bbcode"]),
    ],
    dependencies: [
        // `name:` keeps the product references below independent of the folder's name.
        .package(name: "Transmark", path: "../.."),
    ],
    targets: [
        .target(name: "BBCode", dependencies: [.product(name: "Transmark", package: "Transmark")]),
        .executableTarget(
            name: "transmark-bbcode",
            dependencies: ["BBCode", .product(name: "TransmarkCLI", package: "Transmark")]),
        .testTarget(
            name: "BBCodeTests",
            dependencies: ["BBCode", .product(name: "TransmarkCLI", package: "Transmark")]),
    ],
    swiftLanguageModes: [.v6]
)
