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

    /// What ends an HTML block of kinds 1–5 that is still open after the lines of `raw` (such a
    /// block ends at a marker, not at a blank line, and would run on over the blocks after it):
    /// `</pre>` and the like, `-->`, `?>`, `>` or `]]>`; nil when none is open at the end.
    ///
    /// The lines are read as a block parser reads them: a line that opens a block of kinds 1–5
    /// (first in the raw HTML or after a blank line, or interrupting a paragraph) makes every line
    /// up to the one holding its end part of it; a block of kind 6, or of kind 7 (not after a
    /// paragraph line), runs to a blank line; any other line is paragraph text. So raw HTML whose
    /// first line opens no block (a filtered `&lt;script>`) but whose later line does (`<pre>`)
    /// gets the end of the later one. `<textarea>` is left alone: libcmark-gfm 0.29 ends it at a
    /// blank line, and its content is text in a browser whatever follows.
    static func missingEnd(of raw: [UInt8]) -> [UInt8]? {
        enum State { case none, paragraph, untilBlank, untilMarker(kind: Int, name: [UInt8]) }
        var state = State.none
        var lineStart = 0
        while lineStart <= raw.count {
            var lineEnd = raw[lineStart...].firstIndex(of: 0x0A) ?? raw.count
            let next = lineEnd + 1
            if lineEnd > lineStart && raw[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = raw[lineStart..<lineEnd]
            lineStart = next
            let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            switch state {
            case .untilMarker(let kind, _):
                if holdsEnd(of: kind, in: line, from: line.startIndex) { state = .none }
                continue
            case .untilBlank:
                if blank { state = .none }
                continue
            case .none, .paragraph:
                break
            }
            if blank { state = .none; continue }
            var indent = 0
            var k = line.startIndex
            while k < line.endIndex && (line[k] == 0x20 || line[k] == 0x09) {
                indent += line[k] == 0x09 ? 4 - indent % 4 : 1
                k += 1
            }
            // Indented code, or a paragraph's continuation: opens nothing.
            if indent >= 4 { continue }
            var content = Array(line[k...])
            while let last = content.last, last == 0x20 || last == 0x09 { content.removeLast() }
            guard let kind = kind(of: content, aloneOnLine: true) else { state = .paragraph; continue }
            switch kind {
            case 1:
                let name = content.dropFirst().prefix { isLetter($0) }.map { $0 | 0x20 }
                if name == Array("textarea".utf8) {
                    if case .paragraph = state { continue }
                    state = .untilBlank
                } else {
                    state = holdsEnd(of: 1, in: content[...], from: 1) ? .none : .untilMarker(kind: 1, name: name)
                }
            case 2...5:
                let opener = [2: 4, 3: 2, 4: 2, 5: 9][kind] ?? 0
                state = holdsEnd(of: kind, in: content[...], from: opener) ? .none : .untilMarker(kind: kind, name: [])
            case 6:
                state = .untilBlank
            default:
                if case .paragraph = state { continue }
                state = .untilBlank
            }
        }
        guard case .untilMarker(let kind, let name) = state else { return nil }
        switch kind {
        case 1: return Array("</".utf8) + name + [UInt8(ascii: ">")]
        case 2: return Array("-->".utf8)
        case 3: return Array("?>".utf8)
        case 4: return Array(">".utf8)
        default: return Array("]]>".utf8)
        }
    }

    /// Whether `line`, from `offset`, holds what ends an HTML block of `kind` (1–5): `</script>`,
    /// `</pre>` or `</style>` (any letter case), `-->`, `?>`, `>` or `]]>`.
    private static func holdsEnd(of kind: Int, in line: ArraySlice<UInt8>, from offset: Int) -> Bool {
        func holds(_ marker: String) -> Bool {
            let m = Array(marker.utf8)
            var k = offset
            while k + m.count <= line.endIndex {
                if zip(line[k..<k + m.count], m).allSatisfy({ $0 == $1 || isLetter($0) && ($0 | 0x20) == $1 }) { return true }
                k += 1
            }
            return false
        }
        switch kind {
        case 1: return ["script", "pre", "style"].contains { holds("</" + $0 + ">") }
        case 2: return holds("-->")
        case 3: return holds("?>")
        case 4: return holds(">")
        default: return holds("]]>")
        }
    }

    /// Where the complete open or closing tag at the start of `line` ends (the index after its
    /// `>`), by CommonMark's grammar (6.6): a tag name, attributes with unquoted, single- or
    /// double-quoted values, white space, an optional `/`; nil when `line` starts with none (an
    /// autolink such as `<https://…>` is none: `:` cannot follow a tag name).
    static func completeTagEnd(in line: ArraySlice<UInt8>) -> Int? {
        var k = line.startIndex
        let end = line.endIndex
        guard k < end, line[k] == UInt8(ascii: "<") else { return nil }
        k += 1
        let closing = k < end && line[k] == UInt8(ascii: "/")
        if closing { k += 1 }
        guard k < end, isLetter(line[k]) else { return nil }
        while k < end && (isLetter(line[k]) || isDigit(line[k]) || line[k] == UInt8(ascii: "-")) { k += 1 }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        if closing {
            while k < end && isSpace(line[k]) { k += 1 }
            return k < end && line[k] == UInt8(ascii: ">") ? k + 1 : nil
        }
        while true {
            let beforeSpace = k
            while k < end && isSpace(line[k]) { k += 1 }
            guard k < end else { return nil }
            if line[k] == UInt8(ascii: ">") { return k + 1 }
            if line[k] == UInt8(ascii: "/") { return k + 1 < end && line[k + 1] == UInt8(ascii: ">") ? k + 2 : nil }
            // An attribute: white space before it, then its name.
            let b = line[k]
            guard k > beforeSpace, isLetter(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") else { return nil }
            k += 1
            while k < end, isLetter(line[k]) || isDigit(line[k]) || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(line[k]) { k += 1 }
            // An optional value.
            var v = k
            while v < end && isSpace(line[v]) { v += 1 }
            guard v < end, line[v] == UInt8(ascii: "=") else { continue }
            v += 1
            while v < end && isSpace(line[v]) { v += 1 }
            guard v < end else { return nil }
            let quote = line[v]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                v += 1
                while v < end && line[v] != quote { v += 1 }
                guard v < end else { return nil }
                k = v + 1
            } else {
                let start = v
                while v < end, !isSpace(line[v]), ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "<"),
                                                     UInt8(ascii: ">"), UInt8(ascii: "`")].contains(line[v]) { v += 1 }
                guard v > start else { return nil }
                k = v
            }
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
