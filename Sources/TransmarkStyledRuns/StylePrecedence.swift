extension StyledTextOptions {
    /// Which side wins when a node's inline CSS and the caller's theme (or tag styles) set the
    /// same property. Properties only one side sets are always taken from it.
    public enum Precedence: String, Sendable, Hashable, CaseIterable {
        /// Inline CSS (`style=""`) wins, as in a browser (the default).
        case inlineWins
        /// The theme and the caller's tag styles win: the app keeps its look whatever the content
        /// says.
        case themeWins
    }
}
