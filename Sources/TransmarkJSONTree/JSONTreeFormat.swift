import TransmarkCore

/// What the `json-tree` frontend and backend share: the format's descriptor, its version and the
/// names it writes (see `Docs/json-tree.md` and `Schemas/json-tree.schema.json`).
public enum JSONTreeFormat {
    /// The format version this module writes and reads: the value of the top-level
    /// `"transmark-json-tree"` member.
    public static let version = 1

    /// The key of the top-level member that names the format and its version.
    public static let versionKey = "transmark-json-tree"

    /// The `json-tree` format: name, alias, the `.tree.json` extension, `application/json`.
    public static let descriptor = FormatDescriptor(
        name: "json-tree", aliases: ["jsontree"], fileExtensions: ["tree.json"], mediaType: "application/json",
        summary: "the whole Markup tree (kinds, attributes, styles, text) as JSON; reads back to the same tree")

    /// The kind a node of this tag must sit in, if it is restricted to one.
    static func requiredParent(of tag: NodeKind.Tag) -> NodeKind.Tag? {
        switch tag {
        case .listItem: .list
        case .tableRow: .table
        case .tableCell: .tableRow
        case .term, .definition: .definitionList
        default: nil
        }
    }

    /// Whether a node of kind `child` may be a child of one of kind `parent`.
    static func allows(child: NodeKind.Tag, in parent: NodeKind.Tag) -> Bool {
        if let required = requiredParent(of: child), required != parent { return false }
        switch parent {
        case .list: return child == .listItem
        case .tableRow: return child == .tableCell
        case .definitionList: return child == .term || child == .definition
        default: return child != .document
        }
    }

    /// The keywords of `vertical-align` as written (CSS spelling).
    static let verticalAlignKeywords: [(String, VerticalAlign)] = [
        ("baseline", .baseline), ("super", .super), ("sub", .sub), ("top", .top), ("middle", .middle),
        ("bottom", .bottom), ("text-top", .textTop), ("text-bottom", .textBottom),
    ]

    /// The lines of `text-decoration-line` as written, in order.
    static let decorationLines: [(String, TextDecoration)] = [
        ("underline", .underline), ("line-through", .lineThrough), ("overline", .overline),
    ]
}
