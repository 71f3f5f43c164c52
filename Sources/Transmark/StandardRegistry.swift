import TransmarkCore
import TransmarkHTML
import TransmarkInlineRules
import TransmarkJSONTree
import TransmarkMarkdown
import TransmarkStyledRuns
import TransmarkText
import TransmarkTransforms

extension Registry {
    /// Every built-in format: Markdown (read and write), HTML (read and write), the `tree` dump
    /// (write), the whole tree as JSON (`json-tree`, read and write), styled runs as JSON
    /// (`styled-json`, read and write), plain text and ANSI terminal text (write), tagged strings
    /// (`tagged`, read) and the inline-rule presets `chat`, `swiftymarkdown` and `stylizer`
    /// (read); and the transforms `remove`, `unwrap`, `keep`, `shift-headings`, `resolve-links`, `clean-urls`,
    /// `drop-images`, `toc`, `main-content` and `sanitize`.
    public static let standard: Registry = Registry()
        .adding(MarkdownFrontend())
        .adding(MarkdownBackend())
        .adding(HTMLFrontend())
        .adding(HTMLBackend())
        .adding(TreeBackend())
        .adding(StyledJSONFrontend())
        .adding(JSONTreeFrontend())
        .adding(JSONTreeBackend())
        .adding(StyledJSONBackend())
        .adding(TextBackend())
        .adding(ANSIBackend())
        .adding(TaggedFrontend())
        .adding(InlineRulesFrontend(rules: .chat))
        .adding(InlineRulesFrontend(rules: .swiftyMarkdown))
        .adding(InlineRulesFrontend(rules: .stylizer))
        .adding(SelectorTransform(.remove))
        .adding(SelectorTransform(.unwrap))
        .adding(SelectorTransform(.keep))
        .adding(ShiftHeadingsTransform())
        .adding(ResolveLinksTransform())
        .adding(CleanURLsTransform())
        .adding(DropImagesTransform())
        .adding(TableOfContentsTransform())
        .adding(MainContentTransform())
        .adding(SanitizeTransform())
}

/// One-call conveniences over `Registry.standard`.
public enum Transmark {
    /// Converts text from one registered format to another with `key=value` options, e.g.
    /// `try Transmark.convert("# Hi", from: "markdown", to: "html")`.
    public static func convert(_ input: String, from source: String, to target: String,
                               options: [String: String] = [:]) throws -> String {
        try Registry.standard.convert(input, from: source, to: target, options: ConversionOptions(options))
    }

    /// Converts text with typed values: a frontend and a backend carrying their typed options,
    /// and transforms, resolved once for this call (see `Conversion`). The built-in formats have
    /// leading-dot names:
    ///
    /// ```swift
    /// let ansi = try Transmark.convert(html, from: .html, to: .ansi(.with { $0.color = .always }))
    /// let markdown = try Transmark.convert(html, from: .html, to: .markdown,
    ///                                      transforms: [MainContentTransform()])
    /// ```
    public static func convert<F: Frontend, B: Backend>(_ input: String, from frontend: F, to backend: B,
                                                        transforms: [any Transform] = []) throws -> String {
        try Conversion(frontend: frontend, transforms: transforms, backend: backend).convert(input)
    }

    /// Parses text with a typed frontend (`.html`, `.markdown(options)`, or your own).
    public static func parse<F: Frontend>(_ input: String, from frontend: F) throws -> Document {
        try frontend.parse(input, options: frontend.defaultOptions)
    }

    /// Parses text of a registered format into a document.
    public static func parse(_ input: String, from source: String, options: [String: String] = [:]) throws -> Document {
        try Registry.standard.parse(Array(input.utf8), from: source, options: ConversionOptions(options).pairs)
    }
}
