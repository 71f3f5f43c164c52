/// The attributes of one paragraph of a `StyledText` (a line of text ended by `\n`): its role,
/// alignment, indents, spacing and tab stops.
public struct ParagraphAttributes: Sendable, Hashable {
    /// Which kind of block the paragraph came from.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The block a paragraph comes from.
        case paragraph, heading, codeBlock, listItem, tableRow, thematicBreak, footnote, term, definition, html
    }

    /// The horizontal alignment of the paragraph's lines.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// How a paragraph's lines are aligned (`natural` follows the writing direction).
        case natural, left, center, right, justified
    }

    /// A tab stop: where a tab moves the pen, and how text after it aligns.
    public struct TabStop: Sendable, Hashable {
        /// The position from the leading edge, in points.
        public var location: Double
        /// How the text after the tab aligns at the stop.
        public var alignment: Alignment

        /// Creates a tab stop.
        public init(location: Double, alignment: Alignment = .natural) {
            self.location = location
            self.alignment = alignment
        }
    }

    /// The block the paragraph came from.
    public var role: Role
    /// The alignment.
    public var alignment: Alignment
    /// The indent of every line but the first, in points (list items hang their text here).
    public var headIndent: Double
    /// The indent of the first line, in points (list markers start here).
    public var firstLineHeadIndent: Double
    /// Space before the paragraph, in points.
    public var spacingBefore: Double
    /// Space after the paragraph, in points.
    public var spacingAfter: Double
    /// The line height as a multiple of the font's natural line height; `nil` is normal.
    public var lineHeightMultiple: Double?
    /// The tab stops, in increasing order.
    public var tabStops: [TabStop]
    /// Whether a horizontal rule is drawn across the paragraph (thematic breaks).
    public var hasRule: Bool
    /// Whether spaces and line breaks are kept as written (code blocks, `white-space: pre`).
    public var preservesWhitespace: Bool

    /// Creates paragraph attributes.
    public init(role: Role = .paragraph, alignment: Alignment = .natural, headIndent: Double = 0,
                firstLineHeadIndent: Double = 0, spacingBefore: Double = 0, spacingAfter: Double = 0,
                lineHeightMultiple: Double? = nil, tabStops: [TabStop] = [], hasRule: Bool = false,
                preservesWhitespace: Bool = false) {
        self.role = role
        self.alignment = alignment
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.spacingBefore = spacingBefore
        self.spacingAfter = spacingAfter
        self.lineHeightMultiple = lineHeightMultiple
        self.tabStops = tabStops
        self.hasRule = hasRule
        self.preservesWhitespace = preservesWhitespace
    }
}
