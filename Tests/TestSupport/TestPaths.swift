import Foundation

/// Where tests find the package's own files. Every path is inside the repository: the suites and
/// the corpus the tests read are carried in `Tests/Data/` (see its `PROVENANCE.md`).
public enum TestPaths {
    /// The package root (the directory holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        // Tests/TestSupport/TestPaths.swift -> package root
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `Tests/Data/`: the conformance suites, the small real-world corpus, their licences and
    /// `PROVENANCE.md`.
    public static let data: URL = packageRoot.appendingPathComponent("Tests").appendingPathComponent("Data")

    /// A file of `Tests/Data/suites/` (CommonMark and GFM specs, html5lib tokenizer tests, WHATWG
    /// entities, pathological inputs, XSS vectors).
    public static func suite(_ name: String) -> URL {
        data.appendingPathComponent("suites").appendingPathComponent(name)
    }

    /// A file of `Tests/Data/corpus/`: the first 2.5 MB of `corpus.md`, the first 300 KB of
    /// `corpus_from_md.html` and `corpus_spec.html`, and 15 real pages in `web/`.
    public static func corpus(_ name: String) -> URL {
        data.appendingPathComponent("corpus").appendingPathComponent(name)
    }

    /// The package's `Fixtures/` directory.
    public static let fixtures: URL = packageRoot.appendingPathComponent("Fixtures")

    /// Reads and decodes a JSON file (any JSON value), failing loudly when it is missing.
    public static func json(_ url: URL) throws -> Any {
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
