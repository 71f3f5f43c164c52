import ArgumentParser
import Foundation
import TransmarkCore

/// `transmark convert DIR... -t FORMAT -o OUTDIR`: converts every document of the folders into
/// OUTDIR, mirroring their trees (one folder's tree directly in OUTDIR; with several, each under
/// its own name), on `jobs` threads through `Registry.convertAll`. Each file's format comes from
/// its extension (or `--from`); files of no readable format are skipped; the output takes the
/// extension of the target format. Every output is written to a temporary file and renamed, so
/// a failure or an interrupt never leaves a partial file. The run ends with a summary on
/// standard error and fails (exit 1) when any file failed.
struct FolderConversion {
    let settings: BatchSettings
    let inputs: [String]
    let outputDirectory: String?
    let include: [String]
    let exclude: [String]

    /// One file to convert.
    private struct Item {
        let source: String
        /// The path shown in the summary: relative to its input folder (under the folder's name
        /// when there are several).
        let display: String
        let output: String
        let format: String
    }

    func run() throws {
        guard let outputDirectory else {
            throw ValidationError("converting a folder writes a folder: give the output folder with --output DIRECTORY")
        }
        let outputPath = Self.resolved(outputDirectory)
        var info = stat()
        if stat(outputDirectory, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
            throw TransmarkError.io(path: outputDirectory, reason: "cannot write: not a folder (converting a folder writes a folder)")
        }
        let folders = inputs.filter(FileIO.isDirectory)
        for folder in folders {
            let inputPath = Self.resolved(folder)
            if outputPath == inputPath || outputPath.hasPrefix(inputPath.hasSuffix("/") ? inputPath : inputPath + "/") {
                throw TransmarkError.io(path: outputDirectory, reason: "the output folder is inside the input folder \(folder); choose one outside it (or its outputs would be read as inputs)")
            }
        }
        let outputExtension = try settings.registry.backend(named: settings.to).format.fileExtensions.first ?? settings.to

        // Plan: every file, its format and its output path.
        var items: [Item] = []
        var failures: [(display: String, error: BatchItemError)] = []
        var skipped = 0
        var outputs: [String: String] = [:]
        func plan(source: String, display: String, relative: String) {
            guard let format = settings.from ?? settings.registry.inputFormat(forPath: source) else {
                skipped += 1
                return
            }
            let output = Self.replacingExtension(of: relative, with: outputExtension)
            if let other = outputs[output] {
                failures.append((display, BatchItemError(code: "output-conflict", message: "\(display): its output \(output) is also the output of \(other); not converted")))
                return
            }
            outputs[output] = display
            items.append(Item(source: source, display: display, output: output, format: format))
        }
        var names: Set<String> = []
        for input in inputs {
            let name = input.split(separator: "/").last.map(String.init) ?? input
            if FileIO.isDirectory(input) {
                let prefix = folders.count > 1 ? name + "/" : ""
                if !prefix.isEmpty && !names.insert(name).inserted {
                    throw ValidationError("two input folders are named '\(name)': their trees would mix in the output folder")
                }
                var walk = DirectoryWalk(include: include, exclude: exclude)
                walk.walk(input)
                for file in walk.files {
                    plan(source: file.path, display: prefix + file.relativePath, relative: prefix + file.relativePath)
                }
                for problem in walk.problems {
                    failures.append((prefix + problem.relativePath, problem.error))
                }
            } else {
                plan(source: input, display: input, relative: name)
            }
        }

        // Convert, writing each output as its result arrives (in plan order).
        let started = settings.environment.now()
        let progress = ProgressLine(environment: settings.environment, quiet: settings.quiet, total: items.count, unit: "files")
        let (to, pairs, conversions) = (settings.to, settings.options.pairs, settings.conversions)
        let batch = items.lazy.map { item in
            BatchInput(label: item.display) {
                let conversion = try conversions.conversion(from: item.format, to: to, options: pairs)
                return BatchInput(try FileIO.readAll(path: item.source), conversion: conversion)
            }
        }
        var converted = 0
        var bytesRead = 0
        var bytesWritten = 0
        var createdFolders: Set<String> = []
        for result in settings.registry.convertAll(batch, maxConcurrency: settings.jobs) {
            let item = items[result.index]
            bytesRead += result.inputByteCount
            switch result.output {
            case .success(let bytes):
                do {
                    let path = outputDirectory + "/" + item.output
                    let parent = (path as NSString).deletingLastPathComponent
                    if createdFolders.insert(parent).inserted {
                        do {
                            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                        } catch {
                            throw TransmarkError.io(path: parent, reason: "cannot create folder")
                        }
                    }
                    try FileIO.writeAtomically(bytes, to: path)
                    converted += 1
                    bytesWritten += bytes.count
                } catch {
                    failures.append((item.display, BatchItemError(describing: error)))
                }
            case .failure(let error):
                failures.append((item.display, error))
            }
            progress.advance(bytes: result.inputByteCount)
        }
        progress.finish()

        // Summary.
        let seconds = settings.environment.now() - started
        var summary = ""
        if !settings.quiet {
            summary += "transmark: converted \(converted) of \(items.count) files "
            summary += String(format: "(%@ read, %@ written) in %.2f s\n", Self.size(bytesRead), Self.size(bytesWritten), seconds)
            if skipped > 0 {
                summary += "transmark: skipped \(skipped) file\(skipped == 1 ? "" : "s") of no readable format (name one with --from, or choose files with --include)\n"
            }
        }
        if !failures.isEmpty {
            summary += "transmark: \(failures.count) failed:\n"
            for failure in failures {
                let message = failure.error.message
                summary += "  " + (message.hasPrefix(failure.display + ": ") || failure.error.error.map(Self.isIO) == true ? message : failure.display + ": " + message) + "\n"
            }
        }
        settings.environment.writeStandardError(summary)
        if !failures.isEmpty { throw ExitCode(1) }
    }

    private static func isIO(_ error: TransmarkError) -> Bool {
        if case .io = error { return true }
        return false
    }

    /// `a/b.html` → `a/b.md`; a name without an extension gets one.
    static func replacingExtension(of path: String, with ext: String) -> String {
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart {
            return String(path[..<dot]) + "." + ext
        }
        return path + "." + ext
    }

    /// An absolute path with links resolved, for a path that may not exist yet (its nearest
    /// existing ancestor is resolved, the rest appended).
    static func resolved(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var rest: [String] = []
        while true {
            if let real = realpath(absolute, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for component in rest.reversed() where component != "." && !component.isEmpty {
                    if component == ".." {
                        result = (result as NSString).deletingLastPathComponent
                    } else {
                        result += (result.hasSuffix("/") ? "" : "/") + component
                    }
                }
                return result
            }
            guard let slash = absolute.lastIndex(of: "/"), absolute != "/" else { return path }
            rest.append(String(absolute[absolute.index(after: slash)...]))
            absolute = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : String(format: "%.1f kB", Double(bytes) / 1_000)
    }
}
