@_spi(TransmarkStorage) import TransmarkCore

/// Writes a `StyledText` as `styled-json` (see `Schemas/styled-text.schema.json`) straight into a
/// `ByteOutput`: fixed key order, one table entry or run per line, deterministic numbers, and
/// JSON string escaping done on UTF-8 bytes. Equal input always gives identical bytes.
public enum StyledJSONWriter {
    /// The JSON bytes of `styled`.
    public static func bytes(of styled: StyledText) -> [UInt8] {
        var out = ByteOutput(capacity: styled.text.utf8.count * 2 + styled.runs.count * 48 + 256)
        write(styled, into: &out)
        return out.bytes
    }

    /// Appends the JSON of `styled` to `out`, ending with a newline.
    public static func write(_ styled: StyledText, into out: inout ByteOutput) {
        var text = styled.text
        text.withUTF8 { text in
            write(text: text, unit: styled.unit, runStyles: styled.runStyles, runs: styled.runs,
                  paragraphStyles: styled.paragraphStyles, paragraphs: styled.paragraphs,
                  attachments: styled.attachments, into: &out)
        }
    }

    /// How much output is collected before it is handed on (to the stream, or to the caller's
    /// `ByteOutput`).
    static let streamingChunkSize = 1 << 20

    /// Appends the JSON of styled text given by its parts (`text` valid UTF-8), as
    /// `write(_:into:)` does: the layout writes JSON this way without making a `String`. With
    /// `stream`, the output is handed to it about every `streamingChunkSize` bytes instead, so the
    /// JSON is never held whole; the pieces joined are the same bytes.
    static func write(text: UnsafeBufferPointer<UInt8>, unit: OffsetUnit, runStyles: [RunAttributes], runs: [StyledRun],
                      paragraphStyles: [ParagraphAttributes], paragraphs: [StyledRun], attachments: [Attachment],
                      into out: inout ByteOutput, stream: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
        let whole = text.count * 5 / 4 + runs.count * 48 + paragraphs.count * 48 + 256
        var buffer = GrowableBuffer<UInt8>(capacity: min(whole, streamingChunkSize + 4096))
        defer { buffer.deallocate() }
        func writeAll(_ flusher: inout OutputFlusher) {
            writeDocument(text: text, unit: unit, runStyles: runStyles, runs: runs, paragraphStyles: paragraphStyles,
                          paragraphs: paragraphs, attachments: attachments, into: &buffer, flusher: &flusher)
        }
        if let stream {
            var flusher = OutputFlusher(stream: stream)
            writeAll(&flusher)
        } else {
            withoutActuallyEscaping({ (piece: UnsafeBufferPointer<UInt8>) in out.append(piece) }) { append in
                var flusher = OutputFlusher(stream: append)
                writeAll(&flusher)
            }
        }
    }

    private static func writeDocument(text: UnsafeBufferPointer<UInt8>, unit: OffsetUnit, runStyles: [RunAttributes],
                                      runs: [StyledRun], paragraphStyles: [ParagraphAttributes], paragraphs: [StyledRun],
                                      attachments: [Attachment], into out: inout GrowableBuffer<UInt8>,
                                      flusher: inout OutputFlusher) {
        out.append("{\n  \"version\": ")
        out.append(int: StyledText.schemaVersion)
        out.append(",\n  \"unit\": ")
        writeString(unit.rawValue, to: &out)
        out.append(",\n  \"text\": ")
        writeText(text, into: &out, flusher: &flusher)
        out.append(",\n  \"runStyles\": [")
        writeTable(runStyles, into: &out, flusher: &flusher) { write($0, into: &$1) }
        out.append(",\n  \"runs\": [")
        writeRuns(runs, into: &out, flusher: &flusher)
        out.append(",\n  \"paragraphStyles\": [")
        writeTable(paragraphStyles, into: &out, flusher: &flusher) { write($0, into: &$1) }
        out.append(",\n  \"paragraphs\": [")
        writeRuns(paragraphs, into: &out, flusher: &flusher)
        out.append(",\n  \"attachments\": [")
        writeTable(attachments, into: &out, flusher: &flusher) { write($0, into: &$1) }
        out.append("\n}\n")
        flusher.flush(&out)
    }

    /// The entries of a table (after its `[`), one per line, and the closing `]`.
    @inline(__always)
    private static func writeTable<Entry>(_ entries: [Entry], into out: inout GrowableBuffer<UInt8>,
                                          flusher: inout OutputFlusher,
                                          _ writeEntry: (Entry, inout GrowableBuffer<UInt8>) -> Void) {
        for (i, entry) in entries.enumerated() {
            out.append(i == 0 ? "\n    " : ",\n    ")
            writeEntry(entry, &out)
            flusher.flushIfFull(&out)
        }
        out.append(entries.isEmpty ? "]" : "\n  ]")
    }

    /// Hands the buffer on once it holds `streamingChunkSize` bytes.
    struct OutputFlusher {
        let stream: (UnsafeBufferPointer<UInt8>) -> Void

        @inline(__always)
        func flushIfFull(_ out: inout GrowableBuffer<UInt8>) {
            if out.count >= StyledJSONWriter.streamingChunkSize { flush(&out) }
        }

        func flush(_ out: inout GrowableBuffer<UInt8>) {
            guard out.count > 0 else { return }
            stream(out.elements)
            out.removeAll()
        }
    }

    /// The text as one JSON string, escaped in slices cut at character starts (escaping looks at
    /// whole characters only, so the slices give the same bytes) and handed on as they fill up.
    private static func writeText(_ text: UnsafeBufferPointer<UInt8>, into out: inout GrowableBuffer<UInt8>,
                                  flusher: inout OutputFlusher) {
        out.append(byte: 0x22)
        var start = 0
        while start < text.count {
            var end = min(text.count, start + streamingChunkSize)
            while end > start && end < text.count && text[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = min(text.count, start + streamingChunkSize) }
            writeStringContent(bytes: UnsafeBufferPointer(rebasing: text[start ..< end]), into: &out)
            flusher.flushIfFull(&out)
            start = end
        }
        out.append(byte: 0x22)
    }

    /// Runs, one per line. Each line is assembled in a small buffer and appended at once (a
    /// document has about one run per ten bytes of text; seven appends a run were a sixth of the
    /// whole conversion).
    private static func writeRuns(_ runs: [StyledRun], into out: inout GrowableBuffer<UInt8>, flusher: inout OutputFlusher) {
        let head: StaticString = ",\n    {\"location\": "
        let length: StaticString = ", \"length\": "
        let style: StaticString = ", \"style\": "
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { line in
            var first = true
            for run in runs {
                // (Plain functions with `n` passed inout: nested functions capturing `n` were
                // not always inlined, and then every access to it was a dynamic exclusivity check.)
                var n = 0
                put(head, from: first ? 1 : 0, into: line, at: &n)
                first = false
                put(run.range.location, into: line, at: &n)
                put(length, into: line, at: &n)
                put(run.range.length, into: line, at: &n)
                put(style, into: line, at: &n)
                put(run.style, into: line, at: &n)
                line[n] = UInt8(ascii: "}")
                n += 1
                out.append(UnsafeBufferPointer(rebasing: line[0 ..< n]))
                flusher.flushIfFull(&out)
            }
        }
        out.append(runs.isEmpty ? "]" : "\n  ]")
    }

    /// Copies `literal` (from its byte `from` on) to `line` at `n`, advancing `n`.
    @inline(__always)
    private static func put(_ literal: StaticString, from: Int = 0, into line: UnsafeMutableBufferPointer<UInt8>,
                            at n: inout Int) {
        literal.withUTF8Buffer { bytes in
            for k in from ..< bytes.count { line[n + k - from] = bytes[k] }
            n += bytes.count - from
        }
    }

    /// Writes the decimal digits of `value` to `line` at `n` (which must leave 20 bytes free before
    /// the line's last 20), advancing `n`.
    @inline(__always)
    private static func put(_ value: Int, into line: UnsafeMutableBufferPointer<UInt8>, at n: inout Int) {
        let end = line.count
        let start = ByteOutput.writeDigits(of: value, endingAt: end, in: line)
        for k in start ..< end { line[n + k - start] = line[k] }
        n += end - start
    }

    static func write<Out: JSONByteSink>(_ a: RunAttributes, into out: inout Out) {
        writeField("{\"font\": {\"family\": ", string: a.font.family, into: &out)
        writeField(", \"size\": ", number: a.font.size, into: &out)
        writeField(", \"weight\": ", int: a.font.weight, into: &out)
        out.append(a.font.italic ? ", \"italic\": true}" : ", \"italic\": false}")
        if let c = a.foregroundColor { out.append(", \"foregroundColor\": "); writeColor(c, into: &out) }
        if let c = a.backgroundColor { out.append(", \"backgroundColor\": "); writeColor(c, into: &out) }
        if let u = a.underline { out.append(", \"underline\": "); write(u, into: &out) }
        if let s = a.strikethrough { out.append(", \"strikethrough\": "); write(s, into: &out) }
        if a.baselineOffset != 0 { out.append(", \"baselineOffset\": "); writeNumber(a.baselineOffset, to: &out) }
        if a.letterSpacing != 0 { out.append(", \"letterSpacing\": "); writeNumber(a.letterSpacing, to: &out) }
        if !a.traits.isEmpty {
            writeArray(", \"traits\": [", a.traits.names, into: &out) { name, out in writeString(name, to: &out) }
        }
        if let link = a.link {
            out.append(", \"link\": {\"url\": ")
            writeString(link.url, to: &out)
            if !link.title.isEmpty { out.append(", \"title\": "); writeString(link.title, to: &out) }
            out.append("}")
        }
        if let v = a.headingLevel { out.append(", \"headingLevel\": "); out.append(int: v) }
        if let v = a.blockQuoteDepth { out.append(", \"blockQuoteDepth\": "); out.append(int: v) }
        if let v = a.listLevel { out.append(", \"listLevel\": "); out.append(int: v) }
        if let v = a.listMarker { out.append(", \"listMarker\": "); writeString(v, to: &out) }
        if let v = a.tableRow { out.append(", \"tableRow\": "); out.append(int: v) }
        if let v = a.tableColumn { out.append(", \"tableColumn\": "); out.append(int: v) }
        if let v = a.footnoteReference { out.append(", \"footnoteReference\": "); writeString(v, to: &out) }
        if let v = a.sourceTag { out.append(", \"sourceTag\": "); writeString(v, to: &out) }
        if let v = a.math { out.append(v == .inline ? ", \"math\": \"inline\"" : ", \"math\": \"display\"") }
        out.append("}")
    }

    /// `opening` (a key and `[`), the items written by `element` separated by `, `, and `]`.
    static func writeArray<Out: JSONByteSink, Items: Sequence>(_ opening: StaticString, _ items: Items, into out: inout Out,
                                                               element: (Items.Element, inout Out) -> Void) {
        out.append(opening)
        var first = true
        for item in items {
            if !first { out.append(", ") }
            first = false
            element(item, &out)
        }
        out.append("]")
    }

    static func write<Out: JSONByteSink>(_ line: DecorationLine, into out: inout Out) {
        writeField("{\"style\": ", string: line.style.rawValue, into: &out)
        if let c = line.color { out.append(", \"color\": "); writeColor(c, into: &out) }
        out.append("}")
    }

    static func write<Out: JSONByteSink>(_ p: ParagraphAttributes, into out: inout Out) {
        writeField("{\"role\": ", string: p.role.rawValue, into: &out)
        writeField(", \"alignment\": ", string: p.alignment.rawValue, into: &out)
        writeField(", \"headIndent\": ", number: p.headIndent, into: &out)
        writeField(", \"firstLineHeadIndent\": ", number: p.firstLineHeadIndent, into: &out)
        writeField(", \"spacingBefore\": ", number: p.spacingBefore, into: &out)
        writeField(", \"spacingAfter\": ", number: p.spacingAfter, into: &out)
        if let m = p.lineHeightMultiple { out.append(", \"lineHeightMultiple\": "); writeNumber(m, to: &out) }
        if !p.tabStops.isEmpty {
            writeArray(", \"tabStops\": [", p.tabStops, into: &out) { stop, out in
                writeField("{\"location\": ", number: stop.location, into: &out)
                writeField(", \"alignment\": ", string: stop.alignment.rawValue, into: &out)
                out.append("}")
            }
        }
        if p.hasRule { out.append(", \"hasRule\": true") }
        if p.preservesWhitespace { out.append(", \"preservesWhitespace\": true") }
        out.append("}")
    }

    static func write<Out: JSONByteSink>(_ a: Attachment, into out: inout Out) {
        writeField("{\"location\": ", int: a.location, into: &out)
        writeField(", \"source\": ", string: a.source, into: &out)
        writeField(", \"alternativeText\": ", string: a.alternativeText, into: &out)
        writeField(", \"title\": ", string: a.title, into: &out)
        if let w = a.width { out.append(", \"width\": "); out.append(int: w) }
        if let h = a.height { out.append(", \"height\": "); out.append(int: h) }
        out.append("}")
    }

    /// `key` (its quotes and colon, with the `{` or `, ` before it) and a string value.
    @inline(__always)
    static func writeField<Out: JSONByteSink>(_ key: StaticString, string: String, into out: inout Out) {
        out.append(key)
        writeString(string, to: &out)
    }

    /// `key` (its quotes and colon, with the `{` or `, ` before it) and a number.
    @inline(__always)
    static func writeField<Out: JSONByteSink>(_ key: StaticString, number: Double, into out: inout Out) {
        out.append(key)
        writeNumber(number, to: &out)
    }

    /// `key` (its quotes and colon, with the `{` or `, ` before it) and an integer.
    @inline(__always)
    static func writeField<Out: JSONByteSink>(_ key: StaticString, int: Int, into out: inout Out) {
        out.append(key)
        out.append(int: int)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `"#rrggbbaa"`, always eight lowercase digits.
    static func writeColor<Out: JSONByteSink>(_ c: RGBAColor, into out: inout Out) {
        out.append("\"#")
        @inline(__always) func hex(_ v: UInt8) {
            out.append(byte: hexDigits[Int(v >> 4)])
            out.append(byte: hexDigits[Int(v & 15)])
        }
        hex(c.red)
        hex(c.green)
        hex(c.blue)
        hex(c.alpha)
        out.append(byte: UInt8(ascii: "\""))
    }

    /// A JSON string, escaped as `JSONStringEscaping` escapes: `"` and `\` escaped, control
    /// characters and DEL as `\n`, `\t`, `\r`, `\b`, `\f` or `\u00XX`, U+2028 and U+2029 as
    /// `\u2028` / `\u2029` (safe inside JavaScript); everything else as raw UTF-8.
    public static func writeString(_ s: String, into out: inout ByteOutput) {
        writeString(s, to: &out)
    }

    static func writeString<Out: JSONByteSink>(_ s: String, to out: inout Out) {
        var s = s
        s.withUTF8 { writeString(bytes: $0, into: &out) }
    }

    static func writeString<Out: JSONByteSink>(bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        out.append(byte: 0x22)
        writeStringContent(bytes: bytes, into: &out)
        out.append(byte: 0x22)
    }

    /// The escaped content of a JSON string, without its quotes (see `writeString(_:into:)`).
    @inline(__always)
    static func writeStringContent<Out: JSONByteSink>(bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        JSONStringEscaping.appendContent(bytes, to: &out, isValidUTF8: true)
    }

    /// A number with at most three decimals, without exponent or trailing zeros (`16`, `13.5`,
    /// `-0.125`); values are rounded to 1/1000 as everywhere in `StyledText`.
    public static func writeNumber(_ v: Double, into out: inout ByteOutput) {
        writeNumber(v, to: &out)
    }

    static func writeNumber<Out: JSONByteSink>(_ v: Double, to out: inout Out) {
        guard v.isFinite, abs(v) < 1e12 else {
            out.append(byte: UInt8(ascii: "0"))
            return
        }
        let thousandths = Int((v * 1000).rounded())
        if thousandths < 0 { out.append(byte: UInt8(ascii: "-")) }
        let magnitude = abs(thousandths)
        out.append(int: magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction == 0 { return }
        out.append(byte: UInt8(ascii: "."))
        var divisor = 100
        while fraction > 0 {
            out.append(byte: UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}
