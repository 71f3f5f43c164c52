import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// Every case of `pathological_markdown.json`: the HTML output matches `expected_html_regex`,
/// or, for the inputs the complexity guard stops, the typed error comes back. No timing
/// assertions: the test only has to finish.
@Suite struct PathologicalTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let source: String
        let input: String
        let regex: String?
        let renderer: String
        var description: String { "\(name) [\(source)]" }
    }

    /// Inputs that libcmark-gfm 0.29 cannot parse in reasonable time; the guard must refuse them.
    static let guarded: Set<String> = [
        "pattern ![[]() repeated",
        "empty lines in deeply nested lists",
        "empty lines in deeply nested lists in blockquote",
        "emph in deep blockquote",
    ]

    static func cases() throws -> [Case] {
        let records = try TestPaths.json(TestPaths.suite("pathological_markdown.json")) as! [[String: Any]]
        return try records.map { r in
            let input = r["input"] as! [String: Any]
            var text = ""
            if let parts = input["parts"] as? [[String: Any]] {
                for part in parts {
                    text += String(repeating: part["text"] as! String, count: part["repeat"] as! Int)
                }
            } else {
                switch input["generator"] as! String {
                case "nestedListLines":
                    for x in 0..<(input["count"] as! Int) { text += String(repeating: "  ", count: x) + "* a\n" }
                case "backtickRuns":
                    for x in 1..<(input["count"] as! Int) { text += "e" + String(repeating: "`", count: x) }
                case "cmarkHashCollisions":
                    text = Self.referenceCollisions(count: 25_000)
                default:
                    throw TransmarkError.malformedInput(message: "unknown generator", offset: 0)
                }
            }
            return Case(name: r["name"] as! String, source: r["source"] as! String, input: text,
                        regex: r["expected_html_regex"] as? String, renderer: r["renderer"] as? String ?? "html")
        }
    }

    /// 25,000 reference definitions whose labels collide in the sdbm hash cmark's reference map
    /// used (`h = c + (h << 6) + (h << 16) - h`), and a paragraph using all of them. Labels are
    /// concatenations of two equal-length blocks with equal hashes, so every choice collides.
    static func referenceCollisions(count: Int) -> String {
        func sdbm(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
            var h = seed
            for c in bytes { h = UInt32(c) &+ (h << 6) &+ (h << 16) &- h }
            return h
        }
        // Birthday search for two distinct 6-letter blocks with the same hash.
        var seen: [UInt32: [UInt8]] = [:]
        var generator = SystemRandomNumberGenerator()
        var pair: ([UInt8], [UInt8])?
        while pair == nil {
            let block = (0..<6).map { _ in UInt8.random(in: 97...122, using: &generator) }
            let h = sdbm(block)
            if let other = seen[h], other != block { pair = (other, block) } else { seen[h] = block }
        }
        let (a, b) = pair!
        var labels: [String] = []
        for i in 0..<count {
            var label: [UInt8] = []
            for bit in 0..<15 { label += (i >> bit) & 1 == 0 ? a : b }
            labels.append(String(decoding: label, as: UTF8.self))
        }
        var text = ""
        for label in labels { text += "[\(label)]: /u\n" }
        text += "\n"
        for label in labels { text += "[\(label)] " }
        return text + "\n"
    }

    @Test func everyCase() throws {
        var checked = 0
        var refused = 0
        for c in try Self.cases() {
            let started = ContinuousClock.now
            defer { if ContinuousClock.now - started > .seconds(1) { print("slow case: \(c) \(ContinuousClock.now - started)") } }
            do {
                let html = try transmarkHTML(c.input, extensions: MarkdownExtension.allCases.map(\.rawValue), footnotes: true)
                #expect(!Self.guarded.contains(c.name), "\(c) should have been refused by the guard")
                if c.renderer == "commonmark", let pattern = c.regex {
                    // The record's regex is for a Markdown writer's output.
                    let document = try MarkdownFrontend().parse(c.input)
                    let markdown = try MarkdownBackend().renderString(document)
                    let regex = try NSRegularExpression(pattern: pattern)
                    let range = NSRange(markdown.startIndex..., in: markdown)
                    #expect(regex.firstMatch(in: markdown, options: [], range: range) != nil, "\(c): \(markdown.prefix(80))")
                } else if let recorded = c.regex {
                    // cmark-gfm's output with the C0 controls the HTML writer writes as U+FFFD
                    // (`ControlCharacters`: the vertical tab of the `tables` case) as it does.
                    let pattern = String(String.UnicodeScalarView(recorded.unicodeScalars.map {
                        $0.value < 0x20 && ControlCharacters.isReplaced(UInt8($0.value)) ? "\u{FFFD}" : $0 }))
                    let regex = try NSRegularExpression(pattern: pattern, options: [])
                    let range = NSRange(html.startIndex..., in: html)
                    #expect(regex.firstMatch(in: html, options: [], range: range) != nil,
                            "\(c): output does not match \(pattern.prefix(80))")
                } else {
                    #expect(!html.isEmpty, "\(c)")
                }
                checked += 1
            } catch let error as TransmarkError {
                #expect(Self.guarded.contains(c.name), "\(c) was refused: \(error)")
                guard case .inputTooComplex(_, _, _, let option) = error else {
                    Issue.record("\(c): unexpected error \(error)")
                    continue
                }
                #expect(option == "maxComplexity")
                #expect(error.description.contains("maxComplexity"))
                refused += 1
            }
        }
        print("pathological_markdown.json: \(checked) converted and matched, \(refused) refused by the guard")
        #expect(refused == 5, "the four slow inputs appear 5 times across the three source suites")
    }

    /// A table row of n cells costs libcmark-gfm n² / 2 steps (each cell is appended to a list
    /// from its head: 64,000 cells took 19 s). A header, body or later row of 60,000 cells is
    /// refused at once with the typed error; a table of 2,000 columns is still converted, and
    /// the same long row outside a table (no delimiter row) is an ordinary paragraph.
    @Test func wideTableRowsAreGuarded() throws {
        func row(_ n: Int, _ cell: String) -> String { "|" + Array(repeating: cell, count: n).joined(separator: "|") + "|\n" }
        let wide = 60_000
        let cases = [
            row(wide, "a") + row(wide, "-") + row(wide, "1"),  // wide header and delimiter
            row(2, "a") + row(2, "-") + row(wide, "1"),        // a narrow table, one wide body row
            "> " + row(2, "a") + "> " + row(2, "-") + "> " + row(wide, "1"), // inside a quote
        ]
        let start = ContinuousClock.now
        for input in cases {
            #expect {
                try MarkdownFrontend().parse(input)
            } throws: { error in
                guard case TransmarkError.inputTooComplex(let what, _, _, let option) = error else { return false }
                return option == "maxComplexity" && what.contains("table rows")
            }
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        // 2,000 columns: converted, every cell there.
        let table = try MarkdownFrontend().parse(row(2000, "a") + row(2000, "-") + row(2000, "b"))
        var cells = 0
        table.walk { event in
            if case .enter(let node) = event, node.tag == .tableCell { cells += 1 }
            return .proceed
        }
        #expect(cells == 4000)
        // Pipes in a paragraph (no delimiter row) cost nothing.
        let paragraph = try MarkdownFrontend().parse(row(wide, "x"))
        #expect(paragraph.nodeCount > 1)
        // Raising the limit lets a row of 8,000 cells through.
        var options = MarkdownFrontend.Options()
        options.maxComplexity = 100_000_000
        let eight = try MarkdownFrontend().parse(row(2, "a") + row(2, "-") + row(8000, "1"), options: options)
        #expect(eight.nodeCount > 4)
    }

    /// A delimiter row whose cells do not match the line above starts no table, and the table
    /// extension parses the whole paragraph above as a header row each time, keeping what it
    /// allocated (`a|b|c` and `|-|-|` × 2,000, 24 KB, took 1.6 GB). Refused with the typed
    /// error at once; a few such rows, and real tables after a paragraph, are converted.
    @Test func unmatchedDelimiterRowsUnderALongParagraphAreGuarded() throws {
        let start = ContinuousClock.now
        #expect {
            try MarkdownFrontend().parse(String(repeating: "a|b|c\n|-|-|\n", count: 2_000))
        } throws: { error in
            guard case TransmarkError.inputTooComplex(let what, _, _, let option) = error else { return false }
            return option == "maxComplexity" && what.contains("delimiter rows")
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        let few = try MarkdownFrontend().parse(String(repeating: "a|b|c\n|-|-|\n", count: 50))
        #expect(few.nodeCount > 2)
        // A paragraph, then tables of matching rows, many times over: ordinary, no error.
        let tables = try MarkdownFrontend().parse(String(repeating: "Some text\n| a | b |\n|---|---|\n| 1 | 2 |\n\n", count: 5_000))
        var count = 0
        tables.walk { event in
            if case .enter(let node) = event, node.tag == .table { count += 1 }
            return .proceed
        }
        #expect(count == 5_000)
    }

    /// Raising the limit lets a guarded input through (here a small instance, fast enough).
    @Test func limitIsAnOption() throws {
        let input = String(repeating: "![[]()", count: 8000)
        var options = MarkdownFrontend.Options()
        options.maxComplexity = 1_000
        #expect(throws: TransmarkError.self) { try MarkdownFrontend().parse(input, options: options) }
        options.maxComplexity = 100_000_000
        let document = try MarkdownFrontend().parse(input, options: options)
        #expect(document.nodeCount > 8000)
    }

    @Test func depthLimitIsTypedError() throws {
        var options = MarkdownFrontend.Options()
        options.maxDepth = 100
        let input = String(repeating: "> ", count: 101) + "a"
        #expect(throws: TransmarkError.nestingTooDeep(depth: 101, limit: 100, option: "maxDepth")) {
            try MarkdownFrontend().parse(input, options: options)
        }
    }

    @Test func inputSizeLimitIsTypedError() throws {
        var options = MarkdownFrontend.Options()
        options.maxInputSize = 10
        #expect(throws: TransmarkError.inputTooLarge(bytes: 11, limit: 10, option: "maxInputSize")) {
            try MarkdownFrontend().parse("hello world", options: options)
        }
    }
}
