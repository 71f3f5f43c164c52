/// Collects the text (as UTF-8 bytes), runs, paragraphs and attachments of a `StyledText` in one
/// pass, counting offsets in the requested unit as bytes arrive and merging adjacent runs with
/// equal attributes. Attributes are interned: equal values share one table entry.
struct StyledTextAccumulator {
    let unit: OffsetUnit
    private(set) var bytes: [UInt8] = []
    /// The current length of the text in `unit`.
    private(set) var offset = 0
    private(set) var runs: [StyledRun] = []
    private(set) var runStyles: [RunAttributes] = []
    private var runStyleIndex: [RunAttributes: Int] = [:]
    private(set) var paragraphs: [StyledRun] = []
    private(set) var paragraphStyles: [ParagraphAttributes] = []
    private var paragraphStyleIndex: [ParagraphAttributes: Int] = [:]
    private(set) var attachments: [Attachment] = []

    init(unit: OffsetUnit, estimatedBytes: Int) {
        self.unit = unit
        bytes.reserveCapacity(estimatedBytes)
    }

    /// The index of `attributes` in the run table, adding it if new.
    mutating func intern(_ attributes: RunAttributes) -> Int {
        if let i = runStyleIndex[attributes] { return i }
        let i = runStyles.count
        runStyles.append(attributes)
        runStyleIndex[attributes] = i
        return i
    }

    /// The index of `attributes` in the paragraph table, adding it if new.
    mutating func intern(_ attributes: ParagraphAttributes) -> Int {
        if let i = paragraphStyleIndex[attributes] { return i }
        let i = paragraphStyles.count
        paragraphStyles.append(attributes)
        paragraphStyleIndex[attributes] = i
        return i
    }

    /// Appends valid UTF-8 bytes with the run style `style`.
    mutating func append<C: Collection>(_ chunk: C, style: Int) where C.Element == UInt8 {
        if chunk.isEmpty { return }
        let units: Int
        switch unit {
        case .utf8:
            units = chunk.count
        case .unicodeScalars:
            var n = 0
            for b in chunk where b & 0xC0 != 0x80 { n += 1 }
            units = n
        case .utf16:
            var n = 0
            for b in chunk where b & 0xC0 != 0x80 { n += b >= 0xF0 ? 2 : 1 }
            units = n
        }
        bytes.append(contentsOf: chunk)
        extendRun(units: units, style: style)
    }

    /// Appends a string literal (valid UTF-8) with the run style `style`.
    mutating func append(_ literal: StaticString, style: Int) {
        literal.withUTF8Buffer { append($0, style: style) }
    }

    private mutating func extendRun(units: Int, style: Int) {
        let start = offset
        offset += units
        if let last = runs.last, last.style == style, last.range.end == start {
            runs[runs.count - 1].range.length += units
        } else {
            runs.append(StyledRun(range: TextRange(location: start, length: units), style: style))
        }
    }

    /// Records a paragraph from `start` to the current offset.
    mutating func addParagraph(from start: Int, style: Int) {
        paragraphs.append(StyledRun(range: TextRange(location: start, length: offset - start), style: style))
    }

    /// Records an attachment at the current offset (call before appending its U+FFFC).
    mutating func addAttachment(_ attachment: Attachment) {
        attachments.append(attachment)
    }

    /// The finished styled text; `nil` when the bytes were not valid UTF-8 (offsets would be wrong).
    func finish() -> StyledText? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return StyledText(text: text, unit: unit, runStyles: runStyles, runs: runs,
                          paragraphStyles: paragraphStyles, paragraphs: paragraphs, attachments: attachments)
    }
}
