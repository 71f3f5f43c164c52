import TransmarkCore

/// The attributes of one run of a `StyledText`: what the source said (semantic) and how it looks
/// (resolved through the theme and the style cascade). Equal attributes are stored once per
/// `StyledText` and adjacent runs with equal attributes are merged.
public struct RunAttributes: Sendable, Hashable {
    // MARK: Resolved

    /// The font.
    public var font: FontDescriptor
    /// The text color; `nil` leaves the platform's default (label) color.
    public var foregroundColor: RGBAColor?
    /// The background color behind the text.
    public var backgroundColor: RGBAColor?
    /// An underline, if any.
    public var underline: DecorationLine?
    /// A strikethrough line, if any.
    public var strikethrough: DecorationLine?
    /// The baseline offset in points (positive raises the text).
    public var baselineOffset: Double
    /// Extra space between characters, in points (kerning).
    public var letterSpacing: Double

    // MARK: Semantic

    /// The inline markup the run is inside.
    public var traits: InlineTraits
    /// The link the run belongs to.
    public var link: LinkTarget?
    /// The level (1–6) of the heading the run is in.
    public var headingLevel: Int?
    /// How many block quotes the run is inside (absent for 0).
    public var blockQuoteDepth: Int?
    /// How many lists the run is inside (1 for a top-level list; absent for 0).
    public var listLevel: Int?
    /// The marker of the list item the run is in, as written into the text (`•`, `1.`, `☑`).
    public var listMarker: String?
    /// The row (0-based, header rows included) of the table cell the run is in.
    public var tableRow: Int?
    /// The column (0-based) of the table cell the run is in.
    public var tableColumn: Int?
    /// The label of the footnote a reference run points to.
    public var footnoteReference: String?
    /// The name of the custom tag (or HTML container tag) the run is inside.
    public var sourceTag: String?

    /// Creates attributes with the given font and nothing else set.
    public init(font: FontDescriptor = FontDescriptor()) {
        self.font = font
        foregroundColor = nil
        backgroundColor = nil
        underline = nil
        strikethrough = nil
        baselineOffset = 0
        letterSpacing = 0
        traits = []
        link = nil
        headingLevel = nil
        blockQuoteDepth = nil
        listLevel = nil
        listMarker = nil
        tableRow = nil
        tableColumn = nil
        footnoteReference = nil
        sourceTag = nil
    }
}

extension RunAttributes {
    /// Hashes every field, the small ones packed into a few words first (the derived hash fed
    /// each field to the hasher on its own, which made interning a page's styles, most of them
    /// links and table cells, a sixth of the conversion). Strings are hashed as strings, so
    /// canonically equivalent text still hashes alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(font.family)
        hasher.combine(link?.url)
        hasher.combine(link?.title)
        hasher.combine(listMarker)
        hasher.combine(footnoteReference)
        hasher.combine(sourceTag)
        hasher.combine(font.size.bitPattern)
        hasher.combine(baselineOffset.bitPattern)
        hasher.combine(letterSpacing.bitPattern)
        hasher.combine(Self.packed(foregroundColor) | Self.packed(backgroundColor) << 33)
        hasher.combine(Self.packed(underline) | Self.packed(strikethrough) << 34)
        if let underline { hasher.combine(underline.style) }
        if let strikethrough { hasher.combine(strikethrough.style) }
        func small(_ value: Int?) -> UInt64 { value.map { UInt64(truncatingIfNeeded: $0) & 0xFFFF | 1 << 16 } ?? 0 }
        hasher.combine(UInt64(traits.rawValue) | UInt64(truncatingIfNeeded: font.weight) << 16
                       | (font.italic ? 1 << 48 : 0) | small(headingLevel) << 49)
        hasher.combine(small(blockQuoteDepth) | small(listLevel) << 17 | small(tableRow) << 34)
        hasher.combine(tableColumn)
    }

    /// A color as 33 bits (presence and RGBA).
    @inline(__always)
    private static func packed(_ color: RGBAColor?) -> UInt64 {
        guard let c = color else { return 0 }
        return 1 << 32 | UInt64(c.red) << 24 | UInt64(c.green) << 16 | UInt64(c.blue) << 8 | UInt64(c.alpha)
    }

    /// A line as 34 bits (presence and color; its style is hashed apart).
    @inline(__always)
    private static func packed(_ line: DecorationLine?) -> UInt64 {
        guard let line else { return 0 }
        return 1 << 33 | packed(line.color)
    }
}
