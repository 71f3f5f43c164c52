import Foundation
import TransmarkCore
import TransmarkMarkdown

/// `transmark convert --stream`: Markdown read from standard input as it arrives, written block
/// by block through a `MarkdownStream`.
///
/// - With `--stream-updates`, every update is written as JSON lines: one
///   `{"id":N,"final":true|false,"output":"…"}` line per final block and per new rendering of the
///   open block, a `{"replacement":"…"}` line when `finish()` replaces everything (see the DocC
///   article *Streaming Markdown*), and `{"finished":true}` at the end.
/// - On a terminal, final blocks are written at once and the open block is drawn below them and
///   redrawn in place: the cursor moves up over the open block's own rows only (counted with
///   display widths, wrapped lines included), never into what was written before.
/// - Otherwise each block is written once, when it becomes final, so what is written in total is
///   the one-shot conversion (unless `finish()` reports a replacement, which is then written to
///   standard error as a warning: the bytes already written cannot be taken back).
struct StreamConversion {
    /// The resolved conversion (Markdown to the target format).
    let conversion: Conversion
    /// Where input comes from and output goes.
    let environment: CommandEnvironment
    /// Whether to write JSON lines of updates instead of the output.
    let writesUpdates: Bool
    /// The options the conversion's Markdown frontend reads with (the stream finds block
    /// boundaries with the same syntax).
    let markdownOptions: MarkdownFrontend.Options

    /// The Markdown frontend's options among `-O` pairs: keys it accepts, bare or with the
    /// `markdown.` prefix, applied in order over the defaults (the conversion has checked them).
    static func markdownOptions(from pairs: OptionPairs) -> MarkdownFrontend.Options {
        var options = MarkdownFrontend.Options()
        for (key, value) in pairs {
            var name = key
            if let dot = key.firstIndex(of: ".") {
                guard key[..<dot] == "markdown" else { continue }
                name = String(key[key.index(after: dot)...])
            }
            if MarkdownFrontend.Options.accepts(name) { try? options.set(name, to: value) }
        }
        return options
    }

    /// Reads standard input to its end, writing as blocks become final.
    func run() throws {
        var streamOptions = MarkdownStream.Options()
        streamOptions.markdown = markdownOptions
        var stream = try MarkdownStream(conversion: conversion, options: streamOptions)
        var screen = environment.terminalWidth().map { OpenBlockDisplay(width: $0) }
        if writesUpdates { screen = nil }
        while true {
            let chunk = try environment.readStandardInputChunk()
            if chunk.isEmpty { break }
            try write(try stream.append(chunk), screen: &screen)
        }
        try write(try stream.finish(), screen: &screen)
    }

    /// Writes one update in the chosen way.
    private func write(_ update: MarkdownStreamUpdate, screen: inout OpenBlockDisplay?) throws {
        if writesUpdates {
            var lines: [UInt8] = []
            for block in update.finalBlocks + [update.openBlock].compactMap({ $0 }) {
                lines += Array("{\"id\":\(block.id),\"final\":\(block.isFinal),\"output\":".utf8)
                block.output.withUnsafeBufferPointer { JSONText.appendString($0, to: &lines) }
                lines += Array("}\n".utf8)
            }
            if let replacement = update.replacementOutput {
                lines += Array("{\"replacement\":".utf8)
                replacement.withUnsafeBufferPointer { JSONText.appendString($0, to: &lines) }
                lines += Array("}\n".utf8)
            }
            if update.isFinished { lines += Array("{\"finished\":true}\n".utf8) }
            if !lines.isEmpty { try environment.writeStandardOutput(lines) }
            return
        }
        if update.replacementOutput != nil {
            environment.writeStandardError("transmark: a link reference definition late in the stream changed blocks already written; convert without --stream for the exact output\n")
        }
        var out: [UInt8] = []
        let finals = update.finalBlocks.flatMap(\.output)
        if var display = screen {
            if !finals.isEmpty || update.openBlock != nil || update.isFinished {
                out += display.erase()
                out += finals
                if let open = update.openBlock, !update.isFinished {
                    out += display.draw(open.output, afterFinal: open.id > 0)
                } else if !update.isFinished, !display.lastDrawing.isEmpty {
                    out += display.draw(display.lastDrawing, afterFinal: false)
                }
            }
            screen = display
        } else {
            out = finals
        }
        if !out.isEmpty { try environment.writeStandardOutput(out) }
    }
}
