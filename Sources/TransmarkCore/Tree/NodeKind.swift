/// What a node of the shared Markup tree is.
///
/// Kinds follow the union of CommonMark/GFM and the HTML that matters for documents. Block kinds
/// come first, inline kinds after; `custom(name:)` is the extension point for plugins and custom tags.
public enum NodeKind: Hashable, Sendable {
    // MARK: Blocks

    /// The root of every document.
    case document
    /// A paragraph of inline content.
    case paragraph
    /// A heading of level 1 to 6.
    case heading(level: Int)
    /// A block quote.
    case blockQuote
    /// A bullet or ordered list; its children are `listItem` nodes.
    // `indirect` (boxed) for the two large, rare cases (this and `image`): documents store kinds
    // with associated values in an array, whose stride is the largest case's size (64 bytes
    // with them inline, 40 now). (After changing this layout, clean the test targets' build
    // products: incremental builds have kept test objects made for the old layout.)
    /// A bullet or ordered list; its children are `listItem` nodes.
    indirect case list(ListAttributes)
    /// An item of a list; `task` is set for GFM task-list items.
    case listItem(task: TaskState?)
    /// A code block; the node's text is the code, `info` the info string (language first).
    case codeBlock(info: String)
    /// A block of raw HTML; the node's text is the raw markup.
    case htmlBlock
    /// A thematic break (`<hr>`).
    case thematicBreak
    /// A table; `alignments` gives one entry per column.
    case table(alignments: [TableAlignment])
    /// A table row; header rows belong to the table head.
    case tableRow(isHeader: Bool)
    /// A table cell.
    case tableCell(TableCellAttributes)
    /// A footnote definition, referenced by `footnoteReference` nodes with the same label.
    case footnoteDefinition(label: String)
    /// A definition list (`<dl>`); its children are `term` and `definition` nodes.
    case definitionList
    /// A term of a definition list (`<dt>`).
    case term
    /// A definition of a definition list (`<dd>`).
    case definition
    /// A generic block container kept from HTML (`div`, `section`, `figure`, …), named by its tag.
    case division(tag: String)

    // MARK: Inlines

    /// A run of text; the node's text is its content.
    case text
    /// A soft line break (a newline inside a paragraph).
    case softBreak
    /// A hard line break (`<br>`).
    case lineBreak
    /// Emphasis (`<em>`).
    case emphasis
    /// Strong emphasis (`<strong>`).
    case strong
    /// Strikethrough (`<del>`).
    case strikethrough
    /// Underline (`<u>`, `<ins>`).
    case underline
    /// Superscript (`<sup>`).
    case superscript
    /// Subscript (`<sub>`).
    case `subscript`
    /// Highlighted text (`<mark>`).
    case highlight
    /// Inline code; the node's text is the code.
    case code
    /// A link; its children are the link text.
    case link(destination: String, title: String)
    /// An image; its children are the alternative text.
    // `indirect` (boxed), as `list`: see there.
    /// An image; its children are the alternative text.
    indirect case image(source: String, title: String, size: ImageSize?)
    /// Inline raw HTML; the node's text is the raw markup.
    case htmlInline
    /// A styled or attributed run of inline content (`<span>`).
    case span
    /// A reference to the footnote definition with the same label.
    case footnoteReference(label: String)
    /// Inline math (`$…$`, `\(…\)`, `<span class="math inline">`, MathML `<math>`); the node's
    /// text is the TeX source, without delimiters.
    case inlineMath
    /// Display math (`$$…$$`, `\[…\]`, `<span class="math display">`, `<math display="block">`);
    /// the node's text is the TeX source, without delimiters. Like pandoc's `DisplayMath`, it is
    /// inline content: it sits in a paragraph (alone, when it stands on its own lines).
    case displayMath

    // MARK: Extension

    /// A node introduced by a plugin or a custom tag.
    case custom(name: String)
}

extension NodeKind {
    /// The kind without its associated values: compact, comparable, usable as a dictionary key.
    public enum Tag: UInt8, CaseIterable, Sendable, Hashable {
        /// Block kinds, as in `NodeKind`.
        case document, paragraph, heading, blockQuote, list, listItem, codeBlock, htmlBlock
        /// More block kinds, as in `NodeKind`.
        case thematicBreak, table, tableRow, tableCell, footnoteDefinition, definitionList, term
        /// The last block kinds, as in `NodeKind`.
        case definition, division
        /// Inline kinds, as in `NodeKind`.
        case text, softBreak, lineBreak, emphasis, strong, strikethrough, underline, superscript
        case `subscript`, highlight, code, link, image, htmlInline, span, footnoteReference
        /// Math kinds, as in `NodeKind` (inline content too).
        case inlineMath, displayMath
        /// A node a plugin or a custom tag introduces.
        case custom

        // `name`, the HTML element names and their variants are generated from one table:
        // see NodeKindTable.swift and scripts/generate-node-kinds.py.

        /// Whether nodes of this kind are blocks (as opposed to inline content).
        /// `custom` nodes count as inline.
        public var isBlock: Bool { rawValue <= Tag.division.rawValue }

        /// Whether nodes of this kind carry their content as the node's own text
        /// (text, code, code blocks, raw HTML and math).
        public var hasLiteralText: Bool {
            switch self {
            case .text, .code, .codeBlock, .htmlBlock, .htmlInline, .inlineMath, .displayMath: true
            default: false
            }
        }

        /// Whether nodes of this kind never have children: the literal kinds (their content is
        /// their text, see `hasLiteralText`) and the breaks, thematic breaks and footnote references.
        @inlinable public var isLeafOnly: Bool {
            switch self {
            case .text, .code, .codeBlock, .htmlBlock, .htmlInline, .softBreak, .lineBreak, .thematicBreak,
                 .footnoteReference, .inlineMath, .displayMath:
                true
            default:
                false
            }
        }

        /// Whether the kind has associated values stored beside the node record.
        @usableFromInline var hasPayload: Bool {
            switch self {
            case .heading, .list, .listItem, .codeBlock, .table, .tableRow, .tableCell,
                 .footnoteDefinition, .division, .link, .image, .footnoteReference, .custom:
                true
            default:
                false
            }
        }

        /// The kind for tags without associated values; `nil` for those that need a payload.
        @inlinable public var payloadFreeKind: NodeKind? { Self.payloadFreeKinds[Int(rawValue)] }

        /// The kinds without associated values, at their tags' raw values (`nil` at the others).
        @usableFromInline static let payloadFreeKinds: [NodeKind?] = {
            let kinds: [NodeKind] = [
                .document, .paragraph, .blockQuote, .htmlBlock, .thematicBreak, .definitionList, .term,
                .definition, .text, .softBreak, .lineBreak, .emphasis, .strong, .strikethrough, .underline,
                .superscript, .subscript, .highlight, .code, .htmlInline, .span, .inlineMath, .displayMath,
            ]
            var byTag = [NodeKind?](repeating: nil, count: allCases.count)
            for kind in kinds { byTag[Int(kind.tag.rawValue)] = kind }
            return byTag
        }()
    }

    /// The kind without its associated values.
    public var tag: Tag {
        switch self {
        case .document: .document
        case .paragraph: .paragraph
        case .heading: .heading
        case .blockQuote: .blockQuote
        case .list: .list
        case .listItem: .listItem
        case .codeBlock: .codeBlock
        case .htmlBlock: .htmlBlock
        case .thematicBreak: .thematicBreak
        case .table: .table
        case .tableRow: .tableRow
        case .tableCell: .tableCell
        case .footnoteDefinition: .footnoteDefinition
        case .definitionList: .definitionList
        case .term: .term
        case .definition: .definition
        case .division: .division
        case .text: .text
        case .softBreak: .softBreak
        case .lineBreak: .lineBreak
        case .emphasis: .emphasis
        case .strong: .strong
        case .strikethrough: .strikethrough
        case .underline: .underline
        case .superscript: .superscript
        case .subscript: .subscript
        case .highlight: .highlight
        case .code: .code
        case .link: .link
        case .image: .image
        case .htmlInline: .htmlInline
        case .span: .span
        case .footnoteReference: .footnoteReference
        case .inlineMath: .inlineMath
        case .displayMath: .displayMath
        case .custom: .custom
        }
    }
}
