@_spi(TransmarkStorage) import TransmarkCore

/// The HTML writer's state machine: one non-recursive walk over the document, appending to one
/// buffer. Block spacing follows libcmark-gfm's `cr` rule (a newline only where the output does not
/// already end with one).
struct HTMLRenderer {
    let document: Document
    let options: HTMLBackend.Options
    var out: ByteOutput
    private let records: NodeRecords
    /// Footnote numbers by label, in order of first reference, and references seen per label.
    private var footnoteNumbers: [String: Int] = [:]
    private var footnoteRefsSeen: [String: Int] = [:]
    /// Total references per label (for the back-references of definitions).
    private var footnoteRefTotals: [String: Int] = [:]
    private var footnoteRefTotalsCounted = false
    private var footnoteSectionOpen = false
    private var footnoteBackrefWritten: Set<String> = []
    /// Inside an image: only text is written (the `alt` attribute) until `plainUntil` is exited.
    private var plainUntil: Int32 = -1
    /// Whether the current table is inside `<tbody>`, and whether the current row is a header row.
    private var tableBodyOpen: [Bool] = []
    private var inHeaderRow = false
    /// Whether each open list is tight, innermost last.
    private var listIsTight: [Bool] = []
    /// `inHeaderRow` of the enclosing tables (a table nested in a header cell has its own rows).
    private var headerRowStack: [Bool] = []

    /// The node whose subtree is rendered (the root for a whole document).
    private let start: Int32

    init(document: Document, options: HTMLBackend.Options, start: Int32 = 0) {
        self.start = start
        self.document = document
        self.options = options
        self.records = document.storage.records
        // A fragment (a table the Markdown writer falls back to, say) is small: reserving for the
        // whole document's text on every fragment would map and fault memory per call.
        out = ByteOutput(capacity: start == 0 ? document.storage.text.count * 5 / 4 + 64 : 1024)
    }

    /// Counts the references per label, the first time a definition needs the total.
    private mutating func countFootnoteReferences() {
        footnoteRefTotalsCounted = true
        for i in 0..<records.count where records.tag(Int32(i)) == .footnoteReference {
            if case .footnoteReference(let label) = document.kind(at: Int32(i)) {
                footnoteRefTotals[label, default: 0] += 1
            }
        }
    }

    mutating func render() {
        var cursor = WalkCursor(start: start)
        while let (index, entering) = cursor.next(records) {
            if plainUntil >= 0 {
                if index == plainUntil && !entering {
                    plainUntil = -1
                } else {
                    if entering { renderPlain(index) }
                    continue
                }
            }
            if entering { enter(index) } else { exit(index) }
        }
        closeFootnoteSection()
    }

    // MARK: Plain text inside images

    private mutating func renderPlain(_ index: Int32) {
        switch records.tag(index) {
        case .text, .code, .htmlInline:
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
        case .softBreak, .lineBreak:
            out.append(byte: 0x20)
        default:
            break
        }
    }

    // MARK: Enter

    private mutating func enter(_ index: Int32) {
        switch records.tag(index) {
        case .document:
            break
        case .paragraph:
            if isInTightList(index) {
                if records.attributes(index) >= 0 || records.style(index) >= 0 { openTag("span", index) }
            } else {
                out.ensureNewline()
                openTag("p", index)
            }
        case .heading:
            out.ensureNewline()
            openTag(headingTag(index), index)
        case .blockQuote:
            out.ensureNewline()
            openTag("blockquote", index)
            out.append(byte: 0x0A)
        case .list:
            guard case .list(let list) = document.kind(at: index) else { return }
            listIsTight.append(list.isTight)
            out.ensureNewline()
            if !list.isOrdered {
                openTag("ul", index)
            } else {
                out.append("<ol")
                if list.start != 1 {
                    out.append(" start=\"")
                    out.append(int: list.start)
                    out.append("\"")
                }
                if list.isReversed { out.append(" reversed=\"\"") }
                switch list.numbering {
                case .decimal: break
                case .lowerAlpha: out.append(" type=\"a\"")
                case .upperAlpha: out.append(" type=\"A\"")
                case .lowerRoman: out.append(" type=\"i\"")
                case .upperRoman: out.append(" type=\"I\"")
                }
                writeAttributes(index)
                out.append(">")
            }
            out.append(byte: 0x0A)
        case .listItem:
            out.ensureNewline()
            openTag("li", index)
            if case .listItem(let task?) = document.kind(at: index) {
                out.append(task == .checked
                           ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                           : "<input type=\"checkbox\" disabled=\"\" /> ")
            }
        case .codeBlock:
            writeCodeBlock(index)
        case .htmlBlock:
            out.ensureNewline()
            if options.unsafe {
                out.append(contentsOf: document.textBytes(at: index))
            } else {
                out.append("<!-- raw HTML omitted -->")
            }
            out.ensureNewline()
        case .thematicBreak:
            out.ensureNewline()
            out.append("<hr")
            writeAttributes(index)
            out.append(" />\n")
        case .table:
            out.ensureNewline()
            openTag("table", index)
            out.ensureNewline()
            tableBodyOpen.append(false)
            headerRowStack.append(inHeaderRow)
            inHeaderRow = false
        case .tableRow:
            guard case .tableRow(let isHeader) = document.kind(at: index) else { return }
            out.ensureNewline()
            if isHeader {
                inHeaderRow = true
                out.append("<thead>")
                out.ensureNewline()
            } else if let open = tableBodyOpen.last, !open {
                out.append("<tbody>")
                out.ensureNewline()
                tableBodyOpen[tableBodyOpen.count - 1] = true
            }
            openTag("tr", index)
        case .tableCell:
            guard case .tableCell(let cell) = document.kind(at: index) else { return }
            out.ensureNewline()
            out.append(inHeaderRow || cell.isHeader ? "<th" : "<td")
            var alignment = cell.alignment
            if alignment == .none && !options.keepAttributes, let align = document.style(at: index)?.textAlign {
                // Without styles, keep a cell's CSS alignment as `align`.
                switch align {
                case .left, .start: alignment = .left
                case .center: alignment = .center
                case .right, .end: alignment = .right
                case .justify: break
                }
            }
            switch alignment {
            case .none: break
            case .left: out.append(" align=\"left\"")
            case .center: out.append(" align=\"center\"")
            case .right: out.append(" align=\"right\"")
            }
            if cell.columnSpan != 1 {
                out.append(" colspan=\"")
                out.append(int: cell.columnSpan)
                out.append("\"")
            }
            if cell.rowSpan != 1 {
                out.append(" rowspan=\"")
                out.append(int: cell.rowSpan)
                out.append("\"")
            }
            writeAttributes(index)
            out.append(">")
        case .footnoteDefinition:
            guard case .footnoteDefinition(let label) = document.kind(at: index) else { return }
            if !footnoteSectionOpen {
                out.ensureNewline()
                out.append("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
                footnoteSectionOpen = true
            }
            out.append("<li id=\"fn-")
            HTMLEscaping.escapeHref(label, into: &out)
            out.append("\">\n")
        case .definitionList:
            out.ensureNewline()
            openTag("dl", index)
            out.append(byte: 0x0A)
        case .term:
            out.ensureNewline()
            openTag("dt", index)
        case .definition:
            out.ensureNewline()
            openTag("dd", index)
        case .division:
            out.ensureNewline()
            openTag(divisionTag(index, block: true), index)
            out.append(byte: 0x0A)
        case .text:
            if records.attributes(index) >= 0 || records.style(index) >= 0 {
                openTag("span", index)
                HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
                out.append("</span>")
            } else {
                HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
            }
        case .softBreak:
            switch options.softBreak {
            case .newline: out.append(byte: 0x0A)
            case .space: out.append(byte: 0x20)
            case .hard: out.append("<br />\n")
            }
        case .lineBreak:
            out.append("<br />\n")
        case .emphasis: openTag("em", index)
        case .strong: openTag("strong", index)
        case .strikethrough: openTag("del", index)
        case .underline: openTag("u", index)
        case .superscript: openTag("sup", index)
        case .subscript: openTag("sub", index)
        case .highlight: openTag("mark", index)
        case .span: openTag("span", index)
        case .code:
            openTag("code", index)
            HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
            out.append("</code>")
        case .link:
            guard case .link(let destination, let title) = document.kind(at: index) else { return }
            out.append("<a href=\"")
            writeURL(destination)
            if !title.isEmpty {
                out.append("\" title=\"")
                HTMLEscaping.escapeText(title, into: &out)
            }
            out.append("\"")
            writeAttributes(index)
            out.append(">")
        case .image:
            guard case .image(let source, _, _) = document.kind(at: index) else { return }
            out.append("<img src=\"")
            writeURL(source)
            out.append("\" alt=\"")
            plainUntil = index
        case .htmlInline:
            if options.unsafe {
                out.append(contentsOf: document.textBytes(at: index))
            } else {
                out.append("<!-- raw HTML omitted -->")
            }
        case .footnoteReference:
            guard case .footnoteReference(let label) = document.kind(at: index) else { return }
            let number: Int
            if let n = footnoteNumbers[label] {
                number = n
            } else {
                number = footnoteNumbers.count + 1
                footnoteNumbers[label] = number
            }
            let seen = footnoteRefsSeen[label, default: 0] + 1
            footnoteRefsSeen[label] = seen
            out.append("<sup class=\"footnote-ref\"><a href=\"#fn-")
            HTMLEscaping.escapeHref(label, into: &out)
            out.append("\" id=\"fnref-")
            HTMLEscaping.escapeHref(label, into: &out)
            if seen > 1 {
                out.append("-")
                out.append(int: seen)
            }
            out.append("\" data-footnote-ref>")
            out.append(int: number)
            out.append("</a></sup>")
        case .custom:
            openTag(divisionTag(index, block: false), index)
        }
    }

    // MARK: Exit

    private mutating func exit(_ index: Int32) {
        switch records.tag(index) {
        case .paragraph:
            if isInTightList(index) {
                if records.attributes(index) >= 0 || records.style(index) >= 0 { out.append("</span>") }
            } else {
                let parent = records.parent(index)
                if parent >= 0 && records.tag(parent) == .footnoteDefinition && records.nextSibling(index) < 0 {
                    out.append(byte: 0x20)
                    writeFootnoteBackrefs(parent)
                }
                out.append("</p>\n")
            }
        case .heading:
            out.append("</")
            out.append(headingTag(index))
            out.append(">\n")
        case .blockQuote:
            out.ensureNewline()
            out.append("</blockquote>\n")
        case .list:
            listIsTight.removeLast()
            if case .list(let list) = document.kind(at: index), list.isOrdered {
                out.append("</ol>\n")
            } else {
                out.append("</ul>\n")
            }
        case .listItem:
            out.append("</li>\n")
        case .table:
            if tableBodyOpen.popLast() == true {
                out.ensureNewline()
                out.append("</tbody>")
                out.ensureNewline()
            }
            out.ensureNewline()
            out.append("</table>")
            out.ensureNewline()
            inHeaderRow = headerRowStack.popLast() ?? false
        case .tableRow:
            out.ensureNewline()
            out.append("</tr>")
            if case .tableRow(true) = document.kind(at: index) {
                out.ensureNewline()
                out.append("</thead>")
                inHeaderRow = false
            }
        case .tableCell:
            guard case .tableCell(let cell) = document.kind(at: index) else { return }
            out.append(inHeaderRow || cell.isHeader ? "</th>" : "</td>")
            out.ensureNewline()
        case .footnoteDefinition:
            if writeFootnoteBackrefs(index) { out.append(byte: 0x0A) }
            out.append("</li>\n")
            if records.nextSibling(index) < 0 || records.tag(records.nextSibling(index)) != .footnoteDefinition {
                closeFootnoteSection()
            }
        case .definitionList:
            out.ensureNewline()
            out.append("</dl>\n")
        case .term:
            out.append("</dt>\n")
        case .definition:
            out.ensureNewline()
            out.append("</dd>\n")
        case .division:
            out.ensureNewline()
            out.append("</")
            out.append(divisionTag(index, block: true))
            out.append(">\n")
        case .emphasis: out.append("</em>")
        case .strong: out.append("</strong>")
        case .strikethrough: out.append("</del>")
        case .underline: out.append("</u>")
        case .superscript: out.append("</sup>")
        case .subscript: out.append("</sub>")
        case .highlight: out.append("</mark>")
        case .span: out.append("</span>")
        case .link: out.append("</a>")
        case .image:
            guard case .image(_, let title, let size) = document.kind(at: index) else { return }
            if !title.isEmpty {
                out.append("\" title=\"")
                HTMLEscaping.escapeText(title, into: &out)
            }
            out.append("\"")
            if let width = size?.width {
                out.append(" width=\"")
                out.append(int: width)
                out.append("\"")
            }
            if let height = size?.height {
                out.append(" height=\"")
                out.append(int: height)
                out.append("\"")
            }
            writeAttributes(index)
            out.append(" />")
        case .custom:
            out.append("</")
            out.append(divisionTag(index, block: false))
            out.append(">")
        default:
            break
        }
    }

    // MARK: Helpers

    private mutating func isInTightList(_ paragraph: Int32) -> Bool {
        let parent = records.parent(paragraph)
        guard parent >= 0, records.tag(parent) == .listItem else { return false }
        let grandparent = records.parent(parent)
        guard grandparent >= 0, records.tag(grandparent) == .list else { return false }
        return listIsTight.last ?? false
    }

    private static let headingTags: [StaticString] = ["h1", "h2", "h3", "h4", "h5", "h6"]

    private mutating func headingTag(_ index: Int32) -> StaticString {
        guard case .heading(let level) = document.kind(at: index) else { return "h1" }
        return Self.headingTags[min(max(level, 1), 6) - 1]
    }

    /// The element name of a division or custom node: its own tag when that is a plain element
    /// name and (in safe mode) not one that can run or embed code.
    private func divisionTag(_ index: Int32, block: Bool) -> String {
        let name: String
        switch document.kind(at: index) {
        case .division(let tag): name = tag
        case .custom(let custom): name = custom
        default: name = ""
        }
        let fallback = block ? "div" : "span"
        guard HTMLNames.isValidElementName(name) else { return fallback }
        if !options.unsafe && HTMLNames.isCodeBearingElement(name) { return fallback }
        return name
    }

    private mutating func openTag(_ name: StaticString, _ index: Int32) {
        out.append(byte: UInt8(ascii: "<"))
        out.append(name)
        if records.attributes(index) >= 0 || records.style(index) >= 0 { writeAttributes(index) }
        out.append(byte: UInt8(ascii: ">"))
    }

    private mutating func openTag(_ name: String, _ index: Int32) {
        out.append(byte: UInt8(ascii: "<"))
        out.append(name)
        writeAttributes(index)
        out.append(byte: UInt8(ascii: ">"))
    }

    /// Writes the node's attributes (and its style as `style=""`), escaping values; in safe mode
    /// drops event handlers and dangerous URLs.
    private mutating func writeAttributes(_ index: Int32) {
        if records.attributes(index) >= 0 {
            let hasStyle = records.style(index) >= 0
            for attribute in document.attributes(at: index) {
                let name = attribute.name
                guard HTMLNames.isValidAttributeName(name) else { continue }
                if hasStyle && name == "style" { continue }
                if !options.keepAttributes && name != "id" && name != "title" && name != "lang" && name != "dir" { continue }
                if !options.unsafe {
                    if HTMLNames.isEventHandler(name) || name == "srcdoc" { continue }
                    if HTMLNames.isURLAttribute(name) && URLSafety.isDangerous(attribute.value) { continue }
                }
                out.append(byte: 0x20)
                out.append(name)
                out.append("=\"")
                HTMLEscaping.escapeText(attribute.value, into: &out)
                out.append(byte: 0x22)
            }
        }
        if records.style(index) >= 0 && options.keepAttributes {
            let css = document.storage.styles[Int(records.style(index))].cssText
            if !css.isEmpty {
                out.append(" style=\"")
                HTMLEscaping.escapeText(css, into: &out)
                out.append(byte: 0x22)
            }
        }
    }

    private mutating func writeURL(_ url: String) {
        if options.unsafe || !URLSafety.isDangerous(url) {
            HTMLEscaping.escapeHref(url, into: &out)
        }
    }

    private mutating func writeCodeBlock(_ index: Int32) {
        guard case .codeBlock(let info) = document.kind(at: index) else { return }
        out.ensureNewline()
        out.append("<pre")
        writeAttributes(index)
        out.append("><code")
        if !info.isEmpty {
            var language: [UInt8] = []
            for b in info.utf8 {
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) { break }
                language.append(b)
            }
            out.append(" class=\"language-")
            HTMLEscaping.escapeText(language, into: &out)
            out.append("\"")
        }
        out.append(">")
        HTMLEscaping.escapeText(document.textBytes(at: index), into: &out)
        out.append("</code></pre>\n")
    }

    /// Writes the back-references of a footnote definition once; returns whether it wrote any.
    @discardableResult
    private mutating func writeFootnoteBackrefs(_ definition: Int32) -> Bool {
        guard case .footnoteDefinition(let label) = document.kind(at: definition),
              !footnoteBackrefWritten.contains(label) else { return false }
        footnoteBackrefWritten.insert(label)
        if !footnoteRefTotalsCounted { countFootnoteReferences() }
        let total = footnoteRefTotals[label, default: 0]
        guard total > 0 else { return false }
        for ref in 1...total {
            if ref > 1 { out.append(byte: 0x20) }
            out.append("<a href=\"#fnref-")
            HTMLEscaping.escapeHref(label, into: &out)
            if ref > 1 {
                out.append("-")
                out.append(int: ref)
            }
            out.append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩")
            if ref > 1 {
                out.append("<sup class=\"footnote-ref\">")
                out.append(int: ref)
                out.append("</sup>")
            }
            out.append("</a>")
        }
        return true
    }

    private mutating func closeFootnoteSection() {
        if footnoteSectionOpen {
            out.append("</ol>\n</section>\n")
            footnoteSectionOpen = false
        }
    }
}
