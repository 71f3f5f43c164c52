// The node storage types are SPI (`@_spi(TransmarkStorage) public`) rather than `package`: the
// formats of this package read records in their hottest loops, and `@inlinable` on `package`
// declarations is not inlined into other modules (each field read was a call; Markdown → text
// took 2 % more instructions), while inlinable SPI is. They are not part of the public API:
// only files that `@_spi(TransmarkStorage) import TransmarkCore` see them.

/// One node as stored: 20 bytes. Records are the largest part of a parsed document (one per
/// node, a node every 30 bytes of HTML), so what can be derived is not stored:
/// - the first child: records are in preorder, so a node's first child, if any, is the next
///   record, and it is a child when its parent is this node;
/// - the text length: text is appended in document order, so a node's text ends where the next
///   record's starts (or where the text buffer ends);
/// - payload, attributes and style: most nodes (text) have none, so they sit in `NodeExtras`,
///   one entry per node that has any.
@_spi(TransmarkStorage)
public struct PackedNodeRecord: Sendable {
    /// The parent's index, or -1 for the root.
    public var parent: Int32
    /// The next sibling's index, or -1.
    public var nextSibling: Int32
    /// Where the node's text starts in the document's text buffer.
    public var textStart: UInt32
    /// What the node has besides its links and text: `-1` nothing; `>= 0` the index of its
    /// `NodeExtras`; `<= -2` one index, `-2 - extra`, of its payload when its kind has one, else of
    /// its attribute list (most nodes with anything have just that one thing, and an index here
    /// saves an entry in `extras`). See `NodeRecords.extras(of:)`.
    public var extra: Int32
    /// The node's kind without its values.
    public var tag: NodeKind.Tag
    /// Which of the HTML elements its kind stands for the node was read from (0: the usual one;
    /// see `NodeKind.Tag.htmlElementVariants`). It sits in what was padding: the stride stays 20.
    public var variant: UInt8

    @inlinable
    /// A packed record.
    public init(tag: NodeKind.Tag, parent: Int32, textStart: UInt32, extra: Int32) {
        self.parent = parent
        self.nextSibling = -1
        self.textStart = textStart
        self.extra = extra
        self.tag = tag
        self.variant = 0
    }
}

/// What only some nodes have: indexes into the payloads, attribute lists and styles (-1: none).
@_spi(TransmarkStorage)
public struct NodeExtras: Sendable {
    /// The index of the kind's values, or -1.
    public var payload: Int32
    /// The index of the attribute list, or -1.
    public var attributes: Int32
    /// The index of the style, or -1.
    public var style: Int32

    @inlinable
    /// The side fields of a record.
    public init(payload: Int32, attributes: Int32, style: Int32) {
        self.payload = payload
        self.attributes = attributes
        self.style = style
    }
    /// No payload, attributes or style.
    @usableFromInline static let none = NodeExtras(payload: -1, attributes: -1, style: -1)

    /// How `PackedNodeRecord.extra` encodes these when it can hold them alone (nothing, or only a
    /// payload, or only attributes); `nil` when an entry is needed.
    @inlinable
    public var packed: Int32? {
        if style >= 0 { return nil }
        if payload < 0 { return attributes < 0 ? -1 : -2 - attributes }
        return attributes < 0 ? -2 - payload : nil
    }
}

/// One node as read: every link and index spelled out (see `NodeRecords`). Children are linked
/// through `firstChild` / `nextSibling`; `-1` means none. Text is a slice of the document's
/// shared UTF-8 buffer.
@_spi(TransmarkStorage)
public struct NodeRecord: Sendable {
    /// The node's kind without its values.
    public var tag: NodeKind.Tag
    /// The parent's index, or -1 for the root.
    public var parent: Int32
    /// The first child's index, or -1.
    public var firstChild: Int32
    /// The next sibling's index, or -1.
    public var nextSibling: Int32
    /// Where the node's text starts in the document's text buffer.
    public var textStart: UInt32
    /// The length of the node's text in bytes.
    public var textCount: UInt32
    /// Index into `DocumentStorage.payloads` for kinds with associated values, else -1.
    public var payload: Int32
    /// Index into `DocumentStorage.attributeLists` (an ``AttributeListID``), else -1.
    public var attributes: Int32
    /// Index into `DocumentStorage.styles`, else -1.
    public var style: Int32

    @inlinable
    /// A whole record.
    public init(tag: NodeKind.Tag, parent: Int32, firstChild: Int32, nextSibling: Int32, textStart: UInt32,
                textCount: UInt32, payload: Int32, attributes: Int32, style: Int32) {
        self.tag = tag
        self.parent = parent
        self.firstChild = firstChild
        self.nextSibling = nextSibling
        self.textStart = textStart
        self.textCount = textCount
        self.payload = payload
        self.attributes = attributes
        self.style = style
    }
}

/// The nodes of a document in preorder, stored packed (`PackedNodeRecord`) and read as full
/// `NodeRecord`s. Walks read only the links, through `firstChild(_:)`, `nextSibling(_:)` and
/// `parent(_:)`.
@_spi(TransmarkStorage)
public struct NodeRecords: RandomAccessCollection, Sendable {
    @usableFromInline let packed: [PackedNodeRecord]
    @usableFromInline let extras: [NodeExtras]
    /// The size of the text buffer: where the last node's text ends.
    @usableFromInline let textCount: UInt32

    package init(packed: [PackedNodeRecord], extras: [NodeExtras], textCount: UInt32) {
        self.packed = packed
        self.extras = extras
        self.textCount = textCount
    }

    /// The first record's index (0).
    @inlinable public var startIndex: Int { 0 }
    /// One past the last record's index.
    @inlinable public var endIndex: Int { packed.count }

    /// The whole record (callers that need one or two fields read them with the accessors
    /// below, which do not compute the rest).
    @inlinable @inline(__always)
    public subscript(index: Int) -> NodeRecord {
        let p = packed[index]
        let e = extras(of: p)
        // The next record gives both the first child and where this node's text ends.
        var firstChild: Int32 = -1
        var textEnd = textCount
        if index + 1 < packed.count {
            let next = packed[index + 1]
            if next.parent == Int32(truncatingIfNeeded: index) { firstChild = Int32(truncatingIfNeeded: index + 1) }
            textEnd = next.textStart
        }
        return NodeRecord(tag: p.tag, parent: p.parent, firstChild: firstChild, nextSibling: p.nextSibling,
                          textStart: p.textStart, textCount: textEnd &- p.textStart,
                          payload: e.payload, attributes: e.attributes, style: e.style)
    }

    /// The payload, attributes and style indexes of a node.
    @inlinable
    public func extras(of record: PackedNodeRecord) -> NodeExtras {
        let extra = record.extra
        if extra >= 0 { return extras[Int(extra)] }
        if extra == -1 { return .none }
        // One index: the payload's when the kind has one (kinds with payloads always have one).
        return record.tag.hasPayload ? NodeExtras(payload: -2 - extra, attributes: -1, style: -1)
                                     : NodeExtras(payload: -1, attributes: -2 - extra, style: -1)
    }

    /// The first child of the node at `index`, or -1.
    @inlinable
    public func firstChild(_ index: Int32) -> Int32 {
        let next = Int(index) + 1
        return next < packed.count && packed[next].parent == index ? Int32(next) : -1
    }

    @inlinable
    /// The next sibling of node `index`, or -1.
    public func nextSibling(_ index: Int32) -> Int32 { packed[Int(index)].nextSibling }

    @inlinable
    /// The parent of node `index`, or -1.
    public func parent(_ index: Int32) -> Int32 { packed[Int(index)].parent }

    @inlinable
    /// The kind of node `index`, without its values.
    public func tag(_ index: Int32) -> NodeKind.Tag { packed[Int(index)].tag }

    @inlinable
    /// Where the text of node `index` starts.
    public func textStart(_ index: Int32) -> UInt32 { packed[Int(index)].textStart }

    /// Which HTML element of its kind the node was read from (see `PackedNodeRecord.variant`).
    @inlinable
    public func variant(_ index: Int32) -> UInt8 { packed[Int(index)].variant }

    @inlinable
    /// The length in bytes of the text of node `index`.
    public func textCount(_ index: Int32) -> UInt32 { textEnd(of: Int(index)) &- packed[Int(index)].textStart }

    /// Index into `DocumentStorage.payloads`, or -1.
    @inlinable
    public func payload(_ index: Int32) -> Int32 { extras(of: packed[Int(index)]).payload }

    /// Index into `DocumentStorage.attributeLists`, or -1.
    @inlinable
    public func attributes(_ index: Int32) -> Int32 { extras(of: packed[Int(index)]).attributes }

    /// Index into `DocumentStorage.styles`, or -1.
    @inlinable
    public func style(_ index: Int32) -> Int32 { extras(of: packed[Int(index)]).style }

    /// Where the text of the node at `index` ends.
    @inlinable
    public func textEnd(of index: Int) -> UInt32 {
        index + 1 < packed.count ? packed[index + 1].textStart : textCount
    }
}
