import Foundation
import TransmarkCore

/// One fixture: a folder holding `input.<ext>`, any number of `expected.<ext>` files and an
/// optional `options` file (one `key=value` per line, `#` comments; `transform=NAME[:key=value,…]`
/// lines name transforms to apply, in order), converted with a registry.
/// A subfolder without its own input (e.g. `turndown/`) is a fixture of its own that reuses the
/// parent's input and options and adds `profile=<subfolder name>`.
public struct Fixture: Sendable, CustomStringConvertible {
    /// The folder, relative to `Fixtures/` (e.g. `markdown/emphasis`).
    public let name: String
    /// The folder.
    public let directory: URL
    /// The input file.
    public let input: URL
    /// The input format, from the input file's extension.
    public let inputFormat: String
    /// Expected files and the output format each one holds.
    public let expectations: [(file: URL, format: String)]
    /// Conversion options from the `options` file.
    public let options: [(key: String, value: String)]
    /// Transforms from the `options` file's `transform=` lines, in order.
    public var transforms: [String] {
        options.filter { $0.key == "transform" }.map(\.value)
    }

    public var description: String { name }
}

/// Finds, runs and (with `TRANSMARK_RECORD=1`) records fixtures.
public enum FixtureSuite {
    /// Input file extensions and the formats they hold.
    /// (`input.chat`, `input.swiftymarkdown`, `input.stylizer` and `input.tagged` hold the
    /// inline-rule presets and tagged strings.)
    public static let inputFormats: [String: String] = [
        "md": "markdown", "html": "html", "chat": "chat", "swiftymarkdown": "swiftymarkdown",
        "stylizer": "stylizer", "tagged": "tagged",
    ]

    /// Expected-file suffixes (after `expected.`) and the output formats they hold.
    public static let outputFormats: [String: String] = [
        "html": "html", "tree": "tree", "md": "markdown", "txt": "text", "ansi": "ansi",
        "styled.json": "styled-json",
    ]

    /// Whether expectations are being rewritten (`TRANSMARK_RECORD=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["TRANSMARK_RECORD"] == "1" }

    /// Every fixture folder below `root` (default `Fixtures/`), sorted by name. Throws when a
    /// folder has an input but an expected file of an unknown kind, or no expected file at all.
    public static func discover(under root: URL = TestPaths.fixtures) throws -> [Fixture] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var fixtures: [Fixture] = []
        for case let url as URL in walker where url.lastPathComponent.hasPrefix("input.") {
            let directory = url.deletingLastPathComponent()
            let inputExtension = String(url.lastPathComponent.dropFirst("input.".count))
            guard let inputFormat = inputFormats[inputExtension] else {
                throw FixtureError("\(url.path): unknown input kind '\(inputExtension)'")
            }
            var expectations: [(URL, String)] = []
            for file in try fm.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
                where file.lastPathComponent.hasPrefix("expected.") {
                let suffix = String(file.lastPathComponent.dropFirst("expected.".count))
                guard let format = outputFormats[suffix] else {
                    throw FixtureError("\(file.path): unknown expected kind '\(suffix)'")
                }
                expectations.append((file, format))
            }
            if expectations.isEmpty && !isRecording { throw FixtureError("\(directory.path): no expected.* file") }
            var options: [(String, String)] = []
            let optionsFile = directory.appendingPathComponent("options")
            if let text = try? String(contentsOf: optionsFile, encoding: .utf8) {
                for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    options.append(try parseKeyValue(String(line)))
                }
            }
            let name = directory.path.replacingOccurrences(of: root.path + "/", with: "")
            fixtures.append(Fixture(name: name, directory: directory, input: url, inputFormat: inputFormat,
                                    expectations: expectations, options: options))
            // Profile subfolders (`turndown/`, `commonmark/`, …) reuse this input with
            // `profile=<folder>` added to the options (and their own `options` file after it).
            for sub in try fm.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
                .sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
                where (try? sub.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                && !fm.fileExists(atPath: sub.appendingPathComponent("input.\(inputExtension)").path) {
                var subExpectations: [(URL, String)] = []
                for file in try fm.contentsOfDirectory(at: sub, includingPropertiesForKeys: nil)
                    .sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
                    where file.lastPathComponent.hasPrefix("expected.") {
                    let suffix = String(file.lastPathComponent.dropFirst("expected.".count))
                    guard let format = outputFormats[suffix] else {
                        throw FixtureError("\(file.path): unknown expected kind '\(suffix)'")
                    }
                    subExpectations.append((file, format))
                }
                guard !subExpectations.isEmpty else { continue }
                var subOptions = options + [("profile", sub.lastPathComponent)]
                if let text = try? String(contentsOf: sub.appendingPathComponent("options"), encoding: .utf8) {
                    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                        subOptions.append(try parseKeyValue(String(line)))
                    }
                }
                fixtures.append(Fixture(name: name + "/" + sub.lastPathComponent, directory: sub, input: url,
                                        inputFormat: inputFormat, expectations: subExpectations, options: subOptions))
            }
        }
        return fixtures.sorted { $0.name < $1.name }
    }

    /// Converts the fixture's input to every format it has an expectation for. Returns one
    /// message with a readable diff per mismatch (or rewrites the files when recording).
    public static func check(_ fixture: Fixture, registry: Registry) throws -> [String] {
        let input = Array(try Data(contentsOf: fixture.input))
        var problems: [String] = []
        for (file, format) in fixture.expectations {
            let actual = try registry.convert(input, from: fixture.inputFormat, to: format,
                                              options: ConversionOptions(fixture.options.filter { $0.key != "transform" },
                                                                         transforms: fixture.transforms))
            let expected = (try? Data(contentsOf: file)).map(Array.init) ?? []
            if actual == expected { continue }
            if isRecording {
                try Data(actual).write(to: file)
                continue
            }
            problems.append("\(fixture.name)/\(file.lastPathComponent) differs (rerun with TRANSMARK_RECORD=1 to rewrite it, then read the change):\n"
                            + TextDiff.describe(expected: String(decoding: expected, as: UTF8.self),
                                                actual: String(decoding: actual, as: UTF8.self)))
        }
        return problems
    }
}

/// A fixture folder that cannot be used.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
