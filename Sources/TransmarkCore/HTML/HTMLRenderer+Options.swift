extension HTMLRenderer {
    /// How soft line breaks are written.
    public enum SoftBreak: String, CaseIterable, Sendable {
        /// A newline (the default, like cmark).
        case newline
        /// A space (cmark's `--nobreaks`).
        case space
        /// A `<br />` (cmark's `--hardbreaks`).
        case hard
    }

    /// Options of the HTML writer (also `HTMLBackend.Options`).
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

        /// The defaults: safe, newlines for soft breaks, a fragment, attributes kept.
        public init() {}

        /// The options settable by key (`unsafe`, `softBreak`, `standalone`, `title`, `keepAttributes`).
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
}
