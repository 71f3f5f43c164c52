import Foundation
import TransmarkCore

extension AttributedString {
    /// The styled text as an `AttributedString`: every run carries `TransmarkAttributes.Run` (and the
    /// single keys: font, colors, traits, heading level, …), links Foundation's `.link`, every
    /// character its paragraph's `TransmarkAttributes.Paragraph`, every U+FFFC its attachment.
    public init(_ styled: StyledText) {
        var result = AttributedString()
        styled.forEachSegment { segment in
            var piece = AttributedString(segment.text)
            var container = AttributeContainer()
            if let run = segment.run { Self.set(styled.runStyles[styled.runs[run].style], in: &container) }
            if let paragraph = segment.paragraph {
                container[TransmarkAttributes.Paragraph.self] = styled.paragraphStyles[styled.paragraphs[paragraph].style]
                container[TransmarkAttributes.ParagraphIndex.self] = paragraph
            }
            if let attachment = segment.attachment {
                container[TransmarkAttributes.AttachmentInfo.self] = styled.attachments[attachment]
            }
            piece.mergeAttributes(container)
            result.append(piece)
        }
        self = result
    }

    static func set(_ a: RunAttributes, in c: inout AttributeContainer) {
        c[TransmarkAttributes.Run.self] = a
        c[TransmarkAttributes.Font.self] = a.font
        if let v = a.foregroundColor { c[TransmarkAttributes.ForegroundColor.self] = v }
        if let v = a.backgroundColor { c[TransmarkAttributes.BackgroundColor.self] = v }
        if let v = a.underline { c[TransmarkAttributes.Underline.self] = v }
        if let v = a.strikethrough { c[TransmarkAttributes.Strikethrough.self] = v }
        if a.baselineOffset != 0 { c[TransmarkAttributes.BaselineOffset.self] = a.baselineOffset }
        if !a.traits.isEmpty { c[TransmarkAttributes.Traits.self] = a.traits }
        if let v = a.headingLevel { c[TransmarkAttributes.HeadingLevel.self] = v }
        if let v = a.listLevel { c[TransmarkAttributes.ListLevel.self] = v }
        if let v = a.blockQuoteDepth { c[TransmarkAttributes.BlockQuoteDepth.self] = v }
        if let v = a.sourceTag { c[TransmarkAttributes.SourceTag.self] = v }
        if let v = a.math { c[TransmarkAttributes.Math.self] = v }
        if let link = a.link, let url = URL(string: link.url) { c.link = url }
    }
}

extension StyledText {
    /// Reads an `AttributedString` back: Transmark's keys where present (an exact round trip of
    /// `AttributedString(styled)`), otherwise the single keys and Foundation's `.link`, with
    /// `defaultFont` where no font is given. Paragraphs follow `TransmarkAttributes.ParagraphIndex`
    /// where present, else each `\n` ends one.
    public init(_ attributed: AttributedString, unit: OffsetUnit = .utf16, defaultFont: FontDescriptor = FontDescriptor()) {
        var out = StyledTextAccumulator(unit: unit, estimatedBytes: 0)
        var paragraphStart = 0
        var currentParagraph: (index: Int?, style: Int)? = nil
        for run in attributed.runs {
            let attributes = run[TransmarkAttributes.Run.self] ?? Self.runAttributes(run, defaultFont: defaultFont)
            let runStyle = out.intern(attributes)
            let paragraphStyle = out.intern(run[TransmarkAttributes.Paragraph.self] ?? ParagraphAttributes())
            let paragraphIndex = run[TransmarkAttributes.ParagraphIndex.self]
            if let a = run[TransmarkAttributes.AttachmentInfo.self] {
                var placed = a
                placed.location = out.offset
                out.addAttachment(placed)
            }
            var chunk = String(attributed[run.range].characters)
            chunk.withUTF8 { bytes in
                var from = 0
                // Without paragraph indexes, each `\n` ends a paragraph.
                for i in 0..<bytes.count {
                    if let current = currentParagraph, current.index != paragraphIndex || current.style != paragraphStyle {
                        out.addParagraph(from: paragraphStart, style: current.style)
                        currentParagraph = nil
                    }
                    if currentParagraph == nil {
                        if i > from { out.append(UnsafeBufferPointer(rebasing: bytes[from..<i]), style: runStyle); from = i }
                        paragraphStart = out.offset
                        currentParagraph = (paragraphIndex, paragraphStyle)
                    }
                    if bytes[i] == 0x0A && paragraphIndex == nil {
                        out.append(UnsafeBufferPointer(rebasing: bytes[from...i]), style: runStyle)
                        from = i + 1
                        out.addParagraph(from: paragraphStart, style: paragraphStyle)
                        currentParagraph = nil
                    }
                }
                if from < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[from...]), style: runStyle) }
            }
        }
        if let current = currentParagraph { out.addParagraph(from: paragraphStart, style: current.style) }
        self = out.finish() ?? StyledText(text: "", unit: unit)
    }

    static func runAttributes(_ run: AttributedString.Runs.Run, defaultFont: FontDescriptor) -> RunAttributes {
        var a = RunAttributes(font: run[TransmarkAttributes.Font.self] ?? defaultFont)
        a.foregroundColor = run[TransmarkAttributes.ForegroundColor.self]
        a.backgroundColor = run[TransmarkAttributes.BackgroundColor.self]
        a.underline = run[TransmarkAttributes.Underline.self]
        a.strikethrough = run[TransmarkAttributes.Strikethrough.self]
        a.baselineOffset = normalized(run[TransmarkAttributes.BaselineOffset.self] ?? 0)
        a.traits = run[TransmarkAttributes.Traits.self] ?? []
        a.headingLevel = run[TransmarkAttributes.HeadingLevel.self]
        a.listLevel = run[TransmarkAttributes.ListLevel.self]
        a.blockQuoteDepth = run[TransmarkAttributes.BlockQuoteDepth.self]
        a.sourceTag = run[TransmarkAttributes.SourceTag.self]
        a.math = run[TransmarkAttributes.Math.self]
        if let url = run.link { a.link = LinkTarget(url: url.absoluteString) }
        return a
    }
}

/// Turns offsets in a unit into `String.Index` values, walking forward only (linear overall).
struct OffsetIndex {
    let text: String
    let unit: OffsetUnit
    var offset = 0
    var index: String.Index

    init(text: String, unit: OffsetUnit) {
        self.text = text
        self.unit = unit
        self.index = text.startIndex
    }

    /// The index at `target` (not before the last one asked for); clamped to the end.
    mutating func index(at target: Int) -> String.Index {
        let scalars = text.unicodeScalars
        while offset < target && index < text.endIndex {
            let scalar = scalars[index]
            switch unit {
            case .unicodeScalars: offset += 1
            case .utf16: offset += scalar.value > 0xFFFF ? 2 : 1
            case .utf8: offset += UTF8.width(scalar)
            }
            index = scalars.index(after: index)
        }
        return index
    }
}
