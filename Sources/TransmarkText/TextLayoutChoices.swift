import TransmarkCore

extension TextBackend.Options {
    /// How the `text` format lays out a document.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// For people: wrapped paragraphs, blank lines between blocks, list markers, drawn tables,
        /// link targets, footnotes at the end.
        case readable
        /// The fast stripper: the text only, one newline between blocks, no markers, no wrapping.
        case flat
    }

    /// How tables are drawn (`text` and `ansi`).
    public enum TableBorderStyle: String, Hashable, Sendable, CaseIterable {
        /// Box-drawing characters (`┌─┬─┐`).
        case box
        /// ASCII (`+-+-+`, `|`).
        case ascii
    }

    /// Where link targets are shown (`text` and `ansi`).
    public enum LinkStyle: String, Hashable, Sendable, CaseIterable {
        /// After the link text: `text (url)`; the URL alone when it is the text.
        case inline
        /// As numbered references, `text[1]`, listed at the end with the footnotes.
        case references
    }

    /// Which characters mark list items, quotes, rules and checkboxes (`text` and `ansi`).
    public enum MarkerStyle: String, Hashable, Sendable, CaseIterable {
        /// `•`, `│ `, `─`, `☐`/`☑` (see `TextMarkers.unicode`).
        case unicode
        /// `*`, `> `, `-`, `[ ]`/`[x]` (see `TextMarkers.ascii`).
        case ascii

        /// The marker set.
        public var markers: TextMarkers { self == .unicode ? .unicode : .ascii }
    }
}

/// The options the `text` and `ansi` formats share, so that both declare them once.
protocol TextLayoutOptions: FormatOptions {
    var width: Int { get set }
    var tables: TextBackend.Options.TableBorderStyle { get set }
    var links: TextBackend.Options.LinkStyle { get set }
    var markers: TextBackend.Options.MarkerStyle { get set }
    var rawHTML: RawHTMLPolicy { get set }
    var layoutTables: LayoutTablePolicy { get set }
    var keepHidden: Bool { get set }
}

extension TextLayoutOptions {
    /// The option specs of the shared layout options; `links` describes where link targets go.
    static func layoutOptionSpecs(links: String, markers: String) -> [OptionSpec<Self>] {
        [
            .int("width", \.width, range: 0...100_000, summary: "columns to wrap at (0: no wrapping)"),
            .choice("tables", \.tables, summary: "draw tables with box-drawing characters or ASCII"),
            .choice("links", \.links, summary: links),
            .choice("markers", \.markers, summary: markers),
            .choice("layoutTables", \.layoutTables,
                    summary: "tables used for page layout (role=presentation, or no header and one cell, nested tables or divisions in cells): content (their cells' blocks, no grid) or table (drawn like any table)"),
            .choice("rawHTML", \.rawHTML, allowed: [.drop, .text],
                    summary: "raw HTML nodes: drop them or show the markup as text"),
            .renamed("html", to: "rawHTML", values: ["verbatim": "text"]),
            .bool("keepHidden", \.keepHidden,
                  summary: "show content styled display:none (kept by the HTML reader's keepHidden; one -O keepHidden=true serves both)"),
        ]
    }
}

/// The settings the layout engine works with, shared by both formats.
struct LayoutSettings {
    /// Columns to wrap at; 0 means no wrapping.
    var width: Int
    var tables: TextBackend.Options.TableBorderStyle
    var links: TextBackend.Options.LinkStyle
    var rawHTML: RawHTMLPolicy
    var markers: TextMarkers
    /// Whether styles are tracked and written (ANSI).
    var styled: Bool
    var theme: ANSITheme
    /// Whether links become OSC 8 hyperlinks (ANSI).
    var hyperlinks: Bool
    var colorDepth: ANSIColorDepth
    /// At most this many prefixes (quote bars, list indents) are drawn per line; deeper nesting
    /// is not indented further, which keeps output linear in the input.
    var maxVisibleNesting: Int = 32
    /// Tables nested deeper than this (a table in a cell of a table in a cell ..., counting the
    /// outermost as 1) are flattened: their cells' content is written as plain lines, one block
    /// per cell, without borders or column sizing. Every level of a laid-out table copies and
    /// pads the lines of the tables inside it, so without a bound nested tables cost the cube of
    /// their depth; with it the work stays linear in the input. No text is dropped.
    var maxTableNesting: Int = LayoutSettings.defaultMaxTableNesting
    /// Whether layout tables are written as their content (`layoutTables`).
    var layoutTables: LayoutTablePolicy = .content
    /// Whether content styled `display: none` is laid out like any other (`keepHidden`).
    var keepHidden = false

    /// The default `maxTableNesting`.
    static let defaultMaxTableNesting = 8
}
