/// Decides which characters of text need a backslash so that they read back as text.
enum MarkdownTextEscaper {
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @inline(__always) static func isASCIIPunctuation(_ b: UInt8) -> Bool {
        (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
    }

    /// Letters and digits, counting every non-ASCII byte as a letter (good enough for flanking).
    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b >= 0x80
    }

    /// Whether the text before a `:` ends with `http`, `https` or `ftp` (any case), the schemes
    /// of GFM's extended autolinks. `run` is the part already escaped, `text` the node's text
    /// before the `:`; the scheme is looked for in `text`.
    static func endsWithAutolinkScheme(_ run: [UInt8], _ text: ArraySlice<UInt8>) -> Bool {
        for scheme in ["http", "https", "ftp"] {
            let s = Array(scheme.utf8)
            guard text.count >= s.count else { continue }
            let tail = text.suffix(s.count)
            if zip(tail, s).allSatisfy({ $0 | 0x20 == $1 }) { return true }
        }
        return false
    }

    /// Whether `&` at `i` starts something a parser would read as a character reference.
    static func startsEntity<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int) -> Bool where Bytes.Index == Int {
        var j = i + 1
        let end = bytes.endIndex
        guard j < end else { return false }
        if bytes[j] == UInt8(ascii: "#") {
            j += 1
            var hex = false
            if j < end && (bytes[j] | 0x20) == UInt8(ascii: "x") { hex = true; j += 1 }
            let start = j
            while j < end && j - start < 8 {
                let b = bytes[j]
                let digit = (b >= 0x30 && b <= 0x39) || (hex && (b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
                if !digit { break }
                j += 1
            }
            return j > start && j < end && bytes[j] == UInt8(ascii: ";")
        }
        let start = j
        while j < end && j - start < 32 && ((bytes[j] | 0x20) >= 0x61 && (bytes[j] | 0x20) <= 0x7A || (bytes[j] >= 0x30 && bytes[j] <= 0x39)) { j += 1 }
        return j > start && j < end && bytes[j] == UInt8(ascii: ";")
    }

    /// Whether the rest of the line from `i` is only `char` repeated (with spaces), as in a
    /// thematic break or a setext underline.
    static func restIsRule(_ bytes: ArraySlice<UInt8>, from i: Int, char: UInt8) -> Bool {
        var j = i
        while j < bytes.endIndex && bytes[j] != 0x0A {
            if bytes[j] != char && bytes[j] != 0x20 && bytes[j] != 0x09 { return false }
            j += 1
        }
        return true
    }

    /// Whether `<` followed by `next` would open raw HTML or an autolink: a letter, `/`, `!` or `?`.
    @inline(__always) static func opensTag(_ next: UInt8?) -> Bool {
        guard let n = next else { return false }
        return (n | 0x20) >= 0x61 && (n | 0x20) <= 0x7A || n == UInt8(ascii: "/") || n == UInt8(ascii: "!") || n == UInt8(ascii: "?")
    }

    /// Whether a `<` that opens a tag follows in the same word, for positions that only move
    /// forward (each text node has its own): a GFM reader's extended autolink (`http://…`,
    /// `www.…`) runs to that `<` and takes the `\` escaping it into the URL, leaving the `<` live,
    /// so such an autolink must not form. Linear: both cursors only move forward.
    struct TagOpenerLookahead {
        private var wordEnd = Int.min
        private var opener = Int.min

        /// Whether a tag-opening `<` (`nextByte` follows the text) comes after `k` before white space.
        mutating func tagOpenerInWord(_ text: ArraySlice<UInt8>, after k: Int, nextByte: UInt8?) -> Bool {
            let end = text.endIndex
            if wordEnd < k {
                wordEnd = k
                while wordEnd < end && !MarkdownTextEscaper.isSpace(text[wordEnd]) { wordEnd += 1 }
            }
            if opener < k {
                opener = k
                while opener < end && !(text[opener] == UInt8(ascii: "<") && opensTag(opener + 1 < end ? text[opener + 1] : nextByte)) {
                    opener += 1
                }
            }
            return opener < wordEnd
        }
    }

    /// turndown's escaping of one text node (its `escape` rules, applied to the node's text),
    /// plus what turndown leaves live but a reader with raw HTML on would run: unless `unsafe`,
    /// `<` before a letter, `/`, `!` or `?` (in the node, or `nextByte`, the first byte written
    /// after it) is escaped, so that `&lt;img onerror=…&gt;` in HTML stays text, and so is the
    /// `:` of `http://` or the `.` of `www.` when such a `<` follows in the same word (see
    /// `TagOpenerLookahead`).
    static func turndownEscape(_ text: ArraySlice<UInt8>, nextByte: UInt8? = nil, unsafe: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 8)
        let start = text.startIndex
        // Line-start rules apply to the start of the text node, as turndown's `^` does.
        var i = start
        if i < text.endIndex {
            let b = text[i]
            if b == UInt8(ascii: "-") {
                out += [0x5C]
            } else if b == UInt8(ascii: "+") && i + 1 < text.endIndex && text[i + 1] == 0x20 {
                out += [0x5C]
            } else if b == UInt8(ascii: "=") {
                out += [0x5C]
            } else if b == UInt8(ascii: "#") {
                var j = i
                while j < text.endIndex && text[j] == UInt8(ascii: "#") && j - i < 6 { j += 1 }
                if j < text.endIndex && text[j] == 0x20 { out += [0x5C] }
            } else if b == UInt8(ascii: "~") && text.count >= 3 && text[i + 1] == b && text[i + 2] == b {
                out += [0x5C]
            } else if b == UInt8(ascii: ">") {
                out += [0x5C]
            } else if b >= 0x30 && b <= 0x39 {
                var j = i
                while j < text.endIndex && text[j] >= 0x30 && text[j] <= 0x39 { j += 1 }
                if j + 1 < text.endIndex && text[j] == UInt8(ascii: ".") && text[j + 1] == 0x20 {
                    out += text[i..<j]
                    out += [0x5C, UInt8(ascii: ".")]
                    i = j + 1
                }
            }
        }
        var lookahead = TagOpenerLookahead()
        while i < text.endIndex {
            let b = text[i]
            switch b {
            case UInt8(ascii: ":") where !unsafe && i + 2 < text.endIndex && text[i + 1] == UInt8(ascii: "/") && text[i + 2] == UInt8(ascii: "/")
                && endsWithAutolinkScheme([], text[start ..< i]) && lookahead.tagOpenerInWord(text, after: i, nextByte: nextByte):
                // `http\://`: no extended autolink to swallow the `\` of a `\<` after it.
                out.append(0x5C)
            case UInt8(ascii: ".") where !unsafe && i - start >= 3 && text[(i - 3) ..< i].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") })
                && (i - start == 3 || !isWordByte(text[i - 4])) && lookahead.tagOpenerInWord(text, after: i, nextByte: nextByte):
                out.append(0x5C)
            case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "`"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "_"):
                out.append(0x5C)
            case UInt8(ascii: "<") where !unsafe && opensTag(i + 1 < text.endIndex ? text[i + 1] : nextByte):
                out.append(0x5C)
            default:
                break
            }
            out.append(b)
            i += 1
        }
        return out
    }
}
