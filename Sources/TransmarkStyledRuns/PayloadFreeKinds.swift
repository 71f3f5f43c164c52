import TransmarkCore

/// The node kinds without associated values, by tag raw value (`nil` for kinds with a payload).
enum PayloadFreeKinds {
    static let byTag: [NodeKind?] = NodeKind.Tag.allCases.map(\.payloadFreeKind)

    @inline(__always)
    static func contains(_ tag: NodeKind.Tag) -> Bool { byTag[Int(tag.rawValue)] != nil }
}
