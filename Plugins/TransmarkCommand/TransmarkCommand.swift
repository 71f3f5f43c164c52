import Foundation
import PackagePlugin

/// `swift package transmark ARGUMENTS…` runs the `transmark` command line in a package, with
/// the same arguments (`convert`, `select`, `formats`, …), from the package's directory, so
/// relative paths are the package's:
///
/// ```sh
/// swift package transmark formats
/// swift package transmark convert Docs/guide.md -t text          # to standard output
/// swift package --allow-writing-to-package-directory transmark convert Docs/guide.md -o Site/guide.html
/// ```
///
/// The plugin declares no permission, so verbs that only read and write to standard output
/// (`formats`, `transforms`, `select` and `convert` without `-o`) need no flag. An output (`-o`)
/// is written only inside the package and only with `--allow-writing-to-package-directory`
/// before the verb: an output outside the package is refused before anything runs, and so is an
/// output inside it without the flag. On macOS SwiftPM's sandbox grants the write only with the
/// flag, and the plugin checks that it can write before running the tool; on Linux, which has no
/// sandbox, the plugin reads the command line that ran it (`/proc/PPID/cmdline`) and refuses
/// unless the flag is there. The flag after the verb is not SwiftPM's (it reaches the plugin as
/// an argument): the plugin says to move it before the verb. Missing folders of an output are
/// made (and removed again if the tool fails). A failure of the tool (an unknown format, a
/// missing file) is reported as one line, `error: transmark: …`, with a non-zero exit; the tool
/// writes its outputs through a temporary file and a rename, so nothing partial is left.
@main
struct TransmarkCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL.standardizedFileURL
        if let flag = PluginArguments.misplacedPackageOption(in: arguments) {
            return Self.fail("\(flag) is an option of swift package, not of transmark: put it before the verb (swift package \(flag) transmark \(PluginArguments.withoutPackageOptions(arguments).joined(separator: " ")))")
        }
        var outputs: [URL] = []
        let outputPaths = PluginArguments.outputPaths(in: arguments)
        for output in outputPaths {
            let url = URL(fileURLWithPath: output, relativeTo: package).standardizedFileURL
            guard Self.isInside(url, directory: package) else {
                return Self.fail("the output \(output) is outside the package directory \(package.path); the plugin writes only inside the package")
            }
            outputs.append(url)
        }
        if let first = outputPaths.first, !Self.mayWrite(in: package, pluginArguments: arguments) {
            return Self.fail("permission needed to write \(first) into the package: run swift package --allow-writing-to-package-directory transmark \(arguments.joined(separator: " ")) (commands that write to standard output need no permission)")
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

    /// Whether the user allowed writing into the package. On Linux SwiftPM runs plugins without a
    /// sandbox, so the plugin checks the flag itself on the command line of the `swift-package`
    /// process that ran it (`PluginArguments.allowsWriting`). Where that command line cannot be
    /// read, and on other platforms (where SwiftPM's sandbox denies the write without the flag),
    /// a probe file is created and removed in the package directory.
    static func mayWrite(in package: URL, pluginArguments: [String]) -> Bool {
        #if os(Linux)
        if let data = FileManager.default.contents(atPath: "/proc/\(getppid())/cmdline"),
           let allowed = PluginArguments.allowsWriting(parentCommandLine: PluginArguments.commandLine(data),
                                                       pluginArguments: pluginArguments) {
            return allowed
        }
        #endif
        let probe = package.appending(path: ".transmark-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path, contents: nil) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
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
