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
            extension when --from is not given (standard input defaults to markdown); the output \
            format from the --output extension when --to is not given (else html). \
            Run `transmark formats` for the formats and their options.
            """)

    @Argument(help: "Input files; none or '-' reads standard input.")
    var inputs: [String] = []

    @Option(name: [.short, .customLong("from")], help: "Input format.")
    var from: String?

    @Option(name: [.short, .customLong("to")], help: "Output format.")
    var to: String?

    @Option(name: [.short, .customLong("output")], help: "Output file (written only when the conversion succeeds).")
    var output: String?

    @Option(name: [.customShort("O"), .customLong("option")], help: ArgumentHelp(
        "A format option KEY=VALUE (repeatable); qualify as FORMAT.KEY=VALUE to aim at one format.",
        valueName: "key=value"))
    var options: [String] = []

    @Option(name: .customLong("transform"), help: ArgumentHelp(
        "A transform to apply between reading and writing (repeatable, in order), with options for it alone; run `transmark transforms`.",
        valueName: "name[:key=value,...]"))
    var transforms: [String] = []

    func run() throws {
        try execute(registry: CommandContext.registry, environment: CommandContext.environment)
    }

    /// Runs the conversion against a registry and environment.
    func execute(registry: Registry, environment: CommandEnvironment) throws {
        let source = try resolveInputFormat(registry)
        let target = try resolveOutputFormat(registry)
        var conversion = try ConversionOptions(parsing: options, transforms: transforms)
        // Wrapping backends follow the terminal's width unless told otherwise.
        let backend = try registry.backend(named: target)
        if backend.acceptsOption("width"), !conversion.pairs.contains(where: { $0.key == "width" || $0.key.hasSuffix(".width") }),
           output == nil, let width = environment.terminalWidth() {
            conversion.pairs.append((key: "\(backend.format.name).width", value: String(width)))
        }
        var input = try readInputs(environment)
        // The output is written as the backend produces it (in pieces for the streaming ones), so
        // a large output is never held whole; a file still appears only once complete.
        if let output {
            var file = try AtomicFileWriter(path: output)
            do {
                try registry.convert(releasing: &input, from: source, to: target, options: conversion) { file.write($0) }
            } catch {
                file.abandon()
                throw error
            }
            try file.commit()
        } else {
            try registry.convert(releasing: &input, from: source, to: target, options: conversion) {
                environment.writeStandardOutput(Array($0))
            }
        }
    }

    private func resolveInputFormat(_ registry: Registry) throws -> String {
        if let from { return try registry.frontend(named: from).format.name }
        guard let first = inputs.first, first != "-" else { return "markdown" }
        guard let name = registry.inputFormat(forPath: first) else { throw TransmarkError.cannotInferFormat(path: first) }
        return name
    }

    private func resolveOutputFormat(_ registry: Registry) throws -> String {
        if let to { return try registry.backend(named: to).format.name }
        if let output, let name = registry.outputFormat(forPath: output) { return name }
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
