/// UTF-8 text with style runs: the buffer inline content is gathered into before it is wrapped,
/// and the store of table-cell content. Style runs are `(start offset, style id)` pairs sorted by
/// offset; a run lasts until the next one starts. Whitespace is collapsed as text is appended (in
/// collapsing mode) and control characters are made visible, so no escape sequence or other
/// terminal control from the input ever reaches the output.
struct InlineTextBuffer {
    var bytes: [UInt8] = []
    var runStarts: [Int32] = []
    var runStyles: [Int32] = []
    /// Whether the last byte appended is a collapsible space (or nothing was appended yet).
    var lastWasSpace = true
    /// Whether anything other than spaces was appended.
    var hasContent = false

    /// Empties the buffer, keeping its capacity.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        runStarts.removeAll(keepingCapacity: true)
        runStyles.removeAll(keepingCapacity: true)
        lastWasSpace = true
        hasContent = false
    }

    /// Makes text appended next carry `style`.
    @inline(__always)
    mutating func setStyle(_ style: Int32) {
        if let last = runStyles.last {
            if last == style { return }
            if Int(runStarts[runStarts.count - 1]) == bytes.count {
                runStyles[runStyles.count - 1] = style
                if runStyles.count >= 2 && runStyles[runStyles.count - 2] == style {
                    runStyles.removeLast()
                    runStarts.removeLast()
                }
                return
            }
        } else if style == 0 {
            return
        }
        runStarts.append(Int32(truncatingIfNeeded: bytes.count))
        runStyles.append(style)
    }

    /// The index of the run in effect at byte `offset` (-1 before the first run: style 0).
    func runIndex(at offset: Int) -> Int {
        var lo = 0, hi = runStarts.count - 1, found = -1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            if Int(runStarts[mid]) <= offset {
                found = mid
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return found
    }

    /// Appends a collapsible space (nothing if the text already ends with one).
    @inline(__always)
    mutating func appendSpace() {
        if !lastWasSpace {
            bytes.append(0x20)
            lastWasSpace = true
        }
    }

    /// Appends a forced line break.
    mutating func appendHardBreak() {
        if lastWasSpace, let last = bytes.last, last == 0x20 { bytes.removeLast() }
        bytes.append(0x0A)
        lastWasSpace = true
        hasContent = true
    }

    /// Appends text, collapsing whitespace runs into one space and making controls visible.
    mutating func appendCollapsing(_ source: UnsafeBufferPointer<UInt8>) {
        TextSanitizer.append(source, to: &bytes, collapse: true, lastWasSpace: &lastWasSpace, hasContent: &hasContent)
    }

    /// Appends text as is (spaces kept), making controls visible.
    mutating func appendVerbatim(_ source: UnsafeBufferPointer<UInt8>) {
        TextSanitizer.append(source, to: &bytes, collapse: false, lastWasSpace: &lastWasSpace, hasContent: &hasContent)
    }

    /// Appends a string the engine made (a marker or a number), collapsing whitespace.
    mutating func appendCollapsing(_ string: String) {
        var string = string
        string.withUTF8 { appendCollapsing($0) }
    }

    /// Appends bytes the engine made, collapsing whitespace.
    mutating func appendCollapsing(_ array: [UInt8]) {
        array.withUnsafeBufferPointer { appendCollapsing($0) }
    }
}

/// Tests on eight bytes at once (SWAR).
enum ASCIIWords {
    /// Whether all eight bytes of `word` lie between `lowest` (at most 0x7E) and 0x7E: ASCII, no
    /// DEL, nothing below `lowest`.
    @inline(__always)
    static func allBytes(_ word: UInt64, from lowest: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* UInt64(lowest)) & ~word & highs   // some byte < lowest
        let above = ((word &+ ones) | word) & highs                   // some byte >= 0x7F
        return below | above == 0
    }

    /// Whether all eight bytes of `word` are printable ASCII, 0x21 (`!`) to 0x7E (`~`): no space,
    /// control, DEL or non-ASCII byte.
    @inline(__always)
    static func isPrintable(_ word: UInt64) -> Bool { allBytes(word, from: 0x21) }

    /// Whether all eight bytes of `word` are printable ASCII or spaces, 0x20 to 0x7E.
    @inline(__always)
    static func isPrintableOrSpace(_ word: UInt64) -> Bool { allBytes(word, from: 0x20) }

    /// The bytes of `word` (followed by the byte `next`) at which a text run of `TextSanitizer`
    /// stops, as a mask with the high bit of each such byte set: controls, DEL, non-ASCII
    /// bytes and, when collapsing, a space followed by whitespace or a control.
    @inline(__always)
    static func sanitizerStops(_ word: UInt64, next: UInt8, collapse: Bool) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        // Exact per byte (no carry crosses a byte); each high bit tells one byte's class.
        let atLeast20 = ((low7 &+ 0x6060_6060_6060_6060) | word) & high
        let below20 = ~atLeast20 & high
        let del = (low7 &+ 0x0101_0101_0101_0101) & ~word & high
        var stops = below20 | del | (word & high)
        if collapse {
            let above20 = ((low7 &+ 0x5F5F_5F5F_5F5F_5F5F) | word) & high
            let upTo20 = ~above20 & high
            let space = upTo20 & atLeast20
            let nextUpTo20: UInt64 = next <= 0x20 ? 1 << 63 : 0
            stops |= space & ((upTo20 >> 8) | nextUpTo20)
        }
        return stops
    }
}

/// Copies text while making terminal controls harmless: C0 controls and DEL become their visible
/// Control Pictures (`␛`, `␇`, …), C1 controls become U+FFFD. Soft hyphens (U+00AD) are left
/// out: the text is laid out without hyphenation, so they would never show. Tabs, newlines and
/// carriage returns are whitespace: collapsed to one space in collapsing mode; kept (tabs, newlines) or
/// dropped (carriage returns) otherwise.
enum TextSanitizer {
    static func append(_ src: UnsafeBufferPointer<UInt8>, to dst: inout [UInt8], collapse: Bool,
                       lastWasSpace: inout Bool, hasContent: inout Bool) {
        let n = src.count
        var i = 0
        var runStart = 0
        @inline(__always) func flush(_ end: Int, _ dst: inout [UInt8]) {
            if end > runStart {
                dst.append(contentsOf: UnsafeBufferPointer(rebasing: src[runStart..<end]))
                // A run starts with content; it ends with a space when copied verbatim, or when a
                // C1 control (replaced right after) follows a space.
                lastWasSpace = src[end - 1] == 0x20
                hasContent = true
            }
        }
        let base = src.baseAddress
        while i < n {
            // Inside a run (it starts with content), eight bytes at a time up to the next byte
            // that needs a look: printable ASCII and single spaces (any spaces when verbatim) stay.
            if let base, i > runStart {
                while i &+ 9 <= n {
                    let stops = ASCIIWords.sanitizerStops(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self),
                                                          next: base[i &+ 8], collapse: collapse)
                    if stops == 0 {
                        i &+= 8
                        continue
                    }
                    i &+= stops.trailingZeroBitCount >> 3
                    break
                }
                guard i < n else { break }
            }
            let b = src[i]
            if b > 0x20 && b < 0x7F {
                i &+= 1
                continue
            }
            // A space after content stays in the run: always when copying verbatim, and between
            // two non-space bytes when collapsing (it is the one space the run needs there).
            if b == 0x20 && i > runStart
                && (!collapse || (i + 1 < n && src[i + 1] > 0x20 && src[i + 1] != 0x7F)) {
                i &+= 1
                continue
            }
            if b >= 0x80 {
                // A soft hyphen (U+00AD) only marks where a word may break: it shows nothing
                // unless a line breaks there, and left in it splits the word for search and
                // for readers that draw it.
                if b == 0xC2 && i + 1 < n && src[i + 1] == 0xAD {
                    flush(i, &dst)
                    i += 2
                    runStart = i
                    continue
                }
                if b == 0xC2 && i + 1 < n && src[i + 1] >= 0x80 && src[i + 1] <= 0x9F {
                    flush(i, &dst)
                    dst.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    lastWasSpace = false
                    hasContent = true
                    i += 2
                    runStart = i
                    continue
                }
                i &+= 1
                continue
            }
            flush(i, &dst)
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D:
                if collapse {
                    if !lastWasSpace {
                        dst.append(0x20)
                        lastWasSpace = true
                    }
                } else if b != 0x0D {
                    dst.append(b)
                    lastWasSpace = b == 0x20
                }
            default:
                // U+2400 + b (Control Pictures), DEL is U+2421.
                let picture: UInt8 = b == 0x7F ? 0xA1 : 0x80 &+ b
                dst.append(contentsOf: [0xE2, 0x90, picture])
                lastWasSpace = false
                hasContent = true
            }
            i += 1
            runStart = i
        }
        flush(n, &dst)
    }
}
