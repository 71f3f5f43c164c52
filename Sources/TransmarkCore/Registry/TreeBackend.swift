/// The `tree` format: a stable, indented, human-readable dump of a document (kinds, associated
/// values, attributes, styles, text), one node per line. Used by tests and by people debugging a
/// conversion. Indentation stops growing at 64 levels; deeper lines start with their depth. Strings
/// (text, destinations, labels, attribute values) are written as JSON strings.
public struct TreeBackend: Backend {
    /// Options of the tree dump.
    public struct Options: FormatOptions {
        // option: .bool(summary: "show node attributes")
        /// Whether to show attributes.
        public var attributes = true
        // option: .bool(summary: "show node styles")
        /// Whether to show styles.
        public var styles = true

        /// The defaults.
        public init() {}
    }

    /// The options every conversion through this tree dump starts from; options set by key
    /// (`-O`, ``ConversionOptions``) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "tree", aliases: ["dump"], fileExtensions: ["tree"],
                         mediaType: "text/plain", summary: "indented dump of the Markup tree, for tests and debugging")
    }

    /// Renders `document` with `options`.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        var out = ByteOutput(capacity: document.storage.text.count * 2 + document.nodeCount * 16)
        var cursor = WalkCursor(start: 0)
        var depth = 0
        let records = document.storage.records
        while let (index, entering) = cursor.next(records) {
            guard entering else {
                depth -= 1
                continue
            }
            if depth > 64 {
                out.append("[depth ")
                out.append(int: depth)
                out.append("] ")
            }
            for _ in 0..<min(depth, 64) { out.append("  ") }
            Self.describe(document, index, into: &out, options: options)
            out.append(byte: 0x0A)
            depth += 1
        }
        return out.bytes
    }

    /// Writes one node's line (without indentation or newline).
    static func describe(_ document: Document, _ index: Int32, into out: inout ByteOutput, options: Options) {
        let record = document.storage.records[Int(index)]
        out.append(record.tag.name)
        switch document.kind(at: index) {
        case .heading(let level):
            out.append(" level=\(level)")
        case .list(let l):
            out.append(l.isOrdered ? " ordered start=\(l.start)" : " bullet")
            out.append(l.isTight ? " tight" : " loose")
            if let m = l.marker { out.append(" marker="); quote(String(m), into: &out) }
            if l.numbering != .decimal { out.append(" numbering=\(l.numbering.rawValue)") }
            if l.isReversed { out.append(" reversed") }
        case .listItem(let task):
            if let task { out.append(" task=\(task.rawValue)") }
        case .codeBlock(let info):
            if !info.isEmpty { out.append(" info="); quote(info, into: &out) }
        case .table(let alignments):
            out.append(" alignments=\(alignments.map(\.rawValue).joined(separator: ","))")
        case .tableRow(let isHeader):
            if isHeader { out.append(" header") }
        case .tableCell(let c):
            if c.alignment != .none { out.append(" align=\(c.alignment.rawValue)") }
            if c.columnSpan != 1 { out.append(" colspan=\(c.columnSpan)") }
            if c.rowSpan != 1 { out.append(" rowspan=\(c.rowSpan)") }
            if c.isHeader { out.append(" header") }
        case .footnoteDefinition(let label), .footnoteReference(let label):
            out.append(" label="); quote(label, into: &out)
        case .division(let tag):
            out.append(" tag="); quote(tag, into: &out)
        case .link(let destination, let title):
            out.append(" destination="); quote(destination, into: &out)
            if !title.isEmpty { out.append(" title="); quote(title, into: &out) }
        case .image(let source, let title, let size):
            out.append(" source="); quote(source, into: &out)
            if !title.isEmpty { out.append(" title="); quote(title, into: &out) }
            if let w = size?.width { out.append(" width=\(w)") }
            if let h = size?.height { out.append(" height=\(h)") }
        case .custom(let name):
            out.append(" name="); quote(name, into: &out)
        case .strikethrough, .underline:
            let variant = document.storage.records.variant(index)
            if variant != 0, let name = record.tag.htmlTagName(variant: variant) {
                out.append(" element="); quote(name.description, into: &out)
            }
        default:
            break
        }
        if options.attributes && record.attributes >= 0 {
            out.append(" [")
            for (i, a) in document.attributes(at: index).enumerated() {
                if i > 0 { out.append(byte: 0x20) }
                out.append(a.name)
                out.append(byte: 0x3D)
                quote(a.value, into: &out)
            }
            out.append("]")
        }
        if options.styles && record.style >= 0 {
            out.append(" {")
            out.append(document.storage.styles[Int(record.style)].cssText)
            out.append("}")
        }
        if record.tag.hasLiteralText || record.textCount > 0 {
            out.append(byte: 0x20)
            quote(document.textBytes(at: index), into: &out)
        }
    }

    static func quote(_ s: String, into out: inout ByteOutput) {
        quote(Array(s.utf8)[...], into: &out)
    }

    /// Writes bytes as a double-quoted JSON string, escaped by the package's one JSON escaper
    /// (`\n`, `\t`, `\"`, `\\`, `\u00XX` for other control characters, U+FFFD for bytes that are
    /// not UTF-8), so that any JSON parser reads a dumped string back.
    static func quote(_ bytes: ArraySlice<UInt8>, into out: inout ByteOutput) {
        out.append(byte: 0x22)
        bytes.withUnsafeBufferPointer { JSONStringEscaping.appendContent($0, to: &out, isValidUTF8: false) }
        out.append(byte: 0x22)
    }
}

extension Document {
    /// The document's `tree` dump (see `TreeBackend`).
    public var treeDump: String {
        (try? TreeBackend().renderString(self)) ?? ""
    }
}
