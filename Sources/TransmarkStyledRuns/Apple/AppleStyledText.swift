import Foundation

/// Styled text with every run and paragraph mapped to the values Apple's text system needs:
/// fonts on Apple's weight scale, sRGB colors from 0 to 1, `NSUnderlineStyle` bits, baseline
/// offsets, paragraph-style values, text lists, and Foundation's presentation intents with their
/// identities. Platform-neutral and computed on every platform; the `TransmarkAppleText` library
/// (Apple platforms only) turns it into an `NSAttributedString` or a SwiftUI-ready
/// `AttributedString`.
///
/// Runs are split wherever a paragraph or an attachment begins or ends, so each run lies in one
/// paragraph and an attachment's U+FFFC is a run of its own; each run carries its text, so an
/// adapter builds its string by appending runs in order, with no offset arithmetic.
///
/// Four resolved fields have no Apple value and are left out: a run's `footnoteReference` (the
/// number is in the text, raised by its baseline offset), its `sourceTag` (the caller's tag name,
/// kept in Transmark's own attribute scope), its `math` (no Apple key marks TeX source; it is kept
/// in Transmark's own attribute scope, `TransmarkAttributes.Math`) and a paragraph's `preservesWhitespace` (spaces, tabs
/// and U+2028 breaks are written into the text, which Apple's text system keeps as it is). A code
/// block's language is not in styled text, so its intent has no language hint.
public struct AppleStyledText: Sendable, Hashable {
    /// A run: a range of the text, the text itself, its paragraph and its Apple attributes.
    public struct Run: Sendable, Hashable {
        /// The range, in the unit of the styled text it was made from.
        public var range: TextRange
        /// The run's text.
        public var text: String
        /// The index of the run's paragraph in `paragraphs` (0, with `paragraphs` empty, for
        /// styled text that has no paragraphs).
        public var paragraph: Int
        /// The Apple attributes.
        public var attributes: AppleTextAttributes
    }

    /// A paragraph: a range of the text (with its terminating `\n`) and its Apple attributes.
    public struct Paragraph: Sendable, Hashable {
        /// The range, in the unit of the styled text it was made from.
        public var range: TextRange
        /// The Apple attributes.
        public var attributes: AppleParagraphAttributes
    }

    /// The unit ranges count in.
    public var unit: OffsetUnit
    /// The runs, in order, covering the text without gaps.
    public var runs: [Run]
    /// The paragraphs, in order, covering the text without gaps.
    public var paragraphs: [Paragraph]

    /// The whole text (the runs' texts in order).
    public var text: String { runs.map(\.text).joined() }

    /// Maps styled text: each run's resolved attributes become `AppleTextAttributes`, each
    /// paragraph's `AppleParagraphAttributes`, with the block nesting (quotes, lists and their
    /// items, tables, headings, code blocks) rebuilt from the runs' depths and list markers as
    /// `Document(styledText)` rebuilds it. Linear in the size of the styled text.
    public init(_ styled: StyledText) {
        unit = styled.unit
        runs = []
        paragraphs = []
        let runStyles = styled.runStyles
        let paragraphStyles = styled.paragraphStyles
        func runAttributes(_ run: StyledRun) -> RunAttributes {
            runStyles.indices.contains(run.style) ? runStyles[run.style] : RunAttributes()
        }

        // Paragraphs first: each one's block context from its first runs.
        var nesting = AppleBlockNesting()
        var roles: [ParagraphAttributes.Role] = []
        paragraphs.reserveCapacity(styled.paragraphs.count)
        roles.reserveCapacity(styled.paragraphs.count)
        var r = 0
        for p in styled.paragraphs {
            let attributes = paragraphStyles.indices.contains(p.style) ? paragraphStyles[p.style] : ParagraphAttributes()
            while r + 1 < styled.runs.count && styled.runs[r].range.end <= p.range.location { r += 1 }
            var context = RunAttributes()
            var marker: RunAttributes?
            if r < styled.runs.count {
                let first = runAttributes(styled.runs[r])
                context = first
                if first.traits.contains(.listMarker) {
                    marker = first
                    if r + 1 < styled.runs.count && styled.runs[r + 1].range.location < p.range.end {
                        context = runAttributes(styled.runs[r + 1])
                    }
                }
            }
            let blocks = nesting.enter(attributes, context: context, marker: marker)
            paragraphs.append(Paragraph(range: p.range, attributes: AppleParagraphAttributes(attributes, blocks: blocks)))
            roles.append(attributes.role)
        }

        // Then the runs, cut at every run, paragraph and attachment edge.
        // The table cells of the current row paragraph, by column.
        var cellsParagraph = -1
        var cells: [Int: ApplePresentationIntent.Component] = [:]
        var mapped: [Run] = []
        let paragraphs = self.paragraphs
        styled.forEachSegment { segment in
            let source = segment.run.map { runAttributes(styled.runs[$0]) } ?? RunAttributes()
            let paragraph = segment.paragraph ?? 0
            let role = roles.indices.contains(paragraph) ? roles[paragraph] : .paragraph
            let paragraphIntent = paragraphs.indices.contains(paragraph) ? paragraphs[paragraph].attributes.presentationIntent
                : ApplePresentationIntent()
            var cell: ApplePresentationIntent.Component?
            if role == .tableRow, let column = source.tableColumn {
                if cellsParagraph != paragraph {
                    cellsParagraph = paragraph
                    cells = [:]
                }
                if let known = cells[column] {
                    cell = known
                } else {
                    let made = ApplePresentationIntent.Component(kind: .tableCell(columnIndex: column), identity: nesting.newIdentity())
                    cells[column] = made
                    cell = made
                }
            }
            let attachment = segment.attachment.map { styled.attachments[$0] }
            mapped.append(Run(range: segment.range, text: segment.text, paragraph: paragraph,
                              attributes: AppleTextAttributes(source, role: role, paragraphIntent: paragraphIntent,
                                                              cell: cell, attachment: attachment)))
        }
        runs = mapped
    }

    /// Maps an `AttributedString` with Transmark's attributes (or only Foundation's) through
    /// `StyledText(attributed)`.
    public init(_ attributed: AttributedString, defaultFont: FontDescriptor = FontDescriptor()) {
        self.init(StyledText(attributed, defaultFont: defaultFont))
    }
}
