import TransmarkCore

extension MarkdownBackend {
    /// Options of the Markdown writer. Names follow turndown's and pandoc's.
    public struct Options: FormatOptions {
        // option: OptionSpec(accepted: Profile.allCases.map(\.rawValue).joined(separator: "|"),
        //     summary: "preset of the other options (applied before them, whatever the order given)",
        //     read: { $0.profile.rawValue }, write: Self.applyProfile).appliedFirst()
        /// The profile the other options started from (see `init(profile:)`).
        public private(set) var profile = Profile.gfm
        // option: .choice(summary: "ATX (# x), closed ATX (# x #) or setext (underlined) headings")
        /// Heading syntax (setext only applies to levels 1 and 2).
        public var headingStyle = HeadingStyle.atx
        // option: .string(accepted: "-|*|+, or several of them (*+-), one per nesting level in turn", summary: "bullet list marker",
        //     isValid: { (1...3).contains($0.count) && $0.allSatisfy { "-*+".contains($0) } })
        /// Bullet list marker: `-`, `*` or `+`; or several of them (`*+-`, markdownify's), one per
        /// level of bullet lists nested in each other, in turn.
        public var bulletListMarker = "-"
        // option: .oneOf([".", ")"], summary: "ordered list delimiter")
        /// Ordered list delimiter: `.` or `)`.
        public var orderedListDelimiter = "."
        // option: .int(range: 0...4,
        //     summary: "spaces after a list marker; 0 pads to 4 columns like turndown")
        /// Spaces after a list marker: 1, or pad so content starts at a tab stop (turndown).
        public var listMarkerPadding = 1
        // option: .choice(summary: "ordered list numbers: decimal, or source (letters and Roman numerals as pandoc's fancy lists)")
        /// How ordered lists are numbered: `decimal` (the default; the only numbers CommonMark
        /// reads), or `source` (`pandoc`), the list's own letters or Roman numerals as pandoc's
        /// fancy lists (`c.`, `iv)`, `B.`).
        public var listNumbering = ListNumberingStyle.decimal
        // option: .oneOf(["*", "_"], summary: "emphasis delimiter")
        /// Emphasis delimiter: `*` or `_` (inside words `*` is always used).
        public var emphasisDelimiter = "*"
        // option: .oneOf(["**", "__"], summary: "strong delimiter")
        /// Strong delimiter: `**` or `__`.
        public var strongDelimiter = "**"
        // option: .choice(summary: "fenced or indented code blocks")
        /// Code block syntax.
        public var codeBlockStyle = CodeBlockStyle.fenced
        // option: .oneOf(["```", "~~~"], summary: "code fence")
        /// Code fence: three backticks or three tildes (lengthened when the code needs it).
        public var fence = "```"
        // option: .string(accepted: "a language name without spaces, or empty",
        //     summary: "info string of fenced code blocks whose source names no language",
        //     isValid: { !$0.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "`" } })
        /// The info string of a fenced code block whose source names no language (markdownify's
        /// `code_language`); empty (the default) writes none. Indented code blocks have no info
        /// string and stay indented.
        public var defaultCodeLanguage = ""
        // option: .choice(summary: "inline links, reference links, citations (text [1] and a numbered source list) or textOnly")
        /// Inline or reference links.
        public var linkStyle = LinkStyle.inline
        // option: .choice(summary: "images: keep, alt (alt text only), drop, or end (alt text in place, images listed at the end)")
        /// How images are written: in place, as alt text, dropped, or listed at the end.
        public var images = ImageStyle.keep
        // option: .custom(accepted: "auto|always|never (true is always, false never)",
        //     summary: "write the document's metadata as YAML front matter: auto (when read from front matter), always or never",
        //     parse: { ["true": .always, "false": .never][$0] ?? FrontMatterPolicy(rawValue: $0) }, format: \.rawValue)
        /// When the document's metadata (`Document.metadata`) is written first as YAML front
        /// matter: `auto` when it came from front matter, `always`, or `never`.
        public var frontMatter = FrontMatterPolicy.auto
        // option: .choice(summary: "links with class wikilink as [[target|text]] (titleAfterPipe), [[text|target]] (titleBeforePipe) or plain links (none)")
        /// Links marked as wikilinks (`class="wikilink"`, as pandoc marks them) as `[[target]]`
        /// and `[[target|text]]` (`titleAfterPipe`: Obsidian, GitHub wikis, pandoc's
        /// `wikilinks_title_after_pipe`) or `[[text|target]]` (`titleBeforePipe`); `none` (the
        /// default) writes them as other links.
        public var wikilinks = WikilinkStyle.none
        // option: .bool(summary: "write a link whose text is its URL as <url> (default) or as [url](url)")
        /// Whether a link whose text is its URL (or a `mailto:` URL's address) is written as an
        /// autolink, `<https://example.com>` (the default), or as `[https://example.com](https://example.com)`
        /// (`turndown`; markdownify's `autolinks=False`).
        public var autolinks = true
        // option: .bool(summary: "give a link without a title its destination as title: [x](url \"url\")")
        /// Whether a link without a title gets its destination as title, `[x](url "url")`, so
        /// that a reader shows the URL on hover (markdownify's `default_title`). Such links are
        /// never autolinks.
        public var linkTitleFromDestination = false
        // option: .choice(summary: "full, collapsed or shortcut references")
        /// How reference links name their definitions.
        public var linkReferenceStyle = LinkReferenceStyle.full
        // option: .choice(summary: "hard line breaks as two spaces or a backslash")
        /// Hard line breaks.
        public var hardBreak = HardBreakStyle.spaces
        // option: .string(accepted: "3 or more of one of - * _ with optional spaces", summary: "thematic break text",
        //     isValid: Self.isThematicBreak)
        /// The text of a thematic break.
        public var thematicBreak = "---"
        // option: .int(range: 0...Int.max, summary: "wrap paragraphs at this width; 0 never wraps")
        /// Wrap paragraphs at this many columns (0: never). Links, code spans and tables are
        /// never broken.
        public var lineWidth = 0
        // option: .choice(summary: "escape only real syntax (exact), as turndown does, pandoc's Markdown syntax too, or none (text that already is Markdown)")
        /// Escaping rules.
        public var escaping = Escaping.exact
        // option: .oneOf(["~~", "~"], summary: "strikethrough delimiter with gfm=true")
        /// The strikethrough delimiter with GFM: `~~` (the default), or `~` for the dialects that
        /// read a single tilde (GitHub, cmark-gfm; not pandoc, where `~x~` is subscript).
        public var strikethroughDelimiter = "~~"
        // option: .bool(summary: "write heading attributes as pandoc's {#id .class}")
        /// Whether headings carry their `id`, `class` and other attributes as pandoc's
        /// `{#id .class key="value"}`.
        public var headingAttributes = false
        // option: .bool(summary: "turndown's preformattedCode: whitespace in inline code kept as in <pre> (by the HTML reader)")
        /// turndown's `preformattedCode`: whitespace inside inline code is kept as it is in
        /// `<pre>`. The HTML reader is what keeps it (runs of spaces, spaces at the edges); the
        /// writer then writes code spans whose content starts or ends with a space so that the
        /// reader's stripping of one space on each side leaves it intact, as it always does.
        public var preformattedCode = false
        // option: .bool(summary: "write GFM syntax: pipe tables, ~~strikethrough~~, task lists, footnotes")
        /// Whether GFM syntax (pipe tables, `~~`, task lists, footnotes) may be written.
        public var gfm = true
        // option: .choice(summary: "underline: html (<u>), text, or symbol (++x++; [x]{.underline} with escaping=pandoc)")
        /// Underline (`<u>`, `<ins>`).
        public var underline = Fallback.html
        // option: .choice(summary: "superscript: html (<sup>), text, symbol (^x^) or unicode (x², else ^(x) as pandoc writes)")
        /// Superscript: the `Fallback` choices, or Unicode characters (`x²`).
        public var superscript = ScriptFallback.html
        // option: .choice(summary: "subscript: html (<sub>), text, symbol (~x~) or unicode (H₂O, else \\_(x) as pandoc writes)")
        /// Subscript: the `Fallback` choices, or Unicode characters (`H₂O`).
        public var `subscript` = ScriptFallback.html
        // option: .choice(summary: "highlight: html (<mark>), text, or symbol (==x==; [x]{.mark} with escaping=pandoc)")
        /// Highlight (`<mark>`).
        public var highlight = Fallback.html
        // option: .choice(summary: "strikethrough when gfm=false: html (<del>), text, or symbol (~~x~~)")
        /// Strikethrough when GFM is off.
        public var strikethrough = Fallback.html
        // option: .choice(summary: "spans with attributes or style: html, text or symbol (pandoc's [x]{.class})")
        /// Spans with attributes or style.
        public var span = Fallback.text
        // option: .choice(summary: "divisions: html (<div>), text (their blocks) or symbol (pandoc's ::: fenced divs)")
        /// Divisions (`div`, `section`, …): `text` writes their content as blocks.
        public var division = Fallback.text
        // option: .choice(summary: "definition lists: html (<dl>), text (bold terms) or symbol (term / :   definition)")
        /// Definition lists.
        public var definitionList = Fallback.html
        // option: .choice(summary: "images with a size: text (![alt](src), size dropped; default), html (<img width height>) or symbol (pandoc's ![alt](src){width=… height=…})")
        /// Images with a declared width or height: `text` (the default) writes `![alt](src)` and
        /// drops the size, `html` keeps it in an `<img>` tag, `symbol` (`pandoc`) in pandoc's
        /// `![alt](src){width="100" height="50"}`.
        public var imageSize = Fallback.text
        // option: .bool(summary: "leave out links that show nothing (<a href=x></a>, written [](x) by default), as markdownify does")
        /// Whether a link that shows nothing (`<a href="x"></a>`, or whitespace and empty
        /// elements only: an icon link whose icon was CSS or SVG, a heading's anchor link) is
        /// left out, whitespace in it kept as a space (`markdownify`, which leaves it out as
        /// browsers show it: not at all). Off (the default), it is written `[](x)`, as turndown
        /// and pandoc write it and as Markdown input had it.
        public var dropEmptyLinks = false
        // option: .choice(summary: "images inside headings and table cells: image (default) or altText (markdownify's default)")
        /// How an image inside a heading or a table cell is written: as an image (the default), or
        /// as its alt text (`markdownify`, markdownify's default unless `keep_inline_images_in`
        /// names the element), which keeps headings and cells plain text (tables of contents,
        /// anchors).
        public var imagesInHeadingsAndCells = ImageInText.image
        // option: .bool(summary: "a figure of one image and a caption as pandoc's implicit figure: ![caption](src){alt=\"…\"} alone in its paragraph")
        /// pandoc's implicit figures (`pandoc`): a figure of one image and a caption is written as
        /// the image alone in its paragraph with the caption in its brackets and its own alt text
        /// as an attribute, `![caption](src){alt="alt"}`, which pandoc reads as a figure. Off, the
        /// image keeps its alt text and the caption is a paragraph of its own.
        public var implicitFigures = false
        // option: .choice(summary: "tables a pipe table cannot hold as they are: auto (pipe unless cells hold blocks, then html), grid (pipe unless cells hold blocks, then pandoc's grid table), pipe, html or text")
        /// Tables a pipe table cannot hold as they are (no header row, spans, a caption, block
        /// content in cells): `auto` (the default) writes a pipe table unless cells hold blocks;
        /// `grid` (`pandoc`) writes pandoc's grid table for those.
        public var complexTable = ComplexTable.auto
        // option: .choice(summary: "tables used for page layout (role=presentation, or no header and one cell, nested tables or divisions in cells): content (their cells' blocks, in order) or table (like any table)")
        /// Tables that lay out a page rather than hold data (`Document.layoutTableIndices`:
        /// `role="presentation"`, or no header and a single cell, nested tables or divisions
        /// and headings in cells, as on Hacker News): `content` (the default) writes their cells' content as
        /// blocks, in order; `table` writes them as any other table (`complexTable` decides).
        public var layoutTables = LayoutTablePolicy.content
        // option: .choice(summary: "header of a pipe table for a table without one: empty row or promote the first row")
        /// How a pipe table is given the header row a table without one lacks: an empty header
        /// row (the default), or the first row promoted to the header.
        public var tableHeader = TableHeader.empty
        // option: .choice(summary: "pipe table columns: aligned (cells padded to the column's width) or compact (no padding, as turndown-plugin-gfm writes)")
        /// How a pipe table's columns are laid out: `aligned` (the default) pads every cell to its
        /// column's width; `compact` (`turndown`, as turndown-plugin-gfm writes) pads nothing and
        /// writes three-character delimiter cells (`| --- | :-: |`).
        public var tableColumnStyle = TableColumnStyle.aligned
        // option: .choice(summary: "table captions: paragraph before the table or pandoc's ': caption' after it")
        /// Where a pipe table's caption goes: a paragraph before the table (the default), or
        /// pandoc's `: caption` line after it.
        public var captionStyle = CaptionStyle.paragraph
        // option: .bool(summary: "keep class, style and data-* attributes in HTML written for what Markdown cannot hold")
        /// Whether HTML written for constructs Markdown cannot hold (tables, definition lists)
        /// keeps the source's `class`, `style` and `data-*` attributes.
        public var htmlFallbackAttributes = false
        // option: .bool(summary: "write javascript:/vbscript:/file:/data: URLs, event handlers and raw HTML as they are (default: emptied, dropped, cleaned)")
        /// Write what can run code as it is (the HTML writer's `unsafe`, same meaning): link and
        /// image URLs the default `SanitizerPolicy` refuses (`javascript:`, `vbscript:`, `file:`,
        /// non-image `data:`), event handlers and code-bearing elements in the HTML written for
        /// constructs Markdown cannot hold, and kept raw HTML. When false (the default) such URLs
        /// are emptied (`[x]()`), the fallback HTML is written in the HTML writer's safe mode, and
        /// raw HTML kept by `rawHTML=keep` is passed on as written only when the policy vouches
        /// for it (`SanitizerPolicy.vouchesFor(rawHTML:)`: no tag, attribute or URL it would
        /// remove, comments unambiguous), else cleaned (`SanitizerPolicy.sanitize(rawHTML:)`).
        /// Unlike the HTML writer's, it does not change `rawHTML` (already `keep` by default).
        public var unsafe = false
        // option: .choice(summary: "raw HTML nodes: keep (as markup), text (shown as written, in code) or drop")
        //     .renaming(values: ["html": "keep"])
        /// Raw HTML nodes (`htmlBlock`, `htmlInline`): `keep` (the default) writes them as they
        /// are, `text` shows the markup as written (a code span, a block as an `html` fence),
        /// `drop` leaves them out.
        public var rawHTML = RawHTMLPolicy.keep

        /// The defaults.
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
                autolinks = false
                writeInlineFallbacksAsText()
                definitionList = .text
                imageSize = .text
                complexTable = .html
                tableColumnStyle = .compact
            case .markdownify:
                headingStyle = .setext
                bulletListMarker = "*+-"
                writeInlineFallbacksAsText()
                definitionList = .symbol
                complexTable = .pipe
                dropEmptyLinks = true
                imagesInHeadingsAndCells = .altText
            case .pandoc:
                listMarkerPadding = 0
                hardBreak = .backslash
                escaping = .pandoc
                headingAttributes = true
                superscript = .symbol
                self.subscript = .symbol
                underline = .symbol
                highlight = .symbol
                span = .symbol
                division = .symbol
                definitionList = .symbol
                captionStyle = .pandoc
                listNumbering = .source
                complexTable = .grid
                imageSize = .symbol
                implicitFigures = true
            }
        }

        /// Sets `options` to the profile named `value`'s (the `profile` option); `false` for a name
        /// that is no profile.
        static func applyProfile(_ options: inout Options, _ value: String) -> Bool {
            guard let profile = Profile(rawValue: value) else { return false }
            options = Options(profile: profile)
            return true
        }

        /// Whether `text` is a thematic break: three or more of one of `-`, `*`, `_`, with spaces
        /// anywhere (the `thematicBreak` option).
        static func isThematicBreak(_ text: String) -> Bool {
            let marks = text.filter { $0 != " " }
            guard marks.count >= 3, let mark = marks.first, "-*_".contains(mark) else { return false }
            return marks.allSatisfy { $0 == mark }
        }

        /// Underline, superscript, subscript and highlight as their content only (turndown and
        /// markdownify write no markup for them).
        private mutating func writeInlineFallbacksAsText() {
            underline = .text
            superscript = .text
            self.subscript = .text
            highlight = .text
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
        /// python-markdownify 1.x's defaults: GFM with setext headings, `*`/`+`/`-` bullets by
        /// nesting level, superscript, subscript, underline and highlight as their text,
        /// definition lists as `term` / `:   definition`, links that show nothing left out, and
        /// every table a pipe table (blocks in cells joined on one line).
        case markdownify
        /// pandoc's Markdown (what Quarto and R Markdown read): heading attributes, fenced divs,
        /// bracketed spans, `^sup^`/`~sub~`, definition lists, `: caption`s, backslash breaks
        /// and pandoc's escaping (smart quotes, `$`, `@`, `^`, `~`, fancy list markers).
        case pandoc

        /// Whether cmark-gfm reads the profile's output as written: not pandoc's syntax (`pandoc`),
        /// nor the `term` / `:   definition` lines and the blocks joined in pipe table cells that
        /// `markdownify` writes as markdownify does.
        public var readsBackWithCmark: Bool { self != .pandoc && self != .markdownify }
    }

    /// ATX (`# Title`), closed ATX (`# Title #`) or setext (`Title` underlined) headings.
    public enum HeadingStyle: String, CaseIterable, Sendable {
        /// `# Title`.
        case atx
        /// `# Title #`: the ATX marker closed by as many `#` (markdownify's `ATX_CLOSED`).
        case atxClosed
        /// `Title` underlined by `=` (level 1) or `-` (level 2); deeper levels are ATX.
        case setext
    }
    /// Fenced or indented code blocks.
    public enum CodeBlockStyle: String, CaseIterable, Sendable { case fenced, indented }
    /// How an image is written where only text is wanted (`imagesInHeadingsAndCells`).
    public enum ImageInText: String, CaseIterable, Sendable {
        /// `![alt](src)`.
        case image
        /// The alt text alone.
        case altText
    }

    /// How links marked as wikilinks are written.
    public enum WikilinkStyle: String, CaseIterable, Sendable {
        /// As other links.
        case none
        /// `[[target|text]]` (Obsidian, GitHub wikis, pandoc's `wikilinks_title_after_pipe`).
        case titleAfterPipe
        /// `[[text|target]]` (pandoc's `wikilinks_title_before_pipe`).
        case titleBeforePipe
    }

    /// Inline links or reference links with definitions at the end.
    public enum LinkStyle: String, CaseIterable, Sendable {
        /// `[text](url "title")`.
        case inline
        /// `[text][1]` with `[1]: url "title"` definitions at the end.
        case reference
        /// For language models: `text [1]`, with the numbered sources listed at the end as
        /// `[1]: url "title"` (so a renderer still links the number). A URL cited twice keeps its
        /// number; links that show nothing are left out, and links to the page itself (`#…`, its
        /// canonical or source URL) and `javascript:` links are written as their text alone.
        case citations
        /// For language models: the link's text alone, no URL (links that show nothing are left
        /// out).
        case textOnly
    }
    /// How images are written (`images`).
    public enum ImageStyle: String, CaseIterable, Sendable {
        /// `![alt](src)` where the image is.
        case keep
        /// The alt text alone, as text.
        case alt
        /// Nothing.
        case drop
        /// The alt text where the image is, and `![alt](src)` listed after the content, each
        /// source once.
        case end
    }
    /// When the document's metadata is written as YAML front matter (`frontMatter`).
    public enum FrontMatterPolicy: String, CaseIterable, Sendable {
        /// When it was read from a front matter block (Markdown to Markdown keeps it).
        case auto
        /// Whenever the document has metadata (`frontMatter=true`).
        case always
        /// Never (`frontMatter=false`).
        case never
    }
    /// How reference links name their definition: `[text][1]`, `[text][]` or `[text]`.
    public enum LinkReferenceStyle: String, CaseIterable, Sendable { case full, collapsed, shortcut }
    /// Hard line breaks as two trailing spaces or a trailing backslash.
    public enum HardBreakStyle: String, CaseIterable, Sendable { case spaces, backslash }
    /// How text is escaped: only where it would otherwise parse as syntax, by turndown's or
    /// pandoc's rules, or not at all.
    public enum Escaping: String, CaseIterable, Sendable {
        /// Only what CommonMark (and GFM) would read as syntax.
        case exact
        /// turndown's rules.
        case turndown
        /// Nothing: text is written as it is, for HTML whose text already is Markdown (a CMS
        /// that keeps Markdown in `<p>` elements, markdownify's `escape_asterisks=False` and
        /// `escape_underscores=False`); its Markdown, links included, is live in the output, so
        /// use it for text you would render as Markdown anyway. Only what the structure around
        /// needs stays text: a `#` ending an ATX heading, `|` in a table cell, `[`, `]` and `\`
        /// in a link's text, line ends; and `<` unless `unsafe` (text never becomes raw HTML).
        /// Lines are not wrapped (`lineWidth`), as a break could start a block.
        case none
        /// `exact`, plus what pandoc's Markdown reads as syntax: `\` always, `"`, `'`, `--`,
        /// `...` (smart punctuation), `^`, `~`, `$`, `@` before a word, and at a line start `|`,
        /// `: `, `%` and fancy list markers (`a.`, `iv)`, `(1)`).
        case pandoc
    }

    /// How tables a pipe table cannot hold as they are get written.
    public enum ComplexTable: String, CaseIterable, Sendable {
        /// A pipe table unless cells hold blocks (lists, several paragraphs, nested tables):
        /// what a pipe table loses then is layout only (spans, the header row's absence).
        case auto
        /// A pipe table unless cells hold blocks, then pandoc's grid table (`+---+` borders),
        /// whose cells hold blocks as they are. Only for pandoc's Markdown: other dialects read a
        /// grid table as text.
        case grid
        /// Always a pipe table: spans padded with empty cells, blocks in cells joined on one line.
        case pipe
        /// An HTML block.
        case html
        /// The cells' content as paragraphs.
        case text
    }

    /// How ordered lists are numbered.
    public enum ListNumberingStyle: String, CaseIterable, Sendable {
        /// `1.`, `2.`, … whatever the list's numbering (CommonMark has no other).
        case decimal
        /// The list's own numbering (`ListNumbering`): `a.`, `B)`, `iv.` as pandoc reads them
        /// (letters up to `z`, Roman numerals up to 3999; items past those repeat the first
        /// item's marker, which pandoc reads as the next number).
        case source
    }

    /// The header row of a pipe table written for a table that has none.
    public enum TableHeader: String, CaseIterable, Sendable {
        /// A row of empty cells (reads back as a table whose rows are all body rows, pandoc's
        /// and markdownify's choice).
        case empty
        /// The first row becomes the header.
        case promote
    }

    /// How the columns of a pipe table are laid out.
    public enum TableColumnStyle: String, CaseIterable, Sendable {
        /// Every cell padded to its column's width, the delimiter row as wide (`| a   | bbb |`).
        case aligned
        /// One space around each cell and no padding, three-character delimiter cells
        /// (`| a | bbb |`, `| --- | :-: |`), as turndown-plugin-gfm writes.
        case compact
    }

    /// Where a table's caption is written when the table is a pipe table.
    public enum CaptionStyle: String, CaseIterable, Sendable {
        /// A paragraph right before the table.
        case paragraph
        /// pandoc's `: caption` paragraph after the table.
        case pandoc
    }

    /// What to write for a node kind that Markdown has no syntax for.
    public enum Fallback: String, CaseIterable, Sendable {
        /// Raw HTML (inline tags around Markdown content, or an HTML block).
        case html
        /// The content only, without the markup.
        case text
        /// A widespread extension syntax: `==mark==`, `^sup^`, `~sub~`, `++ins++`; for spans,
        /// divisions and definition lists pandoc's `[x]{.class}`, `::: class` and `:   definition`.
        case symbol
    }

    /// What to write for superscript and subscript: the choices of `Fallback`, plus their
    /// Unicode characters.
    public enum ScriptFallback: String, CaseIterable, Sendable {
        /// `<sup>x</sup>`, `<sub>x</sub>`.
        case html
        /// The content only.
        case text
        /// `^x^`, `~x~` (pandoc, markdown-it), a space inside written `\ `.
        case symbol
        /// Unicode superscript or subscript characters (`x²`, `10⁻³`, `H₂O`) where every
        /// character of the content has one (digits, `+`, `-`, `=`, `(`, `)`, spaces), else
        /// `^(x)` / `\_(x)`: what pandoc writes where neither HTML nor `^x^` is read (its `_(`
        /// escaped, which would pair up as emphasis), and what keeps `2<sup>10</sup>` from
        /// reading as 210 in plain text.
        case unicode

        /// The `Fallback` of the same name, or nil for `unicode`.
        var fallback: Fallback? {
            switch self {
            case .html: return .html
            case .text: return .text
            case .symbol: return .symbol
            case .unicode: return nil
            }
        }
    }
}
