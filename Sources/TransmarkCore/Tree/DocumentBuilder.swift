/// Builds a `Document` in document order: `open` a container, add its content, `close` it.
///
/// The builder starts with the root `.document` node open. Adjacent `text` nodes without
/// attributes or style are merged into one, so equal content always builds an equal tree.
/// Nothing here recurses, so any depth can be built.
public struct DocumentBuilder: Sendable {
    /// The nodes in preorder, packed (see `NodeRecords`), and the extras of those that have any.
    private var records: [PackedNodeRecord] = []
    private var extras: [NodeExtras] = []
    /// The text of all nodes (appended by copying into place: text arrives in many short pieces).
    private var text = ByteAccumulator()
    private var textCount: Int { text.count }
    private var payloads: [NodeKind] = []
    private var attributeBytes: [UInt8] = []
    private var attributeSpans: [AttributeSpan] = []
    private var attributeLists: [AttributeListRange] = []
    /// The first span of the list being added (see `beginAttributeList`).
    private var pendingListStart = 0
    private var styles: [Style] = []
    /// Open containers, innermost last: (node index, index of its last child or -1).
    private var open: [(node: Int32, lastChild: Int32)] = []

    /// What the document says about itself; `finish()` stores it on the document.
    public var metadata = DocumentMetadata()

    /// Creates a builder with the root node open. `estimatedNodes` and `estimatedTextBytes` only
    /// reserve capacity.
    public init(estimatedNodes: Int = 0, estimatedTextBytes: Int = 0) {
        records.reserveCapacity(estimatedNodes)
        // The side arrays are reserved too, for what HTML pages need (two pages of attribute-heavy
        // HTML: a payload, span and list per 6 to 10 nodes and attribute bytes of a quarter of the
        // input): growing an array copies it and holds both copies for a moment, which can land on
        // the parse's peak. Not more: capacity costs address space only until it is written when
        // it is mapped fresh, but a block reused from freed heap memory is resident already.
        payloads.reserveCapacity(estimatedNodes / 16)
        extras.reserveCapacity(estimatedNodes / 32)
        attributeSpans.reserveCapacity(estimatedNodes / 16)
        attributeLists.reserveCapacity(estimatedNodes / 16)
        attributeBytes.reserveCapacity(estimatedTextBytes / 4)
        text = ByteAccumulator(capacity: estimatedTextBytes)
        records.append(PackedNodeRecord(tag: .document, parent: -1, textStart: 0, extra: -1))
        open.append((0, -1))
    }

    /// How many containers are open, the root included.
    public var depth: Int { open.count }

    /// The kind of the innermost open container.
    public var currentKind: NodeKind { kind(of: open[open.count - 1].node) }

    /// The kind of an open container `levelsUp` levels above the innermost one (0 is the innermost).
    public func openKind(levelsUp: Int) -> NodeKind? {
        let i = open.count - 1 - levelsUp
        return i >= 0 ? kind(of: open[i].node) : nil
    }

    /// How many nodes have been added, the root included.
    public var nodeCount: Int { records.count }

    private func kind(of index: Int32) -> NodeKind {
        let payload = payloadIndex(of: Int(index))
        if payload >= 0 { return payloads[Int(payload)] }
        return records[Int(index)].tag.payloadFreeKind ?? .document
    }

    /// The index of the payload of the node at `index`, or -1.
    private func payloadIndex(of index: Int) -> Int32 {
        let record = records[index]
        let extra = record.extra
        if extra >= 0 { return extras[Int(extra)].payload }
        return extra <= -2 && record.tag.hasPayload ? -2 - extra : -1
    }

    @inline(__always)
    private mutating func append(_ kind: NodeKind, attributes: [Attribute], style: Style?,
                                 textStart: Int, textCount: Int) -> Int32 {
        append(kind, attributeList: addAttributeList(attributes), style: style, textStart: textStart, textCount: textCount)
    }

    @inline(__always)
    private mutating func append(_ kind: NodeKind, attributeList: AttributeListID, style: Style?,
                                 textStart: Int, textCount: Int) -> Int32 {
        let tag = kind.tag
        var payload: Int32 = -1
        if tag.hasPayload {
            payload = Int32(payloads.count)
            payloads.append(kind)
        }
        let attributeIndex = attributeList.index
        var styleIndex: Int32 = -1
        if let style, !style.isEmpty {
            styleIndex = Int32(styles.count)
            styles.append(style)
        }
        return appendRecord(tag, textStart: textStart, textCount: textCount,
                            payload: payload, attributes: attributeIndex, style: styleIndex)
    }

    /// Adds a node of a kind without associated values, attributes or style (text, mostly):
    /// what `append` does, without reading a `NodeKind`.
    @inline(__always)
    private mutating func appendPlain(_ tag: NodeKind.Tag, textStart: Int, textCount: Int) -> Int32 {
        linkRecord(PackedNodeRecord(tag: tag, parent: open[open.count - 1].node, textStart: UInt32(textStart), extra: -1))
    }

    /// Adds a record as the last child of the innermost open container and links it in.
    /// (`textCount` is not stored: the node's text is the rest of the buffer until the next
    /// record, see `NodeRecords`.)
    @inline(__always)
    private mutating func appendRecord(_ tag: NodeKind.Tag, textStart: Int, textCount: Int,
                                       payload: Int32, attributes: Int32, style: Int32) -> Int32 {
        let nodeExtras = NodeExtras(payload: payload, attributes: attributes, style: style)
        let extra: Int32
        if let packed = nodeExtras.packed {
            extra = packed
        } else {
            extra = Int32(extras.count)
            extras.append(nodeExtras)
        }
        return linkRecord(PackedNodeRecord(tag: tag, parent: open[open.count - 1].node, textStart: UInt32(textStart), extra: extra))
    }

    /// Appends `record` (whose parent is the innermost open container) as that container's last child.
    @inline(__always)
    private mutating func linkRecord(_ record: PackedNodeRecord) -> Int32 {
        let index = Int32(records.count)
        records.append(record)
        let top = open.count - 1
        let last = open[top].lastChild
        if last >= 0 { records[Int(last)].nextSibling = index }
        open[top].lastChild = index
        return index
    }

    /// Opens a container node as the last child of the innermost open container.
    @discardableResult
    public mutating func open(_ kind: NodeKind, attributes: [Attribute] = [], style: Style? = nil) -> NodeID {
        open(kind, attributeList: addAttributeList(attributes), style: style)
    }

    /// Opens a container node with an attribute list added before (see `addAttributeList`).
    @discardableResult
    package mutating func open(_ kind: NodeKind, attributeList: AttributeListID, style: Style?) -> NodeID {
        let index = append(kind, attributeList: attributeList, style: style, textStart: textCount, textCount: 0)
        open.append((index, -1))
        return NodeID(index)
    }

    /// Adds a leaf node without text, with an attribute list added before.
    @discardableResult
    package mutating func leaf(_ kind: NodeKind, attributeList: AttributeListID, style: Style?) -> NodeID {
        NodeID(append(kind, attributeList: attributeList, style: style, textStart: textCount, textCount: 0))
    }

    /// Adds a leaf node with literal text and an attribute list added before.
    @discardableResult
    package mutating func leaf(_ kind: NodeKind, bytes: UnsafeBufferPointer<UInt8>, attributeList: AttributeListID,
                               style: Style?) -> NodeID {
        let start = textCount
        text.append(bytes)
        return NodeID(append(kind, attributeList: attributeList, style: style, textStart: start, textCount: bytes.count))
    }

    // MARK: Attribute lists

    /// Adds an attribute list for nodes still to be added (`.none` when it is empty).
    package mutating func addAttributeList(_ attributes: [Attribute]) -> AttributeListID {
        if attributes.isEmpty { return .none }
        beginAttributeList()
        for a in attributes {
            var name = a.name, value = a.value
            name.withUTF8 { name in value.withUTF8 { value in appendAttribute(name: name, value: value) } }
        }
        return endAttributeList()
    }

    /// Starts an attribute list: add its attributes with `appendAttribute`, then call
    /// `endAttributeList`.
    @inline(__always)
    package mutating func beginAttributeList() {
        pendingListStart = attributeSpans.count
    }

    /// Adds an attribute to the list begun with `beginAttributeList` (bytes assumed valid UTF-8).
    @inline(__always)
    package mutating func appendAttribute(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let nameStart = Int32(attributeBytes.count)
        attributeBytes.append(contentsOf: name)
        let valueStart = Int32(attributeBytes.count)
        attributeBytes.append(contentsOf: value)
        attributeSpans.append(AttributeSpan(nameStart: nameStart, valueStart: valueStart, valueEnd: Int32(attributeBytes.count)))
    }

    /// Ends the list begun with `beginAttributeList`; `.none` when nothing was added.
    @inline(__always)
    package mutating func endAttributeList() -> AttributeListID {
        let count = attributeSpans.count - pendingListStart
        if count == 0 { return .none }
        attributeLists.append(AttributeListRange(first: Int32(pendingListStart), count: Int32(count)))
        return AttributeListID(index: Int32(attributeLists.count - 1))
    }

    /// Whether two lists added to this builder hold the same attributes in the same order.
    package func attributeListsEqual(_ a: AttributeListID, _ b: AttributeListID) -> Bool {
        if a.index == b.index { return true }
        if a.index < 0 || b.index < 0 { return false }
        let x = attributeLists[Int(a.index)], y = attributeLists[Int(b.index)]
        guard x.count == y.count else { return false }
        return attributeBytes.withUnsafeBufferPointer { bytes in
            for k in 0 ..< Int(x.count) {
                let s = attributeSpans[Int(x.first) + k], t = attributeSpans[Int(y.first) + k]
                if !bytes[s.name].elementsEqual(bytes[t.name]) || !bytes[s.value].elementsEqual(bytes[t.value]) {
                    return false
                }
            }
            return true
        }
    }

    /// Records which HTML element `node` was read from, when its kind stands for several that
    /// writers of HTML keep apart (`s`, `strike` or `del` for strikethrough; `u` or `ins` for
    /// underline; see `NodeKind.Tag.htmlElementVariants`). Names its kind does not stand for
    /// are ignored.
    public mutating func setHTMLElement(_ name: String, of node: NodeID) {
        guard node.index >= 0, Int(node.index) < records.count,
              let variant = records[Int(node.index)].tag.htmlElementVariant(named: name) else { return }
        records[Int(node.index)].variant = variant
    }

    /// Sets the variant index of `node` directly (see `setHTMLElement(_:of:)`).
    package mutating func setVariant(_ variant: UInt8, of node: NodeID) {
        guard node.index >= 0, Int(node.index) < records.count else { return }
        records[Int(node.index)].variant = variant
    }

    /// Replaces the associated values of a node already added, for values known only after its
    /// content (a list's tightness, a table's column alignments, a row's header flag). `kind` must
    /// have the same `tag` as the node's kind and that tag must carry associated values; otherwise
    /// the call is ignored.
    public mutating func updateKind(of node: NodeID, to kind: NodeKind) {
        let index = Int(node.index)
        guard index >= 0, index < records.count else { return }
        let payload = payloadIndex(of: index)
        guard payload >= 0, records[index].tag == kind.tag else { return }
        payloads[Int(payload)] = kind
    }

    /// The kind of a node already added.
    public func kind(of node: NodeID) -> NodeKind? {
        let index = Int(node.index)
        guard index >= 0, index < records.count else { return nil }
        return kind(of: node.index)
    }

    /// Closes the innermost open container. Closing the root is ignored (`finish` closes it).
    public mutating func close() {
        if open.count > 1 { open.removeLast() }
    }

    /// Closes the innermost open container and removes it when nothing was added to it (it is
    /// the last node and has no children), with its payload and style. For a frontend whose
    /// element a block splits before any content: an HTML reader closing `<a href>` at the
    /// `<div>` of `<a href><div>…</div></a>` (the link goes on inside the block). Returns whether
    /// the node was removed. Its attribute list, added before it, stays (unreferenced).
    ///
    /// Whitespace ending the plain text right before it goes too (with that text node if nothing
    /// else is left of it): it was written because the node followed, and a block comes next.
    package mutating func closeRemovingIfEmpty() -> Bool {
        guard open.count > 1 else { return false }
        let top = open.removeLast()
        guard top.lastChild < 0, Int(top.node) == records.count - 1 else { return false }
        removeLastRecord()
        // Whitespace at the end of the text before it, when that text is the last record.
        let previous = open[open.count - 1].lastChild
        guard previous >= 0, Int(previous) == records.count - 1, records[Int(previous)].tag == .text,
              records[Int(previous)].extra == -1 else { return true }
        let textStart = Int(records[Int(previous)].textStart)
        let trailing = text.withBytes { bytes in
            var k = bytes.count
            while k > textStart && (bytes[k - 1] == 0x20 || bytes[k - 1] == 0x0A || bytes[k - 1] == 0x09
                                    || bytes[k - 1] == 0x0D || bytes[k - 1] == 0x0C) { k -= 1 }
            return bytes.count - k
        }
        text.removeLast(trailing)
        if textCount == textStart { removeLastRecord() }
        return true
    }

    /// Makes the plain text that follows `node` in the innermost open container the content of
    /// `node`, in place of what it held, with its whitespace collapsed and trimmed. For a
    /// frontend that wrote a placeholder label before it met a better one: an HTML reader links
    /// `<video src="a.mp4">` with its URL as the text, then finds the fallback text "Download the
    /// video" after it.
    ///
    /// `node` must be closed and hold nothing or one plain text node; it is a child of the
    /// container or the only content of one (a poster image in its link); everything after it
    /// must be plain text children of the container. Otherwise, or when that text is blank,
    /// nothing changes and the result is false.
    package mutating func moveFollowingText(into node: NodeID) -> Bool {
        let target = Int(node.index)
        let container = open[open.count - 1].node
        let count = records.count
        guard target > Int(container), target < count else { return false }
        var first = target + 1
        if first < count && records[first].parent == Int32(target) {
            guard records[first].tag == .text && records[first].extra == -1 else { return false }
            first += 1
        }
        guard first < count else { return false }
        for i in first ..< count {
            guard records[i].parent == container, records[i].tag == .text, records[i].extra == -1 else { return false }
        }
        // The container's child that holds `node`: `node` itself, or an ancestor whose only
        // descendants lead to it (each the record right before its child).
        var child = Int32(target)
        while records[Int(child)].parent != container {
            let parent = records[Int(child)].parent
            guard parent == child - 1 else { return false }
            child = parent
        }
        let label = text.withBytes { WhitespaceCollapsing.collapsed($0[Int(records[first].textStart)...]) }
        guard !label.isEmpty else { return false }
        text.removeLast(textCount - Int(records[target + 1].textStart))
        records.removeLast(count - target - 1)
        records[Int(child)].nextSibling = -1
        open[open.count - 1].lastChild = child
        open.append((node: Int32(target), lastChild: -1))
        label.withUnsafeBufferPointer { text(bytes: $0) }
        open.removeLast()
        return true
    }

    /// Removes the last record, a child of the innermost open container without children of
    /// its own, with its payload and extras when they are the last ones, and unlinks it.
    private mutating func removeLastRecord() {
        let node = Int32(records.count - 1)
        let parent = open[open.count - 1].node
        // Its previous sibling ends right before it: the record before it is that sibling or its
        // last descendant. (Each sibling is walked up from once: the next node goes after it.)
        var previousSibling: Int32 = -1
        if node - 1 != parent {
            previousSibling = node - 1
            while records[Int(previousSibling)].parent != parent { previousSibling = records[Int(previousSibling)].parent }
        }
        let payload = payloadIndex(of: Int(node))
        let record = records.removeLast()
        open[open.count - 1].lastChild = previousSibling
        if previousSibling >= 0 { records[Int(previousSibling)].nextSibling = -1 }
        if payload >= 0 && Int(payload) == payloads.count - 1 { payloads.removeLast() }
        if record.extra >= 0 && Int(record.extra) == extras.count - 1 {
            let removed = extras.removeLast()
            if removed.style >= 0 && Int(removed.style) == styles.count - 1 { styles.removeLast() }
        }
    }

    /// Adds a leaf node without text (a break, a rule, a footnote reference, …).
    @discardableResult
    public mutating func leaf(_ kind: NodeKind) -> NodeID {
        NodeID(append(kind, attributes: [], style: nil, textStart: textCount, textCount: 0))
    }

    /// Adds a leaf node with its own literal text (code, code block, raw HTML, …) or none.
    @discardableResult
    public mutating func leaf(_ kind: NodeKind, text literal: String = "", attributes: [Attribute] = [], style: Style? = nil) -> NodeID {
        // Literals and native strings are contiguous UTF-8: no copy (`withUTF8` on a `var` copies
        // an immortal literal into a new native string).
        if let id = literal.utf8.withContiguousStorageIfAvailable({ leaf(kind, bytes: $0, attributes: attributes, style: style) }) {
            return id
        }
        var literal = literal
        return literal.withUTF8 { leaf(kind, bytes: $0, attributes: attributes, style: style) }
    }

    /// Adds a leaf node whose literal text is the given UTF-8 bytes (assumed valid UTF-8).
    @discardableResult
    public mutating func leaf(_ kind: NodeKind, bytes: UnsafeBufferPointer<UInt8>, attributes: [Attribute] = [], style: Style? = nil) -> NodeID {
        let start = textCount
        text.append(bytes)
        let index = append(kind, attributes: attributes, style: style, textStart: start, textCount: bytes.count)
        return NodeID(index)
    }

    /// Adds text as the last child of the innermost open container, merging it into the previous
    /// sibling when that is a plain text node.
    public mutating func text(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ text(bytes: $0) }) != nil { return }
        var string = string
        string.withUTF8 { text(bytes: $0) }
    }

    /// Adds UTF-8 text (assumed valid) like `text(_:)`.
    public mutating func text(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 0 else { return }
        let last = open[open.count - 1].lastChild
        if last >= 0 && Int(last) == records.count - 1 {
            // The last record's text runs to the end of the buffer, so appending extends it.
            let r = records[Int(last)]
            if r.tag == .text && r.extra == -1 {
                text.append(bytes)
                return
            }
        }
        let start = textCount
        text.append(bytes)
        _ = appendPlain(.text, textStart: start, textCount: bytes.count)
    }

    /// Adds styled or attributed text as its own node (never merged).
    public mutating func text(_ string: String, attributes: [Attribute], style: Style?) {
        if attributes.isEmpty && (style?.isEmpty ?? true) { return text(string) }
        leaf(.text, text: string, attributes: attributes, style: style)
    }

    /// Closes every open container and returns the document. The builder is left empty and
    /// must not be used again.
    public mutating func finish() -> Document {
        open.removeAll()
        let textCount = UInt32(text.count)
        let storage = DocumentStorage(records: NodeRecords(packed: records, extras: extras, textCount: textCount),
                                      text: text.take(), payloads: payloads, attributeBytes: attributeBytes,
                                      attributeSpans: attributeSpans, attributeLists: attributeLists, styles: styles,
                                      metadata: metadata)
        records = []
        extras = []
        payloads = []
        attributeBytes = []
        attributeSpans = []
        attributeLists = []
        styles = []
        return Document(storage: storage)
    }
}
