import TransmarkCore
import TransmarkHTML
import TransmarkInlineRules
import TransmarkJSONTree
import TransmarkMarkdown
import TransmarkStyledRuns
import TransmarkText

// The built-in formats as typed values, so that a conversion can name them with a leading dot
// where a frontend or backend is expected, with typed options:
//
//     try Transmark.convert(page, from: .html, to: .ansi(.with { $0.color = .always }))

extension FormatOptions {
    /// These options' defaults changed by `configure`: a typed value in one expression,
    /// `MarkdownBackend.Options.with { $0.headingStyle = .setext }`.
    public static func with(_ configure: (inout Self) -> Void) -> Self {
        var options = Self()
        configure(&options)
        return options
    }
}

extension Frontend where Self == HTMLFrontend {
    /// The HTML reader with its default options.
    public static var html: HTMLFrontend { HTMLFrontend() }
    /// The HTML reader with `options`.
    public static func html(_ options: HTMLFrontend.Options) -> HTMLFrontend { HTMLFrontend(options: options) }
}

extension Frontend where Self == MarkdownFrontend {
    /// The Markdown reader with its default options.
    public static var markdown: MarkdownFrontend { MarkdownFrontend() }
    /// The Markdown reader with `options`.
    public static func markdown(_ options: MarkdownFrontend.Options) -> MarkdownFrontend { MarkdownFrontend(options: options) }
}

extension Frontend where Self == JSONTreeFrontend {
    /// The json-tree reader with its default options.
    public static var jsonTree: JSONTreeFrontend { JSONTreeFrontend() }
}

extension Frontend where Self == StyledJSONFrontend {
    /// The styled-json reader with its default options.
    public static var styledJSON: StyledJSONFrontend { StyledJSONFrontend() }
}

extension Frontend where Self == TaggedFrontend {
    /// The tagged-string reader with its default options.
    public static var tagged: TaggedFrontend { TaggedFrontend() }
}

extension Frontend where Self == InlineRulesFrontend {
    /// The `chat` inline-rule preset (Slack-like `*bold*`, `<url|text>`).
    public static var chat: InlineRulesFrontend { InlineRulesFrontend(rules: .chat) }
    /// A reader of your own inline rules.
    public static func inlineRules(_ rules: InlineRules) -> InlineRulesFrontend { InlineRulesFrontend(rules: rules) }
}

extension Backend where Self == HTMLBackend {
    /// The HTML writer with its default options (safe).
    public static var html: HTMLBackend { HTMLBackend() }
    /// The HTML writer with `options`.
    public static func html(_ options: HTMLBackend.Options) -> HTMLBackend { HTMLBackend(options: options) }
}

extension Backend where Self == MarkdownBackend {
    /// The Markdown writer with its default options (GFM).
    public static var markdown: MarkdownBackend { MarkdownBackend() }
    /// The Markdown writer with `options`.
    public static func markdown(_ options: MarkdownBackend.Options) -> MarkdownBackend { MarkdownBackend(options: options) }
}

extension Backend where Self == TextBackend {
    /// The plain-text writer with its default options.
    public static var text: TextBackend { TextBackend() }
    /// The plain-text writer with `options`.
    public static func text(_ options: TextBackend.Options) -> TextBackend { TextBackend(options: options) }
}

extension Backend where Self == ANSIBackend {
    /// The ANSI terminal writer with its default options.
    public static var ansi: ANSIBackend { ANSIBackend() }
    /// The ANSI terminal writer with `options`.
    public static func ansi(_ options: ANSIBackend.Options) -> ANSIBackend { ANSIBackend(options: options) }
}

extension Backend where Self == StyledJSONBackend {
    /// The styled-json writer with its default options.
    public static var styledJSON: StyledJSONBackend { StyledJSONBackend() }
    /// The styled-json writer with `options`.
    public static func styledJSON(_ options: StyledJSONBackend.Options) -> StyledJSONBackend { StyledJSONBackend(options: options) }
}

extension Backend where Self == JSONTreeBackend {
    /// The json-tree writer with its default options.
    public static var jsonTree: JSONTreeBackend { JSONTreeBackend() }
}

extension Backend where Self == TreeBackend {
    /// The tree dump with its default options.
    public static var tree: TreeBackend { TreeBackend() }
}
