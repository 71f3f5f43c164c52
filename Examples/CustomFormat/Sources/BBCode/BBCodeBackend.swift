import Transmark

/// Writes a Transmark document as BBCode.
///
/// Every node kind is written: what BBCode has a tag for gets it (`[b]`, `[i]`, `[u]`, `[s]`,
/// `[sup]`, `[sub]`, `[url=…]`, `[img]`, `[icode]`, `[code]`, `[quote]`, `[list]`, `[hr]`,
/// `[h1]`…`[h6]`, `[color=#rrggbb]` for a colored span); the rest keeps its text: highlights and
/// other spans are plain text, table rows are lines with cells between ` | `, footnote
/// references are `[^label]` (escaped) and definitions paragraphs that start with it, a term is
/// bold. An image's alternative text is not written (BBCode's `[img]` has no place for it); raw
/// HTML follows the `rawHTML` option. Text that would read as a tag is escaped with `[noparse]`.
/// The walk is the document's enter/exit events: no recursion, any depth.
public struct BBCodeBackend: Backend {
    /// How BBCode is written.
    public struct Options: FormatOptions {
        /// Raw HTML: `drop` (default) leaves it out, `text` writes the markup as literal text.
        public var rawHTML: RawHTMLPolicy = .drop

        /// The default options.
        public init() {}

        /// `rawHTML`, settable as `rawHTML=drop|text`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [.choice("rawHTML", \.rawHTML, allowed: [.drop, .text],
                     summary: "raw HTML: left out (drop) or written as literal text (text)")]
        }
    }

    /// A BBCode backend.
    public init() {}

    /// The `bbcode` format.
    public var format: FormatDescriptor { BBCode.format }

    /// Renders `document` as BBCode (UTF-8), ending with one line feed unless it is empty.
    public func render(_ document: Document, options: Options) throws -> [UInt8] {
        var writer = BBCodeWriter(options: options)
        document.walk { event in
            switch event {
            case .enter(let node): return writer.enter(node)
            case .exit(let node):
                writer.exit(node)
                return .proceed
            }
        }
        if !writer.output.isEmpty { writer.output += "\n" }
        return Array(writer.output.utf8)
    }
}

/// The writer's state: the output and where in the block structure it is.
private struct BBCodeWriter {
    let options: BBCodeBackend.Options
    var output = ""
    /// Whether nothing has been written yet in the current block container.
    var atContainerStart = true
    /// For each open table row, whether a cell has been written in it.
    var rowHasCell: [Bool] = []
    /// Whether a row has been written in the current table.
    var tableHasRow: [Bool] = []
    /// For each open link, whether it was written whole as `[url]…[/url]` on entering it.
    var linkWrittenWhole: [Bool] = []

    init(options: BBCodeBackend.Options) { self.options = options }

    /// Separates a new block from the previous one by a blank line.
    mutating func startBlock() {
        if !atContainerStart { output += "\n\n" }
        atContainerStart = false
    }

    mutating func enter(_ node: Node) -> WalkAction {
        switch node.kind {
        case .document, .custom, .division, .definitionList, .definition:
            return .proceed
        case .paragraph:
            startBlock()
        case .heading(let level):
            startBlock()
            output += "[h\(level)]"
        case .blockQuote:
            startBlock()
            if let author = node.attribute("data-author") { output += "[quote=\(author)]\n" } else { output += "[quote]\n" }
            atContainerStart = true
        case .list(let attributes):
            startBlock()
            switch (attributes.isOrdered, attributes.numbering) {
            case (false, _): output += "[list]"
            case (true, .lowerAlpha): output += "[list=a]"
            case (true, .upperAlpha): output += "[list=A]"
            case (true, .lowerRoman): output += "[list=i]"
            case (true, .upperRoman): output += "[list=I]"
            case (true, _): output += "[list=1]"
            }
        case .listItem(let task):
            output += "\n[*]"
            switch task {
            case .checked: output += "[x] "
            case .unchecked: output += "[ ] "
            default: break
            }
            atContainerStart = true
        case .codeBlock(let info):
            startBlock()
            var code = node.text
            if code.hasSuffix("\n") { code.removeLast() }
            output += (info.isEmpty ? "[code]\n" : "[code=\(info.split(separator: " ").first ?? "")]\n") + noparseSafe(code, closing: "[/code]") + "\n[/code]"
            return .skipChildren
        case .thematicBreak:
            startBlock()
            output += "[hr]"
        case .table:
            startBlock()
            tableHasRow.append(false)
        case .tableRow:
            if tableHasRow.last == true { output += "\n" }
            if !tableHasRow.isEmpty { tableHasRow[tableHasRow.count - 1] = true }
            rowHasCell.append(false)
        case .tableCell:
            if rowHasCell.last == true { output += " | " }
            if !rowHasCell.isEmpty { rowHasCell[rowHasCell.count - 1] = true }
        case .term:
            startBlock()
            output += "[b]"
        case .footnoteDefinition(let label):
            startBlock()
            output += escaped("[^\(label)]: ")
            atContainerStart = true
        case .htmlBlock:
            if options.rawHTML == .text {
                startBlock()
                output += escaped(node.text.replacingOccurrences(of: "\n", with: " "))
            }
            return .skipChildren
        case .htmlInline:
            if options.rawHTML == .text { output += escaped(node.text) }
            return .skipChildren
        case .text:
            output += escaped(node.text.replacingOccurrences(of: "\n", with: " "))
        case .softBreak:
            output += " "
        case .lineBreak:
            output += "\n"
        case .emphasis: output += "[i]"
        case .strong: output += "[b]"
        case .strikethrough: output += "[s]"
        case .underline: output += "[u]"
        case .superscript: output += "[sup]"
        case .subscript: output += "[sub]"
        case .highlight: break
        case .code:
            output += "[icode]" + noparseSafe(node.text, closing: "[/icode]") + "[/icode]"
            return .skipChildren
        case .link(let destination, _):
            if node.plainText == destination && !destination.isEmpty && !destination.contains("[") {
                output += "[url]" + destination + "[/url]"
                linkWrittenWhole.append(true)
                return .skipChildren
            }
            linkWrittenWhole.append(false)
            output += "[url=\(destination)]"
        case .image(let source, _, _):
            output += "[img]" + source + "[/img]"
            return .skipChildren
        case .span:
            if let hex = colorHex(node.style) { output += "[color=\(hex)]" }
        case .footnoteReference(let label):
            output += escaped("[^\(label)]")
        case .inlineMath, .displayMath:
            // Forum BBCode's math tag: the TeX source, which the forum renders.
            output += "[tex]" + noparseSafe(node.text, closing: "[/tex]") + "[/tex]"
            return .skipChildren
        }
        return .proceed
    }

    mutating func exit(_ node: Node) {
        switch node.kind {
        case .heading(let level): output += "[/h\(level)]"
        case .blockQuote:
            output += "\n[/quote]"
            atContainerStart = false
        case .list: output += "\n[/list]"
        case .listItem, .footnoteDefinition: atContainerStart = false
        case .table: tableHasRow.removeLast()
        case .tableRow: rowHasCell.removeLast()
        case .term: output += "[/b]"
        case .emphasis: output += "[/i]"
        case .strong: output += "[/b]"
        case .strikethrough: output += "[/s]"
        case .underline: output += "[/u]"
        case .superscript: output += "[/sup]"
        case .subscript: output += "[/sub]"
        case .link: if linkWrittenWhole.popLast() == false { output += "[/url]" }
        case .span: if colorHex(node.style) != nil { output += "[/color]" }
        default: break
        }
    }

    /// `#rrggbb` for an opaque text color.
    func colorHex(_ style: Style?) -> String? {
        guard case .rgba(let color)? = style?.color, color.alpha == 255 else { return nil }
        func hex(_ value: UInt8) -> String { value < 16 ? "0" + String(value, radix: 16) : String(value, radix: 16) }
        return "#" + hex(color.red) + hex(color.green) + hex(color.blue)
    }

    /// `text` with every `[` that would start a tag written as `[noparse][[/noparse]`.
    func escaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "[")) else { return text }
        var result = ""
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "[") && ScannedTag.scan(bytes, at: index) != nil {
                result += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                result += "[noparse][[/noparse]"
                start = index + 1
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        }
        return result
    }

    /// Literal content that cannot contain its own closing tag: an occurrence is broken up.
    func noparseSafe(_ text: String, closing: String) -> String {
        text.replacingOccurrences(of: closing, with: String(closing.dropLast()) + " ]")
    }
}
