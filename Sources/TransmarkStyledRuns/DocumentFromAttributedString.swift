import Foundation
import TransmarkCore

extension Document {
    /// Reads an `AttributedString` into a tree, as `StyledJSONFrontend` reads styled JSON: the
    /// keys of Transmark's attribute scope (`TransmarkAttributes`) and Foundation's `.link`.
    ///
    /// An attributed string made by `AttributedString(styledText)` carries every run's attributes
    /// (`TransmarkAttributes.Run`) and paragraph attributes, and reads back into the tree the
    /// styled text came from (see the exceptions in `Docs/styled-json.md`). One made in an editor
    /// may carry only some keys: `traits` (strong, emphasis, code, …), `headingLevel`, `listLevel`,
    /// `blockQuoteDepth`, `.link`, colors and fonts. Single keys override what `Run` says (an
    /// editor changes them, not `Run`); resolved values an editor did not set (no font key, no
    /// color key) count as the theme's, so they never become spans. Without paragraph attributes,
    /// each `\n` ends a paragraph.
    ///
    /// Throws `TransmarkError.nestingTooDeep` beyond `options.maxDepth`.
    public init(_ attributedString: AttributedString,
                options: StyledJSONFrontend.Options = StyledJSONFrontend.Options()) throws {
        let (styled, explicit) = StyledText.readingInput(attributedString, theme: options.theme)
        var reader = StyledTextReader(styled: styled, explicit: explicit, options: options)
        self = try reader.read()
    }
}

extension StyledText {
    /// Styled text (in UTF-8 offsets) for the reader, with the resolved fields each run style
    /// was given.
    static func readingInput(_ attributed: AttributedString, theme: Theme) -> (StyledText, [ResolvedFields]) {
        struct Key: Hashable {
            var attributes: RunAttributes
            var fields: ResolvedFields
        }
        var text: [UInt8] = []
        var runStyles: [RunAttributes] = []
        var fields: [ResolvedFields] = []
        var runIndex: [Key: Int] = [:]
        var runs: [StyledRun] = []
        var paragraphStyles: [ParagraphAttributes] = []
        var paragraphIndex: [ParagraphAttributes: Int] = [:]
        var paragraphs: [StyledRun] = []
        var attachments: [Attachment] = []
        let defaultFont = FontDescriptor(family: StyleApplier(theme: theme).family(theme.fontFamily), size: normalized(theme.fontSize))

        var paragraphStart = 0
        var current: (index: Int?, style: Int)?
        func endParagraph(at end: Int) {
            if let c = current, end > paragraphStart {
                paragraphs.append(StyledRun(range: TextRange(location: paragraphStart, length: end - paragraphStart), style: c.style))
            }
            paragraphStart = end
            current = nil
        }

        for run in attributed.runs {
            var given: ResolvedFields = []
            var a: RunAttributes
            if let whole = run[TransmarkAttributes.Run.self] {
                a = whole
                given = .all
            } else {
                a = RunAttributes(font: defaultFont)
            }
            if let v = run[TransmarkAttributes.Font.self] { a.font = v; given.insert(.font) }
            if let v = run[TransmarkAttributes.ForegroundColor.self] { a.foregroundColor = v; given.insert(.foreground) }
            if let v = run[TransmarkAttributes.BackgroundColor.self] { a.backgroundColor = v; given.insert(.background) }
            if let v = run[TransmarkAttributes.Underline.self] { a.underline = v; given.insert(.underline) }
            if let v = run[TransmarkAttributes.Strikethrough.self] { a.strikethrough = v; given.insert(.strikethrough) }
            if let v = run[TransmarkAttributes.BaselineOffset.self] { a.baselineOffset = normalized(v); given.insert(.baselineOffset) }
            if let v = run[TransmarkAttributes.Traits.self] { a.traits = v }
            if let v = run[TransmarkAttributes.HeadingLevel.self] { a.headingLevel = v }
            if let v = run[TransmarkAttributes.ListLevel.self] { a.listLevel = v }
            if let v = run[TransmarkAttributes.BlockQuoteDepth.self] { a.blockQuoteDepth = v }
            if let v = run[TransmarkAttributes.SourceTag.self] { a.sourceTag = v }
            if let v = run[TransmarkAttributes.Math.self] { a.math = v }
            if let url = run.link, a.link.flatMap({ URL(string: $0.url) }) != url {
                a.link = LinkTarget(url: url.absoluteString)
            }
            let key = Key(attributes: a, fields: given)
            let (style, newStyle) = runIndex.number(for: key)
            if newStyle {
                runStyles.append(a)
                fields.append(given)
            }
            let paragraph = run[TransmarkAttributes.Paragraph.self] ?? ParagraphAttributes()
            let (pStyle, newParagraphStyle) = paragraphIndex.number(for: paragraph)
            if newParagraphStyle { paragraphStyles.append(paragraph) }
            let index = run[TransmarkAttributes.ParagraphIndex.self]
            if var info = run[TransmarkAttributes.AttachmentInfo.self] {
                info.location = text.count
                attachments.append(info)
            }
            let start = text.count
            text.append(contentsOf: String(attributed[run.range].characters).utf8)
            if let last = runs.last, last.style == style, last.range.end == start {
                runs[runs.count - 1].range.length += text.count - start
            } else if text.count > start {
                runs.append(StyledRun(range: TextRange(location: start, length: text.count - start), style: style))
            }
            // Paragraphs: by paragraph index where given, else each `\n` ends one.
            var i = start
            while i < text.count {
                if let c = current, c.index != index || c.style != pStyle { endParagraph(at: i) }
                if current == nil {
                    paragraphStart = i
                    current = (index, pStyle)
                }
                if index == nil, let nl = text[i...].firstIndex(of: 0x0A) {
                    endParagraph(at: nl + 1)
                    i = nl + 1
                } else {
                    i = text.count
                }
            }
        }
        endParagraph(at: text.count)
        let styled = StyledText(text: String(decoding: text, as: UTF8.self), unit: .utf8, runStyles: runStyles, runs: runs,
                                paragraphStyles: paragraphStyles, paragraphs: paragraphs, attachments: attachments)
        return (styled, fields)
    }
}
