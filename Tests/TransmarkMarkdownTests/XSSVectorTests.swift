import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// The 241 hostile HTML strings of `Tests/Data/suites/xss_vectors.json` (DOMPurify's and bleach's
/// fixtures) through every path that writes HTML a browser may load, with default (safe)
/// options: HTML → HTML, Markdown with raw HTML → HTML (`rawHTML=keep`), and HTML → Markdown →
/// libcmark-gfm's own renderer with raw HTML allowed (`CMARK_OPT_UNSAFE`, no tag filter) → HTML,
/// with every Markdown profile and escaping mode (but `escaping=none`, documented as unsafe).
/// Each output is tokenized as a browser would and parsed with the HTML frontend; no element that
/// runs or embeds code, no event handler and no `javascript:`/`vbscript:`/`data:text/html` URL may
/// survive.
@Suite struct XSSVectorTests {
    static let vectors = MarkupSafety.xssVectors

    /// The violations in an HTML output (`MarkupSafety.violations(in:)`).
    static func violations(in html: String) -> [String] { MarkupSafety.violations(in: html) }

    @Test func theSuiteIsThere() {
        #expect(Self.vectors.count == 241)
    }

    @Test func htmlToHTML() throws {
        var failures: [String] = []
        for (n, vector) in Self.vectors.enumerated() {
            let document = try HTMLFrontend().parse(vector)
            let html = String(decoding: try HTMLBackend().render(document, options: .init()), as: UTF8.self)
            let found = Self.violations(in: html)
            if !found.isEmpty { failures.append("#\(n): \(found) in \(html)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.vectors.count): \(failures.prefix(5))")
    }

    @Test(arguments: [true, false]) func markdownWithRawHTMLToHTML(tagFilter: Bool) throws {
        var reader = MarkdownFrontend.Options()
        if !tagFilter { reader.extensions.remove(.tagfilter) }
        var options = HTMLBackend.Options()
        options.rawHTML = .keep
        var failures: [String] = []
        for (n, vector) in Self.vectors.enumerated() {
            let document = try MarkdownFrontend().parse(vector, options: reader)
            let html = String(decoding: try HTMLBackend().render(document, options: options), as: UTF8.self)
            let found = Self.violations(in: html)
            if !found.isEmpty { failures.append("#\(n): \(found) in \(html)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.vectors.count): \(failures.prefix(5))")
    }

    @Test func htmlToMarkdownToCmarkUnsafe() throws {
        var failures: [String] = []
        for (n, vector) in Self.vectors.enumerated() {
            let document = try HTMLFrontend().parse(vector)
            let markdown = String(decoding: try MarkdownBackend().render(document, options: .init()), as: UTF8.self)
            let html = cmarkReferenceHTML(markdown, extensions: ["table", "strikethrough", "autolink", "tasklist"],
                                          footnotes: true, unsafe: true)
            let found = Self.violations(in: html)
            if !found.isEmpty { failures.append("#\(n): \(found) in \(markdown)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.vectors.count): \(failures.prefix(5))")
    }

    /// Every profile and escaping mode (`MarkupSafety.markdownSettings`), and the vectors as text
    /// (`<p>&lt;img onerror=…&gt;</p>`, what turndown's escaping left live) and as a link's
    /// destination with its `j` as a character reference (`&amp;#106;avascript:`).
    @Test(arguments: MarkupSafety.markdownSettings.indices)
    func htmlToMarkdownToCmarkUnsafeInEverySetting(setting: Int) throws {
        let options = MarkupSafety.markdownSettings[setting]
        var failures: [String] = []
        func check(_ html: String, _ label: String) throws {
            let document = try HTMLFrontend().parse(html)
            let markdown = String(decoding: try MarkdownBackend().render(document, options: try MarkdownBackend.Options(keyValues: options)), as: UTF8.self)
            let rendered = cmarkReferenceHTML(markdown, extensions: ["table", "strikethrough", "autolink", "tasklist"],
                                              footnotes: true, unsafe: true)
            let found = Self.violations(in: rendered)
            if !found.isEmpty { failures.append("\(label): \(found) in \(markdown.debugDescription)") }
        }
        for (n, vector) in Self.vectors.enumerated() {
            try check(vector, "#\(n)")
            var escaped = ByteOutput()
            HTMLEscaping.escapeText(vector, into: &escaped)
            try check("<p>" + escaped.string + "</p>", "#\(n) as text")
        }
        for url in ["&amp;#106;avascript:alert(1)", "&amp;#x6A;avascript:alert(1)", "&amp;#74;avascript:alert(1)",
                    "java&amp;#x09;script:alert(1)", "&amp;#0000106avascript:alert(1)", "&amp;Tab;javascript:alert(1)",
                    "jav&amp;#97;script:alert(1)", "vbscript&amp;colon;msgbox(1)", "data&amp;colon;text/html,<script>alert(1)</script>",
                    "javascript&amp;#58;alert(1)"] {
            try check("<p><a href=\"\(url)\">x</a> <img src=\"\(url)\" alt=\"y\"></p>", url)
        }
        #expect(failures.isEmpty, "\(options): \(failures.count) failures: \(failures.prefix(5))")
    }

    /// The checks themselves catch what they are meant to: with `unsafe`, vectors do get through.
    @Test func theChecksSeeUnsafeOutput() throws {
        var options = HTMLBackend.Options()
        options.unsafe = true
        var caught = 0
        for vector in Self.vectors {
            let document = try HTMLFrontend().parse(vector)
            let html = String(decoding: try HTMLBackend().render(document, options: options), as: UTF8.self)
            if !Self.violations(in: html).isEmpty { caught += 1 }
        }
        // (The HTML frontend itself drops script elements and the like, so only some vectors show;
        // MathML is read into math nodes, whose content is text, so the MathML vectors don't.)
        #expect(caught >= 19)
    }
}
