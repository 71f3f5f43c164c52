@_spi(TransmarkStorage) import TransmarkCore

// MARK: - Inline writing

extension MarkdownWriter {
    /// Ends a run of inline content: unwritten openers and trailing whitespace are dropped.
    mutating func endInlineRun() {
        pendingOpeners.removeAll(keepingCapacity: true)
        pendingSpaces.removeAll(keepingCapacity: true)
    }

    /// Writes pending whitespace and openers before content.
    mutating func flushInlinePending() {
        if !pendingSpaces.isEmpty {
            if insideEscapedSpaces {
                // Only openers already written count: the pending spaces stand before the
                // pending openers.
                for c in pendingSpaces { w.content(c == 0x20 || c == 0x09 ? [0x5C, 0x20] : [c]) }
            } else {
                w.content(pendingSpaces)
            }
            pendingSpaces.removeAll(keepingCapacity: true)
        }
        if !pendingOpeners.isEmpty {
            for (k, var d) in pendingOpeners.enumerated() {
                w.flush()
                if w.bytes.count == lastCloserEnd.position && d.open.first == lastCloserEnd.byte {
                    d = separatedFromPreviousRun(d, alone: k == pendingOpeners.count - 1)
                }
                d.position = w.bytes.count
                w.marker(d.open)
                openDelimiters.append(d)
            }
            w.markContentStarted()
            pendingOpeners.removeAll(keepingCapacity: true)
        }
    }

    /// Writes inline content that is not whitespace.
    mutating func writeContent(_ bytes: [UInt8]) {
        flushInlinePending()
        w.content(bytes)
    }

    mutating func writeSpace(_ c: UInt8 = 0x20) {
        if w.atLineStart && pendingOpeners.isEmpty && pendingSpaces.isEmpty {
            // Leading whitespace of a line would be stripped (or start a code block): spaces go,
            // a tab that is content stays as a character reference.
            if c == 0x09 { w.content("&#9;") }
            return
        }
        pendingSpaces.append(c)
    }

    mutating func openDelimiter(_ i: Int32, open: [UInt8], close: [UInt8], escapesSpaces: Bool = false) {
        pendingOpeners.append(Delimiter(node: i, open: open, close: close, escapesSpaces: escapesSpaces))
    }

    /// Whether a written, unclosed delimiter admits no plain space (`^sup^`, `~sub~`).
    var insideEscapedSpaces: Bool {
        scriptsEscapeSpaces && openDelimiters.contains { $0.escapesSpaces }
    }

    /// Opens a node Markdown has no syntax for (underline, superscript, …) by its fallback
    /// policy: its HTML element, a symbol pair, or nothing (text only).
    /// `escapesSpaces`: the symbol pair cannot hold a plain space (pandoc's and markdown-it's
    /// `^sup^` and `~sub~`), so spaces inside are written `\ `.
    mutating func openFallback(_ i: Int32, policy: MarkdownBackend.Options.Fallback, symbol: String,
                               escapesSpaces: Bool = false) {
        switch policy {
        case .html:
            // The element the input wrote (`s`, `strike`, `ins`, …; see `htmlElementVariants`).
            if let tags = Self.htmlTags(records.tag(i), variant: records.variant(i)) {
                openDelimiter(i, open: tags.open, close: tags.close)
            }
        case .symbol: openDelimiter(i, open: Array(symbol.utf8), close: Array(symbol.utf8), escapesSpaces: escapesSpaces)
        case .text: break
        }
    }

    mutating func closeDelimiter(_ i: Int32) {
        if let k = pendingOpeners.lastIndex(where: { $0.node == i }) {
            // Nothing was written inside: the node is empty or whitespace only.
            pendingOpeners.remove(at: k)
            return
        }
        guard let k = openDelimiters.lastIndex(where: { $0.node == i }) else { return }
        let d = openDelimiters.remove(at: k)
        if d.close.first == UInt8(ascii: "<"), w.atBlockStart {
            // An HTML closing tag (`</mark>`) that would open a block's line, its element having
            // begun in an earlier block (a tree with blocks inside an inline node): alone on its
            // line it starts an HTML block, in which the escaped text of the lines after it
            // would be raw HTML (`\<script>` a live tag). The element closed with its block.
            return
        }
        if let element = htmlElementForDelimiter(d), !delimitersFlank(d, closing: i),
           let tags = Self.htmlTags(element.kind, variant: element.variant) {
            // `**Note:**text` or `a*(b)*`: the delimiters would not be read as emphasis here, so
            // the node is written as inline HTML instead (`<strong>Note:</strong>text`).
            w.replace(at: d.position, count: d.open.count, with: tags.open)
            keepOpeningTagOffItsOwnLine(at: d.position, count: tags.open.count)
            w.marker(tags.close)
            return
        }
        if d.open.first == UInt8(ascii: "<"), d.position >= 0 { keepOpeningTagOffItsOwnLine(at: d.position, count: d.open.count) }
        w.marker(d.close)
        if let last = d.close.last { lastCloserEnd = (w.bytes.count, last) }
    }

    /// An opening tag written for a delimiter (`<strong>`) whose element's content begins with a
    /// line end (a hard break, `<strong>␠␠⏎`) stands alone on its line: at a block's start that
    /// line opens an HTML block (kind 7), in which the escaped text of the lines after it would be
    /// raw HTML (`\<script>` a live tag). An empty comment after the tag keeps the line from being
    /// a tag alone. Only the container's markers (quote, list) may stand before the tag for this
    /// to apply; on a paragraph's continuation line, which opens no block, the comment is harmless.
    mutating func keepOpeningTagOffItsOwnLine(at position: Int, count: Int) {
        let bytes = w.bytes
        guard position >= 0, position + count <= bytes.count else { return }
        // Back to the line's start over container markers only, stopping at the first other byte
        // (so the work is bounded by the markers, not by the line: a long line of tags stays linear).
        var start = position
        while start > 0 && bytes[start - 1] != 0x0A {
            let b = bytes[start - 1]
            guard b == 0x20 || b == 0x09 || b == UInt8(ascii: ">") || b == UInt8(ascii: "-") || b == UInt8(ascii: "*")
                    || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b == UInt8(ascii: ")") || b == UInt8(ascii: ":")
                    || (0x30...0x39).contains(b) else { return }
            start -= 1
        }
        var end = position + count
        while end < bytes.count && bytes[end] != 0x0A {
            guard bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D else { return }
            end += 1
        }
        w.replace(at: position + count, count: 0, with: Array("<!-- -->".utf8))
    }

    /// An opener that would be written right after a closer of the same character (sibling
    /// emphasis `*a**b*`, strikethrough `~~a~~~~b~~`): emphasis and strong switch between `*`
    /// and `_` (the closing flank check still falls back to HTML where `_` cannot close), other
    /// delimiters become their HTML tags.
    /// `alone`: no other opener follows it here (pandoc's rule below needs that).
    mutating func separatedFromPreviousRun(_ d: Delimiter, alone: Bool) -> Delimiter {
        guard let c = d.open.first else { return d }
        var d = d
        let star = UInt8(ascii: "*"), underscore = UInt8(ascii: "_")
        let node = records.tag(d.node)
        if options.escaping == .pandoc && (node == .emphasis || node == .strong) && (c == star || c == underscore) {
            // pandoc reads `**s***e*` and `*e***s**`, but not `*e**c*`, nor an `_` opener right
            // after a closer (`**s**_e_`), nor longer runs (`***a*****b**`): one `**` closer and
            // one `*` opener, or the reverse, stay as they are; anything else is written as HTML.
            let run = starRun(endingAt: lastCloserEnd.position)
            if c == star && alone && (run == 2 && d.open.count == 1 || run == 1 && d.open.count == 2) { return d }
            if let tags = Self.htmlTags(node) { (d.open, d.close) = tags }
            return d
        }
        if (node == .emphasis || node == .strong || node == .term) && (c == star || c == underscore) {
            let other = c == star ? underscore : star
            d.open = d.open.map { _ in other }
            d.close = d.close.map { _ in other }
            chosenDelimiters[d.node] = other
            return d
        }
        switch node {
        case .strikethrough, .underline, .superscript, .subscript, .highlight:
            if let tags = Self.htmlTags(node, variant: records.variant(d.node)) {
                (d.open, d.close) = tags
                d.escapesSpaces = false
            }
        default:
            break
        }
        return d
    }

    /// The number of `*` right before `end` in the output.
    func starRun(endingAt end: Int) -> Int {
        var start = end
        while start > 0 && w.bytes[start - 1] == UInt8(ascii: "*") { start -= 1 }
        return end - start
    }

    /// The element a delimiter run (`*`, `_`, `~`) is written as when it would not be read as
    /// one (its kind and variant for `htmlTags`; a term's is `strong`), or nil for other
    /// delimiters. Its tags are made
    /// only when the flank check fails.
    func htmlElementForDelimiter(_ d: Delimiter) -> (kind: NodeKind.Tag, variant: UInt8)? {
        guard d.position >= 0, let c = d.open.first,
              c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~") else { return nil }
        switch records.tag(d.node) {
        case .emphasis: return (.emphasis, 0)
        case .strong, .term: return (.strong, 0)
        case .strikethrough: return (.strikethrough, records.variant(d.node))
        default: return nil
        }
    }

    /// The start and end tags of the HTML element nodes of a kind are written as
    /// (`NodeKind.Tag.htmlTagName`), or nil when the kind has no fixed element.
    static func htmlTags(_ kind: NodeKind.Tag, variant: UInt8 = 0) -> (open: [UInt8], close: [UInt8])? {
        guard let name = kind.htmlTagName(variant: variant) else { return nil }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return ([UInt8(ascii: "<")] + bytes + [UInt8(ascii: ">")],
                [UInt8(ascii: "<"), UInt8(ascii: "/")] + bytes + [UInt8(ascii: ">")])
    }

    /// How a byte-level neighbour of a delimiter run counts for CommonMark's flanking rules.
    enum FlankClass { case space, punctuation, other }

    /// The class of the character ending just before `end` in `bytes` (nil: line start).
    static func classBefore(_ bytes: [UInt8], _ end: Int) -> FlankClass {
        guard end > 0 else { return .space }
        let b = bytes[end - 1]
        if b < 0x80 {
            if MarkdownTextEscaper.isSpace(b) { return .space }
            return MarkdownTextEscaper.isASCIIPunctuation(b) ? .punctuation : .other
        }
        var lead = end - 1
        while lead > 0 && bytes[lead] & 0xC0 == 0x80 && end - lead < 4 { lead -= 1 }
        return classOfScalar(lead: bytes[lead], second: lead + 1 < end ? bytes[lead + 1] : 0, third: lead + 2 < end ? bytes[lead + 2] : 0)
    }

    /// The class of a non-ASCII character from its first UTF-8 bytes: U+00A0 and U+2000–U+200A
    /// are spaces; Latin-1 symbols, general and CJK punctuation count as punctuation.
    static func classOfScalar(lead: UInt8, second: UInt8, third: UInt8) -> FlankClass {
        if lead == 0xC2 {
            // U+00A0 is a space; ¡ § « ¶ · » ¿ are punctuation (Unicode P*), the rest symbols.
            switch second {
            case 0xA0: return .space
            case 0xA1, 0xA7, 0xAB, 0xB6, 0xB7, 0xBB, 0xBF: return .punctuation
            default: return .other
            }
        }
        if lead == 0xE2 && second == 0x80 { return third <= 0x8A ? .space : .punctuation }
        if lead == 0xE3 && second == 0x80 { return third == 0x80 ? .space : .punctuation }
        return .other
    }

    static func classOf(_ b: UInt8?) -> FlankClass {
        guard let b else { return .space }
        if MarkdownTextEscaper.isSpace(b) { return .space }
        if b < 0x80 { return MarkdownTextEscaper.isASCIIPunctuation(b) ? .punctuation : .other }
        return b == 0xE2 || b == 0xE3 ? .punctuation : .other
    }

    /// Whether the written opener of `d` can open and the closer about to be written can close
    /// (CommonMark's left- and right-flanking rules, with `_`'s intraword restriction).
    mutating func delimitersFlank(_ d: Delimiter, closing i: Int32) -> Bool {
        let bytes = w.bytes
        let contentStart = d.position + d.open.count
        guard contentStart < bytes.count else { return true }
        // Flanking is decided for a whole delimiter run (`***` of emphasis around strong).
        let c = d.open[0]
        // (Nested emphasis asks about the same long runs closer after closer: the memos keep
        // that linear.)
        let runStart = flankRuns.opener.runStart(in: bytes, endingAt: d.position, of: c, edits: w.edits)
        let firstIndex = flankRuns.content.firstOther(in: bytes, from: contentStart, of: c, edits: w.edits)
        guard firstIndex < bytes.count else { return true }
        let runEnd = max(firstIndex, flankRuns.closer.runStart(in: bytes, endingAt: bytes.count, of: c, edits: w.edits))
        let before = Self.classBefore(bytes, runStart)
        let firstByte = bytes[firstIndex]
        let first: FlankClass = firstByte < 0x80 ? Self.classOf(firstByte)
            : Self.classOfScalar(lead: firstByte, second: firstIndex + 1 < bytes.count ? bytes[firstIndex + 1] : 0,
                                 third: firstIndex + 2 < bytes.count ? bytes[firstIndex + 2] : 0)
        let last = Self.classBefore(bytes, runEnd)
        // Whitespace held back at the content's end is written after the closer.
        let after = pendingSpaces.isEmpty ? Self.classOf(firstByteAfter(i, noBreakSpaceAsSpace: true)) : .space
        let leftFlanking = first != .space && (first != .punctuation || before != .other)
        let rightFlanking = last != .space && (last != .punctuation || after != .other)
        guard leftFlanking && rightFlanking else { return false }
        if d.open.first == UInt8(ascii: "_") {
            // `_` cannot open after a letter or close before one.
            if before == .other || after == .other { return false }
            // cmark-gfm with strikethrough does not match `_` runs next to `~` (`_v_~~a~~`,
            // `~~a~~_v_`), though CommonMark's rules would.
            let tilde = UInt8(ascii: "~")
            if options.gfm && (runStart > 0 && bytes[runStart - 1] == tilde || firstByteAfter(i) == tilde) { return false }
        }
        return true
    }

    /// `*` or `_` (or `**`/`__`): underscores do not work inside words, so use asterisks there.
    mutating func chooseDelimiter(_ i: Int32, preferred: String) -> [UInt8] {
        var d = Array(preferred.utf8)
        defer { chosenDelimiters[i] = d.first }
        // Emphasis directly inside emphasis (or strong in strong) with the same character reads
        // as one run (`**x**` is strong, not emphasis in emphasis): use the other character.
        // (`****x****` is strong in strong, so strong keeps its character.)
        let p = records.parent(i)
        if p >= 0, records.tag(i) == .emphasis, records.firstChild(p) == i,
           let parentChar = chosenDelimiters[p], parentChar == d.first {
            let other: UInt8 = parentChar == UInt8(ascii: "*") ? UInt8(ascii: "_") : UInt8(ascii: "*")
            let previous = pendingSpaces.last ?? w.last
            if other == UInt8(ascii: "*") || !(previous.map(MarkdownTextEscaper.isWordByte) ?? false) {
                d = d.map { _ in other }
                return d
            }
        }
        guard d.first == UInt8(ascii: "_") else {
            return d
        }
        // `_` cannot open after a word character or close before one. The characters that will
        // stand beside the delimiters are what counts: whitespace at the content's edges is
        // written outside them, and U+00A0 is whitespace (`foo&nbsp;<i>&nbsp;bar</i>` is
        // `foo  _bar_`, `<i>foo </i>bar` is `_foo_ bar`).
        let wordBefore = pendingSpaces.isEmpty && !contentEdgeIsSpace(i, leading: true)
            && Self.classBefore(w.bytes, w.bytes.count) == .other
        var wordAfter = false
        let next = records.nextSibling(i)
        if !wordBefore && next >= 0 && records.tag(next) == .text && !contentEdgeIsSpace(i, leading: false) {
            let bytes = document.textBytes(at: next)
            if let f = bytes.first {
                let k = bytes.startIndex
                wordAfter = (f < 0x80 ? Self.classOf(f)
                    : Self.classOfScalar(lead: f, second: k + 1 < bytes.endIndex ? bytes[k + 1] : 0,
                                         third: k + 2 < bytes.endIndex ? bytes[k + 2] : 0)) == .other
            }
        } else if !wordBefore && next >= 0 && !contentEdgeIsSpace(i, leading: false) {
            // A superscript or subscript written as Unicode digits (`_x_²` would not close).
            let t = records.tag(next)
            if t == .superscript && options.superscript == .unicode || t == .subscript && options.subscript == .unicode {
                wordAfter = unicodeFormFirstByte(next, superscript: t == .superscript) == 0xC2
            }
        }
        if wordBefore || wordAfter { d = d.map { _ in UInt8(ascii: "*") } }
        return d
    }

    /// Whether the content of inline node `i` starts (`leading`) or ends with whitespace, which
    /// is written outside its delimiters. Looks at most a few levels and siblings deep (a
    /// best-effort answer, `false`, beyond them), so that the cost per node stays constant.
    func contentEdgeIsSpace(_ i: Int32, leading: Bool) -> Bool {
        var node = records.firstChild(i)
        var depth = 0
        while node >= 0 && depth < 8 {
            if !leading {
                // The last child: siblings are linked forwards only.
                var steps = 0
                while records.nextSibling(node) >= 0 && steps < 64 { node = records.nextSibling(node); steps += 1 }
                if records.nextSibling(node) >= 0 { return false }
            }
            switch records.tag(node) {
            case .text:
                let bytes = document.textBytes(at: node)
                guard let b = leading ? bytes.first : bytes.last else { return false }
                if MarkdownTextEscaper.isSpace(b) { return true }
                return leading ? b == 0xC2 && bytes.dropFirst().first == 0xA0
                    : b == 0xA0 && bytes.dropLast().last == 0xC2
            case .softBreak, .lineBreak:
                return true
            default:
                node = records.firstChild(node)
                depth += 1
            }
        }
        return false
    }

    /// A soft break: a space where a line cannot end (an ATX heading, a table cell), else a line end.
    mutating func writeSoftBreak(_ i: Int32) {
        if inHeading && headingLineStart < 0 || inTableCell || insideEscapedSpaces || rawHTMLWouldInterrupt(after: i) {
            writeSpace()
        } else {
            pendingSpaces.removeAll(keepingCapacity: true)
            w.softBreak()
        }
    }

    /// Whether the node after the soft break `i` is raw HTML that, at the start of the next
    /// line, would open an HTML block interrupting the paragraph: the break is written as a space.
    func rawHTMLWouldInterrupt(after i: Int32) -> Bool {
        let next = records.nextSibling(i)
        guard next >= 0, tag(next) == .htmlInline, options.rawHTML == .keep else { return false }
        let raw = keptRawHTML(Array(document.textBytes(at: next)))
        return HTMLBlockStart.kind(of: Array(raw.prefix { $0 != 0x0A && $0 != 0x0D }), aloneOnLine: false).map { $0 < 7 } ?? false
    }

    /// Inline raw HTML kept as markup (`rawHTML=keep`, cleaned by the policy unless `unsafe`), as
    /// written except where it would end its block or open another: a line break inside it is a
    /// space in a heading or table row (one line), or where the line after it would end the
    /// paragraph (`BlockStartLine`); and at the start of a line where it would open an HTML block
    /// (`HTMLBlockStart`: a tree libcmark-gfm never makes, as such a line is a block there) its
    /// `<` is escaped. Else the lines after it would be raw HTML, their escaped text live markup.
    mutating func writeKeptRawInline(_ i: Int32) {
        let raw = rawInlineLines(keptRawHTML(Array(document.textBytes(at: i))),
                                 singleLine: inTableCell || inHeading && headingLineStart < 0)
        flushInlinePending()
        if w.atLineStart && !inTableCell {
            let firstLine = raw.prefix { $0 != 0x0A && $0 != 0x0D }
            let alone = firstLine.count < raw.count || nextEndsLine(i)
            var trimmed = Array(firstLine)
            while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed.removeLast() }
            if let kind = HTMLBlockStart.kind(of: trimmed, aloneOnLine: alone), kind < 7 || w.atBlockStart {
                w.content(byte: UInt8(ascii: "\\"))
            }
        }
        w.content(raw)
    }

    /// Raw HTML with each line break (CR, LF or CRLF) that must not break the line made a space:
    /// all of them on a `singleLine`, else those before a line that would end the paragraph.
    func rawInlineLines(_ raw: [UInt8], singleLine: Bool) -> [UInt8] {
        guard raw.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            let b = raw[k]
            guard b == 0x0A || b == 0x0D else { out.append(b); k += 1; continue }
            let breakEnd = b == 0x0D && k + 1 < raw.count && raw[k + 1] == 0x0A ? k + 2 : k + 1
            var lineEnd = breakEnd
            while lineEnd < raw.count && raw[lineEnd] != 0x0A && raw[lineEnd] != 0x0D { lineEnd += 1 }
            if singleLine || BlockStartLine.endsParagraph(raw[breakEnd..<lineEnd]) {
                out.append(0x20)
            } else {
                out.append(contentsOf: raw[k..<breakEnd])
            }
            k = breakEnd
        }
        return out
    }

    /// Whether the line ends after the inline node `i`: it is its block's last, or a break follows.
    func nextEndsLine(_ i: Int32) -> Bool {
        let next = records.nextSibling(i)
        return next < 0 || tag(next) == .softBreak || tag(next) == .lineBreak
    }

    /// `[^label]` (escaped without GFM, where it is no syntax).
    mutating func writeFootnoteReference(_ i: Int32) {
        guard case .footnoteReference(let label) = document.kind(at: i) else { return }
        if options.gfm {
            writeContent(Array(("[^" + Self.footnoteLabel(label) + "]").utf8))
        } else {
            writeContent(Array(("\\[^" + Self.footnoteLabel(label) + "\\]").utf8))
        }
    }

    /// Opens the delimiters of an inline node whose content follows (emphasis, strong, the
    /// fallbacks, spans with HTML attributes; nothing for custom nodes).
    mutating func openInlineDelimiters(_ i: Int32, _ t: NodeKind.Tag) {
        switch t {
        case .emphasis:
            let d = chooseDelimiter(i, preferred: options.emphasisDelimiter)
            openDelimiter(i, open: d, close: d)
        case .strong:
            let d = chooseDelimiter(i, preferred: options.strongDelimiter)
            openDelimiter(i, open: d, close: d)
        case .strikethrough:
            if options.gfm {
                let d = Array(options.strikethroughDelimiter.utf8)
                openDelimiter(i, open: d, close: d)
            } else {
                openFallback(i, policy: options.strikethrough, symbol: "~~")
            }
        case .underline where options.underline == .symbol && options.escaping == .pandoc:
            // pandoc's underline: a bracketed span of class `underline`.
            openDelimiter(i, open: [UInt8(ascii: "[")], close: Array("]{.underline}".utf8))
        case .underline:
            openFallback(i, policy: options.underline, symbol: "++")
        case .highlight where options.highlight == .symbol && options.escaping == .pandoc:
            // pandoc reads a span of class `mark` as highlighted text (`<mark>` in HTML).
            openDelimiter(i, open: [UInt8(ascii: "[")], close: Array("]{.mark}".utf8))
        case .superscript:
            if let policy = options.superscript.fallback { openFallback(i, policy: policy, symbol: "^", escapesSpaces: true) }
        case .subscript:
            if let policy = options.subscript.fallback { openFallback(i, policy: policy, symbol: "~", escapesSpaces: true) }
        case .highlight:
            openFallback(i, policy: options.highlight, symbol: "==")
        case .span:
            if options.span == .html && (records.attributes(i) >= 0 || records.style(i) >= 0) {
                openDelimiter(i, open: Array(("<span" + htmlAttributes(i) + ">").utf8), close: Array("</span>".utf8))
            } else if options.span == .symbol, let attributes = pandocAttributes(i) {
                // pandoc's bracketed span.
                openDelimiter(i, open: [UInt8(ascii: "[")], close: Array(("]" + attributes).utf8))
            }
        default:
            break
        }
    }

    mutating func writeHardBreak(_ i: Int32) {
        // Hard breaks at the end of a block have no syntax (a break needs content after it) and
        // the last shows nothing in HTML either: drop them.
        if breakEndsBlock(i) { return }
        if inHeading && headingLineStart < 0 && options.escaping == .pandoc && !inTableCell {
            // pandoc's headings hold no break and pandoc writes one as a space (raw `<br>`
            // would vanish from every output but HTML, gluing the words around it).
            if pendingSpaces.isEmpty { writeSpace() }
            return
        }
        if inTableCell || inHeading && headingLineStart < 0 {
            // A table row and an ATX heading are one line: the break is written as HTML.
            writeContent(Array("<br>".utf8))
            return
        }
        pendingSpaces.removeAll(keepingCapacity: true)
        if linkDepth == 0 && !openDelimiters.contains(where: { $0.open.first == UInt8(ascii: "[") }) {
            // Close open delimiters, break the line, reopen them. (Inside link text and pandoc's
            // bracketed spans the break stays inside: closing and reopening would make two
            // links or two spans of one, with one id twice.)
            let reopen = openDelimiters
            for d in openDelimiters.reversed() { w.marker(d.close) }
            openDelimiters.removeAll()
            let carried = pendingOpeners
            pendingOpeners = reopen + carried
        } else {
            flushInlinePending()
        }
        // In a grid table's cell trailing spaces are padding: only a backslash is a break there.
        if options.hardBreak == .backslash || w.atLineStart || inGridCell {
            // Two spaces on an otherwise empty line would make a blank line: use `\`.
            w.marker("\\")
        } else {
            w.marker("  ")
            w.keepTrailingSpaces()
        }
        w.cr()
        w.flush()
        w.markLineStart()
    }

    /// Whether only hard breaks follow the break `i` up to the end of its block or a block inside
    /// it. Found once for each run of sibling breaks (`breakRun`): looking past the rest of the
    /// run from every break of it was quadratic (`<br>` × 50,000 took 5 s).
    mutating func breakEndsBlock(_ i: Int32) -> Bool {
        // Sibling breaks have no children, so a run of them holds consecutive indices.
        if i > breakRun.first && i <= breakRun.last { return breakRun.endsBlock }
        var last = i
        var next = records.nextSibling(i)
        while next >= 0 && tag(next) == .lineBreak { last = next; next = records.nextSibling(next) }
        var node = i
        var endsBlock: Bool
        while true {
            // A block after the break (a division after a link holding it) ends the paragraph.
            if next >= 0 { endsBlock = tag(next).isBlock; break }
            node = records.parent(node)
            guard node >= 0, !tag(node).isBlock else { endsBlock = true; break }
            next = records.nextSibling(node)
            while next >= 0 && tag(next) == .lineBreak { next = records.nextSibling(next) }
        }
        breakRun = (i, last, endsBlock)
        return endsBlock
    }

    mutating func writeCodeSpan(_ i: Int32) {
        document.textBytes(at: i).withUnsafeBufferPointer { writeCodeSpan(code: $0) }
    }

    /// Writes `code` as a code span (line ends become spaces).
    mutating func writeCodeSpan(code: [UInt8]) {
        code.withUnsafeBufferPointer { writeCodeSpan(code: $0) }
    }

    /// Writes `code` as a code span (line ends, LF or CR, become spaces): fenced by a backtick run of a
    /// length that does not occur inside, padded with spaces where the content would otherwise
    /// lose them or merge with the fence.
    mutating func writeCodeSpan(code: UnsafeBufferPointer<UInt8>) {
        // An empty code span has no syntax (`` reads back as text) and shows nothing.
        if code.isEmpty { return }
        // One pass: the backtick run lengths inside (bit k-1 of `shortRuns` for a run of k, longer
        // runs in a set), whether the bytes change (line ends; pipes in table cells) and whether
        // they are all spaces once line ends are.
        var shortRuns: UInt64 = 0
        var longRuns = Set<Int>()
        var run = 0
        var changes = false
        var allSpaces = true
        let escapesPipes = inTableCell
        for b in code {
            if b == UInt8(ascii: "`") {
                run += 1
                allSpaces = false
                continue
            }
            if run > 0 {
                if run <= 64 { shortRuns |= 1 << UInt64(run - 1) } else { longRuns.insert(run) }
                run = 0
            }
            if b == 0x0A || b == 0x0D || (escapesPipes && b == UInt8(ascii: "|")) { changes = true }
            if b != 0x20 && b != 0x0A && b != 0x0D { allSpaces = false }
        }
        if run > 0 {
            if run <= 64 { shortRuns |= 1 << UInt64(run - 1) } else { longRuns.insert(run) }
        }
        var ticks = 1
        while ticks <= 64 ? shortRuns & (1 << UInt64(ticks - 1)) != 0 : longRuns.contains(ticks) { ticks += 1 }
        // The first and last bytes as written: a line end is a space, a leading pipe gets a `\`.
        let shown = { (b: UInt8) -> UInt8 in b == 0x0A || b == 0x0D ? 0x20 : b }
        let first = escapesPipes && code[0] == UInt8(ascii: "|") ? UInt8(ascii: "\\") : shown(code[0])
        let last = shown(code[code.count - 1])
        let pad = !allSpaces && (first == UInt8(ascii: "`") || last == UInt8(ascii: "`") || (first == 0x20 && last == 0x20))
        flushInlinePending()
        for _ in 0 ..< ticks { w.content(byte: UInt8(ascii: "`")) }
        if pad { w.content(byte: 0x20) }
        if changes {
            var written: [UInt8] = []
            written.reserveCapacity(code.count + 8)
            Self.appendOnOneLine(code, escapingPipes: escapesPipes, to: &written)
            w.content(written)
        } else {
            w.content(code)
        }
        if pad { w.content(byte: 0x20) }
        for _ in 0 ..< ticks { w.content(byte: UInt8(ascii: "`")) }
    }

    /// Appends `bytes` to `out` as inline content that must stay on one line (a code span,
    /// math): a line end (LF or CR) as a space, since a line end left in would let the next line
    /// start a block (`<script>` there would be an HTML block); with `escapingPipes` (in a table
    /// cell) a `\` before each `|`, since GFM splits table rows at `|` before reading inlines and
    /// `\|` keeps the pipe.
    @inline(__always)
    static func appendOnOneLine<Bytes: Sequence<UInt8>>(_ bytes: Bytes, escapingPipes: Bool, to out: inout [UInt8]) {
        for b in bytes {
            if b == 0x0A || b == 0x0D {
                out.append(0x20)
            } else {
                if escapingPipes && b == UInt8(ascii: "|") { out.append(0x5C) }
                out.append(b)
            }
        }
    }
}
