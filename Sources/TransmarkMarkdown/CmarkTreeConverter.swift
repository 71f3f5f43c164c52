import CCmarkGFM
import CCmarkExtensions
import TransmarkCore

/// Turns a libcmark-gfm AST into a `Document`, walking it with cmark's own non-recursive iterator.
struct CmarkTreeConverter {
    private var builder: DocumentBuilder
    private let tagFilter: Bool
    private let tableType = transmark_node_type_table().rawValue
    private let tableRowType = transmark_node_type_table_row().rawValue
    private let tableCellType = transmark_node_type_table_cell().rawValue
    private let strikethroughType = transmark_node_type_strikethrough().rawValue
    /// Column alignments of the table being converted and the index of the next cell in its row.
    private var tableAlignments: [TableAlignment] = []
    private var cellIndex = 0
    private var rowIsHeader = false
    /// Whether footnote definitions are collected and placed at the end by `finish()` (a chunked
    /// parse leaves each chunk's definitions at the end of that chunk) rather than kept in place.
    var collectsFootnoteDefinitions = false
    private var footnotes = FootnoteCollector()
    /// The marker of a `FootnoteBracketRepair` to remove from everything read, when the input
    /// was repaired.
    var repairMarker: FootnoteBracketRepair.Marker?
    /// Whether the input was marked for math in brackets (`MathBracketMarking`): markers left in
    /// what is read are given back.
    var mathMarked = false

    init(estimatedInputSize size: Int, tagFilter: Bool) {
        // Rough sizing: text is most of the input; one node per ~12 bytes of Markdown.
        builder = DocumentBuilder(estimatedNodes: size / 12 + 16, estimatedTextBytes: size)
        self.tagFilter = tagFilter
    }

    /// Converts the tree under `root` (a document node) into the document being built, after
    /// whatever earlier calls added (one call per chunk of a chunked parse).
    mutating func append(_ root: OpaquePointer) {
        // Walk in C, a batch of events at a time, rather than one library call per event.
        var state = transmark_walk_begin(root)
        var scratch: [UInt8] = []
        var unmarked: [UInt8] = []
        var restored: [UInt8] = []
        let batch = 4096
        let events = UnsafeMutablePointer<transmark_walk_event>.allocate(capacity: batch)
        defer { events.deallocate() }
        let documentType = CMARK_NODE_DOCUMENT.rawValue
        let definitionType = CMARK_NODE_FOOTNOTE_DEFINITION.rawValue
        while true {
            let count = transmark_walk_next(&state, events, batch)
            if count == 0 { break }
            for k in 0..<count {
                let event = events[k]
                let type = event.type
                if type == documentType { continue }
                if event.entering != 0 {
                    if type == definitionType && collectsFootnoteDefinitions {
                        footnotes.beginDefinition(label: string(transmark_node_literal(event.node!)), swappingWith: &builder)
                    } else if mathMarked, event.literal != nil, MathBracketMarking.mayHoldMarker(Self.literal(event)) {
                        if let repairMarker {
                            repairMarker.remove(from: Self.literal(event), into: &unmarked)
                            unmarked.withUnsafeBufferPointer { MathBracketMarking.restoreRaw($0, into: &restored) }
                        } else {
                            MathBracketMarking.restoreRaw(Self.literal(event), into: &restored)
                        }
                        restored.withUnsafeBufferPointer { enter(event, type: type, literal: $0, scratch: &scratch) }
                    } else if let repairMarker, event.literal != nil {
                        repairMarker.remove(from: Self.literal(event), into: &unmarked)
                        unmarked.withUnsafeBufferPointer { enter(event, type: type, literal: $0, scratch: &scratch) }
                    } else {
                        enter(event, type: type, literal: Self.literal(event), scratch: &scratch)
                    }
                } else if type == definitionType && collectsFootnoteDefinitions {
                    footnotes.endDefinition(swappingWith: &builder)
                } else if !Self.isLeafInTree(type) {
                    builder.close()
                }
            }
        }
    }

    /// The document built by the `append` calls, with the footnote definitions collected from a
    /// chunked parse at its end.
    mutating func finish() -> Document {
        if collectsFootnoteDefinitions { footnotes.appendDefinitions(to: &builder) }
        return builder.finish()
    }

    /// Node types that become leaves in our tree (the cmark iterator may or may not send them an
    /// exit event; either way nothing is closed for them).
    private static func isLeafInTree(_ type: UInt32) -> Bool {
        switch type {
        case CMARK_NODE_TEXT.rawValue, CMARK_NODE_SOFTBREAK.rawValue, CMARK_NODE_LINEBREAK.rawValue,
             CMARK_NODE_CODE.rawValue, CMARK_NODE_HTML_INLINE.rawValue, CMARK_NODE_HTML_BLOCK.rawValue,
             CMARK_NODE_CODE_BLOCK.rawValue, CMARK_NODE_THEMATIC_BREAK.rawValue,
             CMARK_NODE_FOOTNOTE_REFERENCE.rawValue:
            return true
        default:
            return false
        }
    }

    /// Adds the node of `event`, whose literal bytes (text, code, raw HTML) are `literal`.
    private mutating func enter(_ event: transmark_walk_event, type: UInt32, literal: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) {
        let node = event.node!
        switch type {
        case CMARK_NODE_TEXT.rawValue:
            builder.text(bytes: literal)
        case CMARK_NODE_SOFTBREAK.rawValue:
            builder.leaf(.softBreak)
        case CMARK_NODE_LINEBREAK.rawValue:
            builder.leaf(.lineBreak)
        case CMARK_NODE_CODE.rawValue:
            switch transmark_node_math_kind(node) {
            case 1: builder.leaf(.inlineMath, bytes: literal)
            case 2: builder.leaf(.displayMath, bytes: literal)
            default: builder.leaf(.code, bytes: literal)
            }
        case CMARK_NODE_HTML_INLINE.rawValue:
            addRaw(.htmlInline, literal, isBlock: false, scratch: &scratch)
        case CMARK_NODE_HTML_BLOCK.rawValue:
            if collectsFootnoteDefinitions && transmark_node_is_footnote_position(node) != 0 {
                footnotes.noteDefinitionPosition(string(transmark_node_literal(node)))
                return
            }
            addRaw(.htmlBlock, literal, isBlock: true, scratch: &scratch)
        case CMARK_NODE_CODE_BLOCK.rawValue:
            let info = string(transmark_node_info(node))
            builder.leaf(.codeBlock(info: info), bytes: literal)
        case CMARK_NODE_THEMATIC_BREAK.rawValue:
            builder.leaf(.thematicBreak)
        case CMARK_NODE_FOOTNOTE_REFERENCE.rawValue:
            let definition = transmark_node_footnote_definition(node)
            let label = definition.map { string(transmark_node_literal($0)) } ?? string(transmark_node_literal(node))
            builder.leaf(.footnoteReference(label: label))
            if collectsFootnoteDefinitions { footnotes.noteReference(label) }
        case CMARK_NODE_PARAGRAPH.rawValue:
            builder.open(.paragraph)
        case CMARK_NODE_HEADING.rawValue:
            builder.open(.heading(level: Int(cmark_node_get_heading_level(node))))
        case CMARK_NODE_BLOCK_QUOTE.rawValue:
            builder.open(.blockQuote)
        case CMARK_NODE_LIST.rawValue:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let marker: Character?
            if ordered {
                marker = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
            } else {
                let bullet = transmark_node_bullet_char(node)
                marker = bullet == 0 ? nil : Character(Unicode.Scalar(bullet))
            }
            builder.open(.list(ListAttributes(
                isOrdered: ordered, start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                isTight: cmark_node_get_list_tight(node) != 0, marker: marker)))
        case CMARK_NODE_ITEM.rawValue:
            var task: TaskState?
            if transmark_tasklist_item_is_task(node) {
                task = transmark_tasklist_item_checked(node) ? .checked : .unchecked
            }
            builder.open(.listItem(task: task))
        case CMARK_NODE_EMPH.rawValue:
            builder.open(.emphasis)
        case CMARK_NODE_STRONG.rawValue:
            builder.open(.strong)
        case CMARK_NODE_LINK.rawValue:
            builder.open(.link(destination: string(transmark_node_url(node)), title: string(transmark_node_title(node))))
        case CMARK_NODE_IMAGE.rawValue:
            builder.open(.image(source: string(transmark_node_url(node)), title: string(transmark_node_title(node)), size: nil))
        case CMARK_NODE_FOOTNOTE_DEFINITION.rawValue:
            builder.open(.footnoteDefinition(label: string(transmark_node_literal(node))))
        case strikethroughType:
            builder.open(.strikethrough)
        case tableType:
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            let raw = cmark_gfm_extensions_get_table_alignments(node)
            tableAlignments = (0..<columns).map { i in
                switch raw?[i] {
                case UInt8(ascii: "l"): .left
                case UInt8(ascii: "c"): .center
                case UInt8(ascii: "r"): .right
                default: .none
                }
            }
            builder.open(.table(alignments: tableAlignments))
        case tableRowType:
            rowIsHeader = cmark_gfm_extensions_get_table_row_is_header(node) != 0
            cellIndex = 0
            builder.open(.tableRow(isHeader: rowIsHeader))
        case tableCellType:
            let alignment = cellIndex < tableAlignments.count ? tableAlignments[cellIndex] : .none
            cellIndex += 1
            builder.open(.tableCell(TableCellAttributes(alignment: alignment, isHeader: rowIsHeader)))
        default:
            // An extension node this converter does not know: keep its content in a custom node.
            let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? "unknown"
            builder.open(.custom(name: name))
        }
    }

    private mutating func addRaw(_ kind: NodeKind, _ bytes: UnsafeBufferPointer<UInt8>, isBlock: Bool, scratch: inout [UInt8]) {
        guard tagFilter, GFMTagFilter.needsFiltering(bytes, isBlock: isBlock) else {
            builder.leaf(kind, bytes: bytes)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        GFMTagFilter.filter(bytes, isBlock: isBlock, into: &scratch)
        _ = scratch.withUnsafeBufferPointer { builder.leaf(kind, bytes: $0) }
    }

    private static func literal(_ event: transmark_walk_event) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: event.literal, count: event.literal == nil ? 0 : Int(event.literal_length))
    }

    private static func buffer(_ bytes: transmark_bytes) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.data, count: bytes.data == nil ? 0 : Int(bytes.length))
    }

    private func string(_ bytes: transmark_bytes) -> String {
        let text = String(decoding: Self.buffer(bytes), as: UTF8.self)
        let unmarked = repairMarker.map { $0.remove(from: text) } ?? text
        return mathMarked ? MathBracketMarking.removeEscaped(unmarked) : unmarked
    }
}
