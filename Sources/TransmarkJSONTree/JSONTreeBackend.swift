@_spi(TransmarkStorage) import TransmarkCore

/// The `json-tree` backend: writes the whole tree (kinds with all their associated values,
/// attributes in order, styles, text) as versioned JSON that ``JSONTreeFrontend`` reads back to an
/// equal document. The shape is described in `Docs/json-tree.md` and
/// `Schemas/json-tree.schema.json`:
///
/// ```json
/// {"transmark-json-tree":1,"root":{"kind":"document","children":[
///   {"kind":"heading","level":1,"children":[{"kind":"text","text":"Hi"}]}]}}
/// ```
///
/// A document with metadata (`Document.metadata`) gets a `"metadata"` member after `"root"`: its
/// fields in order, each a string or an array of strings.
///
/// ```json
/// ```
///
/// The output is always valid UTF-8 (bytes of the tree that are not are written as U+FFFD);
/// control characters, `"`, `\`, DEL, U+2028 and U+2029 are escaped. The tree is written in one
/// enter/exit pass, so any depth is fine.
public struct JSONTreeBackend: StreamingBackend {
    /// Options of the `json-tree` backend.
    public struct Options: FormatOptions {
        // option: .bool(summary: "one node per line, indented by depth")
        /// Whether to start every node on its own line, indented two spaces per level (the
        /// indentation stops growing at 64 levels). Off: one line, no spaces.
        public var pretty = false

        /// The defaults: compact output.
        public init() {}
    }

    /// The options every conversion through this json-tree writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `json-tree`, extension `.tree.json`.
    public var format: FormatDescriptor { JSONTreeFormat.descriptor }

    /// Renders the document as JSON, whole.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        var writer = JSONTreeWriter(document: document, pretty: options.pretty)
        writer.out.reserveCapacity(document.storage.text.count + document.nodeCount * 24 + 64)
        writer.write(flush: nil)
        return writer.out
    }

    /// Renders the document as JSON, handing it over in pieces of about 64 KiB.
    public func render(_ document: Document, options: Options,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        var writer = JSONTreeWriter(document: document, pretty: options.pretty)
        writer.out.reserveCapacity(1 << 17)
        withoutActuallyEscaping(write) { write in writer.write(flush: write) }
    }
}

/// Writes one document as `json-tree` JSON into a byte buffer.
struct JSONTreeWriter {
    let document: Document
    let pretty: Bool
    var out: [UInt8] = []

    init(document: Document, pretty: Bool) {
        self.document = document
        self.pretty = pretty
    }

    /// Writes the document into `out`; with `flush`, passes the buffer to it (and empties it)
    /// whenever it holds more than 64 KiB, and at the end.
    mutating func write(flush: ((UnsafeBufferPointer<UInt8>) -> Void)?) {
        let threshold = flush == nil ? Int.max : 1 << 16
        append("{\"transmark-json-tree\":")
        appendInt(JSONTreeFormat.version)
        append(",\"root\":")
        let storage = document.storage
        let records = storage.records
        var cursor = WalkCursor(start: 0)
        var depth = 0
        var previousWasExit = false
        while let (index, entering) = cursor.next(records) {
            if entering {
                if previousWasExit { out.append(0x2C) }
                if pretty {
                    out.append(0x0A)
                    for _ in 0 ..< min(depth, 64) { out.append(0x20); out.append(0x20) }
                }
                let hasChildren = records.firstChild(index) >= 0
                writeNodeHead(index)
                if hasChildren {
                    append(",\"children\":[")
                    depth += 1
                } else {
                    out.append(0x7D)
                }
                previousWasExit = false
            } else {
                if records.firstChild(index) >= 0 {
                    append("]}")
                    depth -= 1
                }
                previousWasExit = true
            }
            if out.count > threshold, let flush {
                out.withUnsafeBufferPointer { flush($0) }
                out.removeAll(keepingCapacity: true)
            }
        }
        if !document.metadata.isEmpty {
            append(",\"metadata\":")
            out.append(contentsOf: document.metadata.jsonObject)
        }
        append("}\n")
        if let flush {
            out.withUnsafeBufferPointer { flush($0) }
            out.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `{"kind":…` and every member of the node but `children`, without the closing brace.
    private mutating func writeNodeHead(_ index: Int32) {
        let storage = document.storage
        let record = storage.records[Int(index)]
        append("{\"kind\":\"")
        appendASCII(record.tag.name)
        out.append(0x22)
        if record.payload >= 0 { writePayload(storage.payloads[Int(record.payload)]) }
        let variant = storage.records.variant(index)
        if variant != 0, let element = record.tag.htmlTagName(variant: variant) {
            append(",\"element\":\"")
            appendASCII(element.description)
            out.append(0x22)
        }
        if record.attributes >= 0 {
            append(",\"attributes\":[")
            let list = storage.attributeLists[Int(record.attributes)]
            storage.attributeBytes.withUnsafeBufferPointer { bytes in
                for (i, span) in storage.attributeSpans[list.spans].enumerated() {
                    if i > 0 { out.append(0x2C) }
                    out.append(0x5B)
                    appendString(UnsafeBufferPointer(rebasing: bytes[span.name]))
                    out.append(0x2C)
                    appendString(UnsafeBufferPointer(rebasing: bytes[span.value]))
                    out.append(0x5D)
                }
            }
            out.append(0x5D)
        }
        if record.style >= 0 {
            let style = storage.styles[Int(record.style)]
            if !style.isEmpty {
                append(",\"style\":")
                writeStyle(style)
            }
        }
        if record.tag.hasLiteralText || record.textCount > 0 {
            append(",\"text\":")
            let start = Int(record.textStart)
            storage.text.withUnsafeBufferPointer { text in
                appendString(UnsafeBufferPointer(rebasing: text[start ..< start + Int(record.textCount)]))
            }
        }
    }

    // MARK: Kinds

    private mutating func writePayload(_ kind: NodeKind) {
        switch kind {
        case .heading(let level):
            append(",\"level\":"); appendInt(level)
        case .list(let l):
            append(",\"ordered\":"); appendBool(l.isOrdered)
            append(",\"start\":"); appendInt(l.start)
            append(",\"tight\":"); appendBool(l.isTight)
            if let marker = l.marker { append(",\"marker\":"); appendString(String(marker)) }
            append(",\"numbering\":\""); appendASCII(l.numbering.rawValue); out.append(0x22)
            append(",\"reversed\":"); appendBool(l.isReversed)
        case .listItem(let task):
            if let task { append(",\"task\":\""); appendASCII(task.rawValue); out.append(0x22) }
        case .codeBlock(let info):
            append(",\"info\":"); appendString(info)
        case .table(let alignments):
            append(",\"alignments\":[")
            for (i, a) in alignments.enumerated() {
                if i > 0 { out.append(0x2C) }
                out.append(0x22); appendASCII(a.rawValue); out.append(0x22)
            }
            out.append(0x5D)
        case .tableRow(let isHeader):
            append(",\"header\":"); appendBool(isHeader)
        case .tableCell(let c):
            append(",\"align\":\""); appendASCII(c.alignment.rawValue); out.append(0x22)
            append(",\"colspan\":"); appendInt(c.columnSpan)
            append(",\"rowspan\":"); appendInt(c.rowSpan)
            append(",\"header\":"); appendBool(c.isHeader)
        case .footnoteDefinition(let label), .footnoteReference(let label):
            append(",\"label\":"); appendString(label)
        case .division(let tag):
            append(",\"tag\":"); appendString(tag)
        case .link(let destination, let title):
            append(",\"destination\":"); appendString(destination)
            append(",\"title\":"); appendString(title)
        case .image(let source, let title, let size):
            append(",\"source\":"); appendString(source)
            append(",\"title\":"); appendString(title)
            if let size {
                append(",\"size\":{")
                if let w = size.width { append("\"width\":"); appendInt(w) }
                if let h = size.height {
                    if size.width != nil { out.append(0x2C) }
                    append("\"height\":"); appendInt(h)
                }
                out.append(0x7D)
            }
        case .custom(let name):
            append(",\"name\":"); appendString(name)
        default:
            break
        }
    }

    // MARK: Styles

    private mutating func writeStyle(_ s: Style) {
        out.append(0x7B)
        var first = true
        func key(_ name: StaticString, _ w: inout JSONTreeWriter) {
            if !first { w.out.append(0x2C) }
            first = false
            w.out.append(0x22)
            w.append(name)
            w.append("\":")
        }
        if let v = s.color { key("color", &self); writeColor(v) }
        if let v = s.backgroundColor { key("backgroundColor", &self); writeColor(v) }
        if let v = s.fontWeight {
            key("fontWeight", &self)
            switch v {
            case .weight(let w): appendInt(w)
            case .bolder: append("\"bolder\"")
            case .lighter: append("\"lighter\"")
            }
        }
        if let v = s.fontStyle { key("fontStyle", &self); appendKeyword(v.rawValue) }
        if let v = s.fontSize {
            key("fontSize", &self)
            switch v {
            case .length(let l): writeLength(l)
            case .keyword(let k): appendKeyword(k.rawValue)
            }
        }
        if let v = s.fontFamily {
            key("fontFamily", &self)
            out.append(0x5B)
            for (i, name) in v.enumerated() {
                if i > 0 { out.append(0x2C) }
                appendString(name)
            }
            out.append(0x5D)
        }
        if let v = s.textDecoration {
            key("textDecoration", &self)
            out.append(0x5B)
            var firstLine = true
            for (name, line) in JSONTreeFormat.decorationLines where v.contains(line) {
                if !firstLine { out.append(0x2C) }
                firstLine = false
                appendKeyword(name)
            }
            out.append(0x5D)
        }
        if let v = s.textAlign { key("textAlign", &self); appendKeyword(v.rawValue) }
        if let v = s.verticalAlign {
            key("verticalAlign", &self)
            if case .length(let l) = v {
                writeLength(l)
            } else if let name = JSONTreeFormat.verticalAlignKeywords.first(where: { $0.1 == v })?.0 {
                appendKeyword(name)
            }
        }
        if let v = s.lineHeight {
            key("lineHeight", &self)
            switch v {
            case .normal: append("\"normal\"")
            case .multiple(let m): appendDouble(m)
            case .length(let l): writeLength(l)
            }
        }
        if let v = s.letterSpacing { key("letterSpacing", &self); writeLength(v) }
        if let v = s.wordSpacing { key("wordSpacing", &self); writeLength(v) }
        if let v = s.textTransform { key("textTransform", &self); appendKeyword(v.rawValue) }
        if let v = s.whiteSpace { key("whiteSpace", &self); appendKeyword(v.rawValue) }
        if let v = s.display { key("display", &self); appendKeyword(v.rawValue) }
        if let v = s.visibility { key("visibility", &self); appendKeyword(v.rawValue) }
        out.append(0x7D)
    }

    private mutating func writeColor(_ color: CSSColor) {
        switch color {
        case .currentColor: append("\"currentcolor\"")
        case .rgba(let c): appendKeyword(c.hexString)
        }
    }

    private mutating func writeLength(_ length: CSSLength) {
        switch length {
        case .px(let v): append("{\"px\":"); appendDouble(v)
        case .pt(let v): append("{\"pt\":"); appendDouble(v)
        case .em(let v): append("{\"em\":"); appendDouble(v)
        case .rem(let v): append("{\"rem\":"); appendDouble(v)
        case .percent(let v): append("{\"percent\":"); appendDouble(v)
        }
        out.append(0x7D)
    }

    // MARK: Scalars

    @inline(__always)
    private mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends ASCII text that needs no escaping (keywords, kind names).
    private mutating func appendASCII(_ s: String) {
        out.append(contentsOf: s.utf8)
    }

    /// Appends a quoted keyword (ASCII, no escaping needed).
    private mutating func appendKeyword(_ s: String) {
        out.append(0x22)
        out.append(contentsOf: s.utf8)
        out.append(0x22)
    }

    private mutating func appendBool(_ b: Bool) {
        if b { append("true") } else { append("false") }
    }

    private mutating func appendInt(_ n: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let start = ByteOutput.writeDigits(of: n, endingAt: 20, in: digits)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start ..< 20]))
        }
    }

    /// A finite number as the shortest text that reads back to it (integers without a fraction,
    /// `-0` for negative zero); infinities and NaN, which JSON has no numbers for, as the strings
    /// `"inf"`, `"-inf"` and `"nan"`.
    private mutating func appendDouble(_ v: Double) {
        if v.isNaN { append("\"nan\""); return }
        if v.isInfinite { if v < 0 { append("\"-inf\"") } else { append("\"inf\"") }; return }
        if v == 0 {
            if v.sign == .minus { append("-0") } else { out.append(0x30) }
            return
        }
        if v == v.rounded(), abs(v) < 9_007_199_254_740_992 {
            appendInt(Int(v))
            return
        }
        // Swift's description is the shortest round-tripping form, in JSON's number syntax
        // (`1.5`, `1e-07`, `1e+16`).
        out.append(contentsOf: v.description.utf8)
    }

    private mutating func appendString(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ appendString($0) }) != nil { return }
        var s = s
        s.withUTF8 { appendString($0) }
    }

    /// Appends bytes as a quoted JSON string (see `JSONStringEscaping`: `"`, `\`, control
    /// characters, DEL, U+2028 and U+2029 escaped; bytes that are not valid UTF-8 become U+FFFD).
    mutating func appendString(_ s: UnsafeBufferPointer<UInt8>) {
        JSONStringEscaping.appendString(s, to: &out, isValidUTF8: false)
    }
}
