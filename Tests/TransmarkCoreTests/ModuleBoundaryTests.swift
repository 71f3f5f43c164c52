import Foundation
import Testing
import TestSupport

/// Each format module depends on the core alone: no source file of one imports another format
/// module (what two formats share lives in the core).
@Suite struct ModuleBoundaryTests {
    static let formatModules = ["TransmarkMarkdown", "TransmarkHTML", "TransmarkText", "TransmarkStyledRuns",
                                "TransmarkTransforms", "TransmarkInlineRules", "TransmarkJSONTree"]

    @Test func formatModulesImportOnlyTheCore() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        var checked = 0
        for module in Self.formatModules {
            let dir = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import Transmark") {
                    let imported = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(imported == "TransmarkCore", "\(module)/\(file): \(line)")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
