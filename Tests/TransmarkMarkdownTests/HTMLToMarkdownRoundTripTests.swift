import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// HTML → tree → Markdown → tree, and HTML → Markdown → HTML, on every HTML fixture and every
/// page of `Tests/Data/corpus/web/`.
///
/// **Text** (a): the non-whitespace characters of the text, in order, are the same before and
/// after. Text is what a reader sees: text nodes, code spans and code blocks (alt text is the
/// text below an image). Raw HTML that the writer produced for a fallback (a table, a
/// definition list, `<u>`…) counts by the text it holds: it is parsed with the HTML frontend.
///
/// **Structure Markdown can hold** (a): the sequence of node kinds met in document order, after
/// - dropping kinds with no Markdown syntax whose policy is `text` or `html` (division, span,
///   underline, superscript, subscript, highlight, definition list/term/definition, raw HTML):
///   their content stays in the sequence, their own kind does not;
/// - dropping paragraphs and soft breaks (the HTML tree has no invented paragraphs, Markdown
///   has nothing but paragraphs for inline content in containers) and line breaks at the end of
///   a block (they mean nothing in HTML either);
/// - dropping the whole subtree of a table a pipe table cannot hold (it is written as HTML);
/// - dropping emphasis, strong and strikethrough around whitespace only (written as the
///   whitespace), and counting `<em>`, `<strong>`, `<del>` written as inline HTML (where
///   delimiters could not open or close) as the kinds they are;
/// - dropping lists without items and empty cells at the end of a table row (a pipe table gives
///   every row the header's width), counting a definition term as `strong` when definition
///   lists are written as text, and inline `<br>` (line breaks in table cells and ATX headings)
///   as a line break;
/// - dropping the kinds of blocks inside a heading (a Markdown heading is one line: their
///   content joins it, a code block as a code span), counting such a code block as `code`;
/// - writing lists as `list(ordered)` / `list(bullet)` and headings with their level.
@Suite struct HTMLToMarkdownRoundTripTests {
    static let htmlFixtures: [URL] = {
        let fm = FileManager.default
        var inputs: [URL] = []
        for folder in ["html", "html-to-markdown"] {
            let root = TestPaths.fixtures.appendingPathComponent(folder)
            guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.lastPathComponent == "input.html" { inputs.append(url) }
        }
        return inputs.sorted { $0.path < $1.path }
    }()

    static let webPages: [URL] = {
        let dir = TestPaths.corpus("web")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted().map { dir.appendingPathComponent($0) }
    }()

    /// Fixtures whose HTML → Markdown → HTML rendering is expected to differ from HTML → HTML,
    /// with reasons. (Task boxes, details, forms, hidden elements, MathML, list numbering types
    /// and `white-space: pre` runs all match after the normalization, which collapses
    /// whitespace: the spaces `white-space: pre` keeps are a style, span policy `text`.)
    static let renderingDifferences: [String: String] = [
        "html-to-markdown/table-headerless-empty-header": headerless,
        "html-to-markdown/table-headerless-promote": headerless,
        "html-to-markdown/table-no-thead": headerless,
        "html/deep-formatting-reopen-in-cells": headerless,
        "html/repair-table-rows-implied-end": headerless,
        "html/repair-table-stray-text": headerless,
        "html-to-markdown/table-complex-text": headerless,
        "html-to-markdown/table-colspan": spans,
        "html-to-markdown/table-spans-padded": spans,
        "html/table-colspan-rowspan": spans,
        "html-to-markdown/pandoc-tables": headerless,
        "html-to-markdown/table-caption": caption,
        "html/table-caption-and-sections": caption,
        "html-to-markdown/page-wikipedia-table": caption,
    ]
    /// `complexTable=auto`: a table without a header row is a pipe table with an empty one.
    static let headerless = "a table without a header row is written as a pipe table with an empty header row (complexTable=auto, tableHeader=empty)"
    /// `complexTable=auto`: spans are padded with empty cells.
    static let spans = "colspan/rowspan are padded with empty cells in a pipe table (complexTable=auto)"
    /// `complexTable=auto`: a caption is a paragraph before the pipe table.
    static let caption = "a table's caption is written as a paragraph before its pipe table (complexTable=auto)"

    /// turndown's escaping rules (the `turndown` profile's `escaping=turndown`, chosen to match
    /// turndown's output) leave `&`, `~`, GFM autolink text and `<` that opens no tag alone
    /// (unlike turndown, `<` before a tag name is escaped unless `unsafe`): references written as
    /// text read back as entities, `~~` as strikethrough, `www.`/`http://` text as links. The
    /// same pages round-trip under `gfm` and `commonmark`.
    static let turndownEscaping = "turndown's escaping leaves &, ~ and autolink text unescaped, so some text reads back as references, strikethrough or links"
    /// GFM's extended email autolinks (`a@b.c` in text) are found after inline parsing, on the
    /// text itself: no backslash or character reference stops them. The text is unchanged; a
    /// link is added.
    static let emailAutolink = "an e-mail address in text (english@peopledaily.com.cn) is autolinked by GFM whatever the escaping: the text is the same, a link is added"

    /// Tree round trips expected to differ, by "name [profile]" (fixtures by folder, web pages by
    /// file name), with reasons. A listed entry that starts to round-trip fails the test, and so
    /// does a listed web page the project does not carry (`fixturesAndPagesFound`).
    static let treeRoundTripDifferences: [String: String] = [
        "html-to-markdown/escape-inline-syntax [turndown]": turndownEscaping,
        "html-to-markdown/pandoc-escaping [turndown]": turndownEscaping,
        "html/entity-double-escaped [turndown]": turndownEscaping,
        "html-to-markdown/escaping-none [turndown]": turndownEscaping,
        "Goldziher__html-to-markdown__test_documents__html__wikipedia__small_html.html [turndown]": turndownEscaping,
        "inikulin__parse5__test__data__location-info__whatwg-html__data.html [turndown]": turndownEscaping,
        "scinfu__SwiftSoup__Tests-macOS__corpus__Wikipedia.html [gfm]": emailAutolink,
        "scinfu__SwiftSoup__Tests-macOS__corpus__Wikipedia.html [turndown]": emailAutolink,
    ]

    static func fixtureName(_ input: URL) -> String {
        input.deletingLastPathComponent().path.replacingOccurrences(of: TestPaths.fixtures.path + "/", with: "")
    }

    // MARK: (a) tree round trip

    @Test(arguments: htmlFixtures)
    func fixtureTreeRoundTrip(_ input: URL) throws {
        try checkTreeRoundTrip(Array(try Data(contentsOf: input)), name: Self.fixtureName(input))
    }

    @Test(arguments: webPages)
    func webPageTreeRoundTrip(_ page: URL) throws {
        try checkTreeRoundTrip(Array(try Data(contentsOf: page)), name: page.lastPathComponent)
    }

    @Test func fixturesAndPagesFound() {
        #expect(Self.htmlFixtures.count >= 150)
        // The 15 pages of Tests/Data/corpus/web/ (see Tests/Data/PROVENANCE.md).
        #expect(Self.webPages.count >= 15)
        let pages = Set(Self.webPages.map(\.lastPathComponent))
        for key in Self.treeRoundTripDifferences.keys where !key.hasPrefix("html") {
            let page = String(key[..<key.lastIndex(of: " ")!])
            #expect(pages.contains(page), "\(key) is listed as differing but \(page) is not in Tests/Data/corpus/web/")
        }
    }

    func checkTreeRoundTrip(_ html: [UInt8], name: String) throws {
        // The pandoc profile writes pandoc's syntax ({#id}, :::, ^sup^), which cmark-gfm does not
        // read: PandocRoundTripTests reads it back with pandoc.
        for profile in MarkdownBackend.Options.Profile.allCases where profile.readsBackWithCmark {
            let problems = try Self.treeRoundTripProblems(html, name: name, profile: profile)
            let key = "\(name) [\(profile.rawValue)]"
            if let reason = Self.treeRoundTripDifferences[key] {
                #expect(!problems.isEmpty, "\(key) is listed as differing (\(reason)) but now round-trips: remove it from the list")
            } else {
                for problem in problems { Issue.record(Comment(rawValue: problem)) }
            }
        }
    }

    /// Whether the document holds math nodes (written as `$…$`, read back with `math` on).
    static func holdsMath(_ document: Document) -> Bool {
        document.events().contains { event in
            guard case .enter(let node) = event else { return false }
            return node.tag == .inlineMath || node.tag == .displayMath
        }
    }

    static func treeRoundTripProblems(_ html: [UInt8], name: String, profile: MarkdownBackend.Options.Profile) throws -> [String] {
        var options = MarkdownBackend.Options(profile: profile)
        // Layout tables are written as their content by design (their grid is not kept): the
        // round trip of tables is checked with every table written as a table.
        options.layoutTables = .table
        let first = try HTMLFrontend().parse(html)
        let markdown = try MarkdownBackend().render(first, options: options)
        var reader = MarkdownFrontend.Options()
        reader.extensions = options.gfm ? Set(MarkdownExtension.allCases) : []
        // Math is written as `$…$`, which only a reader with math on reads back as math.
        reader.math = Self.holdsMath(first)
        let second = try MarkdownFrontend().parse(markdown, options: reader)
        var problems: [String] = []
        // Without GFM footnotes are text (`\\[^1\\]`, `\\[^1\\]: note`), so they are compared as
        // that text.
        let textBefore = visibleText(first, footnotesAsText: !options.gfm)
        let textAfter = visibleText(second)
        if textBefore != textAfter {
            problems.append("\(name) [\(profile)]: text differs at \(firstDifference(textBefore, textAfter))")
        }
        let before = structure(first, options: options)
        let after = structure(second, options: options)
        if before != after {
            problems.append("\(name) [\(profile)]: structure differs at \(firstDifference(before, after))")
        }
        return problems
    }

    /// Non-whitespace characters of the visible text; raw HTML counts by the text it holds.
    static func visibleText(_ document: Document, footnotesAsText: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var rawInline = ""
        func add(_ s: String) {
            for c in s.unicodeScalars where !c.properties.isWhitespace { out.append(c) }
        }
        func flushRaw() {
            if rawInline.isEmpty { return }
            if let parsed = try? HTMLFrontend().parse(rawInline) { add(text(of: parsed)) }
            rawInline = ""
        }
        for case .enter(let node) in document.events() {
            switch node.tag {
            case .htmlInline:
                rawInline += node.text
            case .htmlBlock:
                flushRaw()
                rawInline = node.text
                flushRaw()
            case .footnoteReference where footnotesAsText:
                flushRaw()
                if case .footnoteReference(let label) = node.kind { add("[^" + label + "]") }
            case .footnoteDefinition where footnotesAsText:
                flushRaw()
                if case .footnoteDefinition(let label) = node.kind { add("[^" + label + "]:") }
            case .text, .code, .codeBlock:
                // Text between inline tags (`<u>x</u>`) is plain text in the Markdown tree.
                flushRaw()
                add(node.text)
            default:
                break
            }
        }
        flushRaw()
        return String(out)
    }

    static func text(of document: Document) -> String {
        var s = ""
        for case .enter(let node) in document.events() where [.text, .code, .codeBlock].contains(node.tag) { s += node.text }
        return s
    }

    /// Kinds with no Markdown syntax: their own kind is not compared, their content is.
    static let kindsWithoutSyntax: Set<NodeKind.Tag> = [
        .division, .span, .underline, .superscript, .subscript, .highlight, .definitionList, .term,
        .definition, .htmlInline, .htmlBlock, .paragraph, .softBreak, .custom, .document,
    ]

    /// Inline HTML the writer produces for kinds it cannot write as delimiters there: emphasis
    /// that cannot flank, strikethrough right after strikethrough, and line breaks in table
    /// cells and ATX headings (one line each).
    static let inlineHTMLKinds: [String: String] = [
        "<em>": "emphasis", "<strong>": "strong", "<del>": "strikethrough", "<s>": "strikethrough",
        "<strike>": "strikethrough", "<br>": "lineBreak",
    ]

    /// The sequence of node kinds Markdown can hold (see the suite's comment).
    static func structure(_ document: Document, options: MarkdownBackend.Options) -> [String] {
        var out: [String] = []
        var skipUntilExit: NodeID?
        var headingDepth = 0
        for event in document.events() {
            switch event {
            case .exit(let node):
                if node.tag == .heading { headingDepth -= 1 }
                if node.id == skipUntilExit {
                    skipUntilExit = nil
                } else if node.tag == .table && skipUntilExit == nil && options.gfm {
                    // A pipe table counts once, at its end: its caption is written before it,
                    // and its rows and cells are not compared (an empty header row and cells
                    // padding spans come in; the text check still sees every cell's text).
                    out.append("table")
                }
            case .enter(let node):
                if node.tag == .heading { headingDepth += 1 }
                guard skipUntilExit == nil else { continue }
                if headingDepth > 0 && node.tag.isBlock && node.tag != .heading {
                    // A block inside a heading: its content is written into the heading's line.
                    if node.tag == .codeBlock && !node.text.allSatisfy(\.isWhitespace) { out.append("code") }
                    continue
                }
                if node.tag == .table && (!options.gfm || !writesPipeTable(node, options: options)) || node.tag == .definitionList && options.definitionList != .text {
                    skipUntilExit = node.id
                    continue
                }
                if node.tag == .htmlInline, let kind = inlineHTMLKinds[node.text], options.gfm || kind != "strikethrough" {
                    // Emphasis the writer had to write as inline HTML (it could not flank).
                    out.append(kind)
                    continue
                }
                if node.tag == .link && options.dropEmptyLinks && showsNothing(node) {
                    // A link that shows nothing is left out (`dropEmptyLinks`).
                    skipUntilExit = node.id
                    continue
                }
                if node.tag == .term && options.definitionList == .text { out.append("strong"); continue }
                if kindsWithoutSyntax.contains(node.tag) { continue }
                if [.emphasis, .strong, .strikethrough].contains(node.tag) && node.plainText.allSatisfy(\.isWhitespace)
                    && !node.children.contains(where: { [.image, .code, .lineBreak].contains($0.tag) }) {
                    // Formatting around nothing but whitespace is written as the whitespace.
                    continue
                }
                if node.tag == .strikethrough && !options.gfm { continue }
                if (node.tag == .footnoteReference || node.tag == .footnoteDefinition) && !options.gfm { continue }
                if node.tag == .lineBreak && isLastInBlock(node) { continue }
                if node.tag == .list && node.firstChild == nil { continue }
                if node.tag == .tableRow || node.tag == .tableCell { continue }
                if node.tag == .text || node.tag == .code && node.text.allSatisfy(\.isWhitespace) { continue }
                switch node.kind {
                case .list(let a): out.append(a.isOrdered ? "list(ordered)" : "list(bullet)")
                case .heading(let level): out.append("heading(\(level))")
                case .table:
                    continue
                default: out.append(node.tag.name)
                }
            }
        }
        return out.filter { !$0.isEmpty }
    }

    /// Whether a link holds nothing but whitespace text and empty inline elements (at most 16
    /// nodes), as the writer's rule for leaving it out says.
    static func showsNothing(_ link: Node) -> Bool {
        let shown: Set<NodeKind.Tag> = [.span, .emphasis, .strong, .underline, .strikethrough, .highlight,
                                        .superscript, .subscript, .softBreak]
        var count = 0
        for case .enter(let node) in link.document.events(from: link.id) where node.id != link.id {
            count += 1
            if count > 16 { return false }
            if node.tag == .text { if !node.text.utf8.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return false } } else if !shown.contains(node.tag) { return false }
        }
        return true
    }

    /// Whether the writer writes the table as a pipe table (`writesPipeTable` in the writer):
    /// always when one holds it as it is; else by `complexTable` (`auto` and `grid`: unless cells
    /// hold blocks).
    static func writesPipeTable(_ table: Node, options: MarkdownBackend.Options) -> Bool {
        if isPipeTable(table) { return true }
        var blocks = false
        for (n, child) in table.children.enumerated() {
            if child.tag == .division, n == 0, case .division("caption") = child.kind { continue }
            guard child.tag == .tableRow else { return false }
            for cell in child.children {
                guard cell.tag == .tableCell else { return false }
                let blockChildren = cell.children.filter { $0.tag.isBlock }
                if blockChildren.count > 1 || blockChildren.contains(where: { $0.tag != .paragraph }) { blocks = true }
            }
        }
        if !table.children.contains(where: { $0.tag == .tableRow && $0.firstChild != nil }) { return false }
        switch options.complexTable {
        case .pipe: return true
        case .auto, .grid: return !blocks
        case .html, .text: return false
        }
    }

    static func isPipeTable(_ table: Node) -> Bool {
        var rows = 0
        for row in table.children {
            guard row.tag == .tableRow else { return false }
            if case .tableRow(let header) = row.kind, header != (rows == 0) { return false }
            rows += 1
            for cell in row.children {
                guard case .tableCell(let a) = cell.kind, a.columnSpan == 1, a.rowSpan == 1 else { return false }
                var paragraphs = 0
                for child in cell.children where child.tag.isBlock {
                    if child.tag != .paragraph { return false }
                    paragraphs += 1
                }
                if paragraphs > 1 { return false }
            }
        }
        return rows > 0
    }

    /// A line break followed by nothing but whitespace text and line breaks in its block: breaks
    /// ending a block have no Markdown syntax (a hard break needs content after it) and show at
    /// most empty lines.
    static func isLastInBlock(_ node: Node) -> Bool {
        var current: Node? = node
        while let n = current {
            var next = n.nextSibling
            while let s = next, s.tag == .text && s.text.allSatisfy(\.isWhitespace) || s.tag == .softBreak || s.tag == .lineBreak { next = s.nextSibling }
            if let next { return next.tag.isBlock }
            guard let p = n.parent, !p.tag.isBlock else { return true }
            current = p
        }
        return true
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a), y = Array(b)
        var k = 0
        while k < x.count && k < y.count && x[k] == y[k] { k += 1 }
        return "\(k): …\(String(x[max(0, k - 30)..<min(x.count, k + 30)]))… vs …\(String(y[max(0, k - 30)..<min(y.count, k + 30)]))…"
    }

    static func firstDifference(_ a: [String], _ b: [String]) -> String {
        var k = 0
        while k < a.count && k < b.count && a[k] == b[k] { k += 1 }
        return "\(k): \(a[max(0, k - 3)..<min(a.count, k + 4)]) vs \(b[max(0, k - 3)..<min(b.count, k + 4)])"
    }

    // MARK: (b) rendering

    /// HTML → Markdown → HTML equals HTML → tree → HTML after normalization (see `normalized`).
    @Test(arguments: htmlFixtures)
    func renderingMatches(_ input: URL) throws {
        try checkRendering(input, name: Self.fixtureName(input))
    }

    func checkRendering(_ input: URL, name: String) throws {
        let html = Array(try Data(contentsOf: input))
        let tree = try HTMLFrontend().parse(html)
        var htmlOptions = HTMLBackend.Options()
        htmlOptions.unsafe = true
        let direct = String(decoding: try HTMLBackend().render(tree, options: htmlOptions), as: UTF8.self)
        var markdownOptions = MarkdownBackend.Options()
        markdownOptions.layoutTables = .table   // layout tables lose their grid by design
        let markdown = try MarkdownBackend().render(tree, options: markdownOptions)
        var reader = MarkdownFrontend.Options()
        reader.extensions = Set(MarkdownExtension.allCases)
        reader.math = Self.holdsMath(tree)
        let viaMarkdown = String(decoding: try HTMLBackend().render(MarkdownFrontend().parse(markdown, options: reader), options: htmlOptions), as: UTF8.self)
        let a = Self.normalized(direct), b = Self.normalized(viaMarkdown)
        if let reason = Self.renderingDifferences[name] {
            #expect(a != b, "\(name) is listed as differing (\(reason)) but now matches: remove it from the list")
        } else {
            #expect(a == b, "\(name): rendering differs at \(Self.firstDifference(a, b))\nMarkdown:\n\(String(decoding: markdown, as: UTF8.self))")
        }
    }

    /// Tags whose markup is not compared: paragraphs (implicit in the HTML tree), divisions and
    /// spans (text policy), table sections (pipe tables always have them), `<html>`/`<body>`.
    static let ignoredTags: Set<String> = [
        "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "figure",
        "figcaption", "address", "hgroup", "center", "span", "thead", "tbody", "tfoot", "html", "body",
        "details", "summary", "fieldset", "legend", "form", "caption", "colgroup", "col",
    ]
    /// Attributes compared, by element: the ones that element gives a meaning Markdown can hold.
    /// Every other attribute (class, id, style, data-*, `src` on a link) is dropped.
    static let keptAttributes: [String: Set<String>] = [
        "a": ["href", "title"], "img": ["src", "alt", "title"], "ol": ["start"],
        "td": ["colspan", "rowspan"], "th": ["colspan", "rowspan"],
    ]

    /// Inline elements: whitespace next to them is text (`a <em>b</em>` is not `a<em>b</em>`).
    /// Every other tag is a block boundary, next to which whitespace means nothing.
    static let inlineTags: Set<String> = [
        "a", "em", "strong", "b", "i", "code", "del", "s", "strike", "u", "ins", "sup", "sub", "mark", "img",
        "span", "q", "abbr", "kbd", "samp", "var", "cite", "dfn", "small", "big", "font", "input", "label",
    ]

    enum Token: Equatable {
        case text(String)
        case open(String, String)  // name, full normalized tag
        case close(String)
        case boundary
    }

    /// The normalization, in this order:
    /// - tags in `ignoredTags` are removed: inline ones (`span`) as if they were not there, the
    ///   others leaving a block boundary; attributes not in `keptAttributes` are dropped and
    ///   `<br />` is `<br>`; a negative `start` of an `ol` is 0 (Markdown numbers are not negative);
    /// - every run of whitespace is one space; whitespace next to a block boundary or a `<br>`
    ///   is removed, whitespace at the start or end inside an inline element moves outside it
    ///   (both render the same; the Markdown writer moves it outside delimiters);
    /// - elements that show nothing are removed: empty inline elements (`<strong></strong>`),
    ///   lists without items (Markdown has no syntax for them), empty cells at the end of a
    ///   table row (a pipe table gives every row the header's width, and an empty cell shows
    ///   the same as a missing one), rows without cells and tables without rows, and a `<br>`
    ///   ending a block (it shows nothing either; the writer drops it). A `<br>` starting a
    ///   block, or two in a row, still count.
    /// - inside a heading, block tags are a space (a Markdown heading is one line: the writer
    ///   joins a paragraph, list or code block inside `<h2>` to it).
    static func normalized(_ html: String) -> String {
        var tokens: [Token] = []
        var text = ""
        var i = html.startIndex
        func flushText() {
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
        }
        while i < html.endIndex {
            if html[i] == "<", let close = html[i...].firstIndex(of: ">") {
                let inner = html[html.index(after: i)..<close]
                if inner.hasPrefix("!--") {
                    guard let end = html[i...].range(of: "-->") else { break }
                    text += html[i..<end.upperBound]
                    i = end.upperBound
                    continue
                }
                var parts = inner.split(separator: " ", maxSplits: 1).map(String.init)
                var name = parts.isEmpty ? "" : parts.removeFirst().lowercased()
                if name.hasSuffix("/") { name.removeLast() }
                let isClose = name.hasPrefix("/")
                var bare = isClose ? String(name.dropFirst()) : name
                // GFM's `~~` reads back as `del`, whichever of `s`, `strike`, `del` it was written for.
                if bare == "s" || bare == "strike" { bare = "del" }
                i = html.index(after: close)
                if ignoredTags.contains(bare) {
                    if !inlineTags.contains(bare) {
                        flushText()
                        tokens.append(.boundary)
                    }
                    continue
                }
                flushText()
                if isClose {
                    tokens.append(.close(bare))
                    continue
                }
                var attrs: [String] = []
                if let rest = parts.first {
                    // name="value" pairs (the HTML backend always quotes values).
                    var r = Substring(rest)
                    while let eq = r.firstIndex(of: "=") {
                        let key = r[..<eq].trimmingCharacters(in: .whitespaces)
                        let afterEq = r[r.index(after: eq)...]
                        guard afterEq.first == "\"", let endQuote = afterEq.dropFirst().firstIndex(of: "\"") else { break }
                        let value = afterEq[afterEq.index(after: afterEq.startIndex)..<endQuote]
                        if bare == "ol" && key == "start", let n = Int(value), n < 0 {
                            // Markdown list numbers start at 0 or more: a negative start is written from 0.
                            attrs.append("start=\"0\"")
                        } else if keptAttributes[bare]?.contains(key) == true {
                            attrs.append("\(key)=\"\(value)\"")
                        }
                        r = afterEq[afterEq.index(after: endQuote)...]
                    }
                }
                let full = "<" + ([bare] + attrs.sorted()).joined(separator: " ") + ">"
                if bare == "br" || bare == "hr" || bare == "img" || bare == "input" {
                    tokens.append(.open(bare, full))
                    tokens.append(.close(bare))
                } else {
                    tokens.append(.open(bare, full))
                }
            } else {
                text.append(html[i])
                i = html.index(after: i)
            }
        }
        flushText()
        // Collapse whitespace, then merge adjacent text.
        tokens = tokens.map {
            guard case .text(let t) = $0 else { return $0 }
            let words = t.split(whereSeparator: { $0.isWhitespace })
            if words.isEmpty { return .text(" ") }
            var out = words.joined(separator: " ")
            if t.first!.isWhitespace { out = " " + out }
            if t.last!.isWhitespace { out += " " }
            return .text(out)
        }
        func merged(_ tokens: [Token]) -> [Token] {
            var out: [Token] = []
            for t in tokens {
                if case .text(let b) = t, case .text(let a)? = out.last {
                    out[out.count - 1] = .text((a + b).replacingOccurrences(of: "  ", with: " "))
                } else if case .text(let b) = t, b.isEmpty {
                    continue
                } else {
                    out.append(t)
                }
            }
            return out
        }
        func isBlock(_ t: Token) -> Bool {
            switch t {
            case .boundary: return true
            case .open(let n, _), .close(let n): return !inlineTags.contains(n) || n == "br"
            case .text: return false
            }
        }
        var headingDepth = 0
        tokens = tokens.map { t in
            switch t {
            case .open(let n, _) where ["h1", "h2", "h3", "h4", "h5", "h6"].contains(n): headingDepth += 1
            case .close(let n) where ["h1", "h2", "h3", "h4", "h5", "h6"].contains(n): headingDepth -= 1
            case .open("br", _), .close("br"): break
            default: if headingDepth > 0 && isBlock(t) { return .text(" ") }
            }
            return t
        }
        var changed = true
        while changed {
            changed = false
            tokens = merged(tokens)
            var out: [Token] = []
            var k = 0
            while k < tokens.count {
                let t = tokens[k]
                let next: Token? = k + 1 < tokens.count ? tokens[k + 1] : nil
                switch (t, next) {
                case (.open(let n, _), .close(let m)?) where n == m && n != "br" && n != "hr" && n != "img" && n != "input"
                    && (inlineTags.contains(n) || n == "ul" || n == "ol" || n == "tr"):
                    // An empty inline element, a list without items or a row without cells.
                    k += 2; changed = true; continue
                case (.open("table", _), _):
                    // A table without rows (only the boundaries of its empty sections inside).
                    var j = k + 1
                    while j < tokens.count && tokens[j] == .boundary { j += 1 }
                    if j < tokens.count && tokens[j] == .close("table") {
                        out.append(.boundary); k = j + 1; changed = true; continue
                    }
                case (.open("td", _), .close("td")?) where k + 2 < tokens.count && tokens[k + 2] == .close("tr"):
                    k += 2; changed = true; continue
                case (.open(let n, let full), .text(let x)?) where inlineTags.contains(n) && n != "br" && x.hasPrefix(" "):
                    out.append(.text(" ")); out.append(.open(n, full)); out.append(.text(String(x.dropFirst())))
                    k += 2; changed = true; continue
                case (.text(let x), .close(let n)?) where inlineTags.contains(n) && n != "br" && x.hasSuffix(" "):
                    out.append(.text(String(x.dropLast()))); out.append(.close(n)); out.append(.text(" "))
                    k += 2; changed = true; continue
                case (.text(let x), _) where x.hasSuffix(" ") && (next.map(isBlock) ?? true):
                    out.append(.text(String(x.dropLast()))); k += 1; changed = true; continue
                case (.text(let x), _) where x.hasPrefix(" ") && (out.last.map(isBlock) ?? true):
                    out.append(.text(String(x.dropFirst()))); k += 1; changed = true; continue
                case (.open("br", _), .close("br")?):
                    // A `<br>` ending a block (possibly inside inline elements) shows nothing.
                    var j = k + 2
                    while j < tokens.count, case .close(let n) = tokens[j], inlineTags.contains(n) && n != "br" { j += 1 }
                    if j == tokens.count || tokens[j] == .boundary || isBlock(tokens[j]) && tokens[j] != .open("br", "<br>") {
                        k += 2; changed = true; continue
                    }
                default:
                    break
                }
                out.append(t)
                k += 1
            }
            tokens = out
        }
        return tokens.map {
            switch $0 {
            case .text(let t): return t
            case .open(_, let full): return full
            case .close(let n): return n == "br" || n == "hr" || n == "img" || n == "input" ? "" : "</\(n)>"
            case .boundary: return ""
            }
        }.joined()
    }
}
