import TransmarkCore

/// Options of the conversion from a document to `StyledText` (and of the `styled-json` backend).
public struct StyledTextOptions: FormatOptions, Hashable {
    /// The theme: base font, heading sizes, colors, indents, spacing.
    public var theme: Theme = .default
    /// Styles the caller supplies per custom tag name or node kind.
    public var tagStyles: TagStyles = .none
    // option: .choice(summary: "whether inline CSS or the theme wins a conflict")
    /// Whether inline CSS or the theme wins a conflict.
    public var precedence: Precedence = .inlineWins
    // option: .choice(summary: "unit of ranges: utf16 (NSRange), unicodeScalars or utf8")
    /// The unit ranges count in.
    public var unit: OffsetUnit = .utf16
    // option: .choice(allowed: [.drop, .text], summary: "raw HTML nodes: drop them or show the markup as code-styled text")
    /// Raw HTML nodes (`htmlBlock`, `htmlInline`): `drop` (the default) leaves them out, `text`
    /// shows the markup as text in the code style. `keep` has no markup to pass into here and
    /// reads as `text`.
    public var rawHTML: RawHTMLPolicy = .drop
    // option: .int(range: 0...1_000_000,
    //     summary: "most tab stops a table row gets (one per column after the first); wider tables keep their cells")
    // options: OptionSpec.themeFont(\.theme)
    /// The most tab stops a table row's paragraph gets: one per column after the first, up to
    /// this many. A table wider than that (an HTML table of 5,000 cells spanning 1,000 columns each
    /// has 5,000,000 columns, and wrote 245 MB of tab stops) keeps every cell, separated by tabs as
    /// always; the columns past the last stop sit at the text view's default tab interval. The
    /// default, 1,000, is the widest colspan HTML allows and the most columns the Markdown writer
    /// lays out.
    public var maxTabStops = 1000

    /// The defaults.
    public init() {}
}

extension OptionSpec {
    /// `fontSize` and `fontFamily`: the base font of the theme at `theme`.
    static func themeFont(_ theme: WritableKeyPath<Options, Theme> & Sendable) -> [Self] {
        [
            OptionSpec(key: "fontSize", accepted: "a size in points from 1 to 1000", summary: "the theme's base font size",
                       read: { CSSNumber.format($0[keyPath: theme].fontSize) },
                       write: { options, value in
                           guard let v = Double(value), v >= 1, v <= 1000 else { return false }
                           options[keyPath: theme].fontSize = v
                           return true
                       }),
            OptionSpec(key: "fontFamily", accepted: "a family name, system or monospace", summary: "the theme's base font family",
                       read: { $0[keyPath: theme].fontFamily },
                       write: { options, value in
                           guard !value.isEmpty else { return false }
                           options[keyPath: theme].fontFamily = value
                           return true
                       }),
        ]
    }
}

/// Deterministic number text shared by options and the JSON writer.
enum CSSNumber {
    static func format(_ v: Double) -> String {
        var out = ByteOutput()
        StyledJSONWriter.writeNumber(v, into: &out)
        return out.string
    }
}
