import TransmarkCore

/// Tells HTML from Markdown by how a document starts, for input whose format is not named (`-f`
/// always wins): after a byte-order mark, white space and comments, a document that starts with
/// `<!DOCTYPE`, `<?xml`, `<html` or an HTML block tag (the tags CommonMark starts an HTML block
/// with: `<div`, `<p`, `<table`, `<head`, …) is HTML; anything else is Markdown.
enum FormatSniffer {
    /// The tags that make a document HTML when it starts with one.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "meta", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "pre", "script", "search", "section", "style", "summary", "table",
        "tbody", "td", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// `html` when the bytes look like an HTML document, else `markdown`.
    static func format(of bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { looksLikeHTML($0) } ? "html" : "markdown"
    }

    /// Whether a document starts like HTML (see the type's description). Reads at most the
    /// leading white space and comments and one tag name.
    static func looksLikeHTML(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if s.count >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF { i = 3 }
        while true {
            while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0D || s[i] == 0x0C { i += 1 }
            guard i < s.count, s[i] == UInt8(ascii: "<") else { return false }
            if startsWith(s, i, "<!--") {
                // Skip a comment and look at what follows it.
                var j = i + 4
                while j + 2 < s.count && !(s[j] == UInt8(ascii: "-") && s[j + 1] == UInt8(ascii: "-") && s[j + 2] == UInt8(ascii: ">")) { j += 1 }
                guard j + 2 < s.count else { return false }
                i = j + 3
                continue
            }
            if startsWith(s, i, "<!doctype") || startsWith(s, i, "<?xml") { return true }
            var j = i + 1
            var name: [UInt8] = []
            while j < s.count, name.count < 12, isAlphanumeric(s[j]) {
                name.append(s[j] | (s[j] >= 0x41 && s[j] <= 0x5A ? 0x20 : 0))
                j += 1
            }
            guard !name.isEmpty, blockTags.contains(String(decoding: name, as: UTF8.self)) else { return false }
            if j == s.count { return true }
            let next = s[j]
            return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x0C
        }
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Whether `s` has `prefix` (ASCII, compared case-insensitively) at `i`.
    private static func startsWith(_ s: UnsafeBufferPointer<UInt8>, _ i: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard i + count <= s.count else { return false }
        let p = prefix.utf8Start
        for k in 0..<count where s[i + k] | 0x20 != p[k] | 0x20 { return false }
        return true
    }
}
