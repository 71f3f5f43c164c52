/// The symbolic traits of a font (`UIFontDescriptor.SymbolicTraits`,
/// `NSFontDescriptor.SymbolicTraits`).
public struct AppleFontTraits: OptionSet, Sendable, Hashable {
    /// The set's bits.
    public let rawValue: UInt8
    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Italic (`traitItalic`, `.italic`).
    public static let italic = AppleFontTraits(rawValue: 1 << 0)
    /// Bold (`traitBold`, `.bold`).
    public static let bold = AppleFontTraits(rawValue: 1 << 1)
    /// Monospaced (`traitMonoSpace`, `.monoSpace`).
    public static let monospace = AppleFontTraits(rawValue: 1 << 2)
}
