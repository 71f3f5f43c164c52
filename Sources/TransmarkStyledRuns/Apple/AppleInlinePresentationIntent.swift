/// Foundation's `InlinePresentationIntent` with the same raw values, on every platform (Linux's
/// Foundation has no such type): what SwiftUI's `Text` reads to draw emphasis, strong emphasis,
/// code voice and strikethrough.
public struct AppleInlinePresentationIntent: OptionSet, Sendable, Hashable {
    /// The set's bits, equal to `InlinePresentationIntent.rawValue`.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// `.emphasized` (1).
    public static let emphasized = AppleInlinePresentationIntent(rawValue: 1 << 0)
    /// `.stronglyEmphasized` (2).
    public static let stronglyEmphasized = AppleInlinePresentationIntent(rawValue: 1 << 1)
    /// `.code` (4).
    public static let code = AppleInlinePresentationIntent(rawValue: 1 << 2)
    /// `.strikethrough` (32).
    public static let strikethrough = AppleInlinePresentationIntent(rawValue: 1 << 5)
    /// `.softBreak` (64).
    public static let softBreak = AppleInlinePresentationIntent(rawValue: 1 << 6)
    /// `.lineBreak` (128).
    public static let lineBreak = AppleInlinePresentationIntent(rawValue: 1 << 7)
    /// `.inlineHTML` (256).
    public static let inlineHTML = AppleInlinePresentationIntent(rawValue: 1 << 8)
    /// `.blockHTML` (512).
    public static let blockHTML = AppleInlinePresentationIntent(rawValue: 1 << 9)
}
