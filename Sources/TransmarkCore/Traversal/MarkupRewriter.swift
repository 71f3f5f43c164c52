/// Builds a new document from an old one, deciding for each node what goes into the copy: keep it,
/// drop it, unwrap it, give it another kind, replace it, wrap it, or insert text beside it (see
/// `RewriteAction`).
///
/// `rewrite(_:)` is called for every node but the root, in document order, a node before its
/// children; nodes under one that is dropped, replaced or kept whole (`.keepSubtree`) are not
/// asked about. `didRewrite(_:)` is called when the walk leaves a node that was asked about,
/// after its children. The old document is not changed (documents are immutable): the copy is
/// built through a `DocumentBuilder`, with an explicit stack, never by recursion, so any depth
/// can be rewritten. Adjacent plain text merges in the copy, as it does in every built document.
///
/// ```swift
/// /// Marks links to other sites with " ↗" after them, counts them, and leaves out images.
/// struct MarkExternalLinks: MarkupRewriter {
///     var count = 0
///
///     mutating func rewrite(_ node: Node) -> RewriteAction {
///         switch node.kind {
///         case .link(let destination, _) where destination.hasPrefix("https://"):
///             count += 1
///             return .insertText(after: " ↗")
///         case .image:
///             return .drop
///         default:
///             return .keep
///         }
///     }
/// }
///
/// var marker = MarkExternalLinks()
/// let marked = marker.rewrite(document)
/// ```
///
/// For a rewrite without state, `document.rewritten { node in … }` takes a closure instead.
public protocol MarkupRewriter {
    /// What to do with `node` (of the old document) in the new one.
    mutating func rewrite(_ node: Node) -> RewriteAction

    /// Called when the walk leaves a node `rewrite(_:)` was called for, after its children.
    /// The default does nothing.
    mutating func didRewrite(_ node: Node)
}

extension MarkupRewriter {
    /// Does nothing.
    public mutating func didRewrite(_ node: Node) {}

    /// Builds the rewritten copy of `document`.
    public mutating func rewrite(_ document: Document) -> Document {
        DocumentRewrite.run(document, rewrite: { self.rewrite($0) }, didRewrite: { self.didRewrite($0) })
    }
}

extension Document {
    /// Builds a copy of the document in which each node (but the root) is what `rewrite` says
    /// (see `RewriteAction` and `MarkupRewriter`, which this is the stateless form of).
    ///
    /// ```swift
    /// let plain = document.rewritten { node in
    ///     node.tag == .emphasis || node.tag == .strong ? .unwrap : .keep
    /// }
    /// ```
    public func rewritten(_ rewrite: (Node) throws -> RewriteAction) rethrows -> Document {
        try DocumentRewrite.run(self, rewrite: rewrite, didRewrite: { _ in })
    }
}

/// The walk behind `MarkupRewriter` and `Document.rewritten(_:)`.
enum DocumentRewrite {
    /// What is left to do when the walk leaves a node, beyond its children.
    enum ExitStep {
        case close
        case text(String)
    }

    static func run(_ document: Document, rewrite: (Node) throws -> RewriteAction,
                    didRewrite: (Node) throws -> Void) rethrows -> Document {
        let records = document.storage.records
        var builder = DocumentBuilder(estimatedNodes: records.count, estimatedTextBytes: document.storage.text.count)
        builder.metadata = document.metadata
        // Exit steps of all entered nodes, innermost last; `marks[i]` is where the steps of the
        // i-th open node (of the old document) begin.
        var steps: [ExitStep] = []
        var marks: [Int] = []
        var cursor = WalkCursor(start: NodeID.root.index)
        while let (index, entering) = cursor.next(records) {
            // The root is copied as the builder's own root.
            if index == NodeID.root.index { continue }
            let node = Node(document: document, id: NodeID(index))
            if entering {
                marks.append(steps.count)
                if !apply(try rewrite(node), to: node, into: &builder, steps: &steps) {
                    cursor.skipChildren(of: index)
                }
            } else {
                try didRewrite(node)
                let mark = marks.removeLast()
                while steps.count > mark {
                    switch steps.removeLast() {
                    case .close: builder.close()
                    case .text(let text): builder.text(text)
                    }
                }
            }
        }
        return builder.finish()
    }

    /// Adds what `action` makes of `node` (up to its children) and pushes what its exit must do.
    /// Returns whether the node's children are to be rewritten into the copy.
    static func apply(_ action: RewriteAction, to node: Node, into builder: inout DocumentBuilder,
                      steps: inout [ExitStep]) -> Bool {
        var action = action
        // Nested actions are unwound in a loop: outer wrappers first.
        while true {
            switch action {
            case .wrap(let kind, let attributes, let style, let inner):
                builder.open(kind, attributes: attributes, style: style)
                steps.append(.close)
                action = inner
            case .insertText(let before, let after, let inner):
                builder.text(before)
                if !after.isEmpty { steps.append(.text(after)) }
                action = inner
            case .keep:
                return copy(node, as: nil, into: &builder, steps: &steps)
            case .replaceKind(let kind):
                return copy(node, as: kind, into: &builder, steps: &steps)
            case .keepSubtree:
                builder.appendCopy(of: node.id, in: node.document)
                return false
            case .drop:
                return false
            case .unwrap:
                if node.record.textCount > 0 {
                    withTextBytes(of: node) { builder.text(bytes: $0) }
                    return false
                }
                return true
            case .replace(with: .text(let text)):
                builder.text(text)
                return false
            case .replace(with: .subtree(let other)):
                builder.appendCopy(of: other.id, in: other.document)
                return false
            case .replace(with: .children(of: let other)):
                for child in other.children { builder.appendCopy(of: child.id, in: other.document) }
                return false
            }
        }
    }

    /// Copies `node` itself, as `kind` when one is given; returns whether its children follow.
    private static func copy(_ node: Node, as kind: NodeKind?, into builder: inout DocumentBuilder,
                             steps: inout [ExitStep]) -> Bool {
        // Nodes with text are leaves (see `DocumentBuilder.appendCopy`).
        if node.record.textCount > 0 {
            guard let kind else {
                builder.appendCopy(of: node.id, in: node.document)
                return false
            }
            let attributes = node.attributes, style = node.style
            withTextBytes(of: node) { bytes in
                if kind == .text && attributes.isEmpty && style == nil {
                    builder.text(bytes: bytes)
                } else {
                    builder.leaf(kind, bytes: bytes, attributes: attributes, style: style)
                }
            }
            return false
        }
        let copy = builder.open(kind ?? node.kind, attributes: node.attributes, style: node.style)
        // The HTML element a strikethrough or underline was read from goes with the node when
        // its kind stays.
        if kind == nil || kind?.tag == node.tag {
            let variant = node.document.storage.records.variant(node.id.index)
            if variant != 0 { builder.setVariant(variant, of: copy) }
        }
        steps.append(.close)
        return true
    }

    private static func withTextBytes(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let record = node.record
        node.document.storage.text.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[Int(record.textStart)..<Int(record.textStart) + Int(record.textCount)]))
        }
    }
}
