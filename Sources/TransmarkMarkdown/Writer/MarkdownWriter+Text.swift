@_spi(TransmarkStorage) import TransmarkCore

extension MarkdownWriter {
    /// Writes a text node, escaping exactly what would otherwise parse as syntax at its position.
    mutating func writeText(_ i: Int32) {
        let text = document.textBytes(at: i)
        currentTextNode = i
        if options.escaping == .turndown || options.escaping == .none {
            writeTextEscapedAsAWhole(text)
            return
        }
        let nextByte = firstByteAfter(i)
        var k = text.startIndex
        let end = text.endIndex
        // One scratch buffer for all text nodes (no allocation per node).
        var run = textScratch
        textScratch = []
        run.removeAll(keepingCapacity: true)
        defer { textScratch = run }

        let pandoc = options.escaping == .pandoc
        let special = specialTextBytes
        // Without wrapping, a space between two ordinary bytes of this node is plain content: it
        // can end up neither at a line start nor after a closing delimiter.
        // (Inside `^sup^` spaces are escaped; its opener may still be pending here.)
        let spacesInline = options.lineWidth == 0 && !(scriptsEscapeSpaces && spacesEscapedAhead())
        // Without GFM, autolinks are escaped only where a `\<` follows in the word.
        var lookahead = MarkdownTextEscaper.TagOpenerLookahead()
        while k < end {
            // Fast path: inside a line (something already in `run`), bytes that are syntax nowhere
            // but at a line start are copied as they are, a whole run at a time.
            if !run.isEmpty {
                let base = text.startIndex
                let inCell = inTableCell
                let j = base + text.withUnsafeBufferPointer { p in
                    special.withUnsafeBufferPointer { table in
                        Self.ordinaryRunEnd(p, from: k - base, special: table, spacesInline: spacesInline,
                                            inTableCell: inCell)
                    }
                }
                if j > k {
                    run.append(contentsOf: text[k..<j])
                    k = j
                    continue
                }
            }
            let c = text[k]
            switch c {
            case 0x0A, 0x0D:
                // A line end inside text (from a character reference or preserved whitespace)
                // is content, not a soft break: keep it as a reference.
                run.append(contentsOf: Self.lineEndReference(c))
                k += 1
            case 0x20, 0x09:
                // Whitespace is held back: it may end up after a closing delimiter.
                writeContent(flushing: &run)
                writeTextSpace(c, wrapping: text, at: k)
                k += 1
            case 0xC2 where k + 1 < end && text[k + 1] == 0xA0:
                writeContent(flushing: &run)
                writeNoBreakSpace()
                k += 2
            default:
                // Escaped where it would otherwise read as syntax (a whole construct at once
                // where one is: `1.`, `www.`).
                let atLineStart = run.isEmpty && w.atLineStart && pendingSpaces.isEmpty && pendingOpeners.isEmpty
                let next: UInt8? = k + 1 < end ? text[k + 1] : nextByte
                if atLineStart && !inTableCell {
                    if pandoc, let after = Self.appendPandocBlockStart(text, at: k, nextByte: nextByte, to: &run) {
                        k = after
                        continue
                    }
                    if let after = Self.appendEscapedBlockStart(text, at: k, next: next, nextByte: nextByte, to: &run) {
                        k = after
                        continue
                    }
                }
                let previous: UInt8? = run.last ?? pendingOpeners.last?.open.last ?? pendingSpaces.last ?? w.last
                let previousIsSpace = previous == nil || MarkdownTextEscaper.isSpace(previous!) || atLineStart
                let nextIsSpace = next == nil || MarkdownTextEscaper.isSpace(next!)
                let flanking = !(previousIsSpace && nextIsSpace)
                switch c {
                case UInt8(ascii: "\\"):
                    // pandoc reads `\word` as raw TeX.
                    if pandoc || next == nil || MarkdownTextEscaper.isASCIIPunctuation(next!) || next == 0x0A { run.append(0x5C) }
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                    // pandoc: smart quotes, superscript, TeX math.
                    if pandoc { run.append(0x5C) }
                case UInt8(ascii: "@"):
                    // pandoc: a citation (`@doe99`) starts a word.
                    if pandoc && !(previous.map(MarkdownTextEscaper.isWordByte) ?? false) { run.append(0x5C) }
                case UInt8(ascii: "-"):
                    // pandoc: `--` and `---` are dashes.
                    if pandoc && next == UInt8(ascii: "-") { run.append(0x5C) }
                case UInt8(ascii: "."):
                    // pandoc: `...` is an ellipsis.
                    if pandoc && k + 2 < end && text[k + 1] == c && text[k + 2] == c {
                        run += [0x5C, c, c, c]
                        k += 3
                        continue
                    }
                case UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    run.append(0x5C)
                case UInt8(ascii: "*"):
                    if flanking { run.append(0x5C) }
                case UInt8(ascii: "_"):
                    let intraword = previous.map(MarkdownTextEscaper.isWordByte) == true && next.map(MarkdownTextEscaper.isWordByte) == true
                    if !intraword && flanking { run.append(0x5C) }
                case UInt8(ascii: "~"):
                    if options.gfm && flanking || pandoc { run.append(0x5C) }
                case UInt8(ascii: "<"):
                    if MarkdownTextEscaper.opensTag(next) { run.append(0x5C) }
                case UInt8(ascii: "&"):
                    if MarkdownTextEscaper.startsEntity(text, at: k) { run.append(0x5C) }
                case UInt8(ascii: "|"):
                    if inTableCell { run.append(0x5C) }
                case UInt8(ascii: "#"):
                    // A `#` ending an ATX heading would be read as its closing sequence.
                    // (Only a run of `#` after a space is one to CommonMark: `C#` stays as it is;
                    // pandoc reads any `#` run at the end as one.)
                    if inHeading && headingLineStart < 0 && k + 1 == end && nextByte == nil && !atLineStart
                        && (previousIsSpace || previous == UInt8(ascii: "#") || pandoc) { run.append(0x5C) }
                case UInt8(ascii: "!"):
                    // `!` before a link would turn it into an image.
                    if next == UInt8(ascii: "[") && k + 1 == end { run.append(0x5C) }
                case UInt8(ascii: "w"), UInt8(ascii: "W"):
                    // GFM's extended autolinks: `www.` after a space, a line start or `*_~(`
                    // (not inside a link's text, where cmark-gfm makes none).
                    if linkDepth == 0 && end - k >= 4 && text[k + 1] | 0x20 == UInt8(ascii: "w") && text[k + 2] | 0x20 == UInt8(ascii: "w")
                        && text[k + 3] == UInt8(ascii: ".") && !(previous.map(MarkdownTextEscaper.isWordByte) ?? false)
                        && (options.gfm || lookahead.tagOpenerInWord(text, after: k, nextByte: nextByte)) {
                        run.append(contentsOf: text[k..<(k + 3)])
                        run.append(contentsOf: [0x5C, UInt8(ascii: ".")])
                        k += 4
                        continue
                    }
                case UInt8(ascii: ":"):
                    // GFM's extended autolinks: `http://`, `https://`, `ftp://` (not in a link).
                    if linkDepth == 0 && k + 2 < end && text[k + 1] == UInt8(ascii: "/") && text[k + 2] == UInt8(ascii: "/")
                        && MarkdownTextEscaper.endsWithAutolinkScheme(run, text[text.startIndex..<k])
                        && (options.gfm || lookahead.tagOpenerInWord(text, after: k, nextByte: nextByte)) {
                        run.append(0x5C)
                    }
                default:
                    break
                }
                run.append(c)
                k += 1
            }
        }
        writeContent(flushing: &run)
    }

    /// `&#10;` or `&#13;`: a line end kept as content.
    static func lineEndReference(_ c: UInt8) -> [UInt8] {
        c == 0x0A ? Array("&#10;".utf8) : Array("&#13;".utf8)
    }

    /// Writes `run` as content, if it holds anything, and empties it.
    @inline(__always)
    mutating func writeContent(flushing run: inout [UInt8]) {
        if !run.isEmpty {
            writeContent(run)
            run.removeAll(keepingCapacity: true)
        }
    }

    /// Whether the spaces of the text node about to be written go inside `^sup^` or `~sub~`
    /// (an opener written or pending), where they are escaped. Out of line: text nodes are
    /// many and this is rarely so.
    @inline(never)
    func spacesEscapedAhead() -> Bool {
        insideEscapedSpaces || pendingOpeners.contains { $0.escapesSpaces }
    }

    /// A space or tab of a text node: a line break where the word after it would pass the line
    /// width, else whitespace held back.
    mutating func writeTextSpace(_ c: UInt8, wrapping text: ArraySlice<UInt8>, at k: Int) {
        if options.lineWidth > 0 && linkDepth == 0 && !inHeading && !inTableCell && !insideEscapedSpaces
            && wrapsBeforeWord(text, after: k) {
            pendingSpaces.removeAll(keepingCapacity: true)
            w.cr()
        } else {
            writeSpace(c)
        }
    }

    /// U+00A0 counts as whitespace for emphasis: held back like a space so that it stays outside
    /// delimiters (`_foo_&nbsp;bar`, not `<em>foo&nbsp;</em>bar`), except at a line start.
    mutating func writeNoBreakSpace() {
        if w.atLineStart && pendingOpeners.isEmpty && pendingSpaces.isEmpty {
            writeContent([0xC2, 0xA0])
        } else {
            pendingSpaces += [0xC2, 0xA0]
        }
    }

    /// At a line start: if byte `k` of `text` would start block syntax (a heading, quote, list
    /// item, rule, setext underline or fence), appends it escaped to `run` and returns the index
    /// after what it appended; nil when it starts none.
    @inline(__always)
    static func appendEscapedBlockStart(_ text: ArraySlice<UInt8>, at k: Int, next: UInt8?, nextByte: UInt8?,
                                        to run: inout [UInt8]) -> Int? {
        let end = text.endIndex
        let c = text[k]
        let escapes: Bool
        switch c {
        case UInt8(ascii: ">"):
            escapes = true
        case UInt8(ascii: "#"):
            // An ATX heading opens with `#`s followed by a space, a tab or the line's end:
            // `#5` and `#hashtag` (a character other than those right after the run, in this
            // text) are text as they are. Anything else is escaped: what the next node writes
            // (moved whitespace, more `#`, nothing) is not known here, and pandoc reads more
            // than six `#` as a heading too.
            var j = k
            while j < end && text[j] == c { j += 1 }
            escapes = j == end || MarkdownTextEscaper.isSpace(text[j])
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            escapes = next == nil || MarkdownTextEscaper.isSpace(next!) || MarkdownTextEscaper.restIsRule(text, from: k, char: c)
        case UInt8(ascii: "="):
            escapes = MarkdownTextEscaper.restIsRule(text, from: k, char: c)
        case UInt8(ascii: "_"):
            // `_ _ _` is a thematic break (no `_` of it flanks, so none is escaped later).
            escapes = MarkdownTextEscaper.restIsRule(text, from: k, char: c)
        case UInt8(ascii: "~"):
            escapes = k + 2 < end && text[k + 1] == c && text[k + 2] == c
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // An ordered list marker: the backslash goes before its `.` or `)`.
            var j = k
            while j < end && j - k < 10 && text[j] >= 0x30 && text[j] <= 0x39 { j += 1 }
            if j < end && j - k <= 9 && (text[j] == UInt8(ascii: ".") || text[j] == UInt8(ascii: ")")) {
                let after: UInt8? = j + 1 < end ? text[j + 1] : nextByte
                if after == nil || MarkdownTextEscaper.isSpace(after!) {
                    run.append(contentsOf: text[k..<j])
                    run.append(0x5C)
                    run.append(text[j])
                    return j + 1
                }
            }
            escapes = false
        default:
            escapes = false
        }
        guard escapes else { return nil }
        run.append(0x5C)
        run.append(c)
        return k + 1
    }

    /// Bytes that `writeText` must look at even inside a line: whitespace, line ends, the lead
    /// byte of U+00A0, and every character the escaping rules below handle after a line start.
    /// Where the run of bytes from `start` that `writeText` copies as they are ends: bytes that
    /// are syntax nowhere but at a line start, and special bytes that what follows them makes
    /// harmless here.
    @inline(__always)
    static func ordinaryRunEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, special: UnsafeBufferPointer<Bool>,
                               spacesInline: Bool, inTableCell: Bool) -> Int {
        let end = text.count
        var j = start
        while j < end {
            let b = text[j]
            if !special[Int(b)] {
                j += 1
                continue
            }
            switch b {
            case 0x20 where spacesInline && j + 1 < end && !special[Int(text[j + 1])]:
                j += 2
                continue
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                // Only `www.` can start an extended autolink.
                if !(j + 3 < end && text[j + 1] | 0x20 == UInt8(ascii: "w") && text[j + 2] | 0x20 == UInt8(ascii: "w")
                     && text[j + 3] == UInt8(ascii: ".")) {
                    j += 1
                    continue
                }
            case UInt8(ascii: ":"):
                // Only `://` can end an autolink scheme.
                if !(j + 2 < end && text[j + 1] == UInt8(ascii: "/") && text[j + 2] == UInt8(ascii: "/")) {
                    j += 1
                    continue
                }
            case UInt8(ascii: "!"), UInt8(ascii: "#"):
                // Both matter only as the last byte of the node.
                if j + 1 < end {
                    j += 1
                    continue
                }
            case UInt8(ascii: "|"):
                if !inTableCell {
                    j += 1
                    continue
                }
            default:
                break
            }
            break
        }
        return j
    }

    /// `specialTextBytes` and what pandoc's Markdown reads as syntax inside a line.
    static let pandocSpecialTextBytes: [Bool] = {
        var table = specialTextBytes
        for c in "\"'^$@-.~" { table[Int(c.asciiValue!)] = true }
        return table
    }()

    /// At a line start, with pandoc's escaping: if byte `k` of `text` starts what pandoc reads as
    /// block syntax beyond CommonMark's (a line block `|`, a definition `: `, a title block
    /// `%`, a fancy list marker `a.`, `iv)`, `(1)`), appends it escaped to `run` and returns the
    /// index after what it appended.
    static func appendPandocBlockStart(_ text: ArraySlice<UInt8>, at k: Int, nextByte: UInt8?,
                                       to run: inout [UInt8]) -> Int? {
        let end = text.endIndex
        let c = text[k]
        func spaceOrEnd(_ j: Int) -> Bool {
            if j < end { return MarkdownTextEscaper.isSpace(text[j]) }
            return nextByte == nil || MarkdownTextEscaper.isSpace(nextByte!)
        }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        func isAlphanumeric(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) }
        switch c {
        case UInt8(ascii: "|"), UInt8(ascii: "%"):
            run += [0x5C, c]
            return k + 1
        case UInt8(ascii: ":") where spaceOrEnd(k + 1):
            run += [0x5C, c]
            return k + 1
        case UInt8(ascii: "("):
            var j = k + 1
            while j < end && j - k <= 10 && isAlphanumeric(text[j]) { j += 1 }
            guard j > k + 1, j < end, text[j] == UInt8(ascii: ")"), spaceOrEnd(j + 1) else { return nil }
            run += [0x5C, c]
            return k + 1
        case _ where isLetter(c):
            var j = k
            while j < end && j - k <= 10 && isLetter(text[j]) { j += 1 }
            let roman = text[k..<j].allSatisfy { "ivxlcdmIVXLCDM".utf8.contains($0) }
            guard j - k == 1 || roman, j < end, text[j] == UInt8(ascii: ".") || text[j] == UInt8(ascii: ")"),
                  spaceOrEnd(j + 1) else { return nil }
            run += text[k..<j]
            run += [0x5C, text[j]]
            return j + 1
        default:
            return nil
        }
    }

    static let specialTextBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "\\`[]*_~<&|#!wW:" { table[Int(c.asciiValue!)] = true }
        for b: UInt8 in [0x0A, 0x0D, 0x20, 0x09, 0xC2] { table[Int(b)] = true }
        return table
    }()

    /// The first byte written after node `i` in the same block (nil: the block ends there).
    /// Nodes that write no markup of their own (spans and fallbacks under the `text` policy,
    /// custom nodes, empty text) are looked through, so `<b>[1/2]</b><span>A</span>` sees the
    /// `A` that follows the closing `**`. With `noBreakSpaceAsSpace`, text starting with U+00A0
    /// reports a space (what it is to CommonMark's flanking rules).
    mutating func firstByteAfter(_ i: Int32, noBreakSpaceAsSpace: Bool = false) -> UInt8? {
        var node = i
        while true {
            // The next node in document order after `node`'s subtree, within the block.
            let next = nextInBlock(after: node)
            if next < 0 { return nil }
            node = next
            // Look into it until a byte is known or it turns out to write nothing.
            examine: while true {
                func policy(_ p: MarkdownBackend.Options.Fallback, html: UInt8, symbol: UInt8) -> UInt8? {
                    switch p { case .html: return html; case .symbol: return symbol; case .text: return nil }
                }
                var byte: UInt8?
                var transparent = false
                switch records.tag(node) {
                case .text:
                    let text = document.textBytes(at: node)
                    byte = text.first
                    if noBreakSpaceAsSpace && byte == 0xC2 && text.dropFirst().first == 0xA0 { byte = 0x20 }
                case .softBreak, .lineBreak:
                    byte = inTableCell ? UInt8(ascii: "<") : 0x0A
                case .code:
                    byte = document.textBytes(at: node).isEmpty ? nil : UInt8(ascii: "`")
                case .link, .footnoteReference:
                    byte = UInt8(ascii: "[")
                case .image:
                    byte = UInt8(ascii: "!")
                case .htmlInline:
                    switch options.rawHTML {
                    case .keep: byte = UInt8(ascii: "<")
                    case .text: byte = document.textBytes(at: node).isEmpty ? nil : UInt8(ascii: "`")
                    case .drop: byte = nil
                    }
                case .span:
                    if options.span == .html && (records.attributes(node) >= 0 || records.style(node) >= 0) {
                        byte = UInt8(ascii: "<")
                    } else if options.span == .symbol && records.attributes(node) >= 0 && pandocAttributes(node) != nil {
                        byte = UInt8(ascii: "[")
                    } else {
                        transparent = true
                    }
                case .underline:
                    byte = policy(options.underline, html: UInt8(ascii: "<"), symbol: options.escaping == .pandoc ? UInt8(ascii: "[") : UInt8(ascii: "+"))
                    transparent = byte == nil
                case .superscript where options.superscript == .unicode:
                    byte = unicodeFormFirstByte(node, superscript: true) ?? UInt8(ascii: "^")
                case .subscript where options.subscript == .unicode:
                    byte = unicodeFormFirstByte(node, superscript: false) ?? UInt8(ascii: "_")
                case .superscript:
                    byte = policy(options.superscript.fallback ?? .text, html: UInt8(ascii: "<"), symbol: UInt8(ascii: "^")); transparent = byte == nil
                case .subscript:
                    byte = policy(options.subscript.fallback ?? .text, html: UInt8(ascii: "<"), symbol: UInt8(ascii: "~")); transparent = byte == nil
                case .highlight:
                    byte = policy(options.highlight, html: UInt8(ascii: "<"), symbol: options.escaping == .pandoc ? UInt8(ascii: "[") : UInt8(ascii: "="))
                    transparent = byte == nil
                case .strikethrough where options.gfm:
                    byte = UInt8(ascii: "~")
                case .strikethrough:
                    byte = policy(options.strikethrough, html: UInt8(ascii: "<"), symbol: UInt8(ascii: "~")); transparent = byte == nil
                case .custom:
                    transparent = true
                default:
                    if records.tag(node).isBlock { return nil }
                    // Emphasis-like markup follows: its delimiter is punctuation.
                    byte = UInt8(ascii: "*")
                }
                if let byte { return byte }
                if transparent && records.firstChild(node) >= 0 {
                    node = records.firstChild(node)
                    continue examine
                }
                break examine
            }
        }
    }

    /// The next node in document order after the subtree of inline node `i`, within its block,
    /// or -1. Climbs past at most a few ancestors unremembered; higher, each ancestor's answer is
    /// kept (`nextInBlockMemo`), so that the closers of deeply nested inlines, each asking from
    /// one level up, do not climb the whole nesting each time.
    mutating func nextInBlock(after i: Int32) -> Int32 {
        var node = i
        for _ in 0..<8 {
            let next = records.nextSibling(node)
            if next >= 0 { return next }
            let p = records.parent(node)
            if p < 0 || records.tag(p).isBlock { return -1 }
            node = p
        }
        var climbed: [Int32] = []
        var next: Int32 = -1
        while true {
            if let known = nextInBlockMemo[node] { next = known; break }
            climbed.append(node)
            next = records.nextSibling(node)
            if next >= 0 { break }
            let p = records.parent(node)
            if p < 0 || records.tag(p).isBlock { next = -1; break }
            node = p
        }
        for n in climbed { nextInBlockMemo[n] = next }
        return next
    }

    /// Whether the word after the space at `k` would pass the line width.
    mutating func wrapsBeforeWord(_ text: ArraySlice<UInt8>, after k: Int) -> Bool {
        var j = k + 1
        var width = 0
        while j < text.endIndex && text[j] != 0x20 && text[j] != 0x0A {
            if text[j] & 0xC0 != 0x80 { width += 1 }
            j += 1
        }
        let column = w.column + pendingSpaces.count
        return width > 0 && column > w.prefix.count && column + 1 + width > options.lineWidth
    }

    /// Text for `escaping=none`: as it is but for what would break the structure around or
    /// let HTML through: `[`, `]` and `\` in a link's text, `<` unless `unsafe`.
    static func structurallyEscaped(_ text: ArraySlice<UInt8>, inLink: Bool, unsafe: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        for b in text {
            switch b {
            case UInt8(ascii: "<") where !unsafe: out.append(0x5C)
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"): if inLink { out.append(0x5C) }
            default: break
            }
            out.append(b)
        }
        return out
    }

    /// Writes a text node escaped as a whole, not by position: by turndown's rules, or not at all
    /// (`escaping=none`). Either way a `#` ending an ATX heading, a `|` in a table cell and line
    /// ends stay text, as the structure around needs; with `escaping=none` also `[`, `]` and `\`
    /// in a link's text, and `<` unless `unsafe` (text is never raw HTML).
    mutating func writeTextEscapedAsAWhole(_ text: ArraySlice<UInt8>) {
        // turndown escapes each text node as a whole (its `^` rules apply at the node's start);
        // whitespace is then held back like the exact writer does.
        let turndown = options.escaping == .turndown
        var escaped = turndown
            ? MarkdownTextEscaper.turndownEscape(text, nextByte: firstByteAfter(currentTextNode), unsafe: options.unsafe)
            : Self.structurallyEscaped(text, inLink: linkDepth > 0, unsafe: options.unsafe)
        // A `#` ending an ATX heading would be read as its closing sequence.
        if inHeading && headingLineStart < 0 && escaped.last == UInt8(ascii: "#") && firstByteAfter(currentTextNode) == nil {
            escaped.insert(0x5C, at: escaped.count - 1)
        }
        var run: [UInt8] = []
        var k = 0
        while k < escaped.count {
            let b = escaped[k]
            k += 1
            if b == 0xC2 && k < escaped.count && escaped[k] == 0xA0 {
                k += 1
                writeContent(flushing: &run)
                writeNoBreakSpace()
            } else if (b == 0x0A || b == 0x0D) && linkDepth > 0 && inImage && turndown {
                // turndown keeps line ends in alt text (a run of them and the whitespace after
                // it as one), the next line at the container's indentation.
                while k < escaped.count && MarkdownTextEscaper.isSpace(escaped[k]) { k += 1 }
                writeContent(flushing: &run)
                pendingSpaces.removeAll(keepingCapacity: true)
                w.content([0x0A] + w.prefix)
            } else if b == 0x0A || b == 0x0D {
                run.append(contentsOf: Self.lineEndReference(b))
            } else if b == 0x20 || b == 0x09 {
                writeContent(flushing: &run)
                writeSpace(b)
            } else if b == UInt8(ascii: "|") && inTableCell {
                run.append(0x5C)
                run.append(b)
            } else {
                run.append(b)
            }
        }
        writeContent(flushing: &run)
    }
}


extension String {
    /// The string with every `old` character replaced by `new`.
    func replacingCharacter(_ old: Character, with new: Character) -> String {
        String(map { $0 == old ? new : $0 })
    }
}
