import Foundation
import Testing
import TestSupport

/// The README, the DocC articles, the example packages and the example script name this package
/// alike (`package: "Transmark"`, its manifest name), so a user copying any of them gets the
/// same, working spelling.
@Suite struct PackageNameTests {
    static let files = [
        "README.md",
        "Sources/Transmark/Transmark.docc/GettingStarted.md",
        "Sources/Transmark/Transmark.docc/Plugins.md",
        "Examples/CustomFormat/Package.swift",
        "Examples/BundledMarkup/Package.swift",
        "scripts/test-examples.sh",
    ]

    /// Every `package: "…"` argument that names this package (by any spelling of "transmark").
    static func references(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "package: \"") {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            let name = String(after[..<end])
            if name.lowercased() == "transmark" { found.append(name) }
            rest = after[end...]
        }
        return found
    }

    @Test func everyReferenceUsesTheManifestName() throws {
        let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"Transmark\","))
        var total = 0
        for file in Self.files {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let names = Self.references(in: text)
            #expect(!names.isEmpty, "\(file) names no package")
            for name in names { #expect(name == "Transmark", "\(file): package: \"\(name)\"") }
            total += names.count
        }
        #expect(total >= 10)
    }

    @Test func pathDependenciesGiveTheName() throws {
        for file in Self.files {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(".package(") && line.contains("path:") {
                #expect(line.contains(".package(name: \"Transmark\", path:"), "\(file): \(line)")
            }
        }
    }
}
