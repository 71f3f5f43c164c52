/// The typed subset of CSS that a node can carry (parsed from HTML `style=""` and presentational
/// attributes, or set by a tag registry or theme). Every field is optional: `nil` means "not set
/// here", so styles cascade field by field.
public struct Style: Hashable, Sendable {
    /// `color`.
    public var color: CSSColor?
    /// `background-color` (or the color in `background`).
    public var backgroundColor: CSSColor?
    /// `font-weight`.
    public var fontWeight: FontWeight?
    /// `font-style`.
    public var fontStyle: FontStyle?
    /// `font-size`.
    public var fontSize: FontSize?
    /// `font-family`, in order of preference.
    public var fontFamily: [String]?
    /// `text-decoration-line`.
    public var textDecoration: TextDecoration?
    /// `text-align`.
    public var textAlign: TextAlign?
    /// `vertical-align`.
    public var verticalAlign: VerticalAlign?
    /// `line-height`.
    public var lineHeight: LineHeight?
    /// `letter-spacing`. `normal` computes to zero (CSS Text 3) and is stored as `.px(0)`, so
    /// that it overrides an inherited spacing; `nil` means "not set here".
    public var letterSpacing: CSSLength?
    /// `word-spacing`. `normal` is stored as `.px(0)`, as for `letterSpacing`.
    public var wordSpacing: CSSLength?
    /// `text-transform`.
    public var textTransform: TextTransform?
    /// `white-space`.
    public var whiteSpace: WhiteSpace?
    /// `display`.
    public var display: Display?
    /// `visibility`.
    public var visibility: Visibility?

    /// An empty style: nothing set.
    public init() {}

    /// Whether no field is set.
    public var isEmpty: Bool { self == Style() }

    /// Fills every field that is unset here from `other` (the cascade step "fill only what the
    /// previous level left unset").
    public func filling(from other: Style) -> Style {
        var result = self
        if result.color == nil { result.color = other.color }
        if result.backgroundColor == nil { result.backgroundColor = other.backgroundColor }
        if result.fontWeight == nil { result.fontWeight = other.fontWeight }
        if result.fontStyle == nil { result.fontStyle = other.fontStyle }
        if result.fontSize == nil { result.fontSize = other.fontSize }
        if result.fontFamily == nil { result.fontFamily = other.fontFamily }
        if result.textDecoration == nil { result.textDecoration = other.textDecoration }
        if result.textAlign == nil { result.textAlign = other.textAlign }
        if result.verticalAlign == nil { result.verticalAlign = other.verticalAlign }
        if result.lineHeight == nil { result.lineHeight = other.lineHeight }
        if result.letterSpacing == nil { result.letterSpacing = other.letterSpacing }
        if result.wordSpacing == nil { result.wordSpacing = other.wordSpacing }
        if result.textTransform == nil { result.textTransform = other.textTransform }
        if result.whiteSpace == nil { result.whiteSpace = other.whiteSpace }
        if result.display == nil { result.display = other.display }
        if result.visibility == nil { result.visibility = other.visibility }
        return result
    }
}

/// A CSS color: a resolved RGBA value or `currentcolor`.
public enum CSSColor: Hashable, Sendable {
    /// A resolved color.
    case rgba(RGBAColor)
    /// `currentcolor`: the element's own `color`.
    case currentColor

    /// `transparent`.
    public static let transparent = CSSColor.rgba(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
}

/// A color with 8-bit channels and 8-bit alpha (255 is opaque).
public struct RGBAColor: Hashable, Sendable {
    /// Red, 0 to 255.
    public var red: UInt8
    /// Green, 0 to 255.
    public var green: UInt8
    /// Blue, 0 to 255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a color.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// `font-weight`.
public enum FontWeight: Hashable, Sendable {
    /// A numeric weight, 1 to 1000 (`normal` is 400, `bold` 700).
    case weight(Int)
    /// `bolder` than the inherited weight.
    case bolder
    /// `lighter` than the inherited weight.
    case lighter

    /// `normal`.
    public static let normal = FontWeight.weight(400)
    /// `bold`.
    public static let bold = FontWeight.weight(700)
}

/// `font-style`.
public enum FontStyle: String, Hashable, Sendable {
    case normal, italic, oblique
}

/// A CSS length or percentage.
public enum CSSLength: Hashable, Sendable {
    case px(Double)
    case pt(Double)
    case em(Double)
    case rem(Double)
    case percent(Double)
}

/// `font-size`: a length or a keyword.
public enum FontSize: Hashable, Sendable {
    /// A length or percentage.
    case length(CSSLength)
    /// An absolute or relative keyword.
    case keyword(FontSizeKeyword)
}

/// The `font-size` keywords.
public enum FontSizeKeyword: String, Hashable, Sendable, CaseIterable {
    case xxSmall = "xx-small", xSmall = "x-small", small, medium, large, xLarge = "x-large"
    case xxLarge = "xx-large", xxxLarge = "xxx-large", smaller, larger
}

/// `text-decoration-line`: a set of lines, or explicitly none.
public struct TextDecoration: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `underline`.
    public static let underline = TextDecoration(rawValue: 1)
    /// `line-through`.
    public static let lineThrough = TextDecoration(rawValue: 2)
    /// `overline`.
    public static let overline = TextDecoration(rawValue: 4)
    /// `none` is the empty set.
    public static let none: TextDecoration = []
}

/// `text-align`.
public enum TextAlign: String, Hashable, Sendable {
    case left, right, center, justify, start, end
}

/// `vertical-align`, the values that matter for text.
public enum VerticalAlign: Hashable, Sendable {
    case baseline, `super`, sub, top, middle, bottom, textTop, textBottom
    /// A length or percentage offset.
    case length(CSSLength)
}

/// `line-height`.
public enum LineHeight: Hashable, Sendable {
    /// `normal`.
    case normal
    /// A unitless multiplier.
    case multiple(Double)
    /// A length or percentage.
    case length(CSSLength)
}

/// `text-transform`.
public enum TextTransform: String, Hashable, Sendable {
    case none, uppercase, lowercase, capitalize
}

/// `white-space`.
public enum WhiteSpace: String, Hashable, Sendable {
    case normal, nowrap, pre, preWrap = "pre-wrap", preLine = "pre-line", breakSpaces = "break-spaces"

    /// Whether runs of spaces are kept as written.
    public var preservesSpaces: Bool { self == .pre || self == .preWrap || self == .breakSpaces }
    /// Whether newlines are kept as written.
    public var preservesNewlines: Bool { self != .normal && self != .nowrap }
}

/// `display`, the values that matter for documents.
public enum Display: String, Hashable, Sendable {
    case none, inline, block, inlineBlock = "inline-block", listItem = "list-item", table
    case tableRow = "table-row", tableCell = "table-cell", flex, grid, contents
}

/// `visibility`.
public enum Visibility: String, Hashable, Sendable {
    case visible, hidden, collapse
}
