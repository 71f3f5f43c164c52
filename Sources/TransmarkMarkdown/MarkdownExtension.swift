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

extension MarkdownExtension {
    /// The extensions named in `list`, comma-separated (`table,autolink`; `all` for every one;
    /// empty for none), or `nil` when a name is no extension (the `extensions` option).
    static func set(parsing list: String) -> Set<MarkdownExtension>? {
        var set = Set<MarkdownExtension>()
        for part in list.split(separator: ",") {
            let name = part.trimmingCharacters(in: " ")
            if name.isEmpty { continue }
            if name == "all" { set.formUnion(allCases); continue }
            guard let ext = MarkdownExtension(rawValue: name) else { return nil }
            set.insert(ext)
        }
        return set
    }

    /// `set` as the `extensions` option writes it: comma-separated, in declaration order.
    static func text(of set: Set<MarkdownExtension>) -> String {
        allCases.filter { set.contains($0) }.map(\.rawValue).joined(separator: ",")
    }
}
