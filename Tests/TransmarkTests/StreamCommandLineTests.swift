import Foundation
import Synchronization
import Testing
import TestSupport
import Transmark
@testable import TransmarkCLI

/// `transmark convert --stream` and `--stream-updates`: standard input read chunk by chunk.
@Suite struct StreamCommandLineTests {
    /// Standard input handed over in the given chunks, standard output collected with the number
    /// of bytes written after each chunk was read.
    final class ChunkedStreams: Sendable {
        let chunks: Mutex<[[UInt8]]>
        let stdout = Mutex<[UInt8]>([])
        let stderr = Mutex<String>("")
        /// How many bytes were written when each chunk was handed over.
        let writtenAtRead = Mutex<[Int]>([])
        let width: Int?

        init(_ chunks: [String], width: Int? = nil) {
            self.chunks = Mutex(chunks.map { Array($0.utf8) })
            self.width = width
        }

        var environment: CommandEnvironment {
            CommandEnvironment(
                readStandardInput: { self.chunks.withLock { let all = $0.flatMap { $0 }; $0 = []; return all } },
                writeStandardOutput: { bytes in self.stdout.withLock { $0 += bytes } },
                writeStandardError: { text in self.stderr.withLock { $0 += text } },
                terminalWidth: { [width] in width },
                readStandardInputChunk: {
                    let written = self.stdout.withLock { $0.count }
                    self.writtenAtRead.withLock { $0.append(written) }
                    return self.chunks.withLock { $0.isEmpty ? [] : $0.removeFirst() }
                },
                processorCount: 1)
        }

        var output: [UInt8] { stdout.withLock { $0 } }
    }

    static let message = "# Title\n\nSome **bold** text with a [link](https://example.com).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nThe end.\n"

    /// The message cut every `size` bytes.
    static func chunks(every size: Int) -> [String] {
        let bytes = Array(message.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { String(decoding: bytes[$0..<min(bytes.count, $0 + size)], as: UTF8.self) }
    }

    @Test(arguments: ["html", "text", "markdown", "ansi"])
    func appendOnlyOutputIsTheOneShotConversion(format: String) throws {
        let streams = ChunkedStreams(Self.chunks(every: 5))
        let code = CommandLineTool.run(arguments: ["convert", "--stream", "-f", "markdown", "-t", format], registry: .standard,
                                        environment: streams.environment)
        #expect(code == 0)
        #expect(streams.stderr.withLock { $0 }.isEmpty, "\(streams.stderr.withLock { $0 })")
        let expected = try Registry.standard.convert(Array(Self.message.utf8), from: "markdown", to: format)
        #expect(streams.output == expected)
        // Blocks were written while input was still arriving, not all at the end.
        let written = streams.writtenAtRead.withLock { $0 }
        #expect(written.dropLast().contains { $0 > 0 && $0 < expected.count })
    }

    /// The stream finds block boundaries with the reader's own options, read from `-O` pairs.
    @Test func readerOptionsComeFromTheOptionPairs() {
        let options = StreamConversion.markdownOptions(from: [
            (key: "extensions", value: ""), (key: "markdown.smart", value: "true"),
            (key: "html.footnotes", value: "false"), (key: "frontMatter", value: "false"), (key: "width", value: "40"),
        ])
        #expect(options.extensions.isEmpty)
        #expect(options.smart)
        #expect(options.footnotes)
        #expect(!options.frontMatter)
    }

    /// With the reader's options the stream's output is the one-shot conversion's.
    @Test(arguments: [["-O", "extensions="], ["-O", "markdown.extensions=strikethrough"], []])
    func readerOptionsShapeTheBlocks(options: [String]) throws {
        let message = "a\nb | c\n--|--\n\nd\n\n"
        let streams = ChunkedStreams(message.map { String($0) })
        let code = CommandLineTool.run(arguments: ["convert", "--stream", "-f", "markdown", "-t", "html"] + options,
                                       registry: .standard, environment: streams.environment)
        #expect(code == 0)
        let oneShot = ChunkedStreams([message])
        _ = CommandLineTool.run(arguments: ["convert", "-f", "markdown", "-t", "html"] + options, registry: .standard,
                                environment: oneShot.environment)
        #expect(!oneShot.output.isEmpty)
        #expect(streams.output == oneShot.output)
    }

    @Test func updatesAreJSONLines() throws {
        let streams = ChunkedStreams(Self.chunks(every: 7))
        let code = CommandLineTool.run(arguments: ["convert", "--stream-updates", "-f", "markdown", "-t", "html"], registry: .standard,
                                        environment: streams.environment)
        #expect(code == 0)
        let lines = String(decoding: streams.output, as: UTF8.self).split(separator: "\n")
        var finals = ""
        var ids: [Int] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["finished"] as? Bool == true { continue }
            let id = try #require(object["id"] as? Int)
            if object["final"] as? Bool == true {
                finals += try #require(object["output"] as? String)
                ids.append(id)
            }
        }
        #expect(lines.last == "{\"finished\":true}")
        #expect(ids == Array(0..<ids.count))
        #expect(finals == (try Registry.standard.convert(Self.message, from: "markdown", to: "html")))
        #expect(lines.contains { $0.contains("\"final\":false") })
    }

    @Test func terminalRedrawsOnlyTheOpenBlock() throws {
        let streams = ChunkedStreams(["# Title\n\nSome **bo", "ld** text 世界世界 that wraps", " around\n\nend"], width: 20)
        let code = CommandLineTool.run(arguments: ["convert", "--stream", "-f", "markdown", "-t", "text"], registry: .standard,
                                        environment: streams.environment)
        #expect(code == 0)
        let output = String(decoding: streams.output, as: UTF8.self)
        // Each erase moves up over the open block's own rows only, then clears below.
        let ups = output.components(separatedBy: "\u{1B}[").dropFirst().compactMap { part -> Int? in
            guard let a = part.firstIndex(of: "A"), let n = Int(part[..<a]) else { return nil }
            return n
        }
        #expect(!ups.isEmpty)
        #expect(ups.allSatisfy { $0 <= 6 }, "\(ups)")
        #expect(output.hasSuffix("end\n"))
        // The open block is taken away by going to the start of its first row and clearing below.
        #expect(output.contains("\r\u{1B}[J"))
    }

    @Test func rowsCountWideCharactersAndWrappedLines() {
        // "世界" is 4 columns: 10 of them wrap to 2 rows of 20; the cursor ends on the row after.
        #expect(OpenBlockDisplay.rows(of: Array("世界世界世界世界世界\n".utf8), width: 20) == 1)
        #expect(OpenBlockDisplay.rows(of: Array("世界世界世界世界世界世\n".utf8), width: 20) == 2)
        #expect(OpenBlockDisplay.rows(of: Array("\u{1B}[1mbold\u{1B}[0m\nx".utf8), width: 4) == 1)
    }

    @Test func streamRefusesFilesAndOtherFormats() {
        let streams = ChunkedStreams(["x"])
        #expect(CommandLineTool.run(arguments: ["convert", "--stream", "-f", "html", "-t", "text"], registry: .standard,
                                     environment: streams.environment) != 0)
        #expect(CommandLineTool.run(arguments: ["convert", "--stream", "README.md"], registry: .standard,
                                     environment: streams.environment) != 0)
    }
}
