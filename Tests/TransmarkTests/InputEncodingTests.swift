import Foundation
import Testing
import Transmark
import TransmarkCLI

/// Inputs of every format are decoded by their byte order mark (UTF-16 in either order), and the
/// readers with an `encoding` option read any WHATWG encoding; what cannot be decoded is an error
/// with a non-zero exit, never a page of U+FFFD.
@Suite struct InputEncodingTests {
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func convert(_ input: [UInt8], from: String, to: String, options: [String: String] = [:]) throws -> String {
        let conversion = try Registry.standard.conversion(from: from, to: to, options: ConversionOptions(options))
        var bytes = input
        let consumed = String(decoding: try conversion.convert(releasing: &bytes), as: UTF8.self)
        let inPlace = String(decoding: try conversion.convert(input), as: UTF8.self)
        #expect(consumed == inPlace)
        return inPlace
    }

    @Test(arguments: [false, true])
    func utf16Markdown(bigEndian: Bool) throws {
        let markdown = "# Überschrift\r\n\r\n*日本* 😀 — done\r\n"
        let expected = try Self.convert(Array(markdown.utf8), from: "markdown", to: "html")
        #expect(try Self.convert(Self.utf16(markdown, bigEndian: bigEndian), from: "markdown", to: "html") == expected)
        #expect(expected.contains("<em>日本</em> 😀"))
    }

    @Test(arguments: ["json-tree", "styled-json", "tagged"])
    func utf16OtherReaders(format: String) throws {
        let source = try Self.convert(Array("Ünïcode *b* 😀\n".utf8), from: "markdown", to: format == "tagged" ? "html" : format)
        let expected = try Self.convert(Array(source.utf8), from: format, to: "markdown")
        for bigEndian in [false, true] {
            #expect(try Self.convert(Self.utf16(source, bigEndian: bigEndian), from: format, to: "markdown") == expected)
        }
        #expect(expected.contains("Ünïcode"))
    }

    @Test func markdownInANamedLegacyEncoding() throws {
        // "# 日本語" in Shift_JIS (iconv -t CP932).
        let bytes: [UInt8] = [0x23, 0x20, 0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x0A]
        #expect(try Self.convert(bytes, from: "markdown", to: "html", options: ["encoding": "sjis"]) == "<h1>日本語</h1>\n")
        #expect(throws: TransmarkError.self) { try Registry.standard.conversion(from: "markdown", to: "html", options: ConversionOptions(["encoding": "klingon"])) }
    }

    @Test func undecodablePageExitsNonZero() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("transmark-enc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("kr.html")
        try Data("<meta charset=iso-2022-kr><p>\u{1B}$)C text</p>".utf8).write(to: page)
        let streams = CapturedStreams()
        let code = CommandLineTool.run(arguments: ["convert", page.path, "-t", "text"], registry: .standard, environment: streams.environment)
        #expect(code != 0)
        #expect(streams.errors.contains("'iso-2022-kr'"))
        #expect(streams.output.isEmpty)
        // Koi8-r is decoded.
        let ru = dir.appendingPathComponent("ru.html")
        try Data(Array("<meta charset=koi8-r><p>".utf8) + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4] + Array("</p>".utf8)).write(to: ru)
        let ok = CapturedStreams()
        #expect(CommandLineTool.run(arguments: ["convert", ru.path, "-t", "text"], registry: .standard, environment: ok.environment) == 0)
        #expect(ok.output == "Привет\n")
    }
}
