import Foundation
import TransmarkCore

/// `transmark convert --jsonl`: one JSON object per input line in, one per line out, in input
/// order, converted on `jobs` threads through `Registry.convertAll`, in bounded memory. Each
/// line is decoded on the worker that converts it; a line that does not decode, names an unknown
/// format or fails to convert gets an error record and the stream goes on.
struct JSONLinesConversion {
    let settings: BatchSettings
    /// Files of JSON lines, read one after the other; none (or `-`) reads standard input.
    let inputs: [String]
    let output: String?

    func run() throws {
        let readChunk = try chunkReader()
        let (from, to, pairs, conversions) = (settings.from, settings.to, settings.options.pairs, settings.conversions)
        let chunkOutput = settings.chunkOutput
        let includesMetadata = settings.includesMetadata
        let lines = LineInputs(readChunk: readChunk) { line, number in
            BatchInput(preparing: {
                let record: JSONLineRecord
                do throws(BatchItemError) {
                    record = try JSONLineRecord.parse(Self.withoutByteOrderMark(line))
                } catch {
                    throw BatchItemError(code: error.code, message: "line \(number): \(error.message)")
                }
                let id = record.id.map { String(decoding: $0, as: UTF8.self) } ?? ""
                if let problem = record.problem { return BatchInput(failure: problem, label: id) }
                let content = record.content ?? []
                let source = record.from ?? from ?? FormatSniffer.format(of: content)
                let lineOptions = record.options.map { Self.merging(pairs, $0) } ?? pairs
                if let url = record.url, !URLReference(url).isAbsolute {
                    return BatchInput(failure: JSONLineParser.invalid("\"url\" must be an absolute URL, with a scheme: got '\(url)'"), label: id)
                }
                do {
                    let conversion = try conversions.conversion(from: source, to: record.to ?? to, options: lineOptions,
                                                                baseURL: record.url)
                    guard let chunkOutput else { return BatchInput(content, conversion: conversion, label: id) }
                    let chunkID = Self.idText(record.id)
                    return BatchInput(content, label: id) { input in
                        let (output, stats, metadata) = try chunkOutput.process(&input, conversion: conversion, id: chunkID,
                                                                                withStatsMember: true)
                        // Chunk records are written whole; a converted document gets its record here.
                        return chunkOutput.chunker != nil ? output
                            : JSONText.record(id: id, output: .success(output), metadata: includesMetadata ? metadata : nil, stats: stats)
                    }
                } catch {
                    return BatchInput(failure: BatchItemError(describing: error), label: id)
                }
            })
        }
        var file = try output.map { try AtomicFileWriter(path: $0) }
        let progress = ProgressLine(environment: settings.environment, quiet: settings.quiet, total: nil, unit: "documents")
        for result in settings.registry.convertAll(lines, maxConcurrency: settings.jobs) {
            let record: [UInt8]
            if settings.chunkOutput != nil, case .success(let lines) = result.output {
                record = lines
            } else {
                record = JSONText.record(id: result.label, output: result.output,
                                         metadata: settings.includesMetadata ? result.metadata : nil)
            }
            if file != nil {
                record.withUnsafeBufferPointer { file!.write($0) }
            } else {
                do {
                    try settings.environment.writeStandardOutput(record)
                } catch {
                    // The stream cannot go on: the records after this one would be lost too.
                    progress.finish()
                    throw error
                }
            }
            progress.advance(bytes: result.inputByteCount)
        }
        progress.finish()
        try file?.commit()
    }

    /// The text a chunk's `id` starts with: a string id's content, any other id's JSON text, or
    /// nothing for a missing or null id.
    static func idText(_ id: ArraySlice<UInt8>?) -> String {
        guard let id, !id.elementsEqual("null".utf8) else { return "" }
        if id.first == UInt8(ascii: "\"") {
            let bytes = Array(id)
            if let decoded = try? bytes.withUnsafeBufferPointer({ (buffer) throws(BatchItemError) -> [UInt8] in
                var parser = JSONLineParser(bytes: buffer)
                return try parser.string()
            }) {
                return String(decoding: decoded, as: UTF8.self)
            }
        }
        return String(decoding: id, as: UTF8.self)
    }

    /// The command's `-O` options with a record's `options` over them: every key the record
    /// names replaces the command's pair of the same key, and comes after the others, so it wins
    /// over an unqualified or differently qualified command option for the same format too.
    static func merging(_ command: OptionPairs, _ record: OptionPairs) -> OptionPairs {
        let named = Set(record.map(\.key))
        return command.filter { !named.contains($0.key) } + record
    }

    /// A line without the UTF-8 byte order mark that may start it (editors write one at the
    /// start of a file; it is not part of the JSON).
    static func withoutByteOrderMark(_ line: [UInt8]) -> [UInt8] {
        line.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(line.dropFirst(3)) : line
    }

    /// Reads standard input, or the input files one after the other (a line feed between them,
    /// so that a last line without one does not run into the next file).
    private func chunkReader() throws -> () throws -> [UInt8] {
        let paths = inputs.filter { $0 != "-" }
        if paths.isEmpty { return settings.environment.readStandardInputChunk }
        var descriptors: [Int32] = []
        for path in paths {
            let (fd, code) = FileIO.open(FileIO.systemPath(path), O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                for d in descriptors { close(d) }
                throw TransmarkError.io(path: path, reason: "cannot read: " + FileIO.reason(code))
            }
            descriptors.append(fd)
        }
        var current = 0
        return {
            while current < descriptors.count {
                let chunk = try FileIO.readChunk(descriptor: descriptors[current], path: paths[current])
                if !chunk.isEmpty { return chunk }
                close(descriptors[current])
                current += 1
                if current < descriptors.count { return [0x0A] }
            }
            return []
        }
    }
}
