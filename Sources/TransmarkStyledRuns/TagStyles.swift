import TransmarkCore

/// Styles the caller supplies per custom tag name and per node kind (the tag-registry level of the
/// cascade): applied after the theme's style for the kind and before the node's inline CSS.
public struct TagStyles: Sendable, Hashable {
    /// Styles by the name of a `custom(name:)` node or the tag of a `division(tag:)` node.
    public var byName: [String: Style]
    /// Styles by node kind.
    public var byKind: [NodeKind.Tag: Style]

    /// Creates tag styles.
    public init(byName: [String: Style] = [:], byKind: [NodeKind.Tag: Style] = [:]) {
        self.byName = byName
        self.byKind = byKind
    }

    /// No tag styles.
    public static let none = TagStyles()

    /// The style for a node of this kind, if any (a name match fills what the kind match leaves unset).
    func style(for kind: NodeKind) -> Style? {
        var named: Style?
        switch kind {
        case .custom(let name), .division(let name): named = byName[name]
        default: break
        }
        let byTag = byKind[kind.tag]
        switch (named, byTag) {
        case (nil, nil): return nil
        case (let n?, nil): return n
        case (nil, let t?): return t
        case (let n?, let t?): return n.filling(from: t)
        }
    }
}
