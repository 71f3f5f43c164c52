import Foundation

/// Where tests find the package's own files and the read-only `../shared/` directory beside it.
public enum TestPaths {
    /// The package root (the directory holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/TestSupport/TestPaths.swift -> package root
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `../shared/` beside the package root.
    public static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A file of `../shared/suites/`.
    public static func suite(_ name: String) -> URL {
        shared.appendingPathComponent("suites").appendingPathComponent(name)
    }

    /// A file of `../shared/corpus/`.
    public static func corpus(_ name: String) -> URL {
        shared.appendingPathComponent("corpus").appendingPathComponent(name)
    }

    /// The package's `Fixtures/` directory.
    public static let fixtures: URL = packageRoot.appendingPathComponent("Fixtures")

    /// Reads and decodes a JSON file (any JSON value), failing loudly when it is missing.
    public static func json(_ url: URL) throws -> Any {
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
