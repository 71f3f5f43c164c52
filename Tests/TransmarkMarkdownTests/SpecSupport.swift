import CCmarkGFM
import Foundation
import TestSupport
import TransmarkCore
import TransmarkHTML
@testable import TransmarkMarkdown

/// One example of a spec suite file.
struct SpecExample: Sendable, CustomStringConvertible {
    let number: Int
    let section: String
    let markdown: String
    let html: String
    let extensions: [String]
    let disabled: Bool

    var description: String { "example \(number) (\(section))" }

    static func load(_ file: String) throws -> [SpecExample] {
        let records = try TestPaths.json(TestPaths.suite(file)) as! [[String: Any]]
        return records.map { r in
            SpecExample(
                number: r["example"] as! Int, section: r["section"] as? String ?? "",
                markdown: r["markdown"] as! String, html: r["html"] as! String,
                extensions: r["extensions"] as? [String] ?? [], disabled: r["disabled"] as? Bool ?? false)
        }
    }
}

/// Converts Markdown to HTML through the Transmark tree, with the given extensions.
func transmarkHTML(_ markdown: String, extensions: [String], footnotes: Bool, unsafe: Bool = true) throws -> String {
    var options = MarkdownFrontend.Options()
    options.extensions = Set(extensions.compactMap(MarkdownExtension.init(rawValue:)))
    options.footnotes = footnotes
    let document = try MarkdownFrontend().parse(markdown, options: options)
    var htmlOptions = HTMLBackend.Options()
    htmlOptions.unsafe = unsafe
    return try HTMLBackend().renderString(document, options: htmlOptions)
}

/// libcmark-gfm's own HTML renderer, for comparison (the oracle the HTML backend must equal), on
/// the parse Transmark makes: with the syntax extensions Transmark attaches (its own autolink and
/// tasklist extensions in place of the library's; `AutolinkTests` and `TasklistTests` compare
/// those with the library's).
func cmarkReferenceHTML(_ markdown: String, extensions: [String], footnotes: Bool, unsafe: Bool = true) -> String {
    CmarkLibrary.withLock {
        var options = CMARK_OPT_VALIDATE_UTF8
        if footnotes { options |= CMARK_OPT_FOOTNOTES }
        if unsafe { options |= CMARK_OPT_UNSAFE }
        let parser = cmark_parser_new(options)!
        defer { cmark_parser_free(parser) }
        for name in extensions {
            let ext = MarkdownExtension(rawValue: name).flatMap(CmarkLibrary.syntaxExtension(for:)) ?? cmark_find_syntax_extension(name)
            if let ext { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var input = Array(markdown.utf8)
        input.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress!, $0.count) }
        }
        let root = cmark_parser_finish(parser)!
        defer { cmark_node_free(root) }
        let rendered = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser))!
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
