@_spi(TransmarkStorage) import TransmarkCore

/// The `text` format (aliases `plain`, `txt`): plain text for people (`mode=readable`, wrapped at
/// `width`, with list markers, drawn tables, link targets and footnotes) or the text alone
/// (`mode=flat`, fast). Never writes an escape sequence: control characters in the input are
/// shown as Control Pictures (`␛`). Soft hyphens (`&shy;`, U+00AD) are left out: lines are never
/// broken inside words, so they would never show, and left in they split words for search.
///
/// Policies: raw HTML is dropped unless `rawHTML=text`; nodes styled `display: none` are left
/// out; links to fragments of the same page (`#…`) show their text only.
public struct TextBackend: StreamingBackend {
    /// The options every conversion through this text writer starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The format: its name, aliases, file extensions and media type.
    public var format: FormatDescriptor {
        FormatDescriptor(name: "text", aliases: ["plain", "txt"], fileExtensions: ["txt"], mediaType: "text/plain",
                         summary: "plain text: wrapped and readable, or flat and fast")
    }

    /// Renders `document` with `options`.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        switch options.mode {
        case .flat: return FlatTextRenderer.render(document, rawHTML: options.rawHTML, keepHidden: options.keepHidden)
        case .readable: return TextLayoutEngine.render(document, settings: options.layoutSettings)
        }
    }

    /// Renders `document` with `options`, handing the output to `write` in pieces.
    public func render(_ document: Document, options: Options,
                       writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        switch options.mode {
        case .flat: FlatTextRenderer.render(document, rawHTML: options.rawHTML, keepHidden: options.keepHidden).withUnsafeBufferPointer { write($0) }
        case .readable: TextLayoutEngine.render(document, settings: options.layoutSettings, writingTo: write)
        }
    }
}

/// `mode=flat`: the text of the document in order, one newline between blocks, a tab between
/// table cells, no markers, no wrapping. A single pass over the node records.
enum FlatTextRenderer {
    static func render(_ document: Document, rawHTML: RawHTMLPolicy, keepHidden: Bool = false) -> [UInt8] {
        let storage = document.storage
        let records = storage.records
        var out: [UInt8] = []
        out.reserveCapacity(storage.text.count + records.count)
        var pendingNewline = false
        var lastWasSpace = true
        var hasContent = false
        storage.text.withUnsafeBufferPointer { text in
            var cursor = WalkCursor(start: 0)
            while let (index, entering) = cursor.next(records) {
                let tag = records.tag(index)
                if !entering {
                    if tag == .tableCell && records.nextSibling(index) >= 0 {
                        if out.last != 0x09 { out.append(0x09) }
                        pendingNewline = false
                    } else if tag.isBlock {
                        pendingNewline = true
                    }
                    continue
                }
                if !keepHidden, records.style(index) >= 0, storage.styles[Int(records.style(index))].display == Display.none {
                    cursor.skipChildren(of: index)
                    continue
                }
                if tag == .tableCell && out.last == 0x09 { pendingNewline = false }
                // A block starts a line: after a block that ended, and after inline content
                // before it in the same container (`<div>text<p>block</p></div>`). A cell goes on
                // after the tab that ended the one before it.
                if tag.isBlock && !out.isEmpty && (pendingNewline || (tag != .tableCell && out.last != 0x09)) {
                    if out.last != 0x0A { out.append(0x0A) }
                    pendingNewline = false
                }
                switch tag {
                case .text, .code, .codeBlock, .inlineMath:
                    break
                case .displayMath:
                    // On its own line: a line break before it, and after it (below).
                    if !out.isEmpty && out.last != 0x0A { out.append(0x0A) }
                case .htmlBlock, .htmlInline:
                    if rawHTML == .drop { continue }
                case .softBreak:
                    out.append(0x20)
                    continue
                case .lineBreak:
                    out.append(0x0A)
                    continue
                default:
                    continue
                }
                guard records.textCount(index) > 0 else { continue }
                if pendingNewline && !out.isEmpty && out.last != 0x0A {
                    out.append(0x0A)
                }
                pendingNewline = false
                let start = Int(records.textStart(index))
                var end = start + Int(records.textCount(index))
                if tag == .codeBlock || tag == .htmlBlock {
                    while end > start && text[end - 1] == 0x0A { end -= 1 }
                }
                TextSanitizer.append(UnsafeBufferPointer(rebasing: text[start..<end]), to: &out, collapse: false,
                                     lastWasSpace: &lastWasSpace, hasContent: &hasContent)
                if tag == .displayMath { pendingNewline = true }
            }
        }
        if let last = out.last, last != 0x0A { out.append(0x0A) }
        return out
    }
}
