import TransmarkCore

/// Collects the text (as UTF-8 bytes), runs, paragraphs and attachments of a `StyledText` in one
/// pass, counting offsets in the requested unit as bytes arrive and merging adjacent runs with
/// equal attributes. Attributes are interned: equal values share one table entry.
struct StyledTextAccumulator {
    let unit: OffsetUnit
    /// The text (appended by copying into place).
    private var bytes = ByteAccumulator()
    /// The current length of the text in `unit`.
    private(set) var offset = 0
    private(set) var runs: [StyledRun] = []
    private var runStyleTable = InternTable<RunAttributes>()
    private(set) var paragraphs: [StyledRun] = []
    private var paragraphStyleTable = InternTable<ParagraphAttributes>()
    private var lastParagraphStyle = -1
    private(set) var attachments: [Attachment] = []

    init(unit: OffsetUnit, estimatedBytes: Int) {
        self.unit = unit
        bytes = ByteAccumulator(capacity: max(estimatedBytes, 64))
    }

    /// The run styles, each once, in the order of first use.
    var runStyles: [RunAttributes] { runStyleTable.elements }
    /// The paragraph styles, each once, in the order of first use.
    var paragraphStyles: [ParagraphAttributes] { paragraphStyleTable.elements }

    /// The index of `attributes` in the run table, adding it if new.
    mutating func intern(_ attributes: RunAttributes) -> Int {
        runStyleTable.index(of: attributes)
    }

    /// The index of `attributes` in the paragraph table, adding it if new. (Paragraphs in a row
    /// mostly look alike: the last one is compared before hashing.)
    mutating func intern(_ attributes: ParagraphAttributes) -> Int {
        if lastParagraphStyle >= 0 && paragraphStyleTable[lastParagraphStyle] == attributes { return lastParagraphStyle }
        let i = paragraphStyleTable.index(of: attributes)
        lastParagraphStyle = i
        return i
    }

    /// Appends valid UTF-8 bytes with the run style `style`.
    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, style: Int) {
        guard !chunk.isEmpty else { return }
        let n = chunk.count
        let units = unit == .utf8 ? n : Self.units(in: chunk, utf16: unit == .utf16)
        bytes.append(chunk)
        extendRun(units: units, style: style)
    }

    /// How many UTF-16 code units (or Unicode scalars) valid UTF-8 `chunk` holds: every byte but
    /// continuation bytes counts one, four-byte sequences two in UTF-16. ASCII goes sixteen bytes
    /// at a time.
    @inline(__always)
    static func units(in chunk: UnsafeBufferPointer<UInt8>, utf16: Bool) -> Int {
        let base = chunk.baseAddress!
        let n = chunk.count
        var units = 0
        var i = 0
        let high = SIMD16<UInt8>(repeating: 0x80)
        while i + 16 <= n {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(v .>= high) { break }
            units += 16
            i += 16
        }
        while i < n {
            let b = base[i]
            if b & 0xC0 != 0x80 { units += utf16 && b >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return units
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

    /// Whether the text is valid UTF-8 (offsets were counted as if it were; a tree can hold
    /// invalid bytes only when a frontend added them).
    var hasValidText: Bool {
        bytes.withBytes { UTF8Validation.isValid($0) }
    }

    /// Writes the finished styled text as `styled-json`; false, writing nothing, when the bytes are
    /// not valid UTF-8 (`textIsValidated`: the caller checked `hasValidText`). With `stream`, the
    /// JSON is handed to it in pieces as it is written (see `StyledJSONWriter.write(text:…)`) and
    /// `output` is left empty.
    func writeJSON(into output: inout ByteOutput, textIsValidated: Bool = false,
                   stream: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) -> Bool {
        bytes.withBytes { text in
            guard textIsValidated || UTF8Validation.isValid(text) else { return false }
            if stream == nil {
                output.bytes.reserveCapacity(output.bytes.count + text.count * 5 / 4 + runs.count * 48 + paragraphs.count * 48 + 256)
            }
            StyledJSONWriter.write(text: text, unit: unit, runStyles: runStyles, runs: runs, paragraphStyles: paragraphStyles,
                                   paragraphs: paragraphs, attachments: attachments, into: &output, stream: stream)
            return true
        }
    }

    /// The finished styled text; `nil` when the bytes were not valid UTF-8 (offsets would be wrong).
    func finish() -> StyledText? {
        guard let text = bytes.withBytes({ String(validating: $0, as: UTF8.self) }) else { return nil }
        return StyledText(text: text, unit: unit, runStyles: runStyles, runs: runs,
                          paragraphStyles: paragraphStyles, paragraphs: paragraphs, attachments: attachments)
    }
}

