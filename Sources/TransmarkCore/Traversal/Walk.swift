/// An event of a document walk: a node is entered before its children and exited after them.
/// Leaves are entered and exited too.
public enum WalkEvent: Sendable, Equatable {
    /// The walk reaches `node`; its children come next.
    case enter(Node)
    /// The walk leaves `node`; all its children have been visited.
    case exit(Node)

    /// The node the event is about.
    public var node: Node {
        switch self {
        case .enter(let n), .exit(let n): n
        }
    }
}

/// What a walk visitor tells the walk to do next.
public enum WalkAction: Sendable {
    /// Go on normally.
    case proceed
    /// (On `enter`) skip the node's children; its `exit` event still comes.
    case skipChildren
    /// Stop the walk.
    case stop
}

extension Document {
    /// The enter/exit events of the subtree rooted at `start` (the whole document by default), in
    /// document order. Iterative: any depth is fine.
    public func events(from start: NodeID = .root) -> WalkEvents {
        WalkEvents(document: self, start: start.index)
    }

    /// Walks the subtree rooted at `start`, calling `visit` for every enter and exit event.
    /// The visitor's return value can skip a node's children or stop the walk.
    public func walk(from start: NodeID = .root, _ visit: (WalkEvent) throws -> WalkAction) rethrows {
        var cursor = WalkCursor(start: start.index)
        let records = storage.records
        while let (index, entering) = cursor.next(records) {
            let node = Node(document: self, id: NodeID(index))
            let action = try visit(entering ? .enter(node) : .exit(node))
            switch action {
            case .proceed: break
            case .skipChildren: if entering { cursor.skipChildren(of: index) }
            case .stop: return
            }
        }
    }
}

/// A sequence of walk events (see `Document.events(from:)`).
public struct WalkEvents: Sequence, Sendable {
    let document: Document
    let start: Int32

    /// Iterates walk events.
    public struct Iterator: IteratorProtocol {
        let document: Document
        var cursor: WalkCursor

        /// The next element, or `nil` at the end.
        public mutating func next() -> WalkEvent? {
            guard let (index, entering) = cursor.next(document.storage.records) else { return nil }
            let node = Node(document: document, id: NodeID(index))
            return entering ? .enter(node) : .exit(node)
        }
    }

    /// An iterator over the elements, in order.
    public func makeIterator() -> Iterator { Iterator(document: document, cursor: WalkCursor(start: start)) }
}

/// The state of a non-recursive preorder walk over node records: yields (index, entering) pairs.
/// Backends use it directly for speed. Public under the storage SPI (not `package`) because its
/// inlinable methods are then inlined into the writers of other modules; as `package` they were
/// called out of line once per node event.
@_spi(TransmarkStorage)
public struct WalkCursor: Sendable {
    @usableFromInline let start: Int32
    @usableFromInline var current: Int32
    @usableFromInline var entering: Bool
    @usableFromInline var done = false
    @usableFromInline var started = false
    @usableFromInline var skipping = false

    /// A cursor whose first event is entering `start`, and whose walk ends on exiting it.
    @inlinable
    public init(start: Int32) {
        self.start = start
        self.current = start
        self.entering = true
    }

    /// The next event, or `nil` at the end. Inlinable: the writers in other modules call it for
    /// every node.
    @inlinable @inline(__always)
    public mutating func next(_ records: NodeRecords) -> (Int32, Bool)? {
        if done { return nil }
        if !started {
            started = true
            return (current, true)
        }
        if entering {
            let child = skipping ? -1 : records.firstChild(current)
            skipping = false
            if child >= 0 {
                current = child
                return (current, true)
            }
            entering = false
            return (current, false)
        }
        // We just exited `current`.
        if current == start {
            done = true
            return nil
        }
        let sibling = records.nextSibling(current)
        if sibling >= 0 {
            current = sibling
            entering = true
            return (current, true)
        }
        current = records.parent(current)
        return (current, false)
    }

    /// After entering `index`, continue as if its children were already visited.
    @inlinable
    public mutating func skipChildren(of index: Int32) {
        if current == index && entering { skipping = true }
    }
}
