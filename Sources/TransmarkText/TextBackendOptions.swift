import TransmarkCore

extension TextBackend {
    /// Options of the `text` format.
    public struct Options: TextLayoutOptions {
        // option: .choice(summary: "readable: wrapped, with markers and tables; flat: text only, fast")
        /// `readable` (default) lays out for people; `flat` only strips markup, fast.
        public var mode: Mode = .readable
        // options: layoutOptionSpecs(links: "link targets inline as text (url) or as numbered references at the end",
        //     markers: "bullets, quote bars, rules and checkboxes in Unicode or ASCII")
        /// Columns to wrap at; 0 means no wrapping. Default 80.
        public var width: Int = 80
        /// How tables are drawn: `box` (default) or `ascii`.
        public var tables: TableBorderStyle = .box
        /// Where link targets go: `inline` (default) or `references`.
        public var links: LinkStyle = .inline
        /// Marker characters: `unicode` (default) or `ascii`.
        public var markers: MarkerStyle = .unicode
        /// Raw HTML nodes: `drop` (default) leaves them out, `text` shows the markup as written.
        /// `keep` has no markup to pass into here and reads as `text`.
        public var rawHTML: RawHTMLPolicy = .drop
        /// Tables that lay out a page rather than hold data (`Document.layoutTableIndices()`):
        /// `content` (default) writes their cells' blocks one after another with no grid, `table`
        /// draws them like any table.
        public var layoutTables: LayoutTablePolicy = .content
        /// Whether content styled `display: none` is written like any other. The HTML reader
        /// drops hidden elements unless its own `keepHidden` is on (tabs, accordions, content
        /// that script reveals); this option lets such content through the layout too.
        public var keepHidden = false

        /// The defaults.
        public init() {}

        var layoutSettings: LayoutSettings {
            var settings = LayoutSettings(width: width, tables: tables, links: links, rawHTML: rawHTML, markers: markers.markers,
                                          styled: false, theme: .default, hyperlinks: false, colorDepth: .none)
            settings.layoutTables = layoutTables
            settings.keepHidden = keepHidden
            return settings
        }
    }
}
