/// The colors, attributes and markers of the `ansi` format. The default theme uses the 16 basic
/// colors, so it follows the user's terminal palette (light or dark) the way rich and glow do.
public struct ANSITheme: Hashable, Sendable {
    /// Headings by level (index 0 is level 1); missing levels use the last entry.
    public var headings: [ANSIStyle]
    /// Heading underlines (`═`, `─`).
    public var headingUnderline: ANSIStyle
    /// `strong`.
    public var strong: ANSIStyle
    /// `emphasis`.
    public var emphasis: ANSIStyle
    /// `strikethrough`.
    public var strikethrough: ANSIStyle
    /// `underline`.
    public var underline: ANSIStyle
    /// `highlight` (`<mark>`).
    public var highlight: ANSIStyle
    /// `superscript` and `subscript`.
    public var superscriptAndSubscript: ANSIStyle
    /// Inline code.
    public var inlineCode: ANSIStyle
    /// Code blocks, padded to a box of uniform width.
    public var codeBlock: ANSIStyle
    /// Link text.
    public var link: ANSIStyle
    /// The ` (url)` after link text and the URLs in the reference list.
    public var linkURL: ANSIStyle
    /// `[image: alt]`.
    public var image: ANSIStyle
    /// The bar before every line of a block quote.
    public var blockQuoteBar: ANSIStyle
    /// The text of block quotes.
    public var blockQuoteText: ANSIStyle
    /// Bullets and numbers of list items.
    public var listMarker: ANSIStyle
    /// The checkbox of a checked task item.
    public var taskChecked: ANSIStyle
    /// The checkbox of an unchecked task item.
    public var taskUnchecked: ANSIStyle
    /// Thematic breaks, and the rule before footnotes and references.
    public var thematicBreak: ANSIStyle
    /// Table borders.
    public var tableBorder: ANSIStyle
    /// Header cells of tables.
    public var tableHeader: ANSIStyle
    /// Terms of definition lists.
    public var term: ANSIStyle
    /// Footnote references (`[1]`) and the numbers of the footnote list.
    public var footnoteReference: ANSIStyle
    /// Raw HTML shown by `rawHTML=text`.
    public var rawHTML: ANSIStyle
    /// Math (its TeX source): italic by default, in every theme (set it after creating one).
    public var math = ANSIStyle(italic: true)
    /// The characters drawn around content.
    public var markers: TextMarkers

    /// Creates a theme from every field.
    public init(headings: [ANSIStyle], headingUnderline: ANSIStyle, strong: ANSIStyle, emphasis: ANSIStyle,
                strikethrough: ANSIStyle, underline: ANSIStyle, highlight: ANSIStyle,
                superscriptAndSubscript: ANSIStyle, inlineCode: ANSIStyle, codeBlock: ANSIStyle,
                link: ANSIStyle, linkURL: ANSIStyle, image: ANSIStyle, blockQuoteBar: ANSIStyle,
                blockQuoteText: ANSIStyle, listMarker: ANSIStyle, taskChecked: ANSIStyle,
                taskUnchecked: ANSIStyle, thematicBreak: ANSIStyle, tableBorder: ANSIStyle,
                tableHeader: ANSIStyle, term: ANSIStyle, footnoteReference: ANSIStyle, rawHTML: ANSIStyle,
                markers: TextMarkers) {
        self.headings = headings.isEmpty ? [ANSIStyle(bold: true)] : headings
        self.headingUnderline = headingUnderline
        self.strong = strong
        self.emphasis = emphasis
        self.strikethrough = strikethrough
        self.underline = underline
        self.highlight = highlight
        self.superscriptAndSubscript = superscriptAndSubscript
        self.inlineCode = inlineCode
        self.codeBlock = codeBlock
        self.link = link
        self.linkURL = linkURL
        self.image = image
        self.blockQuoteBar = blockQuoteBar
        self.blockQuoteText = blockQuoteText
        self.listMarker = listMarker
        self.taskChecked = taskChecked
        self.taskUnchecked = taskUnchecked
        self.thematicBreak = thematicBreak
        self.tableBorder = tableBorder
        self.tableHeader = tableHeader
        self.term = term
        self.footnoteReference = footnoteReference
        self.rawHTML = rawHTML
        self.markers = markers
    }

    /// The default theme: bold colored headings (magenta, blue, cyan), cyan inline code on a dark
    /// gray background, code blocks on a dark gray box, blue underlined links, a blue quote bar,
    /// yellow list markers, dim rules and table borders, Unicode markers.
    public static let `default` = ANSITheme(
        headings: [
            ANSIStyle(bold: true, foreground: .brightMagenta),
            ANSIStyle(bold: true, foreground: .brightBlue),
            ANSIStyle(bold: true, foreground: .brightCyan),
            ANSIStyle(bold: true, foreground: .cyan),
            ANSIStyle(bold: true, italic: true),
            ANSIStyle(dim: true, italic: true),
        ],
        headingUnderline: ANSIStyle(dim: true),
        strong: ANSIStyle(bold: true),
        emphasis: ANSIStyle(italic: true),
        strikethrough: ANSIStyle(strikethrough: true),
        underline: ANSIStyle(underline: true),
        highlight: ANSIStyle(foreground: .black, background: .yellow),
        superscriptAndSubscript: ANSIStyle(dim: true),
        inlineCode: ANSIStyle(foreground: .cyan, background: .indexed(236)),
        codeBlock: ANSIStyle(background: .indexed(236)),
        link: ANSIStyle(underline: true, foreground: .brightBlue),
        linkURL: ANSIStyle(dim: true, foreground: .blue),
        image: ANSIStyle(italic: true, foreground: .magenta),
        blockQuoteBar: ANSIStyle(foreground: .brightBlue),
        blockQuoteText: ANSIStyle(italic: true),
        listMarker: ANSIStyle(foreground: .yellow),
        taskChecked: ANSIStyle(foreground: .green),
        taskUnchecked: ANSIStyle(dim: true),
        thematicBreak: ANSIStyle(dim: true),
        tableBorder: ANSIStyle(dim: true),
        tableHeader: ANSIStyle(bold: true),
        term: ANSIStyle(bold: true),
        footnoteReference: ANSIStyle(foreground: .cyan),
        rawHTML: ANSIStyle(dim: true),
        markers: .unicode)

    /// The style of a heading of `level` (1 to 6).
    func heading(_ level: Int) -> ANSIStyle {
        headings[max(0, min(level, headings.count) - 1)]
    }
}
