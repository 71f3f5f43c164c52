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
    /// (read); and the transforms `remove`, `unwrap`, `keep`, `shift-headings`, `resolve-links`,
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

    /// Parses text of a registered format into a document.
    public static func parse(_ input: String, from source: String, options: [String: String] = [:]) throws -> Document {
        try Registry.standard.parse(Array(input.utf8), from: source, options: ConversionOptions(options).pairs)
    }
}
