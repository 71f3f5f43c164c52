import ArgumentParser
import Foundation
import TransmarkCore

/// `transmark convert`: reads files or standard input in one format and writes another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert markup from one format to another.",
        discussion: """
            Reads the INPUT files (joined by a blank line) or standard input, and writes standard \
            output or the --output file. The input format is inferred from the first file's \
            extension when --from is not given; standard input is sniffed: a document starting \
            with <!DOCTYPE, <html or an HTML block tag (<div, <p, <table, ...) is HTML, anything \
            else Markdown (--from always wins over the extension and the sniffing). The output \
            format comes from the --output extension when --to is not given (else html).

            Folders: `transmark convert DIR... -t FORMAT -o OUTDIR` converts every file of a \
            readable format (by extension) into OUTDIR, mirroring the tree, on --jobs cores, \
            with --include/--exclude globs; each output appears whole or not at all; a summary \
            ends the run, which fails if any file failed. Each real folder is walked once; \
            symbolic links that lead out of the input folder are skipped (listed in the summary) \
            unless --follow-links-outside is given. An input inside the output folder, or the \
            output folder inside an input folder, is refused.

            JSON lines: `--jsonl` reads one JSON object per line ({"id": ..., "content": "...", \
            "from": "html", "to": "markdown", "options": {...}}; from, to and options default to \
            the command's) and writes one line per input, in order: {"id": ..., "content": "..."} \
            or {"id": ..., "error": {"code": "...", "message": "..."}}. A record's options are \
            added to the command's -O options, its keys winning.

            Chunks: `--chunks MAX_TOKENS` splits each document, as converted, into chunks of at \
            most MAX_TOKENS tokens that follow its structure (never inside a code block, table \
            row, list item or sentence unless that one unit is over the budget; small sibling \
            sections merged; a split table repeats its header row) and writes JSON lines, one per \
            chunk: {"id": "<file or record id>#<n>", "chunk": n, "headings": [...], "content": \
            "...", "tokens": n}. --chunk-overlap N starts each chunk with about N tokens of the \
            end of the one before. Folders get one .jsonl file per input; --jsonl input gets the \
            chunk records of each input record in its place. Tokens are counted by --tokenizer: \
            `approximate` (default, near OpenAI's o200k_base; `approximate:cl100k_base` for \
            cl100k_base) or the path of a tiktoken vocabulary file (cl100k_base.tiktoken, \
            o200k_base.tiktoken) for exact counts; nothing is downloaded.

            Statistics: --stats reports bytes and tokens in (the input) and out (the output, or \
            the chunks' contents) for each document: one line on standard error per document, \
            or in --jsonl mode a "stats": {"bytesIn", "bytesOut", "tokensIn", "tokensOut"} member \
            of each output record.

            On a terminal a progress line is drawn on standard error (not with --quiet). \
            Run `transmark formats` for the formats and their options.
            """)

    @Argument(help: "Input files or folders; none or '-' reads standard input.")
    var inputs: [String] = []

    @OptionGroup var conversion: ConversionArguments<Help>

    /// The wording of `conversion`'s help.
    enum Help: ConversionArgumentsHelp {
        static let from = "Input format (wins over file extensions and sniffing)."
        static let to = "Output format."
        static let output = "Output file (written only when the conversion succeeds), or output folder when converting folders."
        static var transform: ArgumentHelp {
            ArgumentHelp("A transform to apply between reading and writing (repeatable, in order), with options for it alone; run `transmark transforms`.",
                         valueName: "name[:key=value,...]")
        }
    }

    @Option(name: [.short, .customLong("jobs")], help: ArgumentHelp(
        "Conversions to run at once, for folders and --jsonl (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(name: .customLong("include"), help: ArgumentHelp(
        "Convert only the files of the folders that match this glob (repeatable; a glob with '/' matches the path inside the folder, one without the file name).",
        valueName: "glob"))
    var include: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "Skip the files and folders that match this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Flag(name: .customLong("follow-links-outside"), help: "In folders, follow symbolic links that lead out of the input folder (by default they are skipped and listed in the summary).")
    var followLinksOutside = false

    @Flag(name: .customLong("jsonl"), help: "Read JSON lines (one document per line) and write one JSON line per document, in order.")
    var jsonLines = false

    @Flag(name: .customLong("llms-txt"), help: "In folder mode (to markdown), also write llms.txt (the site's name, summary and one linked line per page, by folder) and llms-full.txt (every page in full) into the output folder, as llmstxt.org describes.")
    var writesLLMsText = false

    @Flag(name: .customLong("metadata"), help: "In --jsonl mode, add each document's metadata (title, description, author, dates, site, language, canonical URL, image, source, kind) to its record as \"metadata\".")
    var includesMetadata = false

    @Option(name: .customLong("chunks"), help: ArgumentHelp(
        "Write JSON lines of chunks of at most this many tokens, following the document's structure.", valueName: "max-tokens"))
    var chunks: Int?

    @Option(name: .customLong("chunk-overlap"), help: ArgumentHelp(
        "With --chunks, start each chunk with about this many tokens of the end of the previous one (default 0).", valueName: "tokens"))
    var chunkOverlap = 0

    @Option(name: .customLong("tokenizer"), help: ArgumentHelp(
        "How tokens are counted: approximate (default), approximate:cl100k_base, or a tiktoken vocabulary file (exact).",
        valueName: "approximate|file"))
    var tokenizer = "approximate"

    @Flag(name: .customLong("stats"), help: "Report bytes and tokens in and out of each document (standard error, or a \"stats\" member in --jsonl mode).")
    var stats = false

    @Flag(name: .customLong("stream"), help: "Markdown from standard input, converted as it arrives: each block is written as soon as it is final (on a terminal the unfinished last block is drawn and redrawn in place); what is written in total is the one-shot conversion.")
    var streams = false

    @Flag(name: .customLong("stream-updates"), help: "Like --stream, but write JSON lines of updates ({\"id\":N,\"final\":true|false,\"output\":\"...\"}) for programs that patch a view.")
    var writesStreamUpdates = false

    @Flag(name: [.short, .customLong("quiet")], help: "No progress line, and in folder mode no summary unless a file failed.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        try execute(registry: CommandContext.registry, environment: CommandContext.environment)
    }

    /// Runs the conversion against a registry and environment.
    func execute(registry: Registry, environment: CommandEnvironment) throws {
        if writesLLMsText && (jsonLines || !inputs.contains(where: FileIO.isDirectory)) {
            throw ValidationError("--llms-txt writes a site's llms.txt in folder mode: give a folder and --output DIRECTORY")
        }
        let chunkOutput = try ChunkOutput.make(chunks: chunks, overlap: chunkOverlap, tokenizer: tokenizer, stats: stats)
        if (streams || writesStreamUpdates) && (chunkOutput != nil || jsonLines || includesMetadata) {
            throw ValidationError("--stream and --stream-updates convert one Markdown stream as it arrives: they do not combine with --chunks, --stats, --jsonl or --metadata")
        }
        if jsonLines || inputs.contains(where: FileIO.isDirectory) {
            try executeBatch(registry: registry, environment: environment, chunkOutput: chunkOutput)
            return
        }
        if !include.isEmpty || !exclude.isEmpty {
            throw ValidationError("--include and --exclude choose files inside folders: give a folder")
        }
        if streams || writesStreamUpdates {
            try executeStream(registry: registry, environment: environment)
            return
        }
        let target = try resolveOutputFormat(registry)
        var options = try conversion.conversionOptions()
        // Wrapping backends follow the terminal's width unless told otherwise.
        let backend = try registry.backend(named: target)
        if conversion.output == nil { options.addTerminalWidth(for: backend, environment.terminalWidth) }
        let named = try conversion.from.map { try registry.frontend(named: $0).format.name } ?? inferInputFormat(registry)
        // With a named format the conversion is resolved (and its options checked) before any
        // input is read; standard input is sniffed first.
        let chosen: Conversion
        var input: [UInt8]
        if let named {
            chosen = try registry.conversion(from: named, to: target, options: options)
            input = try readInputs(environment)
        } else {
            input = try readInputs(environment)
            chosen = try registry.conversion(from: FormatSniffer.format(of: input), to: target, options: options)
        }
        if let chunkOutput {
            let name = inputs.isEmpty || inputs == ["-"] ? "stdin" : inputs.joined(separator: "+")
            let (output, documentStats, _) = try chunkOutput.process(&input, conversion: chosen, id: name)
            try conversion.write(output, environment: environment)
            if let documentStats { environment.writeStandardError(documentStats.line(for: name)) }
            return
        }
        // The output is written as the backend produces it (in pieces for the streaming ones), so
        // a large output is never held whole; a file still appears only once complete.
        if let output = conversion.output {
            var file = try AtomicFileWriter(path: output)
            do {
                try chosen.convert(releasing: &input) { file.write($0) }
            } catch {
                file.abandon()
                throw error
            }
            try file.commit()
        } else {
            // A failed write ends the output (nothing more is written) and the command.
            var writeError: Error?
            do {
                try chosen.convert(releasing: &input) {
                    guard writeError == nil else { return }
                    do { try environment.writeStandardOutput(Array($0)) } catch { writeError = error }
                }
            } catch {
                throw writeError ?? error
            }
            if let writeError { throw writeError }
        }
    }

    /// `--stream` and `--stream-updates`: Markdown from standard input through a `MarkdownStream`.
    private func executeStream(registry: Registry, environment: CommandEnvironment) throws {
        guard inputs.allSatisfy({ $0 == "-" }), inputs.count <= 1 else {
            throw ValidationError("--stream reads standard input: give no input file (or '-')")
        }
        guard conversion.output == nil else { throw ValidationError("--stream writes standard output: leave out --output") }
        let source = try conversion.from.map { try registry.frontend(named: $0).format.name } ?? "markdown"
        guard source == "markdown" else { throw ValidationError("--stream reads Markdown: use -f markdown") }
        let target = try resolveOutputFormat(registry)
        var options = try conversion.conversionOptions()
        options.addTerminalWidth(for: try registry.backend(named: target), environment.terminalWidth)
        let chosen = try registry.conversion(from: source, to: target, options: options)
        try StreamConversion(conversion: chosen, environment: environment, writesUpdates: writesStreamUpdates,
                             markdownOptions: StreamConversion.markdownOptions(from: options.pairs)).run()
    }

    /// The format of the first input file by its extension; nil for standard input, which is
    /// sniffed once read.
    private func inferInputFormat(_ registry: Registry) throws -> String? {
        guard let first = inputs.first, first != "-" else { return nil }
        guard let name = registry.inputFormat(forPath: first) else { throw TransmarkError.cannotInferFormat(path: first) }
        return name
    }

    /// Folders or JSON lines: many documents through `Registry.convertAll`.
    private func executeBatch(registry: Registry, environment: CommandEnvironment, chunkOutput: ChunkOutput?) throws {
        let source = try conversion.from.map { try registry.frontend(named: $0).format.name }
        let target = try resolveOutputFormat(registry)
        let options = try conversion.conversionOptions()
        for step in conversion.transforms { _ = try registry.transform(named: try TransformSpec(parsing: step).name) }
        let settings = BatchSettings(registry: registry, environment: environment, from: source, to: target,
                                     options: options, jobs: jobs ?? environment.processorCount, quiet: quiet,
                                     includesMetadata: includesMetadata, baseURL: conversion.baseURL,
                                     chunkOutput: chunkOutput)
        if jsonLines {
            try JSONLinesConversion(settings: settings, inputs: inputs, output: conversion.output).run()
        } else {
            try FolderConversion(settings: settings, inputs: inputs, outputDirectory: conversion.output,
                                 include: include, exclude: exclude, followingLinksOutside: followLinksOutside,
                                 writesLLMsText: writesLLMsText).run()
        }
    }

    private func resolveOutputFormat(_ registry: Registry) throws -> String {
        if let to = conversion.to { return try registry.backend(named: to).format.name }
        if let output = conversion.output, let name = registry.outputFormat(forPath: output) { return name }
        return "html"
    }

    private func readInputs(_ environment: CommandEnvironment) throws -> [UInt8] {
        if inputs.isEmpty { return try environment.readStandardInput() }
        var all: [UInt8] = []
        for (i, path) in inputs.enumerated() {
            if i > 0 { all.append(contentsOf: [0x0A, 0x0A]) }
            if path == "-" {
                all.append(contentsOf: try environment.readStandardInput())
                continue
            }
            if inputs.count == 1 { return try FileIO.readAll(path: path) }
            all.append(contentsOf: try FileIO.readAll(path: path))
        }
        return all
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
