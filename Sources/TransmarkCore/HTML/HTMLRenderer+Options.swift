extension HTMLRenderer {
    /// Options of the HTML writer (also `HTMLBackend.Options`).
    public struct Options: FormatOptions {
        /// Pass event handlers, elements that run or embed code and every URL through unchanged
        /// (cmark's name). Setting it to `true` also sets `rawHTML` to `keep`, as cmark's
        /// `--unsafe` passes raw HTML too; set `rawHTML` after it to choose otherwise (with
        /// `key=value` options, `unsafe` is applied first, so a `rawHTML` given with it wins).
        public var unsafe = false {
            didSet { if unsafe && !oldValue { rawHTML = .keep } }
        }
        /// Raw HTML nodes (`htmlBlock`, `htmlInline`): `drop` (the default) writes cmark's
        /// `<!-- raw HTML omitted -->` in their place, `text` shows the markup as escaped text
        /// in `<code>` (a block in `<pre>`), `keep` writes it as it is. Kept markup is not sanitized, whatever
        /// `unsafe` says: for untrusted input use `drop` or `text` (the GFM tag filter, on by
        /// default in the Markdown reader, still neutralizes `<script>`, `<iframe>` and the like).
        public var rawHTML = RawHTMLPolicy.drop
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

        /// The options settable by key (`unsafe`, `rawHTML`, `softBreak`, `standalone`, `title`,
        /// `keepAttributes`).
        public static var optionSpecs: [OptionSpec<Options>] {
            [
                .bool("unsafe", \.unsafe, summary: "pass event handlers and dangerous URLs through; also sets rawHTML=keep unless rawHTML is given")
                    .appliedFirst(),
                .choice("rawHTML", \.rawHTML, summary: "raw HTML nodes: drop (a comment in their place), text (escaped) or keep"),
                .choice("softBreak", \.softBreak, summary: "how soft line breaks are written"),
                .bool("standalone", \.standalone, summary: "write a complete HTML document, not a fragment"),
                .string("title", \.title, summary: "the <title> of a standalone document"),
                .bool("keepAttributes", \.keepAttributes, summary: "write source attributes and styles (false: only id, title, lang, dir)"),
            ]
        }
    }
}

extension HTMLRenderer.Options {
        /// How soft line breaks are written.
        public enum SoftBreak: String, CaseIterable, Sendable {
            /// A newline (the default, like cmark).
            case newline
            /// A space (cmark's `--nobreaks`).
            case space
            /// A `<br />` (cmark's `--hardbreaks`).
            case hard
        }
}
