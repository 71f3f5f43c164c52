/// What a backend does with raw HTML nodes (`htmlBlock`, `htmlInline`): markup that no frontend
/// turned into tree nodes, such as the HTML blocks of a Markdown document or comments kept by the
/// HTML frontend.
///
/// Every backend that meets raw HTML takes this as its `rawHTML` option, and each value means the
/// same thing everywhere:
///
/// | value | Markdown and HTML output | text, ANSI and styled output |
/// |---|---|---|
/// | `drop` | omitted (HTML output writes cmark's `<!-- raw HTML omitted -->` in its place) | omitted |
/// | `text` | the markup shown as literal text, as code (a Markdown code span holding `<b>`, `<code>&lt;b&gt;</code>`; a block as a code block) | the markup shown as text (styled runs: in the code style) |
/// | `keep` | passed through as markup | not accepted: there is no markup to pass it into |
public enum RawHTMLPolicy: String, CaseIterable, Sendable, Hashable {
    /// Leave raw HTML out.
    case drop
    /// Show the markup as literal text.
    case text
    /// Pass the markup through unchanged (Markdown and HTML output only).
    case keep
}
