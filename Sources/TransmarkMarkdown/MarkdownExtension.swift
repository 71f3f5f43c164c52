/// The GFM syntax extensions libcmark-gfm provides.
public enum MarkdownExtension: String, CaseIterable, Sendable, Hashable {
    /// Pipe tables with column alignment.
    case table
    /// `~text~` and `~~text~~`.
    case strikethrough
    /// Bare `www.` and `http(s)://` links and e-mail addresses.
    case autolink
    /// Escapes the `<` of `<script>`, `<style>`, `<textarea>`, `<title>`, `<xmp>`, `<iframe>`,
    /// `<noembed>`, `<noframes>` and `<plaintext>` in raw HTML (GFM's "disallowed raw HTML").
    case tagfilter
    /// `- [ ]` and `- [x]` task-list items.
    case tasklist
}
