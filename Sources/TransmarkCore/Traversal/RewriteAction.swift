/// What a rewrite (see `MarkupRewriter` and `Document.rewritten(_:)`) does with one node of the
/// old document when it copies it into the new one.
///
/// Actions compose: `.wrap` and `.insertText` hold the action applied to the node inside them, so
/// `.wrap(.paragraph, inner: .replaceKind(.strong))` turns a heading into a paragraph of strong
/// text, and `.insertText(before: "[", after: "]", inner: .unwrap)` puts a span's content between
/// brackets. Whatever is kept keeps its attributes and style.
public indirect enum RewriteAction: Sendable {
    /// Copy the node (kind, attributes, style, text) and rewrite its children.
    case keep
    /// Copy the node and everything under it as it is, without rewriting its descendants.
    case keepSubtree
    /// Leave the node and everything under it out.
    case drop
    /// Leave the node out but keep its rewritten children in its place. A node with literal text
    /// (text, code, code block, raw HTML) leaves its text as plain text.
    case unwrap
    /// Copy the node as a node of another kind: attributes, style, text and (rewritten) children
    /// are kept. For a node with literal text, the new kind should be one that holds text too.
    case replaceKind(NodeKind)
    /// Put something else in the node's place; the node and everything under it are left out.
    case replace(with: Replacement)
    /// Put a new node of `kind` (with `attributes` and `style`) in the node's place, holding what
    /// `inner` makes of the node (by default, the node itself).
    case wrap(NodeKind, attributes: [Attribute] = [], style: Style? = nil, inner: RewriteAction = .keep)
    /// Add plain text before and after what `inner` makes of the node (by default, the node
    /// itself), as its siblings. Empty strings add nothing.
    case insertText(before: String = "", after: String = "", inner: RewriteAction = .keep)

    /// What `RewriteAction.replace(with:)` puts in place of a node.
    public enum Replacement: Sendable {
        /// A plain text node (merged with plain text beside it); an empty string adds nothing.
        case text(String)
        /// A copy of a node and everything under it, from any document.
        case subtree(Node)
        /// Copies of a node's children and everything under them, from any document: a whole
        /// fragment built with `DocumentBuilder` is spliced in with `.children(of: fragment.root)`.
        case children(of: Node)
    }
}
