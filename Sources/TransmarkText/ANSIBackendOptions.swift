import TransmarkCore

extension ANSIBackend {
    /// Options of the `ansi` format.
    public struct Options: TextLayoutOptions {
        /// When the `ansi` format writes colors.
        public enum ColorMode: String, Hashable, Sendable, CaseIterable {
            /// When standard output is a terminal and `NO_COLOR` is unset (and `TERM` is not `dumb`),
            /// or when `CLICOLOR_FORCE` or `FORCE_COLOR` forces colors (a pipe into `less -R`).
            case auto
            /// Always.
            case always
            /// Never (text attributes such as bold still apply).
            case never
        }

        // option: .choice(summary: "write colors: auto (terminal and no NO_COLOR, or CLICOLOR_FORCE/FORCE_COLOR set), always, never")
        /// When to write colors: `auto` (default), `always`, `never`.
        public var color: ColorMode = .auto
        // option: .choice(summary: "color depth; auto reads COLORTERM and TERM")
        /// How many colors: `auto` (default: not given, decided from `COLORTERM` and `TERM`),
        /// `truecolor`, `256`, `16`, `none`.
        public var colors: ANSIColorDepth = .auto
        // option: .bool(summary: "links as OSC 8 hyperlinks instead of text (url)")
        /// Whether links are OSC 8 hyperlinks (default `true`); when `false`, links show as
        /// `text (url)` (or as references, see `links`). Hyperlinks are written only when colors are
        /// (see `color`), so that output for files and pipes shows the targets as text.
        public var hyperlinks: Bool = true
        // options: layoutOptionSpecs(links: "non-hyperlink targets inline as text (url) or as numbered references",
        //     markers: "bullets, quote bars, rules and checkboxes: the theme's (unicode) or ASCII")
        /// Columns to wrap at; 0 means no wrapping. Default 80.
        public var width: Int = 80
        /// How tables are drawn: `box` (default) or `ascii`.
        public var tables: TextBackend.Options.TableBorderStyle = .box
        /// Where link targets go when they are not hyperlinks: `inline` (default) or `references`.
        public var links: TextBackend.Options.LinkStyle = .inline
        /// Raw HTML nodes: `drop` (default) leaves them out, `text` shows the markup as written
        /// (dimmed by the default theme). `keep` has no markup to pass into here and reads as `text`.
        public var rawHTML: RawHTMLPolicy = .drop
        /// Tables that lay out a page rather than hold data (`Document.layoutTableIndices()`):
        /// `content` (default) writes their cells' blocks one after another with no grid, `table`
        /// draws them like any table.
        public var layoutTables: LayoutTablePolicy = .content
        /// Marker characters: `unicode` (default: the theme's markers) or `ascii` (`TextMarkers.ascii`
        /// whatever the theme says).
        public var markers: TextBackend.Options.MarkerStyle = .unicode
        /// Colors, attributes and markers (not settable by key).
        public var theme: ANSITheme = .default
        /// Whether content styled `display: none` is written like any other (see
        /// `TextBackend.Options.keepHidden`).
        public var keepHidden = false

        /// The defaults.
        public init() {}

        /// The color depth these options give in `environment`: `.none` when colors are off.
        public func resolvedColorDepth(in environment: TerminalEnvironment) -> ANSIColorDepth {
            switch color {
            case .never: return .none
            case .auto:
                if environment.forceColor {
                    if colors == .auto, let forced = environment.forcedDepth { return forced }
                } else if !environment.isTerminal || environment.noColor || environment.term == "dumb" {
                    return .none
                }
            case .always: break
            }
            if colors != .auto { return colors }
            let colorTerm = environment.colorTerm.lowercased()
            if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
            if environment.term.hasSuffix("256color") { return .ansi256 }
            return .ansi16
        }

        func layoutSettings(in environment: TerminalEnvironment) -> LayoutSettings {
            let depth = resolvedColorDepth(in: environment)
            var settings = LayoutSettings(width: width, tables: tables, links: links, rawHTML: rawHTML, markers: markers == .ascii ? .ascii : theme.markers,
                                          styled: true, theme: theme, hyperlinks: hyperlinks && depth != .none, colorDepth: depth)
            settings.layoutTables = layoutTables
            settings.keepHidden = keepHidden
            return settings
        }
    }
}
