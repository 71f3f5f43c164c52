/// The values Apple's text system needs for one paragraph: what the Apple adapter sets in an
/// `NSMutableParagraphStyle` (alignment, indents, spacing, line height, tab stops, text lists),
/// plus the paragraph's block nesting (quote depth, heading level, presentation intent).
public struct AppleParagraphAttributes: Sendable, Hashable {
    /// The alignment.
    public var alignment: AppleTextAlignment
    /// The indent of the first line, in points (list markers start here).
    public var firstLineHeadIndent: Double
    /// The indent of every other line, in points (list items hang their text here).
    public var headIndent: Double
    /// Space before the paragraph, in points (`paragraphSpacingBefore`).
    public var paragraphSpacingBefore: Double
    /// Space after the paragraph, in points (`paragraphSpacing`).
    public var paragraphSpacing: Double
    /// The line height as a multiple of the font's; 0 for the font's own (`lineHeightMultiple`).
    public var lineHeightMultiple: Double
    /// The tab stops, in increasing order (the tab after a list marker, table columns).
    public var tabStops: [AppleTabStop]
    /// The lists the paragraph is in, outermost first (`textLists`).
    public var textLists: [AppleTextList]
    /// How many block quotes the paragraph is in.
    public var blockQuoteDepth: Int
    /// The level (1–6) of a heading paragraph.
    public var headingLevel: Int?
    /// The paragraph's blocks, innermost first: the paragraph itself (or heading, code block,
    /// thematic break, table row), then the items, lists, quotes and table around it.
    public var presentationIntent: ApplePresentationIntent

    /// Creates paragraph attributes.
    public init(alignment: AppleTextAlignment = .natural, firstLineHeadIndent: Double = 0, headIndent: Double = 0,
                paragraphSpacingBefore: Double = 0, paragraphSpacing: Double = 0, lineHeightMultiple: Double = 0,
                tabStops: [AppleTabStop] = [], textLists: [AppleTextList] = [], blockQuoteDepth: Int = 0,
                headingLevel: Int? = nil, presentationIntent: ApplePresentationIntent = ApplePresentationIntent()) {
        self.alignment = alignment
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.tabStops = tabStops
        self.textLists = textLists
        self.blockQuoteDepth = blockQuoteDepth
        self.headingLevel = headingLevel
        self.presentationIntent = presentationIntent
    }

    /// The Apple values of a paragraph's resolved attributes in the block context `blocks`.
    init(_ paragraph: ParagraphAttributes, blocks: AppleBlockContext) {
        alignment = paragraph.alignment
        firstLineHeadIndent = paragraph.firstLineHeadIndent
        headIndent = paragraph.headIndent
        paragraphSpacingBefore = paragraph.spacingBefore
        paragraphSpacing = paragraph.spacingAfter
        lineHeightMultiple = paragraph.lineHeightMultiple ?? 0
        tabStops = paragraph.tabStops
        textLists = blocks.textLists
        blockQuoteDepth = blocks.blockQuoteDepth
        headingLevel = blocks.headingLevel
        presentationIntent = blocks.intent
    }
}
