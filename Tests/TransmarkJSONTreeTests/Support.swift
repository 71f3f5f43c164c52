import Foundation
import TestSupport
import Transmark

/// Helpers shared by the json-tree tests.
enum JSONTree {
    static let backend = JSONTreeBackend()
    static let frontend = JSONTreeFrontend()
    nonisolated(unsafe) static let schema = try! JSONSchemaSubset(url: TestPaths.packageRoot.appendingPathComponent("Schemas/json-tree.schema.json"))

    /// The full tree dump (attributes and styles).
    static func dump(_ document: Document) throws -> [UInt8] {
        try TreeBackend().render(document, options: TreeBackend.Options())
    }

    static func write(_ document: Document, pretty: Bool = false) throws -> [UInt8] {
        var options = JSONTreeBackend.Options()
        options.pretty = pretty
        return try backend.render(document, options: options)
    }

    static func read(_ json: [UInt8], maxDepth: Int? = nil) throws -> Document {
        var options = JSONTreeFrontend.Options()
        if let maxDepth { options.maxDepth = maxDepth }
        return try frontend.parse(json, options: options)
    }

    static func read(_ json: String, maxDepth: Int? = nil) throws -> Document {
        try read(Array(json.utf8), maxDepth: maxDepth)
    }

    /// The error reading `json` throws, if any.
    static func error(_ json: String, maxDepth: Int? = nil) -> TransmarkError? {
        error(Array(json.utf8), maxDepth: maxDepth)
    }

    static func error(_ json: [UInt8], maxDepth: Int? = nil) -> TransmarkError? {
        do {
            _ = try read(json, maxDepth: maxDepth)
            return nil
        } catch let e as TransmarkError {
            return e
        } catch {
            return .malformedInput(message: "unexpected error \(error)", offset: -1)
        }
    }

    /// A document wrapped around one node's JSON, as the root's only child.
    static func wrap(_ node: String) -> String {
        "{\"transmark-json-tree\":1,\"root\":{\"kind\":\"document\",\"children\":[\(node)]}}"
    }

    /// The maximum nesting of a document (the root is 1).
    static func depth(_ document: Document) -> Int {
        var depth = 0, deepest = 0
        for event in document.events() {
            switch event {
            case .enter: depth += 1; deepest = max(deepest, depth)
            case .exit: depth -= 1
            }
        }
        return deepest
    }
}
