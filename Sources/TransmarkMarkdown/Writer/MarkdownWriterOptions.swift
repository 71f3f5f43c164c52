import TransmarkCore

extension MarkdownBackend {
    /// Options of the Markdown writer. Names follow turndown's and pandoc's.
    public struct Options: FormatOptions {
        /// The profile the other options started from (see `init(profile:)`).
        public private(set) var profile = Profile.gfm
        /// Heading syntax (setext only applies to levels 1 and 2).
        public var headingStyle = HeadingStyle.atx
        /// Bullet list marker: `-`, `*` or `+`.
        public var bulletListMarker = "-"
        /// Ordered list delimiter: `.` or `)`.
        public var orderedListDelimiter = "."
        /// Spaces after a list marker: 1, or pad so content starts at a tab stop (turndown).
        public var listMarkerPadding = 1
        /// Emphasis delimiter: `*` or `_` (inside words `*` is always used).
        public var emphasisDelimiter = "*"
        /// Strong delimiter: `**` or `__`.
        public var strongDelimiter = "**"
        /// Code block syntax.
        public var codeBlockStyle = CodeBlockStyle.fenced
        /// Code fence: three backticks or three tildes (lengthened when the code needs it).
        public var fence = "```"
        /// Inline or reference links.
        public var linkStyle = LinkStyle.inline
        /// How reference links name their definitions.
        public var linkReferenceStyle = LinkReferenceStyle.full
        /// Hard line breaks.
        public var hardBreak = HardBreakStyle.spaces
        /// The text of a thematic break.
        public var thematicBreak = "---"
        /// Wrap paragraphs at this many columns (0: never). Links, code spans and tables are
        /// never broken.
        public var lineWidth = 0
        /// Escaping rules.
        public var escaping = Escaping.exact
        /// Whether GFM syntax (pipe tables, `~~`, task lists, footnotes) may be written.
        public var gfm = true
        /// Underline (`<u>`, `<ins>`).
        public var underline = Fallback.html
        /// Superscript.
        public var superscript = Fallback.html
        /// Subscript.
        public var `subscript` = Fallback.html
        /// Highlight (`<mark>`).
        public var highlight = Fallback.html
        /// Strikethrough when GFM is off.
        public var strikethrough = Fallback.html
        /// Spans with attributes or style.
        public var span = Fallback.text
        /// Divisions (`div`, `section`, …): `text` writes their content as blocks.
        public var division = Fallback.text
        /// Definition lists.
        public var definitionList = Fallback.html
        /// Images with a declared width or height: `text` (the default) writes `![alt](src)` and
        /// drops the size, `html` keeps it in an `<img>` tag.
        public var imageSize = Fallback.text
        /// Tables a pipe table cannot hold (no header row, block content, spans, nested tables).
        public var complexTable = Fallback.html
        /// Whether HTML written for constructs Markdown cannot hold (tables, definition lists)
        /// keeps the source's `class`, `style` and `data-*` attributes.
        public var htmlFallbackAttributes = false
        /// Raw HTML nodes (`htmlBlock`, `htmlInline`): `keep` (the default) writes them as they
        /// are, `text` shows the markup as written (a code span, a block as an `html` fence),
        /// `drop` leaves them out.
        public var rawHTML = RawHTMLPolicy.keep

        public init() {}

        /// Options with a profile's values.
        public init(profile: Profile) {
            self.init()
            self.profile = profile
            switch profile {
            case .gfm:
                break
            case .commonmark:
                gfm = false
            case .turndown:
                headingStyle = .setext
                bulletListMarker = "*"
                listMarkerPadding = 0
                emphasisDelimiter = "_"
                strongDelimiter = "**"
                codeBlockStyle = .indented
                thematicBreak = "* * *"
                hardBreak = .spaces
                escaping = .turndown
                underline = .text
                superscript = .text
                self.subscript = .text
                highlight = .text
                definitionList = .text
                imageSize = .text
            }
        }

        public static var optionSpecs: [OptionSpec<Options>] {
            [
                OptionSpec(key: "profile", accepted: Profile.allCases.map(\.rawValue).joined(separator: "|"),
                           summary: "preset of the other options (applied before them, whatever the order given)",
                           read: { $0.profile.rawValue }, write: { o, v in
                               guard let p = Profile(rawValue: v) else { return false }
                               o = Options(profile: p); return true }).appliedFirst(),
                .choice("headingStyle", \.headingStyle, summary: "ATX (#) or setext (underlined) headings"),
                OptionSpec(key: "bulletListMarker", accepted: "-|*|+", summary: "bullet list marker",
                           read: { $0.bulletListMarker }, write: { o, v in
                               guard ["-", "*", "+"].contains(v) else { return false }
                               o.bulletListMarker = v; return true }),
                OptionSpec(key: "orderedListDelimiter", accepted: ".|)", summary: "ordered list delimiter",
                           read: { $0.orderedListDelimiter }, write: { o, v in
                               guard [".", ")"].contains(v) else { return false }
                               o.orderedListDelimiter = v; return true }),
                .int("listMarkerPadding", \.listMarkerPadding, range: 0...4,
                     summary: "spaces after a list marker; 0 pads to 4 columns like turndown"),
                OptionSpec(key: "emphasisDelimiter", accepted: "*|_", summary: "emphasis delimiter",
                           read: { $0.emphasisDelimiter }, write: { o, v in
                               guard ["*", "_"].contains(v) else { return false }
                               o.emphasisDelimiter = v; return true }),
                OptionSpec(key: "strongDelimiter", accepted: "**|__", summary: "strong delimiter",
                           read: { $0.strongDelimiter }, write: { o, v in
                               guard ["**", "__"].contains(v) else { return false }
                               o.strongDelimiter = v; return true }),
                .choice("codeBlockStyle", \.codeBlockStyle, summary: "fenced or indented code blocks"),
                OptionSpec(key: "fence", accepted: "```|~~~", summary: "code fence",
                           read: { $0.fence }, write: { o, v in
                               guard ["```", "~~~"].contains(v) else { return false }
                               o.fence = v; return true }),
                .choice("linkStyle", \.linkStyle, summary: "inline links or reference links"),
                .choice("linkReferenceStyle", \.linkReferenceStyle, summary: "full, collapsed or shortcut references"),
                .choice("hardBreak", \.hardBreak, summary: "hard line breaks as two spaces or a backslash"),
                OptionSpec(key: "thematicBreak", accepted: "3 or more of one of - * _ with optional spaces",
                           summary: "thematic break text",
                           read: { $0.thematicBreak }, write: { o, v in
                               let marks = v.filter { $0 != " " }
                               guard marks.count >= 3, let c = marks.first, "-*_".contains(c), marks.allSatisfy({ $0 == c }) else { return false }
                               o.thematicBreak = v; return true }),
                .int("lineWidth", \.lineWidth, range: 0...Int.max, summary: "wrap paragraphs at this width; 0 never wraps"),
                .choice("escaping", \.escaping, summary: "escape only real syntax (exact) or as turndown does"),
                .bool("gfm", \.gfm, summary: "write GFM syntax: pipe tables, ~~strikethrough~~, task lists, footnotes"),
                .choice("underline", \.underline, summary: "underline: html (<u>), text, or symbol (++x++)"),
                .choice("superscript", \.superscript, summary: "superscript: html (<sup>), text, or symbol (^x^)"),
                .choice("subscript", \.subscript, summary: "subscript: html (<sub>), text, or symbol (~x~)"),
                .choice("highlight", \.highlight, summary: "highlight: html (<mark>), text, or symbol (==x==)"),
                .choice("strikethrough", \.strikethrough, summary: "strikethrough when gfm=false: html (<del>), text, or symbol (~~x~~)"),
                .choice("span", \.span, summary: "spans with attributes or style: html or text"),
                .choice("division", \.division, summary: "divisions: html (<div>) or text (their blocks)"),
                .choice("definitionList", \.definitionList, summary: "definition lists: html (<dl>) or text (bold terms)"),
                .choice("imageSize", \.imageSize, summary: "images with a size: text (![alt](src), size dropped; default) or html (<img width height>)"),
                .choice("complexTable", \.complexTable, summary: "tables a pipe table cannot hold: html or text"),
                .bool("htmlFallbackAttributes", \.htmlFallbackAttributes,
                      summary: "keep class, style and data-* attributes in HTML written for what Markdown cannot hold"),
                .choice("rawHTML", \.rawHTML, summary: "raw HTML nodes: keep (as markup), text (shown as written, in code) or drop")
                    .renaming(values: ["html": "keep"]),
            ]
        }
    }
}

extension MarkdownBackend.Options {
    /// The Markdown dialect presets of the Markdown writer. A profile is a set of option values;
    /// options given with it override it.
    public enum Profile: String, CaseIterable, Sendable {
        /// GitHub Flavored Markdown: pipe tables, `~~strikethrough~~`, task lists, footnotes.
        case gfm
        /// CommonMark only: tables, strikethrough and task boxes become HTML.
        case commonmark
        /// turndown 7's defaults: setext headings, `*` bullets, `_` emphasis, indented code,
        /// `* * *` rules, two-space hard breaks and turndown's escaping.
        case turndown
    }

    /// ATX (`# Title`) or setext (`Title` underlined) headings.
    public enum HeadingStyle: String, CaseIterable, Sendable { case atx, setext }
    /// Fenced or indented code blocks.
    public enum CodeBlockStyle: String, CaseIterable, Sendable { case fenced, indented }
    /// Inline links or reference links with definitions at the end.
    public enum LinkStyle: String, CaseIterable, Sendable { case inline, reference }
    /// How reference links name their definition: `[text][1]`, `[text][]` or `[text]`.
    public enum LinkReferenceStyle: String, CaseIterable, Sendable { case full, collapsed, shortcut }
    /// Hard line breaks as two trailing spaces or a trailing backslash.
    public enum HardBreakStyle: String, CaseIterable, Sendable { case spaces, backslash }
    /// How text is escaped: only where it would otherwise parse as syntax, or turndown's rules.
    public enum Escaping: String, CaseIterable, Sendable { case exact, turndown }

    /// What to write for a node kind that Markdown has no syntax for.
    public enum Fallback: String, CaseIterable, Sendable {
        /// Raw HTML (inline tags around Markdown content, or an HTML block).
        case html
        /// The content only, without the markup.
        case text
        /// A widespread extension symbol: `==mark==`, `^sup^`, `~sub~`, `++ins++`.
        case symbol
    }
}
