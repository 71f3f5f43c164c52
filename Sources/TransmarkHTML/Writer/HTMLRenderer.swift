@_spi(TransmarkStorage) import TransmarkCore

/// Writes a document, or one node's subtree, as HTML. For documents read from Markdown the output
/// equals libcmark-gfm's own HTML renderer byte for byte; other node kinds (underline, spans,
/// divisions, definition lists, …) and node attributes and styles are written as the HTML elements
/// they came from. `HTMLBackend` (the registered `html` format) and writers that fall back to HTML
/// for what their format cannot express both write through it.
///
/// Safe by default: raw HTML nodes are replaced by `<!-- raw HTML omitted -->`, dangerous URLs
/// (`javascript:`, `vbscript:`, `file:`, non-image `data:`) are emptied, event-handler attributes
/// (`on…`) are dropped and elements that can run or embed code are written as `div`/`span`; raw
/// HTML kept with `rawHTML=keep` is cleaned. What is allowed is `Options.sanitizer`, a
/// `SanitizerPolicy` (`default`, `strict` or one of your own). `Options.unsafe` passes all of it
/// through, as cmark's `--unsafe` does. Whatever the options, C0 control characters other than
/// tab and line ends (NUL, ESC, BEL, …) are written as U+FFFD (`ControlCharacters`).
///
/// Inside, a state machine: one non-recursive walk over the document, appending to one buffer.
/// Block spacing follows libcmark-gfm's `cr` rule (a newline only where the output does not
/// already end with one). The kinds are written by the extensions beside this file (blocks,
/// lists, tables, inlines, links and images, footnotes, attributes).
public struct HTMLRenderer {
    let document: Document
    let options: Options
    /// `options.effectivePolicy`, read once.
    let policy: SanitizerPolicy
    var out: ByteOutput
    let records: NodeRecords
    /// The document's text bytes (`textBytes(_:)` slices them without a call into the core).
    let text: [UInt8]
    /// The node whose subtree is rendered (the root for a whole document).
    let start: Int32
    /// Inside an image: only text is written (the `alt` attribute) until `plainUntil` is exited.
    var plainUntil: Int32 = -1
    /// Whether each open list is tight, innermost last.
    var listIsTight: [Bool] = []
    /// Whether the current table is inside `<tbody>`, and whether the current row is a header row.
    var tableBodyOpen: [Bool] = []
    var inHeaderRow = false
    /// `inHeaderRow` of the enclosing tables (a table nested in a header cell has its own rows).
    var headerRowStack: [Bool] = []
    /// Footnote numbers by label, in order of first reference, and references seen per label.
    var footnoteNumbers: [String: Int] = [:]
    var footnoteRefsSeen: [String: Int] = [:]
    /// Total references per label (for the back-references of definitions).
    var footnoteRefTotals: [String: Int] = [:]
    var footnoteRefTotalsCounted = false
    var footnoteSectionOpen = false
    var footnoteBackrefWritten: Set<String> = []

    init(document: Document, options: Options, start: Int32, out: ByteOutput) {
        self.start = start
        self.document = document
        self.options = options
        self.policy = options.effectivePolicy
        self.records = document.storage.records
        self.text = document.storage.text
        self.out = out
    }

    /// Renders a whole document as HTML: a fragment, or with `options.standalone` a complete
    /// document (`<!DOCTYPE html>`, `<head>` with charset and title, `<body>`).
    public static func render(_ document: Document, options: Options = Options()) -> [UInt8] {
        let policy = options.effectivePolicy
        let document = policy.isEnabled && policy.kinds != nil ? policy.apply(to: document, rawHTML: nil) : document
        let capacity = document.storage.text.count * 5 / 4
        guard options.standalone else {
            var renderer = HTMLRenderer(document: document, options: options, start: 0,
                                        out: ByteOutput(capacity: capacity + 64))
            renderer.render()
            ControlCharacters.replaceC0Controls(in: &renderer.out.bytes)
            return renderer.out.bytes
        }
        var out = ByteOutput(capacity: capacity + 256)
        out.append("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\" />\n<title>")
        HTMLEscaping.escapeText(options.title, into: &out)
        out.append("</title>\n</head>\n<body>\n")
        var renderer = HTMLRenderer(document: document, options: options, start: 0, out: out)
        renderer.render()
        renderer.out.append("</body>\n</html>\n")
        ControlCharacters.replaceC0Controls(in: &renderer.out.bytes)
        return renderer.out.bytes
    }

    /// Renders one node and its subtree as an HTML fragment (for writers that fall back to HTML
    /// for constructs their format cannot express). `standalone` and `title` are not used, nor
    /// the policy's `kinds` (elements, attributes, URLs and raw HTML are sanitized as usual).
    public static func renderFragment(_ node: Node, options: Options = Options()) -> [UInt8] {
        // A fragment (a table the Markdown writer falls back to, say) is small: reserving for the
        // whole document's text on every fragment would map and fault memory per call.
        let start = node.id.index
        let capacity = start == 0 ? node.document.storage.text.count * 5 / 4 + 64 : 1024
        var renderer = HTMLRenderer(document: node.document, options: options, start: start,
                                    out: ByteOutput(capacity: capacity))
        renderer.render()
        ControlCharacters.replaceC0Controls(in: &renderer.out.bytes)
        return renderer.out.bytes
    }

    mutating func render() {
        var cursor = WalkCursor(start: start)
        while let (index, entering) = cursor.next(records) {
            if plainUntil >= 0 {
                if index == plainUntil && !entering {
                    plainUntil = -1
                } else {
                    if entering { writeImageDescription(index) }
                    continue
                }
            }
            visit(index, entering: entering)
        }
        closeFootnoteSection()
    }

    /// Writes the start of a node (all of it for a leaf) or its end, by the concept it belongs to.
    mutating func visit(_ index: Int32, entering: Bool) {
        let tag = records.tag(index)
        switch tag {
        case .document:
            break
        case .paragraph, .heading, .blockQuote, .codeBlock, .htmlBlock, .thematicBreak, .division:
            if entering { enterBlock(tag, index) } else { exitBlock(tag, index) }
        case .list, .listItem, .definitionList, .term, .definition:
            if entering { enterList(tag, index) } else { exitList(tag, index) }
        case .table, .tableRow, .tableCell:
            if entering { enterTable(tag, index) } else { exitTable(tag, index) }
        case .footnoteDefinition, .footnoteReference:
            if entering { enterFootnote(tag, index) } else { exitFootnote(tag, index) }
        case .link, .image:
            if entering { enterLinkOrImage(tag, index) } else { exitLinkOrImage(tag, index) }
        case .inlineMath, .displayMath:
            if entering { writeMath(index, display: tag == .displayMath) }
        case .text, .softBreak, .lineBreak, .emphasis, .strong, .strikethrough, .underline, .superscript,
             .subscript, .highlight, .code, .htmlInline, .span, .custom:
            if entering { enterInline(tag, index) } else { exitInline(tag, index) }
        }
    }
}

extension HTMLRenderer {
    /// The text bytes of the node at `index` (what `Document.textBytes(at:)` gives).
    @inline(__always)
    func textBytes(_ index: Int32) -> ArraySlice<UInt8> {
        let start = Int(records.textStart(index))
        return text[start ..< start + Int(records.textCount(index))]
    }
}
