import TransmarkCore

/// Options of the `text` format.
public struct TextOptions: FormatOptions {
    /// `readable` (default) lays out for people; `flat` only strips markup, fast.
    public var mode: TextMode = .readable
    /// Columns to wrap at; 0 means no wrapping. Default 80.
    public var width: Int = 80
    /// How tables are drawn: `box` (default) or `ascii`.
    public var tables: TableBorderStyle = .box
    /// Where link targets go: `inline` (default) or `references`.
    public var links: LinkStyle = .inline
    /// Marker characters: `unicode` (default) or `ascii`.
    public var markers: MarkerStyle = .unicode
    /// Raw HTML: `drop` (default) or `verbatim`.
    public var html: RawHTMLPolicy = .drop

    /// The defaults.
    public init() {}

    public static var optionSpecs: [OptionSpec<TextOptions>] {
        [
            .choice("mode", \.mode, summary: "readable: wrapped, with markers and tables; flat: text only, fast"),
            .int("width", \.width, range: 0...100_000, summary: "columns to wrap at (0: no wrapping)"),
            .choice("tables", \.tables, summary: "draw tables with box-drawing characters or ASCII"),
            .choice("links", \.links, summary: "link targets inline as text (url) or as numbered references at the end"),
            .choice("markers", \.markers, summary: "bullets, quote bars, rules and checkboxes in Unicode or ASCII"),
            .choice("html", \.html, summary: "raw HTML nodes: drop them or show them verbatim"),
        ]
    }

    var layoutSettings: LayoutSettings {
        LayoutSettings(width: width, tables: tables, links: links, rawHTML: html, markers: markers.markers,
                       styled: false, theme: .default, hyperlinks: false, colorDepth: .none)
    }
}
