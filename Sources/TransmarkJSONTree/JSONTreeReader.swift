import TransmarkCore

/// A fault inside one node: the path from the node to the offending value, and what is wrong.
private struct Fault: Error {
    var path: [JSONPathComponent]
    var message: String

    init(_ path: [JSONPathComponent], _ message: String) {
        self.path = path
        self.message = message
    }
}

/// The members a node object may have.
private enum NodeMember: Int, CaseIterable {
    case kind, attributes, style, text, children
    case level, ordered, start, tight, marker, numbering, reversed, task, info, alignments, header, align
    case colspan, rowspan, label, tag, destination, title, source, size, name, element

    var name: String {
        switch self {
        case .kind: "kind"
        case .attributes: "attributes"
        case .style: "style"
        case .text: "text"
        case .children: "children"
        case .level: "level"
        case .ordered: "ordered"
        case .start: "start"
        case .tight: "tight"
        case .marker: "marker"
        case .numbering: "numbering"
        case .reversed: "reversed"
        case .task: "task"
        case .info: "info"
        case .alignments: "alignments"
        case .header: "header"
        case .align: "align"
        case .colspan: "colspan"
        case .rowspan: "rowspan"
        case .label: "label"
        case .tag: "tag"
        case .destination: "destination"
        case .title: "title"
        case .source: "source"
        case .size: "size"
        case .name: "name"
        case .element: "element"
        }
    }

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The members every node may have.
    static let common: UInt32 = NodeMember.kind.bit | NodeMember.attributes.bit | NodeMember.style.bit
        | NodeMember.text.bit | NodeMember.children.bit

    /// The members of a kind's associated values.
    static func payload(of tag: NodeKind.Tag) -> UInt32 {
        func mask(_ members: NodeMember...) -> UInt32 { members.reduce(0) { $0 | $1.bit } }
        switch tag {
        case .heading: return mask(.level)
        case .list: return mask(.ordered, .start, .tight, .marker, .numbering, .reversed)
        case .listItem: return mask(.task)
        case .codeBlock: return mask(.info)
        case .table: return mask(.alignments)
        case .tableRow: return mask(.header)
        case .tableCell: return mask(.align, .colspan, .rowspan, .header)
        case .footnoteDefinition, .footnoteReference: return mask(.label)
        case .division: return mask(.tag)
        case .link: return mask(.destination, .title)
        case .image: return mask(.source, .title, .size)
        case .custom: return mask(.name)
        case .strikethrough, .underline: return mask(.element)
        default: return 0
        }
    }

    /// Member names by byte length, for matching keys without making strings.
    static let byLength: [[([UInt8], NodeMember)]] = {
        var table = [[([UInt8], NodeMember)]](repeating: [], count: 16)
        for m in allCases { table[m.name.utf8.count].append((Array(m.name.utf8), m)) }
        return table
    }()

    static func match(_ key: UnsafeBufferPointer<UInt8>) -> NodeMember? {
        guard key.count < byLength.count else { return nil }
        for (bytes, member) in byLength[key.count] where sameBytes(bytes, key) { return member }
        return nil
    }
}

/// The style properties, in the order the backend writes them.
private enum StyleMember: Int, CaseIterable {
    case color, backgroundColor, fontWeight, fontStyle, fontSize, fontFamily, textDecoration, textAlign
    case verticalAlign, lineHeight, letterSpacing, wordSpacing, textTransform, whiteSpace, display, visibility

    var name: String { "\(self)" }

    static let names: [([UInt8], StyleMember)] = allCases.map { (Array($0.name.utf8), $0) }

    static func match(_ key: UnsafeBufferPointer<UInt8>) -> StyleMember? {
        for (bytes, member) in names where sameBytes(bytes, key) { return member }
        return nil
    }
}

/// Kind names by byte length, for matching without making strings.
private let kindNames: [[([UInt8], NodeKind.Tag)]] = {
    var table = [[([UInt8], NodeKind.Tag)]](repeating: [], count: 24)
    for tag in NodeKind.Tag.allCases { table[tag.name.utf8.count].append((Array(tag.name.utf8), tag)) }
    return table
}()

private func kindTag(_ name: UnsafeBufferPointer<UInt8>) -> NodeKind.Tag? {
    guard name.count < kindNames.count else { return nil }
    for (bytes, tag) in kindNames[name.count] where sameBytes(bytes, name) { return tag }
    return nil
}

/// Whether `a` and `b` hold the same bytes.
@inline(__always)
private func sameBytes(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
        for i in 0 ..< a.count where a[i] != b[i] { return false }
        return true
    }
}

/// Builds a document from a `JSONTape`, checking the shape and the tree as it goes. Iterative: an
/// explicit stack of open `children` arrays.
struct JSONTreeReader {
    let input: UnsafeBufferPointer<UInt8>
    let strings: UnsafeBufferPointer<UInt8>
    let tape: [JSONTapeEntry]
    let maxDepth: Int
    private var builder: DocumentBuilder
    /// Value indexes of the members of the node being read (valid where `present` has the bit).
    private var members = [Int](repeating: -1, count: NodeMember.allCases.count)
    /// The members of the node being read, as bits.
    private var present: UInt32 = 0

    /// An open `children` array.
    private struct Frame {
        /// The tape index of the next element, and of the first entry after the array.
        var cursor: Int
        var end: Int
        /// The index of the next element in the array.
        var index: Int
        /// The kind of the node whose children these are.
        var parent: NodeKind.Tag
    }

    private var frames: [Frame] = []

    init(input: UnsafeBufferPointer<UInt8>, strings: UnsafeBufferPointer<UInt8>, tape: [JSONTapeEntry], maxDepth: Int) {
        self.input = input
        self.strings = strings
        self.tape = tape
        self.maxDepth = maxDepth
        builder = DocumentBuilder(estimatedNodes: tape.count / 3, estimatedTextBytes: input.count / 2)
    }

    /// The node being read: `$.root` and a `.children[i]` per open frame.
    private func nodePath() -> [JSONPathComponent] {
        var path: [JSONPathComponent] = [.key("root")]
        for f in frames {
            path.append(.key("children"))
            path.append(.index(f.index - 1))
        }
        return path
    }

    private func error(_ fault: Fault, inNode: Bool = true) -> TransmarkError {
        .invalidJSONTree(path: JSONPathComponent.path((inNode ? nodePath() : []) + fault.path), message: fault.message)
    }

    mutating func read() throws -> Document {
        // The top-level object.
        guard let top = tape.first, top.kind == .object else {
            throw error(Fault([], "expected an object with \"\(JSONTreeFormat.versionKey)\" and \"root\", found \(tape.first?.description ?? "nothing")"), inNode: false)
        }
        var version = -1, root = -1, metadata = -1
        var k = 1
        while k < Int(top.a) {
            let key = bytes(k)
            let value = k + 1
            if key.elementsEqual(JSONTreeFormat.versionKey.utf8) {
                guard version < 0 else { throw error(Fault([.key(JSONTreeFormat.versionKey)], "duplicate member"), inNode: false) }
                version = value
            } else if key.elementsEqual("root".utf8) {
                guard root < 0 else { throw error(Fault([.key("root")], "duplicate member"), inNode: false) }
                root = value
            } else if key.elementsEqual("metadata".utf8) {
                guard metadata < 0 else { throw error(Fault([.key("metadata")], "duplicate member"), inNode: false) }
                metadata = value
            } else {
                throw error(Fault([.key(string(k))], "unknown member (a document has \"\(JSONTreeFormat.versionKey)\", \"root\" and \"metadata\")"), inNode: false)
            }
            k = next(value)
        }
        guard version >= 0 else { throw error(Fault([], "missing member \"\(JSONTreeFormat.versionKey)\""), inNode: false) }
        do {
            let v = try int(version, [.key(JSONTreeFormat.versionKey)])
            guard v == JSONTreeFormat.version else {
                throw Fault([.key(JSONTreeFormat.versionKey)], "unsupported version \(v) (this reader reads version \(JSONTreeFormat.version))")
            }
        } catch let fault as Fault {
            throw error(fault, inNode: false)
        }
        guard root >= 0 else { throw error(Fault([], "missing member \"root\""), inNode: false) }
        if metadata >= 0 { builder.metadata = try readMetadata(metadata) }

        // The root node: a document without attributes, style or text.
        let rootNode: NodeHead
        do {
            rootNode = try readNode(root, parent: nil)
        } catch let fault as Fault {
            throw error(fault)
        }
        if rootNode.children >= 0 {
            let c = tape[rootNode.children]
            frames.append(Frame(cursor: rootNode.children + 1, end: Int(c.a), index: 0, parent: .document))
        }

        while !frames.isEmpty {
            let top = frames.count - 1
            let frame = frames[top]
            if frame.cursor >= frame.end {
                frames.removeLast()
                if !frames.isEmpty { builder.close() }
                continue
            }
            frames[top].cursor = next(frame.cursor)
            frames[top].index += 1
            let node: NodeHead
            do {
                node = try readNode(frame.cursor, parent: frame.parent)
            } catch let fault as Fault {
                throw error(fault)
            }
            if node.children >= 0 {
                // Within maxDepth: the tape reader checked.
                let c = tape[node.children]
                let id = builder.open(node.kind, attributeList: node.attributes, style: node.style)
                if let element = node.element { builder.setHTMLElement(element, of: id) }
                frames.append(Frame(cursor: node.children + 1, end: Int(c.a), index: 0, parent: node.kind.tag))
            } else if node.text >= 0 {
                builder.leaf(node.kind, bytes: bytes(node.text), attributeList: node.attributes, style: node.style)
            } else {
                let id = builder.leaf(node.kind, attributeList: node.attributes, style: node.style)
                if let element = node.element { builder.setHTMLElement(element, of: id) }
            }
        }
        return builder.finish()
    }

    /// A node read from its object, not yet added.
    private struct NodeHead {
        var kind: NodeKind
        var attributes: AttributeListID
        var style: Style?
        /// The tape index of the text, or -1.
        var text: Int
        /// The tape index of a non-empty `children` array, or -1.
        var children: Int
        /// The HTML element a strikethrough or underline was written as (`s`, `ins`, …), if given.
        var element: String? = nil
    }

    /// Reads the node object at `index` (the root when `parent` is nil); paths in faults are
    /// relative to the node.
    private mutating func readNode(_ index: Int, parent: NodeKind.Tag?) throws -> NodeHead {
        let object = tape[index]
        guard object.kind == .object else { throw Fault([], "expected a node (an object), found \(object.description)") }
        present = 0
        var k = index + 1
        while k < Int(object.a) {
            guard let member = NodeMember.match(bytes(k)) else {
                throw Fault([.key(string(k))], "unknown member")
            }
            guard present & member.bit == 0 else { throw Fault([.key(member.name)], "duplicate member") }
            present |= member.bit
            members[member.rawValue] = k + 1
            k = next(k + 1)
        }

        // The kind.
        guard let kindIndex = value(.kind) else { throw Fault([], "missing member \"kind\"") }
        let kindBytes = try stringBytes(kindIndex, path(.kind))
        guard let tag = kindTag(kindBytes) else {
            throw Fault(path(.kind), "unknown kind \"\(String(decoding: kindBytes, as: UTF8.self))\"")
        }
        let extra = present & ~(NodeMember.common | NodeMember.payload(of: tag))
        if extra != 0, let m = NodeMember.allCases.first(where: { extra & $0.bit != 0 }) {
            throw Fault(path(m), "a \(tag.name) node has no member \"\(m.name)\"")
        }

        // Where it may be.
        if let parent {
            guard JSONTreeFormat.allows(child: tag, in: parent) else {
                if tag == .document { throw Fault(path(.kind), "a document node can only be the root") }
                if let required = JSONTreeFormat.requiredParent(of: tag), required != parent {
                    throw Fault(path(.kind), "a \(tag.name) node must be a child of a \(required.name) node, not of a \(parent.name) node")
                }
                throw Fault(path(.kind), "a \(parent.name) node cannot have a \(tag.name) child")
            }
        } else if tag != .document {
            throw Fault(path(.kind), "the root must be a document node, not a \(tag.name) node")
        }

        // Its associated values.
        let kind = try readKind(tag)

        // Text and children.
        var text = -1
        if let t = value(.text) {
            _ = try stringBytes(t, path(.text))
            text = t
        } else if tag.hasLiteralText {
            throw Fault([], "a \(tag.name) node needs a \"text\" member")
        }
        var children = -1
        if let c = value(.children) {
            let array = tape[c]
            guard array.kind == .array else { throw Fault(path(.children), "expected an array of nodes, found \(array.description)") }
            if array.b > 0 {
                if tag.isLeafOnly { throw Fault(path(.children), "a \(tag.name) node cannot have children") }
                if text >= 0 { throw Fault(path(.children), "a node with text cannot have children") }
                children = c
            }
        }
        if parent == nil && text >= 0 { throw Fault(path(.text), "the root cannot have text") }

        // Attributes and style.
        var attributes = AttributeListID.none
        if let a = value(.attributes) {
            attributes = try readAttributes(a, path(.attributes), isRoot: parent == nil)
        }
        var style: Style?
        if let s = value(.style) {
            style = try readStyle(s, path(.style))
            if parent == nil && style != nil { throw Fault(path(.style), "the root cannot have a style") }
        }
        var element: String?
        if value(.element) != nil {
            let name = try string(.element, kind.tag)
            guard kind.tag.htmlElementVariant(named: name) != nil else {
                throw Fault(path(.element), "unknown element \"\(name)\" for a \(kind.tag.name) node (expected one of: \(kind.tag.htmlElementVariants.map(\.description).joined(separator: ", ")))")
            }
            element = name
        }
        return NodeHead(kind: kind, attributes: attributes, style: style, text: text, children: children, element: element)
    }

    /// The value index of a member of the node being read, if it has it.
    @inline(__always)
    private func value(_ m: NodeMember) -> Int? { present & m.bit != 0 ? members[m.rawValue] : nil }

    private func path(_ m: NodeMember) -> [JSONPathComponent] { [.key(m.name)] }

    private func required(_ m: NodeMember, _ tag: NodeKind.Tag) throws -> Int {
        guard let v = value(m) else { throw Fault([], "a \(tag.name) node needs a \"\(m.name)\" member") }
        return v
    }

    private func string(_ m: NodeMember, _ tag: NodeKind.Tag, default fallback: String? = nil) throws -> String {
        guard let v = value(m) else {
            if let fallback { return fallback }
            throw Fault([], "a \(tag.name) node needs a \"\(m.name)\" member")
        }
        return String(decoding: try stringBytes(v, path(m)), as: UTF8.self)
    }

    private func bool(_ m: NodeMember, default fallback: Bool) throws -> Bool {
        guard let v = value(m) else { return fallback }
        return try bool(v, path(m))
    }

    private func int(_ m: NodeMember, default fallback: Int, minimum: Int = Int.min, maximum: Int = Int.max) throws -> Int {
        guard let v = value(m) else { return fallback }
        let n = try int(v, path(m))
        guard n >= minimum else { throw Fault(path(m), "must be at least \(minimum), not \(n)") }
        guard n <= maximum else { throw Fault(path(m), "must be at most \(maximum), not \(n)") }
        return n
    }

    private func keyword<E: RawRepresentable>(_ m: NodeMember, _ all: [E], default fallback: E) throws -> E where E.RawValue == String {
        guard let v = value(m) else { return fallback }
        return try keyword(v, path(m), all)
    }

    /// The kind of the node being read, with its associated values.
    private func readKind(_ tag: NodeKind.Tag) throws -> NodeKind {
        switch tag {
        case .heading:
            let v = try required(.level, tag)
            let level = try int(v, path(.level))
            guard (1 ... 6).contains(level) else { throw Fault(path(.level), "a heading level is 1 to 6, not \(level)") }
            return .heading(level: level)
        case .list:
            var marker: Character?
            if let m = value(.marker) {
                let text = String(decoding: try stringBytes(m, path(.marker)), as: UTF8.self)
                guard text.count == 1 else { throw Fault(path(.marker), "a list marker is one character") }
                marker = text.first
            }
            return .list(ListAttributes(
                isOrdered: try bool(.ordered, default: false), start: try int(.start, default: 1),
                isTight: try bool(.tight, default: true), marker: marker,
                numbering: try keyword(.numbering, ListNumbering.allCases, default: .decimal),
                isReversed: try bool(.reversed, default: false)))
        case .listItem:
            guard let t = value(.task) else { return .listItem(task: nil) }
            return .listItem(task: try keyword(t, path(.task), [TaskState.unchecked, .checked]))
        case .codeBlock:
            return .codeBlock(info: try string(.info, tag, default: ""))
        case .table:
            var alignments: [TableAlignment] = []
            if let a = value(.alignments) {
                let array = tape[a]
                guard array.kind == .array else { throw Fault(path(.alignments), "expected an array of alignments, found \(array.description)") }
                var k = a + 1, i = 0
                while k < Int(array.a) {
                    alignments.append(try keyword(k, path(.alignments) + [.index(i)], TableAlignment.allCases))
                    k = next(k)
                    i += 1
                }
            }
            return .table(alignments: alignments)
        case .tableRow:
            return .tableRow(isHeader: try bool(.header, default: false))
        case .tableCell:
            return .tableCell(TableCellAttributes(
                alignment: try keyword(.align, TableAlignment.allCases, default: TableAlignment.none),
                columnSpan: try int(.colspan, default: 1, minimum: 1, maximum: TableCellAttributes.maximumColumnSpan),
                rowSpan: try int(.rowspan, default: 1, minimum: 1, maximum: TableCellAttributes.maximumRowSpan),
                isHeader: try bool(.header, default: false)))
        case .footnoteDefinition:
            return .footnoteDefinition(label: try string(.label, tag))
        case .footnoteReference:
            return .footnoteReference(label: try string(.label, tag))
        case .division:
            return .division(tag: try string(.tag, tag))
        case .link:
            return .link(destination: try string(.destination, tag), title: try string(.title, tag, default: ""))
        case .image:
            var size: ImageSize?
            if let s = value(.size) {
                size = try readImageSize(s, path(.size))
            }
            return .image(source: try string(.source, tag), title: try string(.title, tag, default: ""), size: size)
        case .custom:
            return .custom(name: try string(.name, tag))
        default:
            return tag.payloadFreeKind ?? .document
        }
    }

    private func readImageSize(_ index: Int, _ path: [JSONPathComponent]) throws -> ImageSize {
        let object = tape[index]
        guard object.kind == .object else { throw Fault(path, "expected an object with \"width\" and/or \"height\", found \(object.description)") }
        var size = ImageSize()
        var seenWidth = false, seenHeight = false
        var k = index + 1
        while k < Int(object.a) {
            let key = bytes(k)
            if key.elementsEqual("width".utf8) && !seenWidth {
                seenWidth = true
                size.width = try int(k + 1, path + [.key("width")])
            } else if key.elementsEqual("height".utf8) && !seenHeight {
                seenHeight = true
                size.height = try int(k + 1, path + [.key("height")])
            } else {
                let name = string(k)
                throw Fault(path + [.key(name)], name == "width" || name == "height" ? "duplicate member" : "unknown member (an image size has \"width\" and \"height\")")
            }
            k = next(k + 1)
        }
        return size
    }

    private mutating func readAttributes(_ index: Int, _ path: [JSONPathComponent], isRoot: Bool) throws -> AttributeListID {
        let array = tape[index]
        guard array.kind == .array else { throw Fault(path, "expected an array of [name, value] pairs, found \(array.description)") }
        if array.b == 0 { return .none }
        if isRoot { throw Fault(path, "the root cannot have attributes") }
        // Check every pair before adding any, so a fault leaves the builder untouched.
        var k = index + 1, i = 0
        while k < Int(array.a) {
            let pair = tape[k]
            guard pair.kind == .array, pair.b == 2 else {
                throw Fault(path + [.index(i)], "expected a [name, value] pair (an array of two strings), found \(pair.kind == .array ? "an array of \(pair.b)" : pair.description)")
            }
            _ = try stringBytes(k + 1, path + [.index(i), .index(0)])
            _ = try stringBytes(k + 2, path + [.index(i), .index(1)])
            k = next(k)
            i += 1
        }
        builder.beginAttributeList()
        k = index + 1
        while k < Int(array.a) {
            builder.appendAttribute(name: bytes(k + 1), value: bytes(k + 2))
            k = next(k)
        }
        return builder.endAttributeList()
    }

    // MARK: Styles

    private func readStyle(_ index: Int, _ path: [JSONPathComponent]) throws -> Style? {
        let object = tape[index]
        guard object.kind == .object else { throw Fault(path, "expected a style (an object), found \(object.description)") }
        var style = Style()
        var seen: UInt32 = 0
        var k = index + 1
        while k < Int(object.a) {
            guard let member = StyleMember.match(bytes(k)) else { throw Fault(path + [.key(string(k))], "unknown style property") }
            let p = path + [.key(member.name)]
            guard seen & (1 << UInt32(member.rawValue)) == 0 else { throw Fault(p, "duplicate member") }
            seen |= 1 << UInt32(member.rawValue)
            let v = k + 1
            switch member {
            case .color: style.color = try color(v, p)
            case .backgroundColor: style.backgroundColor = try color(v, p)
            case .fontWeight:
                if tape[v].kind == .number {
                    style.fontWeight = .weight(try int(v, p))
                } else {
                    switch try keywordText(v, p, expected: "a number or \"bolder\" or \"lighter\"") {
                    case "bolder": style.fontWeight = .bolder
                    case "lighter": style.fontWeight = .lighter
                    case let other: throw Fault(p, "unknown value \"\(other)\" (expected a number, \"bolder\" or \"lighter\")")
                    }
                }
            case .fontStyle: style.fontStyle = try keyword(v, p, [FontStyle.normal, .italic, .oblique])
            case .fontSize:
                if tape[v].kind == .object {
                    style.fontSize = .length(try length(v, p))
                } else {
                    style.fontSize = .keyword(try keyword(v, p, FontSizeKeyword.allCases))
                }
            case .fontFamily:
                let array = tape[v]
                guard array.kind == .array else { throw Fault(p, "expected an array of strings, found \(array.description)") }
                var names: [String] = []
                var j = v + 1, i = 0
                while j < Int(array.a) {
                    names.append(String(decoding: try stringBytes(j, p + [.index(i)]), as: UTF8.self))
                    j = next(j)
                    i += 1
                }
                style.fontFamily = names
            case .textDecoration:
                let array = tape[v]
                guard array.kind == .array else { throw Fault(p, "expected an array of lines, found \(array.description)") }
                var lines = TextDecoration()
                var j = v + 1, i = 0
                while j < Int(array.a) {
                    let name = try keywordText(j, p + [.index(i)], expected: "a line")
                    guard let line = JSONTreeFormat.decorationLines.first(where: { $0.0 == name })?.1 else {
                        throw Fault(p + [.index(i)], "unknown value \"\(name)\" (expected one of: underline, line-through, overline)")
                    }
                    lines.insert(line)
                    j = next(j)
                    i += 1
                }
                style.textDecoration = lines
            case .textAlign: style.textAlign = try keyword(v, p, [TextAlign.left, .right, .center, .justify, .start, .end])
            case .verticalAlign:
                if tape[v].kind == .object {
                    style.verticalAlign = .length(try length(v, p))
                } else {
                    let name = try keywordText(v, p, expected: "a keyword or a length")
                    guard let align = JSONTreeFormat.verticalAlignKeywords.first(where: { $0.0 == name })?.1 else {
                        throw Fault(p, "unknown value \"\(name)\" (expected a length or one of: \(JSONTreeFormat.verticalAlignKeywords.map(\.0).joined(separator: ", ")))")
                    }
                    style.verticalAlign = align
                }
            case .lineHeight:
                switch tape[v].kind {
                case .object: style.lineHeight = .length(try length(v, p))
                case .number: style.lineHeight = .multiple(try double(v, p))
                default:
                    let name = try keywordText(v, p, expected: "\"normal\", a number or a length")
                    if name == "normal" {
                        style.lineHeight = .normal
                    } else {
                        style.lineHeight = .multiple(try double(v, p))
                    }
                }
            case .letterSpacing: style.letterSpacing = try length(v, p)
            case .wordSpacing: style.wordSpacing = try length(v, p)
            case .textTransform: style.textTransform = try keyword(v, p, [TextTransform.none, .uppercase, .lowercase, .capitalize])
            case .whiteSpace: style.whiteSpace = try keyword(v, p, [WhiteSpace.normal, .nowrap, .pre, .preWrap, .preLine, .breakSpaces])
            case .display:
                style.display = try keyword(v, p, [Display.none, .inline, .block, .inlineBlock, .listItem, .table, .tableRow,
                                                   .tableCell, .flex, .grid, .contents])
            case .visibility: style.visibility = try keyword(v, p, [Visibility.visible, .hidden, .collapse])
            }
            k = next(v)
        }
        return style.isEmpty ? nil : style
    }

    private func color(_ index: Int, _ path: [JSONPathComponent]) throws -> CSSColor {
        let text = try keywordText(index, path, expected: "a color")
        if text == "currentcolor" { return .currentColor }
        let digits = Array(text.utf8.dropFirst())
        guard text.utf8.first == 0x23, digits.count == 6 || digits.count == 8 else {
            throw Fault(path, "expected \"#rrggbb\", \"#rrggbbaa\" or \"currentcolor\", not \"\(text)\"")
        }
        var channels: [UInt8] = []
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let hi = hexValue(digits[pair]), let lo = hexValue(digits[pair + 1]) else {
                throw Fault(path, "expected \"#rrggbb\", \"#rrggbbaa\" or \"currentcolor\", not \"\(text)\"")
            }
            channels.append(hi << 4 | lo)
        }
        return .rgba(RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255))
    }

    private func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30 ... 0x39: c - 0x30
        case 0x41 ... 0x46: c - 0x41 + 10
        case 0x61 ... 0x66: c - 0x61 + 10
        default: nil
        }
    }

    /// A length: an object with one member named by its unit.
    private func length(_ index: Int, _ path: [JSONPathComponent]) throws -> CSSLength {
        let object = tape[index]
        let expected = "expected a length (an object with one of px, pt, em, rem, percent)"
        guard object.kind == .object else { throw Fault(path, "\(expected), found \(object.description)") }
        guard object.b == 1 else { throw Fault(path, "\(expected), found an object with \(object.b) members") }
        let unit = string(index + 1)
        let p = path + [.key(unit)]
        let v = try double(index + 2, p)
        switch unit {
        case "px": return .px(v)
        case "pt": return .pt(v)
        case "em": return .em(v)
        case "rem": return .rem(v)
        case "percent": return .percent(v)
        default: throw Fault(p, "unknown unit (expected px, pt, em, rem or percent)")
        }
    }

    // MARK: Scalars

    /// The `metadata` object: each member a string or an array of strings.
    private func readMetadata(_ index: Int) throws -> DocumentMetadata {
        let object = tape[index]
        guard object.kind == .object else {
            throw error(Fault([.key("metadata")], "expected an object of strings and arrays of strings, found \(object.description)"), inNode: false)
        }
        var fields: [DocumentMetadata.Field] = []
        var k = index + 1
        while k < Int(object.a) {
            let key = string(k)
            let value = k + 1
            let path: [JSONPathComponent] = [.key("metadata"), .key(key)]
            switch tape[value].kind {
            case .string, .decodedString:
                fields.append(.init(key: key, value: .text(string(value))))
            case .array:
                var items: [String] = []
                var i = value + 1
                while i < Int(tape[value].a) {
                    guard tape[i].kind == .string || tape[i].kind == .decodedString else {
                        throw error(Fault(path + [.index(items.count)], "expected a string, found \(tape[i].description)"), inNode: false)
                    }
                    items.append(string(i))
                    i = next(i)
                }
                fields.append(.init(key: key, value: .list(items)))
            default:
                throw error(Fault(path, "expected a string or an array of strings, found \(tape[value].description)"), inNode: false)
            }
            guard !fields.dropLast().contains(where: { $0.key == key }) else {
                throw error(Fault(path, "duplicate member"), inNode: false)
            }
            k = next(value)
        }
        return DocumentMetadata(fields: fields)
    }

    /// The first entry after the value at `index`.
    @inline(__always)
    private func next(_ index: Int) -> Int {
        let e = tape[index]
        return e.isContainer ? Int(e.a) : index + 1
    }

    /// The bytes of the string at `index` (which must be a string).
    @inline(__always)
    private func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let e = tape[index]
        let range = Int(e.a) ..< Int(e.a + e.b)
        return UnsafeBufferPointer(rebasing: e.kind == .string ? input[range] : strings[range])
    }

    private func string(_ index: Int) -> String { String(decoding: bytes(index), as: UTF8.self) }

    private func stringBytes(_ index: Int, _ path: [JSONPathComponent]) throws -> UnsafeBufferPointer<UInt8> {
        let e = tape[index]
        guard e.kind == .string || e.kind == .decodedString else { throw Fault(path, "expected a string, found \(e.description)") }
        return bytes(index)
    }

    private func keywordText(_ index: Int, _ path: [JSONPathComponent], expected: String) throws -> String {
        let e = tape[index]
        guard e.kind == .string || e.kind == .decodedString else { throw Fault(path, "expected \(expected), found \(e.description)") }
        return string(index)
    }

    private func keyword<E: RawRepresentable>(_ index: Int, _ path: [JSONPathComponent], _ all: [E]) throws -> E where E.RawValue == String {
        let text = try keywordText(index, path, expected: "a string")
        guard let value = all.first(where: { $0.rawValue == text }) else {
            throw Fault(path, "unknown value \"\(text)\" (expected one of: \(all.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    private func bool(_ index: Int, _ path: [JSONPathComponent]) throws -> Bool {
        switch tape[index].kind {
        case .true: return true
        case .false: return false
        default: throw Fault(path, "expected true or false, found \(tape[index].description)")
        }
    }

    /// An integer: a JSON number without fraction or exponent, within `Int`.
    private func int(_ index: Int, _ path: [JSONPathComponent]) throws -> Int {
        let e = tape[index]
        guard e.kind == .number else { throw Fault(path, "expected an integer, found \(e.description)") }
        let text = UnsafeBufferPointer(rebasing: input[Int(e.a) ..< Int(e.a + e.b)])
        var negative = false
        var k = 0
        if text[0] == 0x2D { negative = true; k = 1 }
        var value = 0
        while k < text.count {
            let c = text[k]
            guard c >= 0x30 && c <= 0x39 else {
                throw Fault(path, "expected an integer, found \(String(decoding: text, as: UTF8.self))")
            }
            let d = Int(c - 0x30)
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
            guard !o1 && !o2 else { throw Fault(path, "integer \(String(decoding: text, as: UTF8.self)) out of range") }
            value = s
            k += 1
        }
        return value
    }

    /// A number, or one of the strings `"inf"`, `"-inf"`, `"nan"`.
    private func double(_ index: Int, _ path: [JSONPathComponent]) throws -> Double {
        let e = tape[index]
        switch e.kind {
        case .number:
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[Int(e.a) ..< Int(e.a + e.b)]), as: UTF8.self)
            guard let v = Double(text) else { throw Fault(path, "number \(text) out of range") }
            return v
        case .string, .decodedString:
            switch string(index) {
            case "inf": return .infinity
            case "-inf": return -.infinity
            case "nan": return .nan
            case let other: throw Fault(path, "expected a number, \"inf\", \"-inf\" or \"nan\", found \"\(other)\"")
            }
        default:
            throw Fault(path, "expected a number, found \(e.description)")
        }
    }
}

