import TransmarkCore

/// A resolved underline or strikethrough: its line style and optional color.
public struct DecorationLine: Sendable, Hashable {
    /// The style of the line.
    public enum LineStyle: String, Sendable, Hashable, CaseIterable {
        /// How the line is drawn.
        case single, double, thick, dotted, dashed
    }

    /// The line's style.
    public var style: LineStyle
    /// The line's color; `nil` means the text's foreground color.
    public var color: RGBAColor?

    /// Creates a decoration line.
    public init(style: LineStyle = .single, color: RGBAColor? = nil) {
        self.style = style
        self.color = color
    }
}

/// A link target: URL text and title, as written in the source.
public struct LinkTarget: Sendable, Hashable {
    /// The destination as written (not validated, so nothing is lost).
    public var url: String
    /// The title; empty when none.
    public var title: String

    /// Creates a link target.
    public init(url: String, title: String = "") {
        self.url = url
        self.title = title
    }
}
