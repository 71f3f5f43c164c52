// swift-tools-version:6.0
// Markup compiled at build time: the TransmarkResources plugin turns every .md and .html file
// under Sources/BundledMarkup/Markup/ into a typed accessor (`Markup.welcome`) holding the
// content as HTML and as styled text, so the app does no parsing at run time.
import PackageDescription

let package = Package(
    name: "BundledMarkup",
    products: [
        .library(name: "BundledMarkup", targets: ["BundledMarkup"]),
    ],
    dependencies: [
        // `name:` keeps the references below independent of the folder's name.
        .package(name: "Transmark", path: "../.."),
    ],
    targets: [
        .target(
            name: "BundledMarkup",
            // The generated code needs `MarkupResource` and `StyledText`, nothing that parses.
            dependencies: [.product(name: "TransmarkStyledRuns", package: "Transmark")],
            plugins: [.plugin(name: "TransmarkResources", package: "Transmark")]),
        .testTarget(name: "BundledMarkupTests", dependencies: ["BundledMarkup"]),
    ],
    swiftLanguageModes: [.v6]
)
