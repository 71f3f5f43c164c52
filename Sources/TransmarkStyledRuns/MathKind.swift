/// Whether a run of styled text is math, and which: the `math` attribute of `RunAttributes`. The
/// run's text is the TeX source, without delimiters.
public enum MathKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Inline math (an `inlineMath` node: `$…$`, `\(…\)`).
    case inline
    /// Display math (a `displayMath` node: `$$…$$`, `\[…\]`), laid out in its paragraph like
    /// inline math: which of the two it is lives in this attribute only.
    case display
}
