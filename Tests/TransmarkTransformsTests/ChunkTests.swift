import Foundation
import Testing
import TestSupport
import Transmark

/// `DocumentChunker` on real pages and on documents made to probe each rule: budgets, the units
/// never cut, header rows, heading paths, overlap, nothing lost, linear time, typed errors.
@Suite struct ChunkTests {
    static let toMarkdown = try! Registry.standard.conversion(from: "html", to: "markdown")
    static let markdownToMarkdown = try! Registry.standard.conversion(from: "markdown", to: "markdown")
    static let counter = ApproximateTokenCounter()

    func chunks(_ markdownText: String, maxTokens: Int, overlap: Int = 0) throws -> [DocumentChunk] {
        try Self.markdownToMarkdown.chunks(of: Array(markdownText.utf8), options: .init(maxTokens: maxTokens, overlap: overlap))
    }

    /// The runs of letters and digits of `text`, in order: words, whatever the markup around them.
    static func words(_ text: some StringProtocol) -> [Substring] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { Substring($0) }
    }

    /// `text` with the entities the HTML writer uses decoded, then without HTML tags (so that
    /// `&lt;h2&gt;` in an HTML table and `<h2>` in a Markdown code span read the same).
    static func withoutTags(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
            .replacing(/<\/?[A-Za-z][^<>\n]*>/, with: " ")
    }

    /// Whether `needle` is a subsequence of `haystack` (one pass).
    static func isSubsequence(_ needle: [Substring], of haystack: [Substring]) -> (Bool, Substring?) {
        var i = 0
        for word in haystack where i < needle.count && word == needle[i] { i += 1 }
        return (i == needle.count, i < needle.count ? needle[i] : nil)
    }

    /// A chunk is over its budget only when its own content is one word (no white space).
    static func checkBudget(_ chunks: [DocumentChunk], maxTokens: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for chunk in chunks {
            #expect(chunk.tokenCount == counter.tokenCount(of: chunk.content), sourceLocation: sourceLocation)
            if chunk.tokenCount > maxTokens {
                #expect(!chunk.ownContent.unicodeScalars.contains { $0.properties.isWhitespace },
                        "chunk \(chunk.index) has \(chunk.tokenCount) tokens (budget \(maxTokens)) and is not one word: \(chunk.content.prefix(120))",
                        sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Real pages

    @Test("On real pages: every chunk within budget, numbered in order, nothing lost",
          arguments: Corpus.pages, [64, 300, 2000])
    func realPages(_ page: String, maxTokens: Int) throws {
        let input = try Corpus.bytes(page)
        let document = try Self.toMarkdown.document(from: input)
        let result = try Self.toMarkdown.chunks(of: input, options: .init(maxTokens: maxTokens))
        #expect(!result.isEmpty)
        #expect(result.map(\.index) == Array(0..<result.count))
        Self.checkBudget(result, maxTokens: maxTokens)
        // Nothing lost: every word of the one-shot conversion, in order, in the chunks. Markup
        // tags are left out on both sides: a table part that fits GFM is a pipe table where the
        // whole table needed HTML, with its link texts before their addresses rather than after.
        let oneShot = String(decoding: try Self.toMarkdown.render(document), as: UTF8.self)
        let all = result.map(\.ownContent).joined(separator: "\n\n")
        let (found, missing) = Self.isSubsequence(Self.words(Self.withoutTags(oneShot)), of: Self.words(Self.withoutTags(all)))
        #expect(found, "\(page) at \(maxTokens): the word '\(missing ?? "")' of the one-shot conversion is missing")
        // Chunks are used: most are at least a quarter full.
        if maxTokens >= 300 {
            let small = result.filter { $0.tokenCount < maxTokens / 4 }.count
            #expect(small * 2 < result.count + 2, "\(page): \(small) of \(result.count) chunks under a quarter of the budget")
        }
    }

    @Test("Real pages chunked with overlap: each chunk starts with the end of the previous one and stays within budget")
    func realPageOverlap() throws {
        let input = try Corpus.bytes(Corpus.wikipedia)
        let result = try Self.toMarkdown.chunks(of: input, options: .init(maxTokens: 400, overlap: 40))
        #expect(result.count > 5)
        Self.checkBudget(result, maxTokens: 400)
        #expect(result[0].overlapByteCount == 0)
        for (previous, chunk) in zip(result, result.dropFirst()) {
            if chunk.overlapByteCount == 0 {
                // No overlap only when the previous chunk ends with a word longer than the overlap.
                let lastWord = previous.ownContent.split(whereSeparator: \.isWhitespace).last ?? ""
                #expect(Self.counter.tokenCount(of: lastWord) > 40, "chunk \(chunk.index) has no overlap")
                continue
            }
            let overlap = String(decoding: Array(chunk.content.utf8.prefix(chunk.overlapByteCount)), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(previous.ownContent.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(overlap),
                    "chunk \(chunk.index)'s overlap is not the end of the previous chunk: \(overlap.suffix(80))")
            #expect(Self.counter.tokenCount(of: overlap) <= 40)
        }
        let withoutOverlap = try Self.toMarkdown.chunks(of: input, options: .init(maxTokens: 400))
        #expect(result.count > withoutOverlap.count, "the overlap takes room from each chunk")
    }

    @Test("A page without headings gives chunks with empty heading paths")
    func pageWithoutHeadings() throws {
        let input = Array(("<div>" + (1...200).map { "<p>Paragraph number \($0) says something short.</p>" }.joined() + "</div>").utf8)
        let result = try Self.toMarkdown.chunks(of: input, options: .init(maxTokens: 100))
        #expect(result.count > 10)
        #expect(result.allSatisfy { $0.headings.isEmpty })
        let all = result.map(\.ownContent).joined(separator: "\n")
        for n in 1...200 { #expect(all.contains("Paragraph number \(n) says something short.")) }
    }

    // MARK: Structure

    @Test("Small sibling sections are merged under their parent's path, never cut from their heading")
    func siblingSectionsMerge() throws {
        let sections = (1...12).map { "## Section \($0)\n\nText of section \($0) is short." }
        let result = try chunks("# Top\n\n" + sections.joined(separator: "\n\n") + "\n", maxTokens: 40)
        Self.checkBudget(result, maxTokens: 40)
        #expect(result.count >= 3 && result.count < 12, "sections merged: \(result.count) chunks")
        #expect(result[0].content.hasPrefix("# Top\n\n## Section 1\n\nText of section 1"))
        for chunk in result {
            #expect(chunk.headings == ["Top"], "chunk \(chunk.index): \(chunk.headings)")
            #expect(chunk.content.hasPrefix("#"), "each chunk starts at a heading")
        }
        for n in 1...12 {
            #expect(result.contains { $0.content.contains("## Section \(n)\n\nText of section \(n) is short.") },
                    "section \(n) is cut from its heading")
        }
    }

    @Test("A long section's chunks carry the whole heading path; a later section replaces it")
    func headingPaths() throws {
        let long = (0..<40).map { "Sentence \($0) of the long section." }.joined(separator: " ")
        let text = "# Guide\n\n## Install\n\n### Linux\n\n\(long)\n\n## Configure\n\n\(long)\n\n# Reference\n\n\(long)\n"
        let result = try chunks(text, maxTokens: 60)
        Self.checkBudget(result, maxTokens: 60)
        let paths = result.map(\.headings)
        #expect(paths.first == ["Guide", "Install", "Linux"])
        #expect(paths.filter { $0 == ["Guide", "Install", "Linux"] }.count > 2)
        #expect(paths.filter { $0 == ["Guide", "Configure"] }.count > 2)
        #expect(paths.last == ["Reference"])
        // Paths change only forward: Linux, then Configure, then Reference.
        let order = paths.map { $0.last ?? "" }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(!result.contains { $0.content.hasSuffix("# Install") || $0.content.hasSuffix("# Guide") }, "no chunk ends with a heading")
        #expect(order == ["Linux", "Configure", "Reference"])
        // Everything fits in a large budget: one chunk, under no common heading.
        let whole = try chunks(text, maxTokens: 50_000)
        #expect(whole.count == 1 && whole[0].headings.isEmpty)
    }

    @Test("Sections kept in div/section containers are seen (HTML)")
    func sectionsInContainers() throws {
        let html = "<main><section><h1>One</h1><p>\(String(repeating: "Alpha beta gamma. ", count: 30))</p></section>"
            + "<section><h1>Two</h1><div><h2>Sub</h2><p>\(String(repeating: "Delta epsilon. ", count: 30))</p></div></section></main>"
        let result = try Self.toMarkdown.chunks(of: Array(html.utf8), options: .init(maxTokens: 80))
        #expect(result.contains { $0.headings == ["One"] })
        #expect(result.contains { $0.headings == ["Two", "Sub"] })
    }

    @Test("Code blocks, list items, table rows and sentences are never cut when they fit")
    func unitsAreKeptWhole() throws {
        var text = "# Units\n\n"
        var codes: [String] = [], items: [String] = [], rows: [String] = [], sentences: [String] = []
        for i in 0..<12 {
            let code = (0..<4).map { "let value\(i)_\($0) = compute(\($0), \(i))" }.joined(separator: "\n")
            codes.append(code)
            text += "```swift\n\(code)\n```\n\n"
            let item = "Item \(i) has several words in it and ends here"
            items.append(item)
            text += "- \(item)\n- Other \(i)\n\n"
            let sentence = "Sentence \(i) is plain prose that runs for a few words."
            sentences.append(sentence)
            text += "\(sentence) \(sentence.replacingOccurrences(of: "plain", with: "simple"))\n\n"
        }
        text += "| Name | Value |\n|---|---|\n"
        for i in 0..<30 {
            rows.append("row\(i)")
            text += "| row\(i) | value number \(i) |\n"
        }
        let result = try chunks(text, maxTokens: 60)
        Self.checkBudget(result, maxTokens: 60)
        let contents = result.map(\.ownContent)
        for code in codes { #expect(contents.contains { $0.contains("```swift\n" + code + "\n```") }, "code block cut: \(code.prefix(30))") }
        for item in items { #expect(contents.contains { $0.contains("- " + item) }, "list item cut: \(item)") }
        for sentence in sentences { #expect(contents.contains { $0.contains(sentence) }, "sentence cut: \(sentence)") }
        // The table is over the budget: split by rows, each part with the header row.
        let tableParts = contents.filter { $0.contains("| row") }
        #expect(tableParts.count > 1)
        for part in tableParts {
            let lines = part.split(separator: "\n")
            let headerIndex = try #require(lines.firstIndex { $0.contains("Name") }, "a table part without its header row")
            #expect(lines[headerIndex + 1].contains("---"))
        }
        for row in rows {
            #expect(tableParts.contains { $0.split(separator: "\n").contains { $0.contains("| \(row) ") && $0.contains("value number") } },
                    "row cut: \(row)")
        }
    }

    @Test("A code block over the budget is cut into code blocks of whole lines")
    func oversizeCodeBlock() throws {
        let lines = (0..<200).map { "print(\"line number \($0)\")" }
        let result = try chunks("```python\n" + lines.joined(separator: "\n") + "\n```\n", maxTokens: 50)
        #expect(result.count > 5)
        Self.checkBudget(result, maxTokens: 50)
        for chunk in result {
            #expect(chunk.content.hasPrefix("```python\n") && chunk.content.hasSuffix("\n```"), "each part is a fenced block")
        }
        let all = result.map(\.content).joined(separator: "\n")
        for line in lines { #expect(all.contains(line + "\n")) }
    }

    @Test("A paragraph over the budget is cut at sentences, a sentence over it at words")
    func oversizeParagraph() throws {
        let sentences = (0..<60).map { "This is sentence number \($0) of a long paragraph." }
        let long = String(repeating: "word ", count: 300) + "end."
        let result = try chunks(sentences.joined(separator: " ") + " " + long + "\n", maxTokens: 40)
        Self.checkBudget(result, maxTokens: 40)
        for sentence in sentences { #expect(result.contains { $0.content.contains(sentence) }, "sentence cut: \(sentence)") }
        let words = Self.words(result.map(\.content).joined(separator: " "))
        #expect(words.filter { $0 == "word" }.count == 300)
    }

    @Test("A list over the budget is cut between items, an ordered list keeping its numbers")
    func oversizeList() throws {
        let items = (1...40).map { "\($0). Step \($0) of the procedure is described here" }
        let result = try chunks(items.joined(separator: "\n") + "\n", maxTokens: 50)
        Self.checkBudget(result, maxTokens: 50)
        #expect(result.count > 3)
        for item in items { #expect(result.contains { $0.content.contains(item) }, "item cut or renumbered: \(item)") }
    }

    // MARK: Bad budgets

    @Test("A budget of 0, a negative overlap or one not below the budget is a typed error")
    func badOptions() {
        #expect(throws: TransmarkError.invalidOptionValue(key: "chunks", value: "0", accepted: "a number of tokens of at least 1")) {
            try DocumentChunker(options: .init(maxTokens: 0))
        }
        #expect(throws: TransmarkError.self) { try DocumentChunker(options: .init(maxTokens: 10, overlap: 10)) }
        #expect(throws: TransmarkError.self) { try DocumentChunker(options: .init(maxTokens: 10, overlap: -1)) }
    }

    @Test("A budget smaller than one word: each word is a chunk of its own, none dropped")
    func budgetBelowOneWord() throws {
        let text = "Pneumonoultramicroscopicsilicovolcanoconiosis is long. Supercalifragilisticexpialidocious too.\n\n# Antidisestablishmentarianism\n"
        let result = try chunks(text, maxTokens: 1)
        let words = Self.words(text)
        #expect(Self.words(result.map(\.content).joined(separator: " ")) == words)
        for chunk in result { #expect(!chunk.content.contains(" ") || chunk.tokenCount <= 1, "\(chunk.content)") }
        #expect(result.contains { $0.tokenCount > 1 }, "the long words are over the budget, alone")
    }

    @Test("An empty document has no chunks")
    func emptyDocument() throws {
        #expect(try chunks("", maxTokens: 10).isEmpty)
    }

    // MARK: Other backends

    @Test("Chunks of a backend whose blocks do not join as text are whole documents of their own")
    func jsonBackend() throws {
        let conversion = try Registry.standard.conversion(from: "markdown", to: "json-tree")
        let text = (0..<30).map { "## Part \($0)\n\nSome text for part \($0) goes here." }.joined(separator: "\n\n")
        let result = try conversion.chunks(of: Array(text.utf8), options: .init(maxTokens: 200))
        #expect(result.count > 1)
        for chunk in result {
            #expect((try? JSONSerialization.jsonObject(with: Data(chunk.content.utf8))) != nil, "chunk \(chunk.index) is not one JSON document")
        }
        #expect(throws: TransmarkError.self) { try conversion.chunks(of: Array(text.utf8), options: .init(maxTokens: 200, overlap: 5)) }
    }

    @Test("Blocks are rendered together and cut apart, unless the writer adds to the document's end: reference links keep their definitions")
    func referenceLinksKeepTheirDefinitions() throws {
        let conversion = try Registry.standard.conversion(from: "markdown", to: "markdown", options: ConversionOptions(["linkStyle": "reference"]))
        let text = (0..<40).map { "Paragraph \($0) links to [site \($0)](https://example.com/\($0))." }.joined(separator: "\n\n")
        let result = try conversion.chunks(of: Array(text.utf8), options: .init(maxTokens: 60))
        #expect(result.count > 3)
        for n in 0..<40 {
            let chunk = try #require(result.first { $0.content.contains("Paragraph \(n) links") })
            #expect(chunk.content.contains("https://example.com/\(n)"), "the definition of link \(n) is in its chunk")
        }
        // Inline links: the same words whether blocks are rendered together or alone.
        let inline = try Self.markdownToMarkdown.chunks(of: Array(text.utf8), options: .init(maxTokens: 60))
        #expect(inline.map(\.content).joined(separator: "\n\n") == (0..<40).map { "Paragraph \($0) links to [site \($0)](https://example.com/\($0))." }.joined(separator: "\n\n"))
    }

    @Test("Chunks rendered as plain text follow the same structure")
    func textBackend() throws {
        let conversion = try Registry.standard.conversion(from: "html", to: "text")
        let result = try conversion.chunks(of: try Corpus.bytes(Corpus.wikipedia), options: .init(maxTokens: 300))
        Self.checkBudget(result, maxTokens: 300)
        #expect(result.contains { $0.headings == ["HTML"] })
    }

    // MARK: Time

    @Test("Linear time: 2.5 MB of real Markdown, and 1 MB pathological shapes, each well within a generous bound")
    func linearTime() throws {
        let clock = ContinuousClock()
        let corpus = Array(try Data(contentsOf: TestPaths.corpus("corpus.md")))
        var count = 0
        let elapsed = try clock.measure {
            count = try Self.markdownToMarkdown.chunks(of: corpus, options: .init(maxTokens: 512, overlap: 32)).count
        }
        #expect(count > 1000)
        #expect(elapsed < .seconds(120), "2.5 MB took \(elapsed)")
        let shapes = [
            String(repeating: "word ", count: 200_000) + "\n",                       // one paragraph, no sentence end
            "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: 50_000), // a long table
            "```\n" + String(repeating: "x = 1\n", count: 150_000) + "```\n",          // a long code block
            String(repeating: "- item\n", count: 100_000),                             // a long list
            String(repeating: ">", count: 400) + " " + String(repeating: "Deep words here. ", count: 40_000) + "\n", // deep quotes over the budget at every level
        ]
        for shape in shapes {
            let shapeTime = try clock.measure {
                let result = try Self.markdownToMarkdown.chunks(of: Array(shape.utf8), options: .init(maxTokens: 100))
                Self.checkBudget(result, maxTokens: 100)
            }
            #expect(shapeTime < .seconds(120), "\(shape.prefix(12)) took \(shapeTime)")
        }
        // HTML: 3,000 nested divisions holding 20,000 paragraphs, over the budget at every level.
        let deep = String(repeating: "<div>", count: 3000) + String(repeating: "<p>A paragraph of a deep page.</p>", count: 20_000)
        var deepChunks: [DocumentChunk] = []
        let deepTime = try clock.measure {
            deepChunks = try Self.toMarkdown.chunks(of: Array(deep.utf8), options: .init(maxTokens: 100))
        }
        #expect(deepTime < .seconds(120), "deep divisions took \(deepTime)")
        #expect(deepChunks.map(\.content).joined().components(separatedBy: "A paragraph of a deep page.").count - 1 == 20_000)
    }

    // MARK: One rendering, cut

    @Test("With citations, each chunk lists the sources it cites, numbered as in the whole page")
    func citationsPerChunk() throws {
        let paragraphs = (1...30).map { "Paragraph \($0) cites [source \($0)](https://s\($0).example/) and [the hub](https://hub.example/)." }
        let conversion = try Registry.standard.conversion(from: "markdown", to: "markdown", transforms: [], options: ["linkStyle": "citations"])
        let result = try conversion.chunks(of: Array(paragraphs.joined(separator: "\n\n").utf8), options: .init(maxTokens: 60))
        #expect(result.count > 3)
        Self.checkBudget(result, maxTokens: 60)
        for chunk in result {
            // Every [n] in the text has its definition line in the same chunk, and no other.
            let cited = Set(chunk.content.matches(of: /\[(\d+)\](?!:)/).map { String($0.output.1) })
            let defined = Set(chunk.content.matches(of: #/(?m)^\[(\d+)\]: /#).map { String($0.output.1) })
            #expect(!cited.isEmpty && cited == defined, "chunk \(chunk.index): \(chunk.content)")
            #expect(chunk.content.contains("]: https://hub.example/"))
        }
        // Numbers are the whole page's: the last paragraph's source is number 31.
        #expect(result.last?.content.contains("[31]: https://s30.example/") == true)
    }

    @Test("Every option for models, on real pages: each chunk within budget with its sources, over it only for one word",
          arguments: Corpus.pages)
    func realPagesWithEveryOptionForModels(_ page: String) throws {
        let conversion = try Registry.standard.conversion(
            from: "html", to: "markdown", transforms: ["resolve-links", "clean-urls"],
            options: ["resolve-links.base": "https://example.com/page/", "linkStyle": "citations", "images": "end"])
        let result = try conversion.chunks(of: try Corpus.bytes(page), options: .init(maxTokens: 512, overlap: 64))
        #expect(!result.isEmpty)
        for chunk in result {
            #expect(chunk.tokenCount == Self.counter.tokenCount(of: chunk.content))
            // The chunk's end matter: its last lines that are sources or images. Every label in
            // its own text is defined there, and every entry there is shown in the text (the
            // overlap's included, which may start inside code).
            let lines = chunk.content.split(separator: "\n", omittingEmptySubsequences: false)
            var text = lines.count
            while text > 0, lines[text - 1].wholeMatch(of: /\[\d+\]: .*|!\[.*/) != nil { text -= 1 }
            let shown = lines[..<text].joined(separator: "\n")
            let own = String(decoding: shown.utf8.dropFirst(chunk.overlapByteCount), as: UTF8.self)
            // Labels: `[n]` after a space, a `]` or at a line's start, outside code.
            let prose = own.replacing(/(?s)```.*?(```|$)/, with: "").replacing(/`[^`\n]*`/, with: "")
            let cited = Set(prose.matches(of: /(?m)(?:^|[ \]])\[(\d+)\](?!: )/).map { String($0.output.1) })
            let defined = Set(lines[text...].compactMap { $0.firstMatch(of: #/^\[(\d+)\]: /#).map { String($0.output.1) } })
            #expect(cited.isSubset(of: defined), "chunk \(chunk.index) cites \(cited.subtracting(defined).sorted()) without their sources")
            for label in defined { #expect(shown.contains("[\(label)]"), "chunk \(chunk.index) lists [\(label)], which it does not show") }
            if chunk.tokenCount > 512 {
                // Only a single word whose one source is over the budget by itself.
                #expect(!own.trimmingCharacters(in: .whitespacesAndNewlines).contains { $0.isWhitespace }
                        && defined.count <= 1, "chunk \(chunk.index) has \(chunk.tokenCount) tokens: \(chunk.content.prefix(160))")
            }
        }
    }

    @Test("A nested list item starting a chunk is un-indented, and code keeps its fences and indentation")
    func slicesReadAsBlocks() throws {
        let items = (1...30).map { "  - nested item number \($0) with some words" }
        let code = (1...40).map { "    indented line \($0)" }
        let text = "- top\n" + items.joined(separator: "\n") + "\n\nA paragraph.\n\n```\n" + code.joined(separator: "\n") + "\n```\n"
        let result = try chunks(text, maxTokens: 40)
        Self.checkBudget(result, maxTokens: 40)
        for chunk in result {
            #expect(!chunk.content.hasPrefix("    "), "no chunk reads as indented code: \(chunk.content.prefix(40))")
            if chunk.content.contains("indented line") {
                #expect(chunk.content.contains("```\n    indented line") && chunk.content.hasSuffix("\n```"), "\(chunk.content)")
            }
        }
    }

    /// A chunk holds its content as UTF-8 bytes; `content` and `ownContent` are those bytes as
    /// strings (the overlap left out of `ownContent`), and both initialisers make the same chunk.
    @Test func contentIsItsBytes() {
        let text = "overlap words\n\nThe chunk's own text, with an é."
        let overlapBytes = "overlap words\n\n".utf8.count
        let fromString = DocumentChunk(index: 3, headings: ["A", "B"], content: text, overlapByteCount: overlapBytes, tokenCount: 12)
        let fromBytes = DocumentChunk(index: 3, headings: ["A", "B"], contentUTF8: Array(text.utf8), overlapByteCount: overlapBytes, tokenCount: 12)
        #expect(fromString == fromBytes)
        #expect(fromBytes.content == text)
        #expect(fromBytes.ownContent == "The chunk's own text, with an é.")
        #expect(fromBytes.contentUTF8.count == text.utf8.count)
    }
}
