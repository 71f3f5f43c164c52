// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Transmark",
    // Apple platforms: what the package's Swift needs there (Synchronization's Mutex); Linux is not
    // affected by this list.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Transmark", targets: ["Transmark"]),
        .library(name: "TransmarkCore", targets: ["TransmarkCore"]),
        .library(name: "TransmarkMarkdown", targets: ["TransmarkMarkdown"]),
        .library(name: "TransmarkHTML", targets: ["TransmarkHTML"]),
        .library(name: "TransmarkText", targets: ["TransmarkText"]),
        .library(name: "TransmarkStyledRuns", targets: ["TransmarkStyledRuns"]),
        // Styled runs as UIKit/AppKit NSAttributedString keys and SwiftUI-ready AttributedString
        // attributes. Its sources are compiled only where UIKit or AppKit exists: on Linux the
        // library is empty (the mapping it applies, AppleStyledText, is in TransmarkStyledRuns).
        .library(name: "TransmarkAppleText", targets: ["TransmarkAppleText"]),
        .library(name: "TransmarkTransforms", targets: ["TransmarkTransforms"]),
        .library(name: "TransmarkInlineRules", targets: ["TransmarkInlineRules"]),
        .library(name: "TransmarkJSONTree", targets: ["TransmarkJSONTree"]),
        // The command line, runnable against any registry (`CommandLineTool.run`): a package that
        // adds its own formats ships its own `transmark` with them.
        .library(name: "TransmarkCLI", targets: ["TransmarkCLI"]),
        .executable(name: "transmark", targets: ["transmark"]),
        .plugin(name: "TransmarkCommand", targets: ["TransmarkCommand"]),
        .plugin(name: "TransmarkResources", targets: ["TransmarkResources"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only a plugin (`swift package generate-documentation`): nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(name: "CCmarkExtensions", dependencies: ["CCmarkGFM"]),
        .target(name: "TransmarkCore"),
        .target(name: "TransmarkMarkdown", dependencies: ["TransmarkCore", "TransmarkHTML", "CCmarkGFM", "CCmarkExtensions"]),
        .target(name: "TransmarkHTML", dependencies: ["TransmarkCore"]),
        .target(name: "TransmarkText", dependencies: ["TransmarkCore"]),
        .target(name: "TransmarkStyledRuns", dependencies: ["TransmarkCore"]),
        .target(name: "TransmarkAppleText", dependencies: ["TransmarkStyledRuns"]),
        .target(name: "TransmarkTransforms", dependencies: ["TransmarkCore"]),
        .target(name: "TransmarkInlineRules", dependencies: ["TransmarkCore"]),
        .target(name: "TransmarkJSONTree", dependencies: ["TransmarkCore"]),
        .target(name: "Transmark", dependencies: ["TransmarkCore", "TransmarkMarkdown", "TransmarkHTML", "TransmarkText", "TransmarkStyledRuns", "TransmarkTransforms", "TransmarkInlineRules", "TransmarkJSONTree"]),
        .target(
            name: "TransmarkCLI",
            dependencies: ["Transmark", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "transmark", dependencies: ["TransmarkCLI"]),
        // The build-tool plugin's generator: one markup file in, one Swift file out.
        .executableTarget(name: "transmark-resource-generator", dependencies: ["Transmark"],
                          path: "Sources/TransmarkResourceGenerator"),
        .plugin(
            name: "TransmarkCommand",
            capability: .command(
                intent: .custom(verb: "transmark",
                                description: "Run the transmark command line (convert, select, formats) in this package")),
            // No declared permission: read-only verbs run without a flag; the plugin itself asks
            // for --allow-writing-to-package-directory when an output (-o) is written.
            dependencies: ["transmark"]),
        .plugin(name: "TransmarkResources", capability: .buildTool(), dependencies: ["transmark-resource-generator"]),
        .target(name: "TestSupport", dependencies: ["TransmarkCore", "TransmarkHTML"], path: "Tests/TestSupport"),
        .testTarget(name: "TransmarkCoreTests", dependencies: ["TransmarkCore", "TestSupport"]),
        .testTarget(name: "TransmarkMarkdownTests", dependencies: ["TransmarkMarkdown", "TransmarkHTML", "TransmarkText", "TransmarkStyledRuns", "CCmarkGFM", "CCmarkExtensions", "TestSupport"]),
        .testTarget(name: "TransmarkHTMLTests", dependencies: ["TransmarkHTML", "TransmarkCore", "TestSupport"]),
        .testTarget(name: "TransmarkTextTests", dependencies: ["TransmarkText", "TransmarkMarkdown", "TransmarkHTML", "TestSupport"]),
        .testTarget(name: "TransmarkStyledRunsTests", dependencies: ["TransmarkStyledRuns", "TransmarkMarkdown", "TransmarkHTML", "TestSupport"]),
        // Apple platforms only, like its library (empty on Linux); run by .github/workflows/macos.yml.
        .testTarget(name: "TransmarkAppleTextTests", dependencies: ["TransmarkAppleText", "TransmarkStyledRuns", "TransmarkMarkdown"]),
        .testTarget(name: "TransmarkTransformsTests", dependencies: ["Transmark", "TestSupport"]),
        .testTarget(name: "TransmarkInlineRulesTests", dependencies: ["TransmarkInlineRules", "Transmark", "TestSupport"]),
        .testTarget(name: "TransmarkJSONTreeTests", dependencies: ["TransmarkJSONTree", "Transmark", "TransmarkCLI", "TestSupport"]),
        .testTarget(name: "TransmarkTests", dependencies: ["Transmark", "TransmarkCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
