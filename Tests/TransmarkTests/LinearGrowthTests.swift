import Foundation
import Testing
import TestSupport
import Transmark

/// The inputs of the "super-linear time or memory" class of an outside audit (issue 35), each
/// converted at a size and four times it: the larger may take at most about ten times as long
/// (quadratic work takes sixteen). Timings below a second do not count (the machine is shared);
/// sizes are chosen so that the quadratic versions took several seconds at the larger size.
@Suite struct LinearGrowthTests {
    /// Converts `input` and returns the output as a string.
    @discardableResult
    static func convert(_ input: String, from source: String, to target: String,
                        options: [String: String] = [:], transforms: [String] = []) throws -> String {
        let conversion = try Registry.standard.conversion(from: source, to: target, transforms: transforms, options: options)
        return try conversion.convert(input)
    }

    /// Expects `work` to grow linearly between `sizes`.
    static func expectLinear(_ sizes: [Int], _ what: String, _ work: (Int) throws -> Void) rethrows {
        let (linear, times) = try LinearGrowth.check(sizes, work)
        #expect(linear, "\(what) grows faster than linearly: \(times)")
    }

    /// Equal headings get anchors `a`, `a-1`, `a-2`, …: the de-duplication probed every earlier
    /// suffix (10,000 headings took 5.7 s).
    @Test func tableOfContentsOfEqualHeadings() throws {
        try Self.expectLinear([5_000, 20_000], "toc of equal headings") { n in
            let output = try Self.convert(String(repeating: "# a\n\n", count: n), from: "markdown", to: "html", transforms: ["toc"])
            #expect(output.contains("id=\"a-\(n - 1)\""))
        }
        var slugs = HeadingSlugs(reserved: ["a-1"])
        #expect(["a", "a", "a", "a-1", "a-2"].map { slugs.next(for: $0) } == ["a", "a-2", "a-3", "a-1-1", "a-2-1"])
    }

    /// A run of hard breaks ending a paragraph has no Markdown syntax and is dropped: each break
    /// looked past all the breaks after it (`<br>` × 50,000 took 5 s). Breaks before text stay.
    @Test func runOfLineBreaksToMarkdown() throws {
        try Self.expectLinear([25_000, 100_000], "<br> run → markdown") { n in
            #expect(try Self.convert(String(repeating: "<br>", count: n), from: "html", to: "markdown") == "")
            let output = try Self.convert(String(repeating: "<br>", count: n) + "x", from: "html", to: "markdown")
            #expect(output.hasSuffix("\\\nx\n") && output.utf8.count == 2 * n + 2)
        }
    }

    /// Wrapping at `lineWidth` asked for the output column at every space, scanning back to the
    /// line's start: quadratic on a long line with no place to wrap (links are not broken).
    @Test func lineWidthOnALongUnbreakableLine() throws {
        try Self.expectLinear([20_000, 80_000], "lineWidth=80 on links") { n in
            let output = try Self.convert(String(repeating: "[a](b) ", count: n), from: "markdown", to: "markdown",
                                          options: ["lineWidth": "80"])
            #expect(output.utf8.count == 7 * n)
        }
    }

    /// Deeply nested emphasis written back as Markdown: the flanking check of each closer scanned
    /// the whole run of delimiters and climbed the whole nesting (`**` × 40,000 took 8 s).
    @Test func nestedEmphasisToMarkdown() throws {
        try Self.expectLinear([5_000, 20_000], "nested strong → markdown") { n in
            let markdown = String(repeating: "**", count: n) + "x" + String(repeating: "**", count: n)
            let output = try Self.convert(markdown, from: "markdown", to: "markdown")
            #expect(output == markdown + "\n")
        }
        try Self.expectLinear([5_000, 20_000], "nested strong from HTML → markdown") { n in
            let html = String(repeating: "<b><i>", count: n) + "x" + String(repeating: "</i></b>", count: n)
            let output = try Self.convert(html, from: "html", to: "markdown", options: ["maxDepth": "100000"])
            #expect(output.contains("x") && output.utf8.count < 8 * n + 16)
        }
    }

    /// Math in Markdown (`math=true`): every opening `$`, `$$`, `\\(` or `\\[` reads forward at most
    /// to the next delimiter that could close it, so runs of dollars, unclosed openers and
    /// currency cost linear time.
    @Test func manyDollarsWithMath() throws {
        try Self.expectLinear([50_000, 200_000], "$ runs with math=true") { n in
            let output = try Self.convert(String(repeating: "$", count: n), from: "markdown", to: "html", options: ["math": "true"])
            #expect(output.hasPrefix("<p>"))
        }
        try Self.expectLinear([20_000, 80_000], "$5 and \\( without closers, with math=true") { n in
            let input = String(repeating: "costs $5 and $$ x \\(y ", count: n)
            let output = try Self.convert(input, from: "markdown", to: "text", options: ["math": "true"])
            #expect(output.contains("$5"))
        }
    }

    /// Tagged strings: tags left open are reopened in every paragraph (at most 24, three of a
    /// kind: `<b>` × 4,000 then 4,000 lines built 16 million nodes), and an end tag that closes
    /// nothing no longer searches every open tag.
    @Test func taggedStringsWithManyOpenTags() throws {
        try Self.expectLinear([2_000, 8_000], "unclosed tags over many lines") { n in
            let output = try Self.convert(String(repeating: "<b>", count: n) + String(repeating: "x\n", count: n),
                                          from: "tagged", to: "html")
            #expect(output.components(separatedBy: "x").count == n + 1)
            #expect(output.utf8.count < 64 * n)
        }
        try Self.expectLinear([10_000, 40_000], "unclosed and mismatched tags") { n in
            let output = try Self.convert(String(repeating: "<b>", count: n) + String(repeating: "</i>", count: n) + "x",
                                          from: "tagged", to: "text")
            #expect(output == "x\n")
        }
        try Self.expectLinear([2_000, 8_000], "misnested end tags under many open ones") { n in
            let tagged = String(repeating: "<i>", count: n) + String(repeating: "<b>", count: n) + "x" + String(repeating: "</i>y", count: n)
            let output = try Self.convert(tagged, from: "tagged", to: "text", options: ["width": "0"])
            #expect(output == "x" + String(repeating: "y", count: n) + "\n")
        }
    }

    /// Repeated selectors in a group, in `:not(…)` and in a compound match nothing more and are
    /// dropped when the selector is parsed; attribute names are lowercased once per node.
    @Test func repeatedSelectorsOverManyParagraphs() throws {
        var markdown = ""
        for i in 0..<20_000 { markdown += "p\(i)\n\n" }
        let document = try Registry.standard.conversion(from: "markdown", to: "html").document(from: Array(markdown.utf8))
        try Self.expectLinear([5_000, 20_000], "a group of repeated selectors") { n in
            let selector = try Selector(Array(repeating: "p", count: n).joined(separator: ", "))
            #expect(selector.matches(in: document).count == 20_000)
        }
        try Self.expectLinear([12_500, 50_000], ":not of repeated selectors") { n in
            let selector = try Selector("p:not(" + Array(repeating: "a", count: n).joined(separator: ", ") + ")")
            #expect(selector.matches(in: document).count == 20_000)
        }
        try Self.expectLinear([300, 1_200], "a compound of repeated attribute selectors") { n in
            let selector = try Selector("p" + String(repeating: "[a99]", count: n))
            #expect(selector.matches(in: document).isEmpty)
        }
        // Distinct parts cost matching time each: at most 1,024 simple selectors.
        let distinct = (0..<20_000).map { ".c\($0)" }
        #expect(throws: TransmarkError.self) { try Selector(distinct.joined(separator: ", ")) }
        #expect(throws: TransmarkError.self) { try Selector("p:not(" + distinct.joined(separator: ", ") + ")") }
        #expect(try Selector(distinct.prefix(1_024).joined(separator: ", ")).matches(in: document).isEmpty)
        do {
            _ = try Selector(distinct.joined(separator: ", "))
        } catch let TransmarkError.invalidSelector(_, message, _) {
            #expect(message.hasPrefix("20000 simple selectors, more than the 1024"))
        }
    }

    /// Styled text whose `n` paragraphs alternate between list level `deep` and 1.
    static func alternatingListLevels(_ n: Int, deep: Int) -> StyledText {
        var deepRun = RunAttributes()
        deepRun.listLevel = deep
        var shallowRun = RunAttributes()
        shallowRun.listLevel = 1
        let ranges = (0..<n).map { TextRange(location: 2 * $0, length: 2) }
        return StyledText(text: String(repeating: "x\n", count: n), runStyles: [deepRun, shallowRun],
                          runs: ranges.enumerated().map { StyledRun(range: $1, style: $0 % 2) },
                          paragraphStyles: [ParagraphAttributes()], paragraphs: ranges.map { StyledRun(range: $0, style: 0) })
    }

    /// Paragraphs alternating between list level 99,999 and 1 reopen 99,999 lists each (9 KB of
    /// styled-json built 872 MB): the containers opened in a document are limited by
    /// `maxContainers`, a typed error naming it; within it the work is linear.
    @Test func styledTextAlternatingListLevels() throws {
        let error = #expect(throws: TransmarkError.self) { try Document(Self.alternatingListLevels(100, deep: 99_999)) }
        guard case .inputTooComplex(_, let estimate, 1_000_000, "maxContainers")? = error else {
            Issue.record("expected the maxContainers limit, got \(String(describing: error))")
            return
        }
        #expect(estimate > 1_000_000 && estimate < 1_300_000)
        var options = StyledJSONFrontend.Options()
        options.maxContainers = 100
        #expect(throws: TransmarkError.self) { try Document(Self.alternatingListLevels(100, deep: 10), options: options) }
        try Self.expectLinear([1_000, 4_000], "alternating list levels 50 and 1") { n in
            let document = try Document(Self.alternatingListLevels(n, deep: 50))
            #expect(document.root.plainText.filter { $0 == "x" }.count == n)
        }
    }

    /// A row of cells each spanning 1,000 columns: the HTML reader copied the table's column
    /// alignments for every cell, and styled-json wrote a tab stop per column (5,000 cells: 245 MB).
    @Test func wideColspansToStyledJSON() throws {
        func row(_ n: Int) -> String { "<table><tr>" + String(repeating: "<td colspan=1000>x</td>", count: n) + "</tr></table>" }
        try Self.expectLinear([1_500, 6_000], "colspan 1000 cells → html") { n in
            let html = try Self.convert(row(n), from: "html", to: "html")
            #expect(html.contains("colspan=\"1000\""))
        }
        try Self.expectLinear([1_500, 6_000], "colspan 1000 cells → styled-json") { n in
            let json = try Self.convert(row(n), from: "html", to: "styled-json")
            #expect(json.utf8.count < 400 * n)
        }
        // The stops stop at maxTabStops; every cell is kept.
        let json = try Self.convert(row(3), from: "html", to: "styled-json", options: ["maxTabStops": "1500"])
        #expect(json.components(separatedBy: "\"location\": ").count - 1 > 1500)
        let text = try Self.convert(row(5_000), from: "html", to: "styled-json")
        #expect(text.contains("\"text\": \"x" + String(repeating: "\\tx", count: 4_999) + "\""))
    }

    /// `select blockquote` on quotes nested in one another writes each quote with all those inside
    /// it: the total is capped by maxOutputBytes (16 × the input by default), checked on the
    /// matched nodes before anything is rendered, then on the bytes written.
    @Test func selectOnNestedMatches() throws {
        func nested(_ n: Int) -> [UInt8] {
            Array((String(repeating: "<blockquote>", count: n) + "x" + String(repeating: "</blockquote>", count: n)).utf8)
        }
        let selector = try Selector("blockquote")
        for n in [2_000, 4_000] {
            // Refused, quickly, at every size past the limit.
            let clock = ContinuousClock()
            let start = clock.now
            #expect(throws: TransmarkError.outputTooLarge(limit: 100_000, option: "maxOutputBytes")) {
                try Registry.standard.select(nested(n), from: "html", matching: selector, to: "html",
                                             options: ConversionOptions(["maxDepth": "100000"]), maxOutputBytes: 100_000)
            }
            #expect(throws: TransmarkError.outputTooLarge(limit: 100_000, option: "maxOutputBytes")) {
                try Registry.standard.selectText(nested(n), from: "html", matching: selector,
                                                 options: ConversionOptions(["maxDepth": "100000"]), maxOutputBytes: 100_000)
            }
            #expect(clock.now - start < .seconds(5))
        }
        // The default limit follows the input: linear work whatever the nesting.
        try Self.expectLinear([2_500, 10_000], "select blockquote on nested quotes") { n in
            let input = nested(n)
            do {
                let fragments = try Registry.standard.select(input, from: "html", matching: selector, to: "html",
                                                             options: ConversionOptions(["maxDepth": "100000"]))
                #expect(fragments.reduce(0) { $0 + $1.count } <= Registry.defaultMaxSelectOutputBytes(inputSize: input.count))
            } catch let error as TransmarkError {
                #expect(error.code == "output-too-large")
            }
        }
        // Under the limit, every match is written.
        let small = try Registry.standard.select(nested(50), from: "html", matching: selector, to: "html")
        #expect(small.count == 50)
    }

    /// The selector size limit is an option: the default refuses 1,025 distinct simple selectors,
    /// a larger limit lets them through, and matching stays linear in selector size × nodes.
    @Test func selectorSizeLimitIsAnOption() throws {
        let distinct = (0 ..< 2_000).map { ".c\($0)" }.joined(separator: ", ")
        do {
            _ = try Selector(distinct)
            Issue.record("accepted")
        } catch let TransmarkError.invalidSelector(_, message, _) {
            #expect(message.contains("maxSimpleSelectors"))
        }
        #expect(throws: TransmarkError.self) { try Selector(".a, .b", maxSimpleSelectors: 1) }
        var markdown = ""
        for i in 0 ..< 2_000 { markdown += "p\(i)\n\n" }
        let document = try Registry.standard.conversion(from: "markdown", to: "html").document(from: Array(markdown.utf8))
        try Self.expectLinear([1_000, 4_000], "a selector of many distinct classes") { n in
            let selector = try Selector((0 ..< n).map { ".c\($0)" }.joined(separator: ", "), maxSimpleSelectors: n)
            #expect(selector.matches(in: document).isEmpty)
        }
    }
}
