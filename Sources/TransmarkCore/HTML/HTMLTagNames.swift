extension NodeKind.Tag {
    // `htmlTagName`, `htmlTagName(variant:)` and `htmlElementVariants` are generated from the
    // one table of node kinds (Tree/NodeKindTable.swift, scripts/generate-node-kinds.py).

    /// The index of `name` in `htmlElementVariants` (ASCII case-insensitive), or nil.
    public func htmlElementVariant(named name: String) -> UInt8? {
        let lowered = name.lowercased()
        for (i, variant) in htmlElementVariants.enumerated() where variant.description == lowered {
            return UInt8(i)
        }
        return nil
    }
}
