/// The typed subset of CSS that a node can carry (parsed from HTML `style=""` and presentational
/// attributes, or set by a tag registry or theme). Every field is optional: `nil` means "not set
/// here", so styles cascade field by field.
///
/// A value holds one reference (copy-on-write), `nil` while nothing is set: styles are passed
/// around per node, and copying or dropping a `Style?` must cost no more than a pointer.
public struct Style: Hashable, Sendable {
    /// The fields, shared between copies until one of them changes; `nil` when nothing was set.
    private var storage: StyleStorage?

    /// An empty style: nothing set.
    public init() {}

    /// The fields (all `nil` for an empty style).
    private var fields: StyleFields { storage?.fields ?? StyleFields() }

    /// Changes the fields, copying them first when they are shared.
    @inline(__always)
    private mutating func update(_ body: (inout StyleFields) -> Void) {
        if storage == nil {
            storage = StyleStorage(StyleFields())
        } else if !isKnownUniquelyReferenced(&storage!) {
            storage = StyleStorage(storage!.fields)
        }
        body(&storage!.fields)
    }

    /// `color`.
    public var color: CSSColor? {
        get { storage?.fields.color }
        set { if newValue != nil || storage != nil { update { $0.color = newValue } } }
    }
    /// `background-color` (or the color in `background`).
    public var backgroundColor: CSSColor? {
        get { storage?.fields.backgroundColor }
        set { if newValue != nil || storage != nil { update { $0.backgroundColor = newValue } } }
    }
    /// `font-weight`.
    public var fontWeight: FontWeight? {
        get { storage?.fields.fontWeight }
        set { if newValue != nil || storage != nil { update { $0.fontWeight = newValue } } }
    }
    /// `font-style`.
    public var fontStyle: FontStyle? {
        get { storage?.fields.fontStyle }
        set { if newValue != nil || storage != nil { update { $0.fontStyle = newValue } } }
    }
    /// `font-size`.
    public var fontSize: FontSize? {
        get { storage?.fields.fontSize }
        set { if newValue != nil || storage != nil { update { $0.fontSize = newValue } } }
    }
    /// `font-family`, in order of preference.
    public var fontFamily: [String]? {
        get { storage?.fields.fontFamily }
        set { if newValue != nil || storage != nil { update { $0.fontFamily = newValue } } }
    }
    /// `text-decoration-line`.
    public var textDecoration: TextDecoration? {
        get { storage?.fields.textDecoration }
        set { if newValue != nil || storage != nil { update { $0.textDecoration = newValue } } }
    }
    /// `text-align`.
    public var textAlign: TextAlign? {
        get { storage?.fields.textAlign }
        set { if newValue != nil || storage != nil { update { $0.textAlign = newValue } } }
    }
    /// `vertical-align`.
    public var verticalAlign: VerticalAlign? {
        get { storage?.fields.verticalAlign }
        set { if newValue != nil || storage != nil { update { $0.verticalAlign = newValue } } }
    }
    /// `line-height`.
    public var lineHeight: LineHeight? {
        get { storage?.fields.lineHeight }
        set { if newValue != nil || storage != nil { update { $0.lineHeight = newValue } } }
    }
    /// `letter-spacing`. `normal` computes to zero (CSS Text 3) and is stored as `.px(0)`, so
    /// that it overrides an inherited spacing; `nil` means "not set here".
    public var letterSpacing: CSSLength? {
        get { storage?.fields.letterSpacing }
        set { if newValue != nil || storage != nil { update { $0.letterSpacing = newValue } } }
    }
    /// `word-spacing`. `normal` is stored as `.px(0)`, as for `letterSpacing`.
    public var wordSpacing: CSSLength? {
        get { storage?.fields.wordSpacing }
        set { if newValue != nil || storage != nil { update { $0.wordSpacing = newValue } } }
    }
    /// `text-transform`.
    public var textTransform: TextTransform? {
        get { storage?.fields.textTransform }
        set { if newValue != nil || storage != nil { update { $0.textTransform = newValue } } }
    }
    /// `white-space`.
    public var whiteSpace: WhiteSpace? {
        get { storage?.fields.whiteSpace }
        set { if newValue != nil || storage != nil { update { $0.whiteSpace = newValue } } }
    }
    /// `display`.
    public var display: Display? {
        get { storage?.fields.display }
        set { if newValue != nil || storage != nil { update { $0.display = newValue } } }
    }
    /// `visibility`.
    public var visibility: Visibility? {
        get { storage?.fields.visibility }
        set { if newValue != nil || storage != nil { update { $0.visibility = newValue } } }
    }

    /// Whether no field is set.
    public var isEmpty: Bool { storage.map { $0.fields == StyleFields() } ?? true }

    /// Whether the two values are equal.
    public static func == (lhs: Style, rhs: Style) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.fields == rhs.fields
    }

    /// Feeds what makes the value equal to another into `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    /// Fills every field that is unset here from `other` (the cascade step "fill only what the
    /// previous level left unset").
    public func filling(from other: Style) -> Style {
        guard let mine = storage else { return other }
        guard let theirs = other.storage else { return self }
        var result = mine.fields
        let o = theirs.fields
        if result.color == nil { result.color = o.color }
        if result.backgroundColor == nil { result.backgroundColor = o.backgroundColor }
        if result.fontWeight == nil { result.fontWeight = o.fontWeight }
        if result.fontStyle == nil { result.fontStyle = o.fontStyle }
        if result.fontSize == nil { result.fontSize = o.fontSize }
        if result.fontFamily == nil { result.fontFamily = o.fontFamily }
        if result.textDecoration == nil { result.textDecoration = o.textDecoration }
        if result.textAlign == nil { result.textAlign = o.textAlign }
        if result.verticalAlign == nil { result.verticalAlign = o.verticalAlign }
        if result.lineHeight == nil { result.lineHeight = o.lineHeight }
        if result.letterSpacing == nil { result.letterSpacing = o.letterSpacing }
        if result.wordSpacing == nil { result.wordSpacing = o.wordSpacing }
        if result.textTransform == nil { result.textTransform = o.textTransform }
        if result.whiteSpace == nil { result.whiteSpace = o.whiteSpace }
        if result.display == nil { result.display = o.display }
        if result.visibility == nil { result.visibility = o.visibility }
        var style = Style()
        style.storage = StyleStorage(result)
        return style
    }
}

/// The fields of a `Style`.
struct StyleFields: Hashable {
    var color: CSSColor?
    var backgroundColor: CSSColor?
    var fontWeight: FontWeight?
    var fontStyle: FontStyle?
    var fontSize: FontSize?
    var fontFamily: [String]?
    var textDecoration: TextDecoration?
    var textAlign: TextAlign?
    var verticalAlign: VerticalAlign?
    var lineHeight: LineHeight?
    var letterSpacing: CSSLength?
    var wordSpacing: CSSLength?
    var textTransform: TextTransform?
    var whiteSpace: WhiteSpace?
    var display: Display?
    var visibility: Visibility?
}

/// The shared box of a `Style`'s fields. Only a `Style` whose reference is unique writes to it
/// (copy-on-write), so sharing it between threads is safe.
final class StyleStorage: @unchecked Sendable {
    var fields: StyleFields

    init(_ fields: StyleFields) { self.fields = fields }
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
    /// The CSS `font-style` keywords.
    case normal, italic, oblique
}

/// A CSS length or percentage.
public enum CSSLength: Hashable, Sendable {
    /// CSS pixels.
    case px(Double)
    /// Points (1/72 inch).
    case pt(Double)
    /// A multiple of the element's font size.
    case em(Double)
    /// A multiple of the root font size.
    case rem(Double)
    /// A percentage of the reference value (the parent's font size for font sizes).
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
    /// The absolute size keywords.
    case xxSmall = "xx-small", xSmall = "x-small", small, medium, large, xLarge = "x-large"
    /// The largest absolute keywords and the relative ones.
    case xxLarge = "xx-large", xxxLarge = "xxx-large", smaller, larger
}

/// `text-decoration-line`: a set of lines, or explicitly none.
public struct TextDecoration: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: UInt8
    /// A set from its bits.
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
    /// The CSS `text-align` keywords.
    case left, right, center, justify, start, end
}

/// `vertical-align`, the values that matter for text.
public enum VerticalAlign: Hashable, Sendable {
    /// The CSS `vertical-align` keywords.
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
    /// The CSS `text-transform` keywords.
    case none, uppercase, lowercase, capitalize
}

/// `white-space`.
public enum WhiteSpace: String, Hashable, Sendable {
    /// The CSS `white-space` keywords.
    case normal, nowrap, pre, preWrap = "pre-wrap", preLine = "pre-line", breakSpaces = "break-spaces"

    /// Whether runs of spaces are kept as written.
    public var preservesSpaces: Bool { self == .pre || self == .preWrap || self == .breakSpaces }
    /// Whether newlines are kept as written.
    public var preservesNewlines: Bool { self != .normal && self != .nowrap }
}

/// `display`, the values that matter for documents.
public enum Display: String, Hashable, Sendable {
    /// CSS `display` keywords.
    case none, inline, block, inlineBlock = "inline-block", listItem = "list-item", table
    /// More CSS `display` keywords.
    case tableRow = "table-row", tableCell = "table-cell", flex, grid, contents
}

/// `visibility`.
public enum Visibility: String, Hashable, Sendable {
    /// The CSS `visibility` keywords.
    case visible, hidden, collapse
}
