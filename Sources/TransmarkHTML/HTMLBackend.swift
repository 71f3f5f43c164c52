import TransmarkCore

/// Writes HTML. For documents read from Markdown the output equals libcmark-gfm's own HTML
/// renderer byte for byte; other node kinds (underline, spans, divisions, definition lists, …) and
/// node attributes and styles are written as the HTML elements they came from.
///
/// Safe by default: raw HTML nodes are replaced by `<!-- raw HTML omitted -->`, dangerous URLs
/// (`javascript:`, `vbscript:`, `file:`, non-image `data:`) are emptied, event-handler attributes
/// (`on…`) are dropped and elements that can run or embed code are written as `div`/`span`.
/// `unsafe=true` passes all of it through, as cmark's `--unsafe` does.
public struct HTMLBackend: Backend {
    /// How soft line breaks are written.
    public enum SoftBreak: String, CaseIterable, Sendable {
        /// A newline (the default, like cmark).
        case newline
        /// A space (cmark's `--nobreaks`).
        case space
        /// A `<br />` (cmark's `--hardbreaks`).
        case hard
    }

    /// Options of the HTML writer.
    public struct Options: FormatOptions {
        /// Pass raw HTML, event handlers and every URL through unchanged.
        public var unsafe = false
        /// How soft line breaks are written.
        public var softBreak = SoftBreak.newline
        /// Write a complete document (`<!DOCTYPE html>`, `<head>` with charset, `<body>`).
        public var standalone = false
        /// The `<title>` of a standalone document.
        public var title = ""
        /// Write the attributes and styles nodes carry from their source (`class`, `style`,
        /// `data-*`, …). When false, only `id`, `title`, `lang` and `dir` are kept: the markup
        /// without its presentation (used by writers that fall back to HTML).
        public var keepAttributes = true

        public init() {}

        public static var optionSpecs: [OptionSpec<Options>] {
            [
                .bool("unsafe", \.unsafe, summary: "pass raw HTML, event handlers and dangerous URLs through"),
                .choice("softBreak", \.softBreak, summary: "how soft line breaks are written"),
                .bool("standalone", \.standalone, summary: "write a complete HTML document, not a fragment"),
                .string("title", \.title, summary: "the <title> of a standalone document"),
                .bool("keepAttributes", \.keepAttributes, summary: "write source attributes and styles (false: only id, title, lang, dir)"),
            ]
        }
    }

    /// Creates the HTML backend.
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(name: "html", aliases: ["htm", "xhtml"], fileExtensions: ["html", "htm", "xhtml"],
                         mediaType: "text/html", summary: "HTML fragment (or document with standalone=true)")
    }

    /// Renders one node and its subtree as an HTML fragment (used by writers that fall back to
    /// HTML for constructs their format cannot express).
    public func renderFragment(_ node: Node, options: Options = Options()) -> [UInt8] {
        var renderer = HTMLRenderer(document: node.document, options: options, start: node.id.index)
        renderer.render()
        return renderer.out.bytes
    }

    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        var renderer = HTMLRenderer(document: document, options: options)
        if options.standalone {
            var out = ByteOutput(capacity: document.storage.text.count * 5 / 4 + 256)
            out.append("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\" />\n<title>")
            HTMLEscaping.escapeText(options.title, into: &out)
            out.append("</title>\n</head>\n<body>\n")
            renderer.out = out
            renderer.render()
            renderer.out.append("</body>\n</html>\n")
            return renderer.out.bytes
        }
        renderer.render()
        return renderer.out.bytes
    }
}
