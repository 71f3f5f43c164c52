import TransmarkCore

/// The node kinds without associated values, by tag raw value (`nil` for kinds with a payload):
/// a copy of the core's table local to this module, read once per node by the layout. Reading the
/// core's table from here goes through its lazy-initialization check on every call (callgrind,
/// 2026-11-24: HTML → styled-json 1,618 → 1,624 M instructions without this copy).
enum PayloadFreeKinds {
    static let byTag: [NodeKind?] = NodeKind.Tag.allCases.map(\.payloadFreeKind)

    @inline(__always)
    static func contains(_ tag: NodeKind.Tag) -> Bool { byTag[Int(tag.rawValue)] != nil }
}
