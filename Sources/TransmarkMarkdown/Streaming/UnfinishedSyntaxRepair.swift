/// Rewrites the open end of a Markdown stream so that it renders as its author meant it while
/// it is still arriving (the rules are written down in the DocC article *Streaming Markdown*).
///
/// Everything here looks only at the last paragraph of the text (after its last blank line) and
/// at its last, unfinished line; it never changes a byte before them, and it runs in one pass.
enum UnfinishedSyntaxRepair {
    /// `text` (the open part of a stream) with unfinished syntax held back or closed; `math`: the
    /// reader reads math (`MarkdownFrontend.Options.math`), so open math is closed too.
    static func repaired(_ text: [UInt8], math: Bool = false) -> [UInt8] {
        var bytes = text
        dropIncompleteCharacter(&bytes)
        let lineStart = (bytes.lastIndex(of: newline) ?? -1) + 1
        let paragraphStart = lastParagraphStart(bytes, before: lineStart)
        if insideFencedCode(bytes, upTo: lineStart) {
            // Code is shown as it is; only the half-typed line of a fence that may be closing waits.
            if isFenceLike(bytes[lineStart...]) { bytes.removeSubrange(lineStart...) }
            return bytes
        }
        if let cut = tableCut(bytes, lineStart: lineStart, paragraphStart: paragraphStart) {
            bytes.removeSubrange(cut...)
            return bytes
        }
        if lineStart < bytes.count {
            if holdsBackWholeLine(bytes, lineStart: lineStart, paragraphStart: paragraphStart) {
                bytes.removeSubrange(lineStart...)
                return bytes
            }
            cutPartialTagOrEntity(&bytes, lineStart: lineStart)
        }
        closeInlines(&bytes, from: paragraphStart, math: math)
        return bytes
    }

    private static let newline = UInt8(ascii: "\n")

    /// Removes a UTF-8 sequence cut short by the end of the text (the rest is still arriving).
    static func dropIncompleteCharacter(_ bytes: inout [UInt8]) {
        var index = bytes.count - 1
        var continuation = 0
        while index >= 0, bytes[index] & 0xC0 == 0x80, continuation < 3 {
            index -= 1
            continuation += 1
        }
        guard index >= 0 else { return }
        let lead = bytes[index]
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if expected > 1, continuation + 1 < expected { bytes.removeSubrange(index...) }
    }

    /// Where the paragraph holding the last line starts: after the last line that is blank (once
    /// spaces and block quote markers are skipped) before `lineStart`.
    private static func lastParagraphStart(_ bytes: [UInt8], before lineStart: Int) -> Int {
        var end = lineStart
        while end > 0 {
            let start = (bytes[..<(end - 1)].lastIndex(of: newline) ?? -1) + 1
            if isBlank(bytes[start..<(end - 1)]) { return end }
            end = start
        }
        return 0
    }

    /// Whether a line holds nothing but spaces, tabs, carriage returns and `>` markers.
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == UInt8(ascii: ">") }
    }

    /// The line without its leading spaces, tabs and block quote markers.
    private static func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
    }

    /// Whether a (partial) line may be a code fence: only backticks or only tildes after its
    /// indentation, or a run of three or more followed by an info string.
    private static func isFenceLike(_ line: ArraySlice<UInt8>) -> Bool {
        let body = content(line)
        guard let first = body.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        return body.allSatisfy { $0 == first || $0 == 0x20 || $0 == 0x0D }
    }

    /// Whether the line at `lineStart` lies inside a fenced code block opened before it (fences
    /// are recognised after any indentation and block quote markers, an approximation that is
    /// only used for display).
    private static func insideFencedCode(_ bytes: [UInt8], upTo lineStart: Int) -> Bool {
        var open: (fence: UInt8, length: Int)?
        var start = 0
        while start < lineStart {
            let end = bytes[start..<lineStart].firstIndex(of: newline) ?? lineStart
            let body = content(bytes[start..<end])
            if let first = body.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                let run = body.prefix { $0 == first }.count
                let rest = body.dropFirst(run)
                if let current = open {
                    if first == current.fence, run >= current.length,
                       rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { open = nil }
                } else if run >= 3, first == UInt8(ascii: "~") || !rest.contains(UInt8(ascii: "`")) {
                    open = (first, run)
                }
            }
            start = end + 1
        }
        return open != nil
    }

    /// Whether the unfinished last line is held back whole: it could still become a list item, a
    /// heading, a quote, a thematic break, a setext underline or a code fence, or it is a table's
    /// half-typed row.
    private static func holdsBackWholeLine(_ bytes: [UInt8], lineStart: Int, paragraphStart: Int) -> Bool {
        let line = bytes[lineStart...]
        let body = content(line).filter { $0 != 0x0D }
        if body.isEmpty { return true }
        let trimmed = ArraySlice(body.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed())
        if isFenceLike(line) { return true }
        // A lone list marker, heading marker or ordered-list number.
        if trimmed.count == 1, [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "+")].contains(trimmed.first!) { return true }
        if trimmed.count <= 6, trimmed.allSatisfy({ $0 == UInt8(ascii: "#") }) { return true }
        if let last = trimmed.last, last == UInt8(ascii: ".") || last == UInt8(ascii: ")"),
           trimmed.count >= 2, trimmed.count <= 10, trimmed.dropLast().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
        if trimmed.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), trimmed.count <= 9, lineStart == paragraphStart { return true }
        // Only `-`, `=`, `*` or `_` (and spaces): a thematic break or a setext underline so far.
        if let first = trimmed.first, [UInt8(ascii: "-"), UInt8(ascii: "="), UInt8(ascii: "*"), UInt8(ascii: "_")].contains(first),
           trimmed.allSatisfy({ $0 == first || $0 == 0x20 || $0 == 0x09 }) { return true }
        return false
    }

    /// Where to cut a table that is still being typed: a table row that is not finished
    /// (`|` in the unfinished line under a line with `|`), or a line with `|` that may still
    /// become a table's header row because no delimiter row has come (it waits for the next line).
    private static func tableCut(_ bytes: [UInt8], lineStart: Int, paragraphStart: Int) -> Int? {
        var lines: [Range<Int>] = []
        var start = paragraphStart
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            lines.append(start..<end)
            start = end + 1
        }
        guard let last = lines.last else { return nil }
        let pipe = UInt8(ascii: "|")
        func isDelimiterRow(_ range: Range<Int>) -> Bool {
            let body = bytes[range].filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            return body.contains(UInt8(ascii: "-")) && body.allSatisfy { $0 == pipe || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }
        }
        let unfinished = last.lowerBound == lineStart && lineStart < bytes.count
        let hasDelimiterRow = lines.dropLast(unfinished ? 1 : 0).contains(where: isDelimiterRow)
        if hasDelimiterRow {
            if unfinished, lines.count >= 2, bytes[last].contains(pipe) { return last.lowerBound }
            return nil
        }
        if unfinished, lines.count >= 2, bytes[lines[lines.count - 2]].contains(pipe),
           bytes[last].allSatisfy({ $0 == pipe || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == 0x20 || $0 == 0x09 }) {
            return lines[lines.count - 2].lowerBound
        }
        if bytes[last].contains(pipe) { return last.lowerBound }
        return nil
    }

    /// Cuts a half-typed HTML tag (`<` followed by a letter, `/`, `!` or `?` with no `>` yet) or
    /// character reference (`&` followed by letters, digits or `#` with no `;` yet) off the line.
    private static func cutPartialTagOrEntity(_ bytes: inout [UInt8], lineStart: Int) {
        if let less = bytes[lineStart...].lastIndex(of: UInt8(ascii: "<")), !bytes[less...].contains(UInt8(ascii: ">")) {
            let next = less + 1 < bytes.count ? bytes[less + 1] : 0
            if next == 0 || isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                bytes.removeSubrange(less...)
            }
        }
        if let ampersand = bytes[lineStart...].lastIndex(of: UInt8(ascii: "&")), bytes.count - ampersand <= 32,
           bytes[(ampersand + 1)...].allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "#") }) {
            bytes.removeSubrange(ampersand...)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    /// Closes what the last paragraph leaves open: a code span, a link destination, and
    /// emphasis, strong emphasis and strikethrough; a delimiter run at the very end, which
    /// cannot open anything yet, is held back.
    private static func closeInlines(_ bytes: inout [UInt8], from start: Int, math: Bool) {
        // A delimiter run at the end of a finished line cannot open anything: only an unfinished
        // line's last run is waiting for its next character.
        let lineFinished = bytes.last == newline
        // Trailing spaces and line ends would stop a closer from closing.
        while let last = bytes.last, bytes.count > start, isSpace(last) { bytes.removeLast() }
        // A delimiter run (or a lone `[`) at the end is held back.
        if !lineFinished, let last = bytes.last, bytes.count > start,
           [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "[")].contains(last)
            || (math && last == UInt8(ascii: "$")) {
            while let end = bytes.last, end == last, bytes.count > start { bytes.removeLast() }
            while let end = bytes.last, bytes.count > start, end == 0x20 || end == 0x09 { bytes.removeLast() }
        }
        var stack: [(byte: UInt8, count: Int)] = []
        var codeRun = 0
        var openLinkDestination = false
        var openMath = MathRepair()
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if math && codeRun == 0 && !openLinkDestination, let next = openMath.step(bytes, at: index) {
                index = next
                continue
            }
            if byte == UInt8(ascii: "\\"), codeRun == 0 {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "`") {
                var end = index
                while end < count, bytes[end] == byte { end += 1 }
                let run = end - index
                if codeRun == 0 { codeRun = run } else if codeRun == run { codeRun = 0 }
                index = end
                continue
            }
            if codeRun > 0 { index += 1; continue }
            if byte == UInt8(ascii: "]"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "(") {
                openLinkDestination = true
                index += 2
                continue
            }
            if openLinkDestination {
                if byte == UInt8(ascii: ")") || isSpace(byte) { openLinkDestination = false }
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") else {
                index += 1
                continue
            }
            var end = index
            while end < count, bytes[end] == byte { end += 1 }
            let run = end - index
            let before: UInt8 = index > 0 ? bytes[index - 1] : 0x20
            let after: UInt8 = end < count ? bytes[end] : 0x20
            let leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
            let rightFlanking = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
            let canOpen = leftFlanking && (byte != UInt8(ascii: "_") || !rightFlanking || isPunctuation(before))
            let canClose = rightFlanking && (byte != UInt8(ascii: "_") || !leftFlanking || isPunctuation(after))
            if canClose, let top = stack.last, top.byte == byte {
                stack.removeLast()
            } else if canOpen, byte != UInt8(ascii: "~") || run <= 2 {
                stack.append((byte, byte == UInt8(ascii: "~") ? run : min(run, 3)))
            }
            index = end
        }
        openMath.close(&bytes)
        var closers: [UInt8] = []
        if codeRun > 0 { closers += Array(repeating: UInt8(ascii: "`"), count: codeRun) }
        if openLinkDestination { closers.append(UInt8(ascii: ")")) }
        for open in stack.reversed() { closers += Array(repeating: open.byte, count: open.count) }
        bytes += closers
    }
}
