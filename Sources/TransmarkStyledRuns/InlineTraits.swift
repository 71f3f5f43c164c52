/// The semantic inline markup a run is inside: what the source said, not how it looks.
public struct InlineTraits: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: UInt16
    /// A set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Inside `strong`.
    public static let strong = InlineTraits(rawValue: 1 << 0)
    /// Inside `emphasis`.
    public static let emphasis = InlineTraits(rawValue: 1 << 1)
    /// Inline code or a code block.
    public static let code = InlineTraits(rawValue: 1 << 2)
    /// Inside `strikethrough`.
    public static let strikethrough = InlineTraits(rawValue: 1 << 3)
    /// Inside `underline`.
    public static let underline = InlineTraits(rawValue: 1 << 4)
    /// Inside `superscript`.
    public static let superscript = InlineTraits(rawValue: 1 << 5)
    /// Inside `subscript`.
    public static let `subscript` = InlineTraits(rawValue: 1 << 6)
    /// Inside `highlight`.
    public static let highlight = InlineTraits(rawValue: 1 << 7)
    /// A list marker written into the text (bullet, number, task box).
    public static let listMarker = InlineTraits(rawValue: 1 << 8)
    /// A table header cell.
    public static let tableHeader = InlineTraits(rawValue: 1 << 9)

    /// Every trait with its JSON name, in the order JSON lists them.
    public static let named: [(InlineTraits, String)] = [
        (.strong, "strong"), (.emphasis, "emphasis"), (.code, "code"), (.strikethrough, "strikethrough"),
        (.underline, "underline"), (.superscript, "superscript"), (.subscript, "subscript"),
        (.highlight, "highlight"), (.listMarker, "listMarker"), (.tableHeader, "tableHeader"),
    ]

    /// The JSON names of the traits set, in a fixed order.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }

    /// The traits with these JSON names; `nil` if a name is unknown.
    public init?(names: [String]) {
        var traits: InlineTraits = []
        for name in names {
            guard let t = Self.named.first(where: { $0.1 == name }) else { return nil }
            traits.insert(t.0)
        }
        self = traits
    }
}

extension InlineTraits: CustomStringConvertible {
    /// The traits set, by name, in the order JSON lists them, with bits that name no trait shown
    /// together in hexadecimal: `[.strong, .tableHeader]`, `[.code, 0x8000]`, `[]`.
    public var description: String {
        var parts = Self.named.filter { contains($0.0) }.map { "." + $0.1 }
        let known = Self.named.reduce(UInt16(0)) { $0 | $1.0.rawValue }
        let unknown = rawValue & ~known
        if unknown != 0 { parts.append("0x" + String(unknown, radix: 16, uppercase: true)) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
