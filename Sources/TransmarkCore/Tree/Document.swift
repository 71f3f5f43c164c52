/// The identity of a node inside one `Document`: its index in preorder.
public struct NodeID: Hashable, Sendable, Comparable {
    /// The node's index in document order (preorder); the root is 0.
    public let index: Int32

    package init(_ index: Int32) { self.index = index }

    /// The node at a preorder index (for frontends, backends and transforms of this package).
    package init(index: Int32) { self.index = index }

    /// Whether the first comes before the second.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.index < rhs.index }

    /// The root node of every document.
    public static let root = NodeID(0)
}

/// The immutable storage behind a `Document`.
package final class DocumentStorage: Sendable {
    /// The nodes in preorder (see `NodeRecords`).
    package let records: NodeRecords
    package let text: [UInt8]
    package let payloads: [NodeKind]
    /// Attributes are stored as bytes, not `String`s (HTML pages carry many, and making and
    /// freeing a string per name and value cost a sixth of parsing them): `attributeLists[i]` is a
    /// range of `attributeSpans`, each span a name and a value in `attributeBytes`.
    package let attributeBytes: [UInt8]
    package let attributeSpans: [AttributeSpan]
    package let attributeLists: [AttributeListRange]
    package let styles: [Style]
    /// What the document says about itself (see `DocumentMetadata`).
    package let metadata: DocumentMetadata

    package init(records: NodeRecords, text: [UInt8], payloads: [NodeKind], attributeBytes: [UInt8],
                 attributeSpans: [AttributeSpan], attributeLists: [AttributeListRange], styles: [Style],
                 metadata: DocumentMetadata = DocumentMetadata()) {
        self.records = records
        self.text = text
        self.payloads = payloads
        self.attributeBytes = attributeBytes
        self.attributeSpans = attributeSpans
        self.attributeLists = attributeLists
        self.styles = styles
        self.metadata = metadata
    }
}

/// A parsed document: an immutable tree of nodes held in flat storage.
///
/// Build one with `DocumentBuilder`; read it through `root` (a `Node`), `walk(_:)` or `events`.
/// Depth is unbounded: nothing that reads or writes a document recurses over the tree.
/// Two documents are equal when their trees are equal: same kinds, text, attributes and styles in
/// the same shape.
public struct Document: Sendable {
    package let storage: DocumentStorage

    package init(storage: DocumentStorage) { self.storage = storage }

    /// The root node (of kind `.document`).
    public var root: Node { Node(document: self, id: .root) }

    /// The number of nodes, the root included.
    public var nodeCount: Int { storage.records.count }

    /// What the document says about itself: title, authors, dates and the rest (see
    /// `DocumentMetadata`). Not part of the tree: two documents with equal trees are equal
    /// whatever their metadata.
    public var metadata: DocumentMetadata { storage.metadata }

    /// This document with its metadata replaced (the tree is shared, not copied).
    public func withMetadata(_ metadata: DocumentMetadata) -> Document {
        let s = storage
        return Document(storage: DocumentStorage(records: s.records, text: s.text, payloads: s.payloads,
                                                 attributeBytes: s.attributeBytes, attributeSpans: s.attributeSpans,
                                                 attributeLists: s.attributeLists, styles: s.styles, metadata: metadata))
    }

    /// The node with the given identity.
    public subscript(id: NodeID) -> Node { Node(document: self, id: id) }

    /// An empty document (a root with no children).
    public static var empty: Document {
        var builder = DocumentBuilder()
        return builder.finish()
    }

    // MARK: Fast package-level access for frontends, backends and transforms

    /// The kind of the node at `index`.
    package func kind(at index: Int32) -> NodeKind {
        let records = storage.records
        let payload = records.payload(index)
        if payload >= 0 { return storage.payloads[Int(payload)] }
        return records.tag(index).payloadFreeKind ?? .document
    }

    /// The text bytes of the node at `index`.
    package func textBytes(at index: Int32) -> ArraySlice<UInt8> {
        let records = storage.records
        let start = Int(records.textStart(index))
        return storage.text[start..<start + Int(records.textCount(index))]
    }

    /// The attributes of the node at `index` (empty when none).
    package func attributes(at index: Int32) -> [Attribute] {
        let list = storage.records.attributes(index)
        guard list >= 0 else { return [] }
        let range = storage.attributeLists[Int(list)]
        var result: [Attribute] = []
        result.reserveCapacity(Int(range.count))
        storage.attributeBytes.withUnsafeBufferPointer { bytes in
            for span in storage.attributeSpans[range.spans] {
                result.append(Attribute(String(decoding: UnsafeBufferPointer(rebasing: bytes[span.name]), as: UTF8.self),
                                        String(decoding: UnsafeBufferPointer(rebasing: bytes[span.value]), as: UTF8.self)))
            }
        }
        return result
    }

    /// The style of the node at `index`, if it has one.
    package func style(at index: Int32) -> Style? {
        let style = storage.records.style(index)
        return style >= 0 ? storage.styles[Int(style)] : nil
    }
}

extension Document: Equatable {
    /// Tree equality. Documents are stored in preorder, so equal trees have equal records position
    /// by position; text is compared by content, not by where it sits in the buffer.
    public static func == (lhs: Document, rhs: Document) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        guard a.records.count == b.records.count else { return false }
        for i in 0..<a.records.count {
            let x = a.records[i], y = b.records[i]
            if x.tag != y.tag || x.parent != y.parent || x.firstChild != y.firstChild
                || x.nextSibling != y.nextSibling || x.textCount != y.textCount {
                return false
            }
            if (x.payload >= 0) != (y.payload >= 0) { return false }
            if x.payload >= 0 && a.payloads[Int(x.payload)] != b.payloads[Int(y.payload)] { return false }
            if lhs.attributes(at: Int32(i)) != rhs.attributes(at: Int32(i)) { return false }
            if lhs.style(at: Int32(i)) != rhs.style(at: Int32(i)) { return false }
            if x.textCount > 0 && lhs.textBytes(at: Int32(i)) != rhs.textBytes(at: Int32(i)) { return false }
        }
        return true
    }
}
