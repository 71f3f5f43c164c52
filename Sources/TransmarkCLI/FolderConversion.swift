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
    /// Whether links in the input folders that lead out of them are followed.
    var followingLinksOutside = false
    /// Whether `llms.txt` and `llms-full.txt` are written into the output folder (`--llms-txt`).
    var writesLLMsText = false

    /// One file to convert.
    private struct Item {
        /// The path to read, as the system knows it.
        let source: [UInt8]
        /// Whether `source` may be a link (a file named on the command line or reached through
        /// one); a file the walk found is read only if it is still not a link.
        let followingLinks: Bool
        /// The path shown in the summary: relative to its input folder (under the folder's name
        /// when there are several).
        let display: String
        /// The output's path inside the output folder.
        let output: [UInt8]
        let format: String
    }

    func run() throws {
        guard let outputDirectory else {
            throw ValidationError("converting a folder writes a folder: give the output folder with --output DIRECTORY")
        }
        let outputRoot = FileIO.systemPath(outputDirectory)
        let outputPath = Self.resolved(outputRoot)
        var info = stat()
        if FileIO.status(outputRoot, &info, followingLinks: true) == 0 && (info.st_mode & S_IFMT) != S_IFDIR {
            throw TransmarkError.io(path: outputDirectory, reason: "cannot write: not a folder (converting a folder writes a folder)")
        }
        let folders = inputs.filter(FileIO.isDirectory)
        for input in inputs {
            let inputPath = Self.resolved(FileIO.systemPath(input))
            if folders.contains(input) && DirectoryWalk.isInside(outputPath, inputPath) {
                throw TransmarkError.io(path: outputDirectory, reason: "the output folder is inside the input folder \(input); choose one outside it (or its outputs would be read as inputs)")
            }
            if DirectoryWalk.isInside(inputPath, outputPath) {
                throw TransmarkError.io(path: outputDirectory, reason: "the input \(input) is inside the output folder; choose an output folder outside it (or the outputs could overwrite the inputs)")
            }
        }
        // Chunks are JSON lines whatever the format of their content.
        let outputExtension = settings.chunkOutput?.chunker != nil ? "jsonl"
            : try settings.registry.backend(named: settings.to).format.fileExtensions.first ?? settings.to
        if writesLLMsText && (settings.to != "markdown" || settings.chunkOutput?.chunker != nil) {
            throw ValidationError("--llms-txt lists Markdown pages: convert to markdown (-t markdown), without --chunks")
        }
        var llms = writesLLMsText ? LLMsText(folderName: FileIO.display(Self.outputName(of: FileIO.systemPath(inputs.first ?? ".")))) : nil

        // Plan: every file, its format and its output path.
        var items: [Item] = []
        var failures: [(display: String, error: BatchItemError)] = []
        var skipped = 0
        var skippedLinks: [DirectoryWalk.SkippedLink] = []
        var outputs: [[UInt8]: String] = [:]
        func plan(source: [UInt8], followingLinks: Bool, display: String, relative: [UInt8]) {
            // The format by the name found (a link's own name, not its target's).
            guard let format = settings.from ?? settings.registry.inputFormat(forPath: FileIO.display(relative)) else {
                skipped += 1
                return
            }
            let output = Self.replacingExtension(of: relative, with: Array(outputExtension.utf8))
            guard Self.staysInside(output) else {
                failures.append((display, BatchItemError(code: "output-outside", message: "\(display): its output \(FileIO.display(output)) would leave the output folder; not converted")))
                return
            }
            if let other = outputs[output] {
                failures.append((display, BatchItemError(code: "output-conflict", message: "\(display): its output \(FileIO.display(output)) is also the output of \(other); not converted")))
                return
            }
            outputs[output] = display
            items.append(Item(source: source, followingLinks: followingLinks, display: display, output: output, format: format))
        }
        var names: Set<[UInt8]> = []
        for input in inputs {
            let systemPath = FileIO.systemPath(input)
            let name = Self.outputName(of: systemPath)
            if FileIO.isDirectory(input) {
                let prefix = folders.count > 1 ? name + [UInt8(ascii: "/")] : []
                if !prefix.isEmpty && !names.insert(name).inserted {
                    throw ValidationError("two input folders are named '\(FileIO.display(name))': their trees would mix in the output folder")
                }
                var walk = DirectoryWalk(include: include, exclude: exclude, followingLinksOutside: followingLinksOutside, avoiding: outputPath)
                walk.walk(systemPath)
                let prefixText = FileIO.display(prefix)
                for file in walk.files {
                    plan(source: file.systemPath, followingLinks: file.isLink, display: prefixText + file.relativeText, relative: prefix + file.relativePath)
                }
                for problem in walk.problems {
                    failures.append((prefixText + problem.relativePath, problem.error))
                }
                for link in walk.skippedLinks {
                    skippedLinks.append(DirectoryWalk.SkippedLink(relativePath: prefixText + link.relativePath, reason: link.reason))
                }
            } else {
                plan(source: systemPath, followingLinks: true, display: input, relative: name)
            }
        }
        // Every file found is converted or failed: files that could not even be planned count too.
        let total = items.count + failures.count

        // Convert, writing each output as its result arrives (in plan order).
        let started = settings.environment.now()
        let progress = ProgressLine(environment: settings.environment, quiet: settings.quiet, total: items.count, unit: "files")
        let (to, pairs, conversions, baseURL, chunkOutput) = (settings.to, settings.options.pairs, settings.conversions,
                                                              settings.baseURL, settings.chunkOutput)
        let statsLog = DocumentStatsLog()
        let batch = items.lazy.map { item in
            BatchInput(label: item.display) {
                // Each page's address is the base URL with the page's path inside the folder.
                let pageURL = baseURL.map { URLReference(LLMsText.linkTarget(item.display)).resolved(against: URLReference($0)).description }
                let conversion = try conversions.conversion(from: item.format, to: to, options: pairs, baseURL: pageURL)
                let content = try FileIO.readAll(systemPath: item.source, display: item.display, followingLinks: item.followingLinks)
                guard let chunkOutput else { return BatchInput(content, conversion: conversion) }
                return BatchInput(content) { input in
                    let (output, stats, _) = try chunkOutput.process(&input, conversion: conversion, id: item.display)
                    if let stats { statsLog.record(stats, for: item.display) }
                    return output
                }
            }
        }
        var converted = 0
        var bytesRead = 0
        var bytesWritten = 0
        var outputFolders = OutputFolders(root: outputRoot, display: outputDirectory)
        for result in settings.registry.convertAll(batch, maxConcurrency: settings.jobs) {
            let item = items[result.index]
            bytesRead += result.inputByteCount
            switch result.output {
            case .success(let bytes):
                do {
                    try outputFolders.prepare(parentOf: item.output)
                    let path = outputRoot + [UInt8(ascii: "/")] + item.output
                    var file = try AtomicFileWriter(systemPath: path, display: FileIO.display(path), followingLinks: false)
                    bytes.withUnsafeBufferPointer { file.write($0) }
                    try file.commit()
                    converted += 1
                    bytesWritten += bytes.count
                    llms?.add(path: FileIO.display(item.output), metadata: result.metadata, markdown: bytes)
                    if let stats = statsLog.take(item.display) { settings.environment.writeStandardError(stats.line(for: item.display)) }
                } catch {
                    failures.append((item.display, BatchItemError(describing: error)))
                }
            case .failure(let error):
                failures.append((item.display, error))
            }
            progress.advance(bytes: result.inputByteCount)
        }
        progress.finish()
        if let llms {
            for (name, bytes) in [("llms.txt", llms.index), ("llms-full.txt", llms.fullText)] {
                do {
                    try outputFolders.prepare(parentOf: Array(name.utf8))
                    let path = outputRoot + [UInt8(ascii: "/")] + Array(name.utf8)
                    var file = try AtomicFileWriter(systemPath: path, display: FileIO.display(path), followingLinks: false)
                    bytes.withUnsafeBufferPointer { file.write($0) }
                    try file.commit()
                    bytesWritten += bytes.count
                } catch {
                    failures.append((name, BatchItemError(describing: error)))
                }
            }
        }

        // Summary.
        let seconds = settings.environment.now() - started
        var summary = ""
        if !settings.quiet {
            summary += "transmark: converted \(converted) of \(total) files "
            summary += String(format: "(%@ read, %@ written) in %.2f s\n", Self.size(bytesRead), Self.size(bytesWritten), seconds)
            if skipped > 0 {
                summary += "transmark: skipped \(skipped) file\(skipped == 1 ? "" : "s") of no readable format (name one with --from, or choose files with --include)\n"
            }
            if !skippedLinks.isEmpty {
                summary += "transmark: skipped \(skippedLinks.count) symbolic link\(skippedLinks.count == 1 ? "" : "s"):\n"
                for link in skippedLinks { summary += "  \(link.relativePath): \(link.reason)\n" }
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

    /// The name an input takes in the output folder (when there are several, each folder's
    /// tree goes under it; a file named on the command line is written under it): the last
    /// component of its path, or for `.`, `..` and `/` that of its real path (`root` for `/`),
    /// so that no name leads out of the output folder.
    static func outputName(of path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let name = Array(path.split(separator: slash).last ?? [])
        if !name.isEmpty && name != [0x2E] && name != [0x2E, 0x2E] { return name }
        let real = resolved(path)
        let realName = Array(real.split(separator: slash).last ?? [])
        return realName.isEmpty || realName == [0x2E] || realName == [0x2E, 0x2E] ? Array("root".utf8) : realName
    }

    /// Whether a relative output path stays inside the output folder: not absolute, and no
    /// component empty, `.` or `..`.
    static func staysInside(_ relative: [UInt8]) -> Bool {
        guard relative.first != UInt8(ascii: "/") else { return false }
        return relative.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.elementsEqual([0x2E]) && !$0.elementsEqual([0x2E, 0x2E])
        }
    }

    /// The folders of the outputs, created on first use below the output folder, each checked to
    /// be a real folder: an output is never written through a symbolic link planted in the output
    /// folder (which could lead anywhere).
    private struct OutputFolders {
        let root: [UInt8]
        let display: String
        private var ready: Set<[UInt8]> = []
        private var rootReady = false

        init(root: [UInt8], display: String) {
            self.root = root
            self.display = display
        }

        /// Makes sure the folder of `relative` (a path inside the output folder) exists as real
        /// folders all the way down.
        mutating func prepare(parentOf relative: [UInt8]) throws {
            if !rootReady {
                // The output folder itself, and the folders above it, as `mkdir -p` would.
                let slash = UInt8(ascii: "/")
                var prefix: [UInt8] = root.first == slash ? [slash] : []
                for component in root.split(separator: slash) {
                    prefix += component
                    let code = FileIO.withCString(prefix) { mkdir($0, 0o755) == 0 ? 0 : errno }
                    if code != 0 && code != EEXIST {
                        throw TransmarkError.io(path: FileIO.display(prefix), reason: "cannot create folder: " + FileIO.reason(code))
                    }
                    prefix.append(slash)
                }
                var info = stat()
                guard FileIO.status(root, &info, followingLinks: true) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw TransmarkError.io(path: display, reason: "cannot create folder")
                }
                rootReady = true
            }
            let components = relative.split(separator: UInt8(ascii: "/")).dropLast()
            var sub: [UInt8] = []
            for component in components {
                if !sub.isEmpty { sub.append(UInt8(ascii: "/")) }
                sub += component
                if ready.contains(sub) { continue }
                let path = root + [UInt8(ascii: "/")] + sub
                var info = stat()
                var code = FileIO.status(path, &info, followingLinks: false)
                if code == ENOENT {
                    code = FileIO.withCString(path) { mkdir($0, 0o755) == 0 ? 0 : errno }
                    if code == EEXIST { code = FileIO.status(path, &info, followingLinks: false) } else if code == 0 { info.st_mode = S_IFDIR }
                }
                if code != 0 {
                    throw TransmarkError.io(path: FileIO.display(path), reason: "cannot create folder: " + FileIO.reason(code))
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: ready.insert(sub)
                case S_IFLNK: throw TransmarkError.io(path: FileIO.display(path), reason: "cannot write: a symbolic link where a folder of the output should be; outputs are not written through links")
                default: throw TransmarkError.io(path: FileIO.display(path), reason: "cannot create folder: a file of that name exists")
                }
            }
        }
    }

    private static func isIO(_ error: TransmarkError) -> Bool {
        if case .io = error { return true }
        return false
    }

    /// `a/b.html` → `a/b.md`; a name without an extension gets one.
    static func replacingExtension(of path: [UInt8], with ext: [UInt8]) -> [UInt8] {
        let slash = path.lastIndex(of: UInt8(ascii: "/"))
        let nameStart = slash.map { $0 + 1 } ?? 0
        if let dot = path[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart {
            return Array(path[..<dot]) + [UInt8(ascii: ".")] + ext
        }
        return path + [UInt8(ascii: ".")] + ext
    }

    /// An absolute path with links resolved, for a path that may not exist yet (its nearest
    /// existing ancestor is resolved, the rest appended, `..` taken lexically).
    static func resolved(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        var absolute = path.first == slash ? path : Array(FileManager.default.currentDirectoryPath.utf8) + [slash] + path
        var rest: [[UInt8]] = []
        while true {
            if var result = DirectoryWalk.realPath(absolute) {
                for component in rest.reversed() where component != [0x2E] && !component.isEmpty {
                    if component == [0x2E, 0x2E] {
                        if let last = result.lastIndex(of: slash) { result = last == 0 ? [slash] : Array(result[..<last]) }
                    } else {
                        if result.last != slash { result.append(slash) }
                        result += component
                    }
                }
                return result
            }
            guard let last = absolute.lastIndex(of: slash), absolute != [slash] else { return path }
            rest.append(Array(absolute[(last + 1)...]))
            absolute = last == 0 ? [slash] : Array(absolute[..<last])
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : String(format: "%.1f kB", Double(bytes) / 1_000)
    }
}
