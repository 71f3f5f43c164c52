@_spi(TransmarkStorage) import TransmarkCore

// Math nodes in Markdown: `$…$` and `$$…$$`, the delimiters the reader's `math` option reads, with
// the TeX source as it is (nothing inside is escaped). Where the source would end `$…$` early or
// break its rules, `\(…\)` or `\[…\]` are written instead.
extension MarkdownWriter {
    /// Writes inline math as `$…$` (a space after a `<` that could open a tag or autolink: see
    /// `appendSafely`), or `\(…\)` when the source can't stand between dollars (it
    /// holds an unescaped `$`, starts or ends with a space, ends with `\`, or a digit follows),
    /// or `$$…$$` when it holds `\)` too. Line ends become spaces (a line end could let the next
    /// line start a block); in a table cell, `|` is written `\|` (GFM splits rows before reading
    /// inlines and gives the pipe back).
    mutating func writeInlineMath(_ i: Int32) {
        let source = mathSource(i)
        let dollarsFit = !source.isEmpty && !Self.isMathSpace(source[0]) && !Self.isMathSpace(source[source.count - 1])
            && source[source.count - 1] != UInt8(ascii: "\\") && !Self.hasUnescapedDollar(source)
            && !(firstByteAfter(i).map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false)
        if dollarsFit {
            writeMath(source, open: "$", close: "$")
        } else if !Self.contains(source, [0x5C, UInt8(ascii: ")")]) {
            writeMath(source, open: "\\(", close: "\\)")
        } else {
            writeMath(source, open: "$$", close: "$$")
        }
    }

    /// Writes display math as `$$…$$` (`\[…\]` when the source holds `$$`). Alone in a paragraph,
    /// the delimiters and each non-blank source line go on lines of their own; a source line that
    /// could start a Markdown block (`-`, `#`, `>`, a digit, …) is joined to the line before it
    /// with a space. Elsewhere it is written inline, line ends as spaces.
    mutating func writeDisplayMath(_ i: Int32) {
        let source = mathSource(i)
        let (open, close) = Self.contains(source, [UInt8(ascii: "$"), UInt8(ascii: "$")]) ? ("\\[", "\\]") : ("$$", "$$")
        let parent = records.parent(i)
        let alone = parent >= 0 && records.tag(parent) == .paragraph && records.firstChild(parent) == i
            && records.nextSibling(i) < 0 && !inTableCell && !inHeading
        guard alone else {
            writeMath(source, open: open, close: close)
            return
        }
        flushInlinePending()
        w.content(open.utf8)
        var line: [UInt8] = []
        func flushLine(_ w: inout MarkdownLineWriter) {
            guard !line.isEmpty else { return }
            w.cr()
            w.content(line)
            line.removeAll(keepingCapacity: true)
        }
        for piece in source.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var a = piece.startIndex, b = piece.endIndex
            while a < b && Self.isMathSpace(piece[a]) { a += 1 }
            while b > a && Self.isMathSpace(piece[b - 1]) { b -= 1 }
            if a == b { continue }
            if !line.isEmpty && Self.couldStartBlock(piece[a]) {
                line.append(0x20)
            } else {
                flushLine(&w)
            }
            Self.appendSafely(piece[a..<b], to: &line)
        }
        flushLine(&w)
        w.cr()
        w.content(close.utf8)
    }

    /// The TeX source of math node `i`.
    private func mathSource(_ i: Int32) -> [UInt8] { Array(document.textBytes(at: i)) }

    /// Writes `source` between `open` and `close` on the current line.
    private mutating func writeMath(_ source: [UInt8], open: String, close: String) {
        var written: [UInt8] = Array(open.utf8)
        written.reserveCapacity(source.count + 8)
        var flat: [UInt8] = []
        flat.reserveCapacity(source.count + 4)
        Self.appendOnOneLine(source, escapingPipes: inTableCell, to: &flat)
        Self.appendSafely(flat[...], to: &written)
        written.append(contentsOf: close.utf8)
        writeContent(written)
    }

    /// Appends math source with a space after each `<` that a letter, `/`, `!` or `?` follows: a
    /// reader without math reads the delimiters as text and what is between as Markdown, where
    /// `<img …>` or `<http://…>` would be raw HTML or an autolink. (In TeX math the space changes
    /// nothing.)
    private static func appendSafely(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            out.append(b)
            i += 1
            if b == UInt8(ascii: "<"), i < bytes.endIndex {
                let c = bytes[i] | 0x20
                if (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || bytes[i] == UInt8(ascii: "/")
                    || bytes[i] == UInt8(ascii: "!") || bytes[i] == UInt8(ascii: "?") {
                    out.append(0x20)
                }
            }
        }
    }

    private static func isMathSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether a line starting with `b` could start a block after a paragraph line.
    private static func couldStartBlock(_ b: UInt8) -> Bool {
        "#>-+*=_~`<|".utf8.contains(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    /// Whether `source` holds a `$` that no backslash escapes.
    private static func hasUnescapedDollar(_ source: [UInt8]) -> Bool {
        var k = 0
        while k < source.count {
            if source[k] == 0x5C { k += 2; continue }
            if source[k] == UInt8(ascii: "$") { return true }
            k += 1
        }
        return false
    }

    private static func contains(_ source: [UInt8], _ pair: [UInt8]) -> Bool {
        source.count >= 2 && (0..<source.count - 1).contains { source[$0] == pair[0] && source[$0 + 1] == pair[1] }
    }
}
