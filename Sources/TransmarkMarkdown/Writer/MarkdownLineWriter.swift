#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The output of the Markdown writer: lines with container prefixes (`> `, list indentation),
/// newlines and blank lines requested lazily so blocks are separated exactly once.
struct MarkdownLineWriter {
    private(set) var bytes: [UInt8] = []
    /// The prefix every new line inside the current containers starts with.
    var prefix: [UInt8] = []
    /// 0: nothing pending; 1: end the line; 2: end the line and leave a blank line.
    private var pendingNewlines = 0
    /// Where the current line starts (after the prefix written by `flush`).
    private(set) var lineBegin = 0
    /// Whether nothing but the prefix (or a list/quote marker) has been written on this line.
    private var lineStarted = true

    /// Whether the next content starts a line (nothing but a prefix or container marker before
    /// it, or a line end pending).
    var atLineStart: Bool { lineStarted || pendingNewlines > 0 }
    /// Whether what is written next may start a block's line: at a line's start that does not
    /// continue a paragraph after a soft break (`softBreak()`). After a blank line, a container's
    /// marker, a hard break or a line end that ended a block (a code block or HTML block inside
    /// inline content, where the next line starts a block of its own), it may.
    var atBlockStart: Bool { atLineStart && !lineEndIsSoftBreak }
    /// Whether the pending (or just written) line end is a paragraph's soft break.
    private var lineEndIsSoftBreak = false
    /// Whether the current line's trailing spaces are content (code, hard breaks) and must stay.
    private var keepsTrailingSpaces = false
    /// Whether blank lines inside containers carry the whole prefix (`> `, the list
    /// indentation) as turndown writes them, rather than without its trailing spaces.
    var blankLinesKeepPrefix = false

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The check that no line meant as Markdown opens an HTML block (`HTMLBlockStartGuard`);
    /// nil: none (the scratch writers of table cells, whose lines are not the output's, and
    /// `escaping=none`). Set before anything is written.
    var htmlBlockGuard: HTMLBlockStartGuard?
    /// The number of line ends written, and where the current line starts (after its line end,
    /// before the prefix): the guard's line numbers and columns.
    private var lineNumber = 0
    private var currentLineStart = 0
    /// Whether the next byte written is the line's first after the containers' markers, and
    /// whether that line continues a paragraph after a soft break.
    private var firstWriteOfLine = true
    private var lineContinuesParagraph = false

    /// Where `lineNumber` and `currentLineStart` were last brought up to date.
    private var countedTo = 0

    /// Tells the guard where the line's first byte after the containers' markers goes.
    @inline(__always) private mutating func noteFirstWrite() {
        guard firstWriteOfLine else { return }
        firstWriteOfLine = false
        guard htmlBlockGuard != nil else { return }
        catchUpLineEnds(recording: true)
        htmlBlockGuard?.record(line: lineNumber, column: bytes.count - currentLineStart, continuesParagraph: lineContinuesParagraph)
    }

    /// Brings `lineNumber` and `currentLineStart` up to what was written: the line ends inside
    /// what was written since the last look (content with line breaks in it, such as raw HTML
    /// over several lines, or code). Called once for each line, so the output is looked at once,
    /// by `memchr`. With `recording`, each line such a line end starts is recorded for the guard
    /// from its first byte (it continues its paragraph, unprefixed); code and HTML meant as such
    /// are not recorded.
    private mutating func catchUpLineEnds(recording: Bool) {
        guard htmlBlockGuard != nil else { return }
        let start = min(countedTo, bytes.count)
        countedTo = bytes.count
        guard start < bytes.count else { return }
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var k = start
            while k < buffer.count, let hit = memchr(base + k, 0x0A, buffer.count - k) {
                let n = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                ends.append(n)
                k = n + 1
            }
        }
        for n in ends {
            lineNumber += 1
            currentLineStart = n + 1
            if recording { htmlBlockGuard?.record(line: lineNumber, column: 0, continuesParagraph: true) }
        }
    }

    /// Where blocks start and end, when the rendering is mapped (nil otherwise, and in the
    /// scratch writers of table cells).
    var marks: MarkdownOutputMarks?

    /// Ends the current line before the next output.
    mutating func cr() {
        if pendingNewlines == 0 && bytes.count > lineBegin { pendingNewlines = 1 }
        lineEndIsSoftBreak = false
    }

    /// Ends the current line with a paragraph's soft break: the next line continues the paragraph.
    mutating func softBreak() {
        if pendingNewlines == 0 && bytes.count > lineBegin {
            pendingNewlines = 1
            lineEndIsSoftBreak = true
        }
    }

    /// Leaves a blank line before the next output.
    mutating func blankLine() {
        if !bytes.isEmpty { pendingNewlines = 2 }
        lineEndIsSoftBreak = false
    }

    /// Where the last line of `bytes` starts, as far as `column` has looked: no newline lies in
    /// `bytes[knownLineStart..<scannedTo]`, and `knownLineStart` is 0 or follows a newline. So
    /// each byte is looked at once however often `column` is asked (scanning back to the line's
    /// start each time was quadratic on a long line that never wraps).
    private var knownLineStart = 0
    private var scannedTo = 0
    /// How many times bytes already written were replaced or removed (memos over `bytes`, such as
    /// `DelimiterRunMemo`, hold for one count).
    private(set) var edits = 0

    /// The display column (in bytes) on the current line, prefix included.
    var column: Int {
        mutating get {
            var i = bytes.count
            while i > scannedTo && bytes[i - 1] != 0x0A { i -= 1 }
            if i > scannedTo { knownLineStart = i }
            scannedTo = bytes.count
            return bytes.count - knownLineStart
        }
    }

    /// Keeps `column`'s bookkeeping true after bytes from `position` on were removed.
    private mutating func truncated(to position: Int) {
        guard position < scannedTo else { return }
        scannedTo = position
        if knownLineStart > position { knownLineStart = 0; scannedTo = 0 }
    }

    /// Writes pending newlines and the prefix of the new line.
    mutating func flush() {
        guard pendingNewlines > 0 else {
            if marks?.hasUnresolved == true { marks?.resolveStarts(at: bytes.count) }
            return
        }
        if !keepsTrailingSpaces { trimTrailingSpaces() }
        keepsTrailingSpaces = false
        catchUpLineEnds(recording: true)
        bytes.append(0x0A)
        if pendingNewlines == 2 {
            var end = prefix.count
            while end > 0 && prefix[end - 1] == 0x20 && !blankLinesKeepPrefix { end -= 1 }
            bytes.append(contentsOf: prefix[0..<end])
            bytes.append(0x0A)
        }
        lineNumber += pendingNewlines
        currentLineStart = bytes.count
        firstWriteOfLine = true
        lineContinuesParagraph = lineEndIsSoftBreak
        // A block starting here starts with its line, the containers' prefix included.
        if marks?.hasUnresolved == true { marks?.resolveStarts(at: bytes.count) }
        bytes.append(contentsOf: prefix)
        countedTo = bytes.count
        pendingNewlines = 0
        lineBegin = bytes.count
        lineStarted = true
    }

    /// Writes markup (markers, delimiters) that does not end "line start" state.
    @inline(__always) mutating func marker<S: Sequence>(_ s: S) where S.Element == UInt8 {
        flush()
        noteFirstWrite()
        bytes.append(contentsOf: s)
    }

    /// Extends the marker just written (`marker`) on its line: `body` appends to the output's
    /// bytes, without the flush and the first-write check, which `marker` did.
    @inline(__always) mutating func extendMarker(_ body: (inout [UInt8]) -> Void) { body(&bytes) }

    /// Writes HTML the writer means as an HTML block's line (its `<!-- -->` between lists), as
    /// `marker` does, the line left out of the guard's check.
    mutating func htmlBlockMarker(_ s: String) {
        marker(s.utf8)
        htmlBlockGuard?.exempt(line: lineNumber)
    }

    /// Writes markup.
    mutating func marker(_ s: String) { marker(s.utf8) }

    /// Writes content: after it the line is no longer at its start.
    @inline(__always) mutating func content<S: Sequence>(_ s: S) where S.Element == UInt8 {
        flush()
        noteFirstWrite()
        bytes.append(contentsOf: s)
        lineStarted = false
    }

    /// Writes one content byte.
    mutating func content(byte: UInt8) {
        flush()
        noteFirstWrite()
        bytes.append(byte)
        lineStarted = false
    }

    /// Writes content text.
    mutating func content(_ s: String) { content(s.utf8) }

    /// Marks the line as holding content (after a block marker such as `#`).
    mutating func markContentStarted() { lineStarted = false }

    /// Marks the line as at its start (after a container marker such as `- ` or `> `).
    mutating func markLineStart() {
        lineStarted = true
        firstWriteOfLine = true
    }

    /// Writes bytes exactly as they are (code lines, raw HTML): no escaping, spaces kept.
    mutating func verbatim(_ s: ArraySlice<UInt8>) {
        flush()
        catchUpLineEnds(recording: true)
        htmlBlockGuard?.exempt(line: lineNumber)
        firstWriteOfLine = false
        bytes.append(contentsOf: s)
        lineStarted = false
        keepsTrailingSpaces = true
        catchUpLineEnds(recording: false)
    }

    /// Starts a new line inside verbatim content, writing the prefix (without its trailing
    /// spaces when the new line is empty).
    mutating func newlineKeepingContent(emptyLine: Bool) {
        catchUpLineEnds(recording: false)
        bytes.append(0x0A)
        lineNumber += 1
        currentLineStart = bytes.count
        firstWriteOfLine = false
        if emptyLine {
            var end = prefix.count
            while end > 0 && prefix[end - 1] == 0x20 && !blankLinesKeepPrefix { end -= 1 }
            bytes.append(contentsOf: prefix[0..<end])
        } else {
            bytes.append(contentsOf: prefix)
        }
        countedTo = bytes.count
        lineBegin = bytes.count
        lineStarted = true
    }

    /// Ends the current line even when it is empty (inside verbatim content).
    mutating func forceLineEnd() {
        if pendingNewlines == 0 { pendingNewlines = 1 }
        lineEndIsSoftBreak = false
        lineBegin = -1
    }

    /// Keeps the current line's trailing spaces when it ends (code lines, two-space hard breaks).
    mutating func keepTrailingSpaces() { keepsTrailingSpaces = true }

    /// Replaces `count` bytes written at `position` (an opener that turned out unusable).
    mutating func replace(at position: Int, count: Int, with new: [UInt8]) {
        bytes.replaceSubrange(position..<(position + count), with: new)
        if new.count != count { marks?.shift(after: position, by: new.count - count) }
        // (What is replaced and what replaces it are inline markup on one line: line numbers hold.)
        if position < currentLineStart { currentLineStart += new.count - count }
        if position < countedTo { countedTo = max(position, countedTo + new.count - count) }
        edits += 1
        if lineBegin > position { lineBegin += new.count - count }
        if position + count < knownLineStart {
            // Before the newline that starts the line: what was scanned only moved.
            knownLineStart += new.count - count
            scannedTo += new.count - count
        } else {
            truncated(to: position)
        }
    }

    /// The last byte written.
    var last: UInt8? { bytes.last }

    /// Removes trailing spaces and tabs of the current line's content (a line ending in two
    /// spaces would be a hard break).
    /// The offset of the last byte written that is not a space or tab (which trimming keeps), or
    /// 0: where a use of end matter in what was just written is marked.
    var lastContentOffset: Int {
        var offset = bytes.count - 1
        while offset > 0, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset -= 1 }
        return max(0, offset)
    }

    mutating func trimTrailingSpaces() {
        let count = bytes.count
        while let l = bytes.last, l == 0x20 || l == 0x09 { bytes.removeLast() }
        if bytes.count < lineBegin { lineBegin = bytes.count }
        if bytes.count < count {
            edits += 1
            marks?.clampEnds(to: bytes.count)
        }
        truncated(to: bytes.count)
    }

    /// Ends the output with exactly one newline.
    mutating func finish() -> [UInt8] {
        catchUpLineEnds(recording: true)
        if pendingNewlines == 0 && !keepsTrailingSpaces { trimTrailingSpaces() }
        if pendingNewlines > 0 && !keepsTrailingSpaces { trimTrailingSpaces() }
        while let l = bytes.last, l == 0x0A { bytes.removeLast() }
        if blankLinesKeepPrefix {
            // turndown trims the output's end: a last line of indentation only goes.
            var start = bytes.count
            while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
            if start == 0 || bytes[start - 1] == 0x0A {
                bytes.removeSubrange(start...)
                while let l = bytes.last, l == 0x0A { bytes.removeLast() }
            }
        }
        if !bytes.isEmpty { bytes.append(0x0A) }
        return bytes
    }
}
