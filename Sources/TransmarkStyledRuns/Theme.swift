import TransmarkCore

/// How a document looks by default: base font, heading sizes, code, links, quotes, lists and
/// spacing, plus optional per-kind styles. Build one in code (start from `Theme.default`) or load
/// one from JSON with `Theme(json:)`.
public struct Theme: Sendable, Hashable {
    /// The base font family (`system` for the platform's UI font).
    public var fontFamily: String = FontDescriptor.systemFamily
    /// The base font size in points.
    public var fontSize: Double = 16
    /// The base text color; `nil` leaves the platform's default color.
    public var textColor: RGBAColor? = nil
    /// Heading font sizes as multiples of the base size, for levels 1 to 6.
    public var headingScale: [Double] = [2.0, 1.5, 1.25, 1.0, 0.875, 0.85]
    /// The heading font weight.
    public var headingWeight: Int = 700
    /// The family for code (`monospace` for the platform's monospaced font).
    public var monospaceFamily: String = FontDescriptor.monospaceFamily
    /// The size of code relative to the surrounding text.
    public var codeScale: Double = 0.9
    /// The background of inline code and code blocks.
    public var codeBackground: RGBAColor? = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF2)
    /// The color of links.
    public var linkColor: RGBAColor? = RGBAColor(red: 0x00, green: 0x66, blue: 0xCC)
    /// Whether links are underlined.
    public var linkUnderline: Bool = true
    /// The background of highlighted text.
    public var highlightBackground: RGBAColor = RGBAColor(red: 0xFF, green: 0xF0, blue: 0x66)
    /// The text color inside block quotes; `nil` keeps the inherited color.
    public var quoteColor: RGBAColor? = RGBAColor(red: 0x55, green: 0x55, blue: 0x55)
    /// The indent added per block-quote level, in points.
    public var quoteIndent: Double = 20
    /// The indent added per list level, in points (the marker hangs in it).
    public var listIndent: Double = 24
    /// The space after a paragraph, in points.
    public var paragraphSpacing: Double = 8
    /// The space before a heading, in points.
    public var headingSpacingBefore: Double = 12
    /// The distance between table column tab stops, in points.
    public var tableColumnWidth: Double = 120
    /// Extra styles per node kind, applied after the built-in ones above (field by field, filling
    /// only what those leave unset).
    public var kindStyles: [NodeKind.Tag: Style] = [:]

    /// Creates the default theme.
    public init() {}

    /// The default theme: 16 pt system font, bold headings from 2× down to 0.85×, monospaced code on
    /// a light grey, blue underlined links.
    public static let `default` = Theme()
}
