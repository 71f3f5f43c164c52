/// An underline or strikethrough as Apple's text system draws it: the style bits of
/// `NSUnderlineStyle` and an optional color.
public struct AppleDecorationLine: Sendable, Hashable {
    /// The raw value of `NSUnderlineStyle` (`.single` 0x01, `.thick` 0x02, `.double` 0x09, with
    /// `.patternDot` 0x0100 or `.patternDash` 0x0200 for dotted and dashed lines).
    public var styleRawValue: Int
    /// The line's color; `nil` draws it in the text's color.
    public var color: AppleColor?

    /// `NSUnderlineStyle.single`.
    public static let single = 0x01
    /// `NSUnderlineStyle.thick`.
    public static let thick = 0x02
    /// `NSUnderlineStyle.double`.
    public static let double = 0x09
    /// `NSUnderlineStyle.patternDot`.
    public static let patternDot = 0x0100
    /// `NSUnderlineStyle.patternDash`.
    public static let patternDash = 0x0200

    /// Creates a line from `NSUnderlineStyle` bits and a color.
    public init(styleRawValue: Int, color: AppleColor? = nil) {
        self.styleRawValue = styleRawValue
        self.color = color
    }

    /// The line of a resolved `DecorationLine`.
    public init(_ line: DecorationLine) {
        switch line.style {
        case .single: styleRawValue = Self.single
        case .double: styleRawValue = Self.double
        case .thick: styleRawValue = Self.thick
        case .dotted: styleRawValue = Self.single | Self.patternDot
        case .dashed: styleRawValue = Self.single | Self.patternDash
        }
        color = line.color.map(AppleColor.init)
    }

    /// Whether the line is dotted (SwiftUI's `Text.LineStyle.Pattern.dot`).
    public var isDotted: Bool { styleRawValue & Self.patternDot != 0 }
    /// Whether the line is dashed (SwiftUI's `Text.LineStyle.Pattern.dash`).
    public var isDashed: Bool { styleRawValue & Self.patternDash != 0 }
}
