/// Which CommonMark HTML block raw HTML would open if it began a line (CommonMark 0.31, 4.6).
///
/// An HTML block makes the lines after it raw HTML up to its end condition, so the escaped text of
/// those lines (`\<script>`) would reach a renderer as markup. The Markdown writer asks this before
/// writing inline raw HTML at a line's start.
enum HTMLBlockStart {
    /// The block kinds a line starting with `raw` opens: 1–6 may interrupt a paragraph, 7 (a
    /// complete tag alone on its line; `aloneOnLine` says whether nothing but whitespace follows
    /// it) may not; nil for none.
    static func kind(of raw: [UInt8], aloneOnLine: Bool) -> Int? {
        guard raw.count >= 2, raw[0] == UInt8(ascii: "<") else { return nil }
        if raw[1] == UInt8(ascii: "?") { return 3 }
        if raw[1] == UInt8(ascii: "!") {
            if raw.starts(with: Array("<!--".utf8)) { return 2 }
            if raw.starts(with: Array("<![CDATA[".utf8)) { return 5 }
            if raw.count > 2 && isLetter(raw[2]) { return 4 }
            return nil
        }
        let closing = raw[1] == UInt8(ascii: "/")
        var end = closing ? 2 : 1
        let nameStart = end
        while end < raw.count && (isLetter(raw[end]) || isDigit(raw[end]) || raw[end] == UInt8(ascii: "-")) { end += 1 }
        guard end > nameStart, isLetter(raw[nameStart]) else { return nil }
        let name = String(decoding: raw[nameStart..<end].map { $0 | 0x20 }, as: UTF8.self)
        // What follows the name: the end of the raw HTML counts as the line's end.
        let after: UInt8? = end < raw.count ? raw[end] : nil
        let endsName = after.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ">") } ?? true
        if !closing && rawTextNames.contains(name) && endsName { return 1 }
        if blockNames.contains(name) && (endsName || after == UInt8(ascii: "/") && end + 1 < raw.count && raw[end + 1] == UInt8(ascii: ">")) {
            return 6
        }
        // Kind 7: a whole tag (approximated: it ends the raw HTML with its only `>`), nothing after it.
        if aloneOnLine && !rawTextNames.contains(name) && raw.last == UInt8(ascii: ">")
            && raw.dropLast().firstIndex(of: UInt8(ascii: ">")) == nil {
            return 7
        }
        return nil
    }

    /// What ends the HTML block `raw` opens when that end is not in `raw` itself (kinds 1–5 end
    /// at a marker, not at a blank line, and would run on over the blocks after it): `</pre>` and
    /// the like, `-->`, `?>`, `>` or `]]>`. Nil when `raw` opens no such block or holds its end.
    static func missingEnd(of raw: [UInt8]) -> [UInt8]? {
        var start = 0
        while start < min(raw.count, 3) && raw[start] == 0x20 { start += 1 }
        let firstLine = Array(raw[start...].prefix { $0 != 0x0A && $0 != 0x0D })
        guard let kind = kind(of: firstLine, aloneOnLine: false), kind <= 5 else { return nil }
        let body = Array(raw[start...])
        func holds(_ marker: String, from offset: Int) -> Bool {
            let m = Array(marker.utf8)
            guard body.count >= offset + m.count else { return false }
            var k = offset
            while k + m.count <= body.count {
                if zip(body[k..<k + m.count], m).allSatisfy({ $0 == $1 || isLetter($0) && ($0 | 0x20) == $1 }) { return true }
                k += 1
            }
            return false
        }
        switch kind {
        case 1:
            // libcmark-gfm 0.29 ends it at `</script>`, `</pre>` or `</style>`; a `<textarea>`
            // (kind 1 only since CommonMark 0.30) ends at a blank line there, and its content is
            // text in a browser whatever follows.
            let name = firstLine.dropFirst().prefix { isLetter($0) }.map { $0 | 0x20 }
            if name == Array("textarea".utf8) || ["script", "pre", "style"].contains(where: { holds("</" + $0 + ">", from: 1) }) {
                return nil
            }
            return Array("</".utf8) + name + [UInt8(ascii: ">")]
        case 2: return holds("-->", from: 4) ? nil : Array("-->".utf8)
        case 3: return holds("?>", from: 2) ? nil : Array("?>".utf8)
        case 4: return holds(">", from: 2) ? nil : Array(">".utf8)
        default: return holds("]]>", from: 9) ? nil : Array("]]>".utf8)
        }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Kind 1: elements whose content is raw text, up to their closing tag.
    private static let rawTextNames: Set<String> = ["script", "pre", "style", "textarea"]

    /// Kind 6: block-level elements (CommonMark 0.31's list, with `source`, which GFM 0.29 still
    /// has, and `search`, which it has not yet).
    private static let blockNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "search", "section", "source", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]
}
