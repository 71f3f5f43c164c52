/// A read-only view of one node of a `Document`.
public struct Node: Sendable {
    /// The document this node belongs to.
    public let document: Document
    /// The node's identity within its document.
    public let id: NodeID

    init(document: Document, id: NodeID) {
        self.document = document
        self.id = id
    }

    var record: NodeRecord { document.storage.records[Int(id.index)] }

    /// What the node is.
    public var kind: NodeKind { document.kind(at: id.index) }

    /// The node's kind without associated values.
    public var tag: NodeKind.Tag { document.storage.records.tag(id.index) }

    /// The node's own text: the content of text, code, code-block and raw-HTML nodes; empty for
    /// containers (use `plainText` for the text of a whole subtree).
    public var text: String { String(decoding: document.textBytes(at: id.index), as: UTF8.self) }

    /// The node's attributes, in source order.
    public var attributes: [Attribute] { document.attributes(at: id.index) }

    /// The value of the first attribute with this name, if any.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The node's typed style, if it has one.
    public var style: Style? { document.style(at: id.index) }

    /// The HTML element the node was read from, when its kind stands for several that writers of
    /// HTML keep apart and it was not the usual one: `s` or `strike` for a strikethrough (`del`
    /// is usual), `ins` for an underline (`u` is usual). `nil` otherwise. Set with
    /// `DocumentBuilder.setHTMLElement(_:of:)`.
    public var htmlElementName: String? {
        let variant = document.storage.records.variant(id.index)
        guard variant != 0, let name = tag.htmlTagName(variant: variant) else { return nil }
        return name.description
    }

    /// The parent node; `nil` for the root.
    public var parent: Node? {
        let p = record.parent
        return p < 0 ? nil : Node(document: document, id: NodeID(p))
    }

    /// The first child, if any.
    public var firstChild: Node? {
        let c = document.storage.records.firstChild(id.index)
        return c < 0 ? nil : Node(document: document, id: NodeID(c))
    }

    /// The next sibling, if any.
    public var nextSibling: Node? {
        let s = document.storage.records.nextSibling(id.index)
        return s < 0 ? nil : Node(document: document, id: NodeID(s))
    }

    /// The children, in order.
    public var children: Children { Children(first: firstChild) }

    /// Whether the node has no children.
    public var isLeaf: Bool { document.storage.records.firstChild(id.index) < 0 }

    /// The concatenated text of every text-bearing node in this subtree, in document order
    /// (soft and hard breaks count as a newline).
    public var plainText: String {
        var bytes: [UInt8] = []
        for event in document.events(from: id) {
            guard case .enter(let node) = event else { continue }
            switch node.tag {
            case .softBreak, .lineBreak: bytes.append(0x0A)
            case .htmlBlock, .htmlInline: break
            default: bytes.append(contentsOf: document.textBytes(at: node.id.index))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The children of a node, as a sequence.
    public struct Children: Sequence, Sendable {
        let first: Node?

        /// Iterates the children in order, from sibling to sibling.
        public struct Iterator: IteratorProtocol {
            var upcoming: Node?

            /// The next child, or `nil` after the last.
            public mutating func next() -> Node? {
                defer { upcoming = upcoming?.nextSibling }
                return upcoming
            }
        }

        /// An iterator over the children, in order.
        public func makeIterator() -> Iterator { Iterator(upcoming: first) }
    }
}

extension Node: Equatable {
    /// Two nodes are equal when they are the same node of the same document storage.
    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.id == rhs.id && lhs.document.storage === rhs.document.storage
    }
}
