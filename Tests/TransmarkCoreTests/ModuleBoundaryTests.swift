import Foundation
import Testing
import TestSupport

/// Each format module depends on the core, and on another format module only where it embeds
/// that format (the Markdown writer writes HTML for what Markdown cannot say), never in a cycle:
/// what two formats merely share lives in the core.
@Suite struct ModuleBoundaryTests {
    static let formatModules = ["TransmarkMarkdown", "TransmarkHTML", "TransmarkText", "TransmarkStyledRuns",
                                "TransmarkTransforms", "TransmarkInlineRules", "TransmarkJSONTree"]
    /// The format modules each one embeds (besides the core).
    static let embeds: [String: Set<String>] = ["TransmarkMarkdown": ["TransmarkHTML"]]

    @Test func formatModulesImportTheCoreAndWhatTheyEmbed() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        var checked = 0
        var imports: [String: Set<String>] = [:]
        for module in Self.formatModules {
            let dir = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import Transmark") {
                    let imported = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(imported == "TransmarkCore" || Self.embeds[module, default: []].contains(imported),
                            "\(module)/\(file): \(line)")
                    if imported != "TransmarkCore" { imports[module, default: []].insert(imported) }
                }
                checked += 1
            }
        }
        #expect(checked > 100)
        // Markdown does embed HTML (the fallback is used), and no embedding goes both ways.
        #expect(imports["TransmarkMarkdown"] == ["TransmarkHTML"])
        for (module, embedded) in imports {
            for other in embedded { #expect(!(imports[other]?.contains(module) ?? false), "\(module) <-> \(other)") }
        }
    }
}
