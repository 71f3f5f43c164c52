import Foundation
import TestSupport
import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

/// The round trip Markdown → tree → styled-json → tree, and the normalization that clears exactly
/// what `Docs/styled-json.md` ("Reading styled JSON back") lists as not carried by styled runs.
enum StyledReading {
    /// The tree read back from the styled JSON of `document`.
    static func roundTrip(_ document: Document, options: StyledTextOptions = StyledTextOptions()) throws -> Document {
        let json = try StyledJSONBackend().render(document, options: options)
        return try StyledJSONFrontend().parse(json)
    }

    /// Markdown with a fixture's options.
    static func parseMarkdown(_ input: [UInt8], options pairs: [(key: String, value: String)]) throws -> Document {
        var options = MarkdownFrontend.Options()
        for (key, value) in pairs where MarkdownFrontend.Options.accepts(key) { try options.set(key, to: value) }
        return try MarkdownFrontend().parse(input, options: options)
    }
}

extension Document {
    /// The tree with what styled runs do not carry cleared, each step one documented exception:
    ///
    /// 1. soft breaks become spaces (the layout writes a space);
    /// 2. code blocks lose their info string;
    /// 3. lists lose their source marker (`-`, `*`, `+`, `.`, `)`);
    /// 4. adjacent lists of one kind and tightness (ordered lists whose numbers continue) become one list,
    ///    and adjacent block quotes one block quote;
    /// 5. raw HTML (blocks and inline) is dropped (the backend's default `rawHTML=drop`);
    /// 6. a table's first column has no alignment;
    /// 7. inline nodes without any content are dropped;
    /// 8. image descriptions are plain text;
    /// 9. wrapping inline nodes that cover exactly the same content nest in a fixed order
    ///    (link, strong, emphasis, strikethrough, underline, highlight, superscript, subscript);
    /// 10. adjacent nodes of one inline kind (same link target, inline code) become one;
    /// 11. a U+2028 LINE SEPARATOR in text is a hard line break (the layout writes hard breaks so);
    /// 12. an inline node inside one of the same kind (emphasis in emphasis) is unwrapped: a run
    ///     has the trait or not.
    func normalizedForStyledRoundTrip() -> Document {
        // Passes over the tree, each through a builder (all iterative).
        var d = self.rebuilt { node, builder in
            // 1, 2, 5, 6, 8
            switch node.kind {
            case .softBreak:
                builder.text(" ")
                return .skip
            case .text where node.text.contains("\u{2028}"):
                // 11
                for (i, part) in node.text.split(separator: "\u{2028}", omittingEmptySubsequences: false).enumerated() {
                    if i > 0 { builder.leaf(.lineBreak) }
                    builder.text(String(part))
                }
                return .skip
            case .htmlBlock, .htmlInline:
                return .skip
            case .codeBlock:
                builder.leaf(.codeBlock(info: ""), text: node.text)
                return .skip
            case .list(var attributes):
                attributes.marker = nil
                builder.open(.list(attributes), attributes: node.attributes, style: node.style)
                return .entered
            case .table(var alignments):
                if !alignments.isEmpty { alignments[0] = .none }
                builder.open(.table(alignments: alignments), attributes: node.attributes, style: node.style)
                return .entered
            case .tableCell(var cell):
                if node.parent?.firstChild?.id == node.id { cell.alignment = .none }
                builder.open(.tableCell(cell), attributes: node.attributes, style: node.style)
                return .entered
            case .image:
                builder.open(node.kind, attributes: node.attributes, style: node.style)
                builder.text(node.plainText)
                builder.close()
                return .skip
            default:
                return .copy
            }
        }
        d = d.mergingAdjacentCode()
        d = d.unwrappingNestedSameKind()
        d = d.droppingEmptyInlines()
        // Merging can make new neighbours (the lists of two merged quotes): until nothing changes.
        var merged = d.mergingAdjacent()
        while merged.nodeCount != d.nodeCount {
            d = merged
            merged = d.mergingAdjacent()
        }
        return merged
    }
}

/// What a `rebuilt` callback did with a node.
enum RebuildStep {
    /// Copy the node as it is (and walk its children).
    case copy
    /// The callback opened a container for the node; walk its children, close it on exit.
    case entered
    /// The callback handled the node and its children.
    case skip
}

extension Document {
    static let leafTags: Set<NodeKind.Tag> = [.softBreak, .lineBreak, .thematicBreak, .footnoteReference]
    static let wrapperRank: [NodeKind.Tag: Int] = [
        .link: 0, .strong: 1, .emphasis: 2, .strikethrough: 3, .underline: 4, .highlight: 5, .superscript: 6, .subscript: 7, .span: 8,
    ]

    /// Adds a node as it is: a leaf, or an opened container.
    static func copy(_ node: Node, into builder: inout DocumentBuilder) -> Bool {
        if node.tag == .text && node.attributes.isEmpty && node.style == nil {
            builder.text(node.text)
            return false
        }
        if node.tag.hasLiteralText || leafTags.contains(node.tag) {
            builder.leaf(node.kind, text: node.text, attributes: node.attributes, style: node.style)
            return false
        }
        builder.open(node.kind, attributes: node.attributes, style: node.style)
        return true
    }

    /// A copy of the tree with each node passed through `step` (iterative).
    func rebuilt(_ step: (Node, inout DocumentBuilder) -> RebuildStep) -> Document {
        var builder = DocumentBuilder()
        var opened: [Bool] = Array(repeating: false, count: nodeCount)
        walk { event in
            let node = event.node
            if node.tag == .document { return .proceed }
            switch event {
            case .enter:
                switch step(node, &builder) {
                case .copy:
                    opened[Int(node.id.index)] = Self.copy(node, into: &builder)
                    return opened[Int(node.id.index)] ? .proceed : .skipChildren
                case .entered:
                    opened[Int(node.id.index)] = true
                    return .proceed
                case .skip:
                    return .skipChildren
                }
            case .exit:
                if opened[Int(node.id.index)] { builder.close() }
                return .proceed
            }
        }
        return builder.finish()
    }

    /// Whether each node holds any content (text, a break, an image, a footnote reference, a
    /// rule), by node index.
    var contentFlags: [Bool] {
        var flags = Array(repeating: false, count: nodeCount)
        walk { event in
            guard case .exit(let node) = event else { return .proceed }
            let i = Int(node.id.index)
            if !node.text.isEmpty || [.lineBreak, .softBreak, .image, .footnoteReference, .thematicBreak].contains(node.tag) || node.tag.isBlock {
                flags[i] = true
            }
            if flags[i], let parent = node.parent { flags[Int(parent.id.index)] = true }
            return .proceed
        }
        return flags
    }

    /// Exception 7: inline wrappers without content are dropped.
    func droppingEmptyInlines() -> Document {
        let flags = contentFlags
        return rebuilt { node, _ in
            Self.wrapperRank[node.tag] != nil && !flags[Int(node.id.index)] ? .skip : .copy
        }
    }

    /// Exceptions 4, 9 and 10: adjacent lists, quotes and equal inline wrappers merged; chains of
    /// wrappers around the same content in a fixed order.
    func mergingAdjacent() -> Document {
        var builder = DocumentBuilder()
        var action: [UInt8] = Array(repeating: 0, count: nodeCount)  // 1 opened, 2 merged into previous (no open/close), 3 chain member
        var keepOpen: [Bool] = Array(repeating: false, count: nodeCount)
        var chainLength: [Int] = Array(repeating: 0, count: nodeCount)
        var listItems: [Int32: Int] = [:]  // the number the next item of a (merged) ordered list would get, by its last part
        func mergeable(_ a: Node, _ b: Node) -> Bool {
            guard a.attributes == b.attributes, a.style == b.style else { return false }
            switch (a.kind, b.kind) {
            case (.blockQuote, .blockQuote): return true
            case (.list(let x), .list(let y)):
                guard x.isOrdered == y.isOrdered, x.isTight == y.isTight else { return false }
                if !x.isOrdered { return true }
                let next = (listItems[a.id.index] ?? x.start) + a.children.reduce(0) { n, _ in n + 1 }
                return !y.isReversed && !x.isReversed && y.numbering == x.numbering && y.start == next
            case (.code, .code): return false
            default:
                return Self.wrapperRank[a.tag] != nil && a.kind == b.kind
            }
        }
        walk { event in
            let node = event.node
            let i = Int(node.id.index)
            if node.tag == .document { return .proceed }
            switch event {
            case .enter:
                if action[i] == 2 || action[i] == 3 { return .proceed }
                if Self.wrapperRank[node.tag] != nil {
                    // A chain of wrappers each holding only the next one.
                    var chain = [node]
                    while let only = chain.last!.firstChild, only.nextSibling == nil, Self.wrapperRank[only.tag] != nil {
                        chain.append(only)
                    }
                    if chain.count > 1 {
                        for member in chain.dropFirst() { action[Int(member.id.index)] = 3 }
                        chainLength[i] = chain.count
                        for member in chain.sorted(by: { Self.wrapperRank[$0.tag]! < Self.wrapperRank[$1.tag]! }) {
                            builder.open(member.kind, attributes: member.attributes, style: member.style)
                        }
                        action[i] = 1
                        return .proceed
                    }
                }
                action[i] = Self.copy(node, into: &builder) ? 1 : 0
                return action[i] == 1 ? .proceed : .skipChildren
            case .exit:
                if action[i] == 3 || action[i] == 0 { return .proceed }
                if let next = node.nextSibling, chainLength[i] == 0, mergeable(node, next) {
                    if case .list(let x) = node.kind {
                        listItems[next.id.index] = (listItems[node.id.index] ?? x.start) + node.children.reduce(0) { n, _ in n + 1 }
                    }
                    action[Int(next.id.index)] = 2
                    keepOpen[i] = true
                    return .proceed
                }
                for _ in 0 ..< max(1, chainLength[i]) { builder.close() }
                return .proceed
            }
        }
        _ = keepOpen
        return builder.finish()
    }
}

extension Document {
    /// Exception 12: wrappers inside a wrapper of the same kind are unwrapped.
    func unwrappingNestedSameKind() -> Document {
        var builder = DocumentBuilder()
        var open: [NodeKind: Int] = [:]
        var opened: [Bool] = Array(repeating: false, count: nodeCount)
        var counted: [Bool] = Array(repeating: false, count: nodeCount)
        walk { event in
            let node = event.node
            let i = Int(node.id.index)
            if node.tag == .document { return .proceed }
            switch event {
            case .enter:
                if Self.wrapperRank[node.tag] != nil && node.tag != .span {
                    counted[i] = true
                    open[node.kind, default: 0] += 1
                    if open[node.kind]! > 1 { return .proceed }
                }
                opened[i] = Self.copy(node, into: &builder)
                return opened[i] ? .proceed : .skipChildren
            case .exit:
                if counted[i] { open[node.kind]! -= 1 }
                if opened[i] { builder.close() }
                return .proceed
            }
        }
        return builder.finish()
    }
}

extension Document {
    /// Exception 10 for inline code: adjacent code spans become one.
    func mergingAdjacentCode() -> Document {
        var skipped: Set<Int32> = []
        return rebuilt { node, builder in
            guard node.tag == .code else { return .copy }
            if skipped.contains(node.id.index) { return .skip }
            var text = node.text
            var next = node.nextSibling
            while let n = next, n.tag == .code, n.attributes == node.attributes, n.style == node.style {
                text += n.text
                skipped.insert(n.id.index)
                next = n.nextSibling
            }
            builder.leaf(.code, text: text, attributes: node.attributes, style: node.style)
            return .skip
        }
    }
}
