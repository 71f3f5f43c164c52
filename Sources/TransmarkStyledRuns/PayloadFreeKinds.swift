import TransmarkCore

/// The node kinds without associated values, by tag raw value (`nil` for kinds with a payload).
enum PayloadFreeKinds {
    static let byTag: [NodeKind?] = NodeKind.Tag.allCases.map { tag in
        let kinds: [NodeKind] = [
            .document, .paragraph, .blockQuote, .htmlBlock, .thematicBreak, .definitionList, .term,
            .definition, .text, .softBreak, .lineBreak, .emphasis, .strong, .strikethrough, .underline,
            .superscript, .subscript, .highlight, .code, .htmlInline, .span,
        ]
        return kinds.first { $0.tag == tag }
    }

    @inline(__always)
    static func contains(_ tag: NodeKind.Tag) -> Bool { byTag[Int(tag.rawValue)] != nil }
}
