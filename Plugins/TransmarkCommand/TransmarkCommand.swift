import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory transmark ARGUMENTS…` runs the
/// `transmark` command line in a package, with the same arguments (`convert`, `select`,
/// `formats`, …), from the package's directory, so relative paths are the package's:
///
/// ```sh
/// swift package --allow-writing-to-package-directory transmark convert Docs/guide.md -o Site/guide.html
/// ```
///
/// The plugin asks for permission to write to the package directory, and writes nowhere else:
/// an output (`-o`) outside the package is refused before anything runs; missing folders of an
/// output inside it are made (and removed again if the tool fails). Without
/// `--allow-writing-to-package-directory` SwiftPM stops before the plugin runs and says which
/// flag is missing. A failure of the tool (an unknown format, a missing file) is reported as one
/// line, `error: transmark: …`, with a non-zero exit; the tool writes its outputs through a
/// temporary file and a rename, so nothing partial is left.
@main
struct TransmarkCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL.standardizedFileURL
        var outputs: [URL] = []
        for output in Self.outputPaths(in: arguments) {
            let url = URL(fileURLWithPath: output, relativeTo: package).standardizedFileURL
            guard Self.isInside(url, directory: package) else {
                return Self.fail("the output \(output) is outside the package directory \(package.path); the plugin writes only inside the package")
            }
            outputs.append(url)
        }
        // `-o Site/guide.html` in a package without `Site/`: the folders are made, and removed
        // again if the tool fails and leaves them empty.
        var madeFolders: [URL] = []
        for output in outputs {
            var missing: [URL] = []
            var folder = output.deletingLastPathComponent()
            while !FileManager.default.fileExists(atPath: folder.path) && Self.isInside(folder, directory: package) {
                missing.insert(folder, at: 0)
                folder = folder.deletingLastPathComponent()
            }
            for folder in missing {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    madeFolders.append(folder)
                } catch {
                    Self.removeEmpty(madeFolders)
                    return Self.fail("cannot create the folder \(folder.path): \(error.localizedDescription)")
                }
            }
        }

        let process = Process()
        process.executableURL = try context.tool(named: "transmark").url
        process.arguments = arguments
        process.currentDirectoryURL = package
        // Standard output goes straight through; standard error is read, so that a failure is
        // reported as one diagnostic.
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Self.removeEmpty(madeFolders)
            return Self.fail("cannot start the transmark tool: \(error.localizedDescription)")
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let succeeded = process.terminationReason == .exit && process.terminationStatus == 0
        let lines = errorText.split(separator: "\n", omittingEmptySubsequences: true)
        if succeeded {
            if !errorText.isEmpty { FileHandle.standardError.write(Data(errorText.utf8)) }
            return
        }
        Self.removeEmpty(madeFolders)
        if lines.count == 1 {
            // The tool has said why in one line (`transmark: error: unknown format 'docx' …`).
            var line = Substring(lines[0])
            for prefix in ["transmark: error: ", "Error: ", "error: "] where line.hasPrefix(prefix) {
                line = line.dropFirst(prefix.count)
                break
            }
            return Self.fail(String(line))
        }
        if !errorText.isEmpty { FileHandle.standardError.write(Data(errorText.utf8)) }
        if process.terminationReason == .uncaughtSignal {
            return Self.fail("the transmark tool ended by signal \(process.terminationStatus)")
        }
        Self.fail("the transmark tool failed (exit status \(process.terminationStatus))")
    }

    /// Reports one error line (`error: transmark: …`); SwiftPM then exits with status 1.
    static func fail(_ message: String) {
        Diagnostics.error("transmark: " + message)
    }

    /// Removes the folders the plugin made, innermost first, as long as they are empty.
    static func removeEmpty(_ folders: [URL]) {
        for folder in folders.reversed() {
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path), contents.isEmpty {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    /// The values of every `-o` / `--output` option in the arguments (`-o X`, `-oX`,
    /// `--output X`, `--output=X`). Arguments after `--` are not options.
    static func outputPaths(in arguments: [String]) -> [String] {
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "-o" || argument == "--output" {
                if index + 1 < arguments.count { paths.append(arguments[index + 1]) }
                index += 2
                continue
            }
            if argument.hasPrefix("--output=") {
                paths.append(String(argument.dropFirst("--output=".count)))
            } else if argument.hasPrefix("-o"), argument.count > 2, !argument.hasPrefix("--") {
                paths.append(String(argument.dropFirst(2)))
            }
            index += 1
        }
        return paths.filter { $0 != "-" }
    }

    /// Whether `url` is `directory` or inside it, after resolving `..` and the symbolic links of
    /// the part of its path that exists (an output usually does not exist yet).
    static func isInside(_ url: URL, directory: URL) -> Bool {
        let path = resolvingExistingPart(of: url).path
        let root = directory.resolvingSymlinksInPath().path
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `url` with the symbolic links of its longest existing ancestor resolved.
    static func resolvingExistingPart(of url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var resolved = existing.resolvingSymlinksInPath()
        for component in rest { resolved = resolved.appending(path: component) }
        return resolved.standardizedFileURL
    }
}
