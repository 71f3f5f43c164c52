import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// Bad input streamed: no crash, no hang, no lost text, linear time (generous bounds in
/// seconds, comparing N and 4N, never milliseconds).
@Suite struct StreamingBadInputTests {
    @Test func invalidUTF8SplitAcrossChunks() throws {
        let inputs: [[UInt8]] = [
            Array("a ".utf8) + [0xE2, 0x82] + Array(" b\n\nc ".utf8) + [0xFF, 0xC3] + Array("\n".utf8),
            [0xF0, 0x9F, 0x98] + Array("**x\n\n- y".utf8) + [0xED, 0xA0, 0x80],
        ]
        for format in StreamingSupport.backendNames {
            let conversion = StreamingSupport.conversion(to: format)
            for input in inputs {
                let expected = try conversion.convert(input)
                for cut in 1..<input.count {
                    #expect(try StreamingSupport.stream(input, cuts: [cut], conversion: conversion).output == expected)
                }
                #expect(try StreamingSupport.stream(input, cuts: StreamingSupport.cuts(every: 1, count: input.count), conversion: conversion).output == expected)
            }
        }
    }

    @Test func chunksEndingInsideACharacter() throws {
        let input = Array("Grüße, 世界! 🎉 **fett** und ~~weg~~\n\n> zitat 🎈\n".utf8)
        let conversion = StreamingSupport.conversion(to: "html")
        var options = MarkdownStream.Options()
        options.minimumGrowth = 1
        var stream = try MarkdownStream(conversion: conversion, options: options)
        for byte in input {
            if let open = try stream.append([byte]).openBlock {
                // The open block never shows a character cut in half.
                #expect(!open.outputString.contains("\u{FFFD}"), "\(open.outputString)")
            }
        }
        let last = try stream.finish()
        #expect(last.finalBlocks.count == 1)
        let run = try StreamingSupport.stream(input, cuts: StreamingSupport.cuts(every: 1, count: input.count), conversion: conversion)
        #expect(run.output == (try conversion.convert(input)))
    }

    /// Seconds to stream `input` in chunks of `chunk` bytes to HTML, and the output.
    static func timed(_ input: [UInt8], chunk: Int) throws -> (seconds: Double, output: [UInt8]) {
        let clock = ContinuousClock()
        var output: [UInt8] = []
        let duration = try clock.measure {
            output = try StreamingSupport.stream(input, cuts: StreamingSupport.cuts(every: chunk, count: input.count),
                                                 conversion: StreamingSupport.conversion(to: "html")).output
        }
        return (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, output)
    }

    @Test func longSingleLineIsLinear() throws {
        func line(_ size: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            let word = Array("word *em* ".utf8)
            while bytes.count < size { bytes += word }
            return bytes
        }
        let small = try Self.timed(line(500_000), chunk: 1_000)
        let large = try Self.timed(line(2_000_000), chunk: 1_000)
        #expect(large.seconds < 10 * small.seconds + 1, "\(small.seconds) s for N, \(large.seconds) s for 4N")
        #expect(large.output == (try StreamingSupport.conversion(to: "html").convert(line(2_000_000))))
    }

    @Test func tenMegabyteSingleLine() throws {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000) + Array(" **end".utf8)
        let result = try Self.timed(input, chunk: 65_536)
        #expect(result.seconds < 120)
        #expect(result.output.count > 10_000_000)
    }

    @Test func deeplyNestedQuotesOneByteAtATime() throws {
        let input = [UInt8](repeating: UInt8(ascii: ">"), count: 100_000) + Array(" deep\n".utf8)
        let conversion = StreamingSupport.conversion(to: "html")
        let clock = ContinuousClock()
        let start = clock.now
        let oneShot = Result { try conversion.convert(input) }
        var stream = try MarkdownStream(conversion: conversion)
        for byte in input { _ = try stream.append([byte]) }
        let streamed = Result { try stream.finish() }
        // The stream ends as the one-shot conversion does: the same output, or the same error.
        switch (oneShot, streamed) {
        case (.success(let expected), .success(let update)):
            #expect(update.finalBlocks.flatMap(\.output) == expected)
        case (.failure(let expected), .failure(let error)):
            #expect("\(expected)" == "\(error)")
        default:
            Issue.record("one-shot \(oneShot), streamed \(streamed)")
        }
        #expect(clock.now - start < .seconds(60))
    }

    @Test func manyShortLinesAreLinear() throws {
        // One open block (a long list item's paragraph) made of many short lines: re-parsed at
        // line ends only while that is cheap against its growth.
        func lines(_ count: Int) -> [UInt8] { Array(String(repeating: "- item with **text**\n  more text\n", count: 1).utf8) + Array(String(repeating: "  continued line\n", count: count).utf8) }
        let small = try Self.timed(lines(10_000), chunk: 8)
        let large = try Self.timed(lines(40_000), chunk: 8)
        #expect(large.seconds < 10 * small.seconds + 1, "\(small.seconds) s for N, \(large.seconds) s for 4N")
    }
}
