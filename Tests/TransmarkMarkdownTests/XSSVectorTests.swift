import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown

/// The 241 hostile HTML strings of `Tests/Data/suites/xss_vectors.json` (DOMPurify's and bleach's
/// fixtures) through every path that writes HTML a browser may load, with default (safe)
/// options: HTML → HTML, Markdown with raw HTML → HTML (`rawHTML=keep`), and HTML → Markdown →
/// libcmark-gfm's own renderer with raw HTML allowed (`CMARK_OPT_UNSAFE`, no tag filter) → HTML.
/// Each output is tokenized as a browser would and parsed with the HTML frontend; no element that
/// runs or embeds code, no event handler and no `javascript:`/`vbscript:`/`data:text/html` URL may
/// survive.
@Suite struct XSSVectorTests {
    static let vectors: [String] = {
        guard let list = try? TestPaths.json(TestPaths.suite("xss_vectors.json")) as? [String] else { return [] }
        return list
    }()

    static let forbiddenElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "base", "meta", "form", "svg", "math", "frame", "frameset",
        "applet", "link", "template", "noscript",
    ]

    /// The violations in an HTML output: forbidden elements, `on…` attributes, dangerous URLs.
    static func violations(in html: String) -> [String] {
        var found: [String] = []
        for token in HTMLTokenizer(html) {
            guard case .startTag(let tag) = token else { continue }
            let name = tag.name.lowercased()
            if forbiddenElements.contains(name) { found.append("element <\(name)>") }
            for attribute in tag.attributes {
                let attributeName = attribute.name.lowercased()
                if attributeName.hasPrefix("on") { found.append("attribute \(attributeName) on <\(name)>") }
                if isDangerousURL(attribute.value) && (HTMLNames.isURLAttribute(attributeName) || attributeName == "style") {
                    found.append("URL \(attributeName)=\(attribute.value) on <\(name)>")
                }
            }
        }
        // The same output as the HTML frontend builds it.
        if let document = try? HTMLFrontend().parse(html) {
            document.walk { event in
                guard case .enter(let node) = event else { return .proceed }
                switch node.kind {
                case .division(let tag) where forbiddenElements.contains(tag.lowercased()),
                     .custom(let tag) where forbiddenElements.contains(tag.lowercased()):
                    found.append("tree element \(tag)")
                case .link(let url, _) where isDangerousURL(url), .image(let url, _, _) where isDangerousURL(url):
                    found.append("tree URL \(url)")
                default:
                    break
                }
                for attribute in node.attributes where attribute.name.lowercased().hasPrefix("on") {
                    found.append("tree attribute \(attribute.name)")
                }
                return .proceed
            }
        } else {
            found.append("output does not parse")
        }
        return found
    }

    /// `javascript:`, `vbscript:` or `data:text/html`, read as a browser reads a URL.
    static func isDangerousURL(_ url: String) -> Bool {
        guard let scheme = URLSafety.scheme(of: url) else { return false }
        if scheme == "javascript" || scheme == "vbscript" { return true }
        guard scheme == "data" else { return false }
        let compact = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        return compact.hasPrefix("data:text/html")
    }

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
        // (The HTML frontend itself drops script elements and the like, so only some vectors show.)
        #expect(caught >= 20)
    }
}
