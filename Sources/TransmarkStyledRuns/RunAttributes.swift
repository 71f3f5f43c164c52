import TransmarkCore

/// The attributes of one run of a `StyledText`: what the source said (semantic) and how it looks
/// (resolved through the theme and the style cascade). Equal attributes are stored once per
/// `StyledText` and adjacent runs with equal attributes are merged.
public struct RunAttributes: Sendable, Hashable {
    // MARK: Resolved

    /// The font.
    public var font: FontDescriptor
    /// The text color; `nil` leaves the platform's default (label) color.
    public var foregroundColor: RGBAColor?
    /// The background color behind the text.
    public var backgroundColor: RGBAColor?
    /// An underline, if any.
    public var underline: DecorationLine?
    /// A strikethrough line, if any.
    public var strikethrough: DecorationLine?
    /// The baseline offset in points (positive raises the text).
    public var baselineOffset: Double
    /// Extra space between characters, in points (kerning).
    public var letterSpacing: Double

    // MARK: Semantic

    /// The inline markup the run is inside.
    public var traits: InlineTraits
    /// The link the run belongs to.
    public var link: LinkTarget?
    /// The level (1–6) of the heading the run is in.
    public var headingLevel: Int?
    /// How many block quotes the run is inside (absent for 0).
    public var blockQuoteDepth: Int?
    /// How many lists the run is inside (1 for a top-level list; absent for 0).
    public var listLevel: Int?
    /// The marker of the list item the run is in, as written into the text (`•`, `1.`, `☑`).
    public var listMarker: String?
    /// The row (0-based, header rows included) of the table cell the run is in.
    public var tableRow: Int?
    /// The column (0-based) of the table cell the run is in.
    public var tableColumn: Int?
    /// The label of the footnote a reference run points to.
    public var footnoteReference: String?
    /// The name of the custom tag (or HTML container tag) the run is inside.
    public var sourceTag: String?
    /// Whether the run is math (its text is the TeX source), and whether inline or display.
    public var math: MathKind?

    /// Creates attributes with the given font and nothing else set.
    public init(font: FontDescriptor = FontDescriptor()) {
        self.font = font
        foregroundColor = nil
        backgroundColor = nil
        underline = nil
        strikethrough = nil
        baselineOffset = 0
        letterSpacing = 0
        traits = []
        link = nil
        headingLevel = nil
        blockQuoteDepth = nil
        listLevel = nil
        listMarker = nil
        tableRow = nil
        tableColumn = nil
        footnoteReference = nil
        sourceTag = nil
        math = nil
    }
}

extension RunAttributes {
    /// Feeds the intern hash (`InternHasher`: the fields, small ones packed into words, strings
    /// mixed eight bytes at a time, canonically equivalent strings alike) to `hasher`: one
    /// description of the fields for both, and a cheap hash for dictionaries too.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(internHashValue)
    }
}
