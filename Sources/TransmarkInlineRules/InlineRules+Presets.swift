extension InlineRules {
    /// Chat markup as Slack (mrkdwn) and WhatsApp write it: `*bold*`, `_italic_`, `~strike~`,
    /// code between backticks, blocks between three backticks (also inline), `<https://x|label>` and
    /// `<https://x>` links (any other `<…>` stays text), `@mentions` and `#channels` (prefix rules:
    /// custom `mention` and `channel` nodes whose `data-metadata` is the name, as in `@jane.doe`
    /// and `#release-notes`; `a@b.c` is no mention), `>` quotes, `- ` and `1. ` lists; every
    /// newline is a hard line break and a blank line starts a new paragraph. Spans open and close
    /// at word boundaries only (`2*3*4` stays text) and never cross a line; `:emoji:` codes are
    /// kept as text. No escape character: what matches no rule is text.
    public static let chat = InlineRules(
        name: "chat",
        summary: "chat markup (Slack mrkdwn, WhatsApp): *bold* _italic_ ~strike~ `code` <url|label> @mention #channel",
        aliases: ["slack", "mrkdwn", "whatsapp"],
        fileExtensions: [],
        characterRules: [
            .repeating("`", [1: .code], minCount: 1, maxCount: 1, literal: true, balanced: true),
            CharacterRule(open: "<", close: ">", separator: "|", requiredPrefixes: ["https://", "http://", "mailto:"],
                          targets: [1: .link], boundary: true, literal: true),
            .repeating("*", [1: .strong], flanking: .wordBoundary, intraword: false),
            .repeating("_", [1: .emphasis], flanking: .wordBoundary, intraword: false),
            .repeating("~", [1: .strikethrough], flanking: .wordBoundary, intraword: false),
            .prefix("@", body: .name, .custom("mention", style: "color: #1264a3; font-weight: bold")),
            .prefix("#", body: .name, .custom("channel", style: "color: #1264a3")),
        ],
        lineRules: [
            LineRule(prefix: "```", kind: .codeFence, infoString: false),
            LineRule(prefix: ">", kind: .blockQuote),
            LineRule(prefix: "- ", kind: .listItem),
            LineRule(prefix: "• ", kind: .listItem),
            LineRule(prefix: "1. ", kind: .orderedListItem),
        ],
        escapeCharacters: [],
        newline: .lineBreak,
        spansCrossLines: false)

    /// SwiftyMarkdown's default rules: `*italic*` / `_italic_`, `**bold**` / `__bold__`,
    /// `~~strike~~`, code between backticks (balanced backticks, nothing parsed inside), `[links](url)` and
    /// `![images](url)` as boundaries (so `**[Bold Links](url)**` and `[**Bold Links**](url)` are
    /// both bold links, and `**[not bold**](url)` is not bold); line rules for `# ` to `###### `
    /// headings, `> ` quotes, `- `, `* ` and `1. ` lists (one or two tabs deeper for nested
    /// levels) and four-space or tab indented code. Each line is a paragraph of its own and spans
    /// do not cross lines, as in SwiftyMarkdown. Not taken over: setext `===` headings, reference
    /// links and front matter.
    public static let swiftyMarkdown = InlineRules(
        name: "swiftymarkdown",
        summary: "SwiftyMarkdown's rules: *italic* **bold** ~~strike~~ `code` [link](url), # headings, lists",
        aliases: ["swifty"],
        fileExtensions: [],
        characterRules: [
            .enclosed("![", "]", metadata: ("(", ")"), .image),
            .enclosed("[", "]", metadata: ("(", ")"), .link),
            .repeating("`", [1: .code], literal: true, balanced: true),
            .repeating("~", [2: .strikethrough], minCount: 2, maxCount: 2),
            .repeating("*", [1: .emphasis, 2: .strong]),
            .repeating("_", [1: .emphasis, 2: .strong], intraword: false),
        ],
        lineRules: [
            LineRule(prefix: "\t\t- ", kind: .listItem, level: 3, trim: false),
            LineRule(prefix: "\t- ", kind: .listItem, level: 2, trim: false),
            LineRule(prefix: "- ", kind: .listItem),
            LineRule(prefix: "\t\t* ", kind: .listItem, level: 3, trim: false),
            LineRule(prefix: "\t* ", kind: .listItem, level: 2, trim: false),
            LineRule(prefix: "\t\t1. ", kind: .orderedListItem, level: 3, trim: false),
            LineRule(prefix: "\t1. ", kind: .orderedListItem, level: 2, trim: false),
            LineRule(prefix: "1. ", kind: .orderedListItem),
            LineRule(prefix: "* ", kind: .listItem),
            LineRule(prefix: "    ", kind: .codeBlock, trim: false),
            LineRule(prefix: "\t", kind: .codeBlock, trim: false),
            LineRule(prefix: ">", kind: .blockQuote),
            .heading("###### ", level: 6),
            .heading("##### ", level: 5),
            .heading("#### ", level: 4),
            .heading("### ", level: 3),
            .heading("## ", level: 2),
            .heading("# ", level: 1),
        ],
        escapeCharacters: ["\\"],
        newline: .paragraph,
        spansCrossLines: false)

    /// Stylizer's Markdown subset (`MarkdownStylizer`): `**bold**` / `__bold__`, `*italic*` /
    /// `_italic_`, `~~strike~~` and `[link](https://x "title")`; `\` escapes `*_~[]()`. No line
    /// rules: every line is text, newlines are kept as line breaks, and spans may run over them.
    public static let stylizer = InlineRules(
        name: "stylizer",
        summary: "Stylizer's Markdown subset: **bold** *italic* ~~strike~~ [link](url \"title\")",
        aliases: [],
        fileExtensions: [],
        characterRules: [
            .enclosed("[", "]", metadata: ("(", ")"), .link),
            .repeating("~", [2: .strikethrough], minCount: 2, maxCount: 2),
            .repeating("*", [1: .emphasis, 2: .strong]),
            .repeating("_", [1: .emphasis, 2: .strong]),
        ],
        lineRules: [],
        escapeCharacters: ["\\"],
        newline: .lineBreak,
        spansCrossLines: true)

    /// The built-in presets: `chat`, `swiftymarkdown`, `stylizer`.
    public static let presets: [InlineRules] = [.chat, .swiftyMarkdown, .stylizer]
}
