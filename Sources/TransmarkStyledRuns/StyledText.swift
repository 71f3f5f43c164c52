/// Text as a label or text view shows it, with its styles: the text, runs of attributes over it,
/// paragraph attributes and attachments. Platform-neutral, `Codable`, and convertible to
/// Foundation's `AttributedString`.
///
/// Attribute values are stored once each (`runStyles`, `paragraphStyles`) and referred to by index
/// from `runs` and `paragraphs`, so equal styles cost nothing and compare by index. Runs cover the
/// whole text, in order, without gaps; adjacent runs never have equal attributes. Paragraph ranges
/// cover the whole text too, each including its terminating `\n`. All offsets count in `unit`.
public struct StyledText: Sendable, Equatable {
    /// The version of the JSON schema this type reads and writes.
    public static let schemaVersion = 1

    /// The text, with `\n` between paragraphs, U+2028 for hard breaks, list markers and tabs
    /// written in, and U+FFFC for each attachment.
    public var text: String
    /// The unit ranges count in.
    public var unit: OffsetUnit
    /// The distinct run attributes, in order of first use.
    public var runStyles: [RunAttributes]
    /// The runs: ranges of the text with an index into `runStyles`.
    public var runs: [StyledRun]
    /// The distinct paragraph attributes, in order of first use.
    public var paragraphStyles: [ParagraphAttributes]
    /// The paragraphs: ranges of the text with an index into `paragraphStyles`.
    public var paragraphs: [StyledRun]
    /// The attachments, in text order.
    public var attachments: [Attachment]

    /// Creates styled text from its parts (no validation; see `validate()`).
    public init(text: String, unit: OffsetUnit = .utf16, runStyles: [RunAttributes] = [], runs: [StyledRun] = [],
                paragraphStyles: [ParagraphAttributes] = [], paragraphs: [StyledRun] = [], attachments: [Attachment] = []) {
        self.text = text
        self.unit = unit
        self.runStyles = runStyles
        self.runs = runs
        self.paragraphStyles = paragraphStyles
        self.paragraphs = paragraphs
        self.attachments = attachments
    }

    /// The attributes of a run.
    public func attributes(of run: StyledRun) -> RunAttributes { runStyles[run.style] }

    /// The attributes of a paragraph.
    public func attributes(ofParagraph paragraph: StyledRun) -> ParagraphAttributes { paragraphStyles[paragraph.style] }

    /// Every run with its attributes, in order.
    public var attributedRuns: [(range: TextRange, attributes: RunAttributes)] {
        runs.map { ($0.range, runStyles[$0.style]) }
    }
}

/// A range of text and the index of its attributes in a `StyledText` style table.
public struct StyledRun: Sendable, Hashable {
    /// The range, in the text's unit.
    public var range: TextRange
    /// The index into `runStyles` (for runs) or `paragraphStyles` (for paragraphs).
    public var style: Int

    /// Creates a run.
    public init(range: TextRange, style: Int) {
        self.range = range
        self.style = style
    }
}
