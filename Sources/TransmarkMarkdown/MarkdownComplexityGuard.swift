import TransmarkCore

/// A linear pre-scan that estimates how much work libcmark-gfm 0.29 will do on an input and
/// refuses inputs it cannot parse in time, before they reach the library.
///
/// libcmark-gfm 0.29 has these superlinear spots, which it guards:
/// - every line (blank lines included) is checked against every open container, so thousands of
///   lines inside tens of thousands of nested lists or quotes cost depth × lines;
/// - every inline node added under deep nesting walks the ancestor chain, so inline markup deep in
///   nested quotes costs depth × delimiters;
/// - every link formed walks back over the unclosed `![` image openers, so `![[]()` repeated costs
///   openers × links;
/// - every cell of a table row is appended to a linked list from its head, so a row of n cells
///   costs n² / 2 (a row of 64,000 cells took 19 s). Only long lines (over
///   `longLine` bytes) are counted, as rows of a table (after a delimiter row, or just before
///   one) and by their `|` bytes: ordinary tables cost nothing;
/// - a delimiter row whose cells do not match the line before it starts no table, and the table
///   extension parses the whole paragraph above it as a header row each time, keeping what it
///   allocated: `a|b|c` and `|-|-|` repeated cost paragraph bytes × rows in time and memory
///   (24 KB took 1.6 GB). Counted as the paragraph's bytes for each such row, times
///   `reparseWeight` for the memory each byte holds.
///
/// (The library's autolink extension had superlinear spots too; Transmark reads autolinks with its
/// own linear extension, `TransmarkAutolink.h`.)
///
/// The estimate counts those steps (only beyond a free allowance of 32 levels, so ordinary
/// documents of any size cost nothing); over `maxComplexity` it throws `inputTooComplex`, and a
/// line nesting deeper than `maxDepth` throws `nestingTooDeep`. Both name the option that raises
/// the limit.
struct MarkdownComplexityGuard {
    let maxDepth: Int
    let maxComplexity: Int

    /// Nesting levels that cost nothing extra (ordinary documents stay below).
    private static let freeDepth = 32

    /// Lines at least this long are counted as table rows (a row of fewer bytes holds fewer
    /// cells, whose quadratic cost is a few million steps at most).
    fileprivate static let longLine = 2048

    /// What each byte of a paragraph parsed again as a table header counts (it also holds
    /// memory until the parse ends, some 60 bytes per byte in libcmark-gfm 0.29).
    fileprivate static let reparseWeight = 8

    /// The table-row estimate: whether a delimiter row has been seen since the last blank line,
    /// the cost of the previous line (a header row is parsed when its delimiter row comes) and
    /// the sum. Kept out of the line loop: only long lines and lines starting with `|`, `-` or
    /// `:` reach `line(_:_:_:)`.
    private struct TableRowMeter {
        var inTable = false
        var previousLineCost = 0
        var work = 0
        /// The bytes of the paragraph the current line continues (0 after a blank line or in a
        /// table), and the line before it, `previousLine`.
        var paragraphBytes = 0
        var previousLine = 0..<0

        /// A line that may be a delimiter row or a long row, `start..<end` after its markers.
        @inline(never)
        mutating func line(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
            let cost = end - start >= MarkdownComplexityGuard.longLine ? Self.rowCost(base, start, end) : 0
            if !inTable && Self.isDelimiterRow(base, start, end) {
                if paragraphBytes > 0 && Self.cells(base, previousLine) != Self.cells(base, start..<end) {
                    // No table: the paragraph above was parsed as a header row for nothing.
                    work &+= paragraphBytes &* MarkdownComplexityGuard.reparseWeight
                } else {
                    work &+= previousLineCost
                    inTable = true
                }
            }
            if inTable { work &+= cost }
            previousLineCost = cost
            other(start..<end)
        }

        /// Any line with text, `range` after its markers.
        mutating func other(_ range: Range<Int>) {
            paragraphBytes = inTable ? 0 : paragraphBytes &+ range.count &+ 1
            previousLine = range
        }

        /// A blank line.
        mutating func blank() {
            inTable = false
            previousLineCost = 0
            paragraphBytes = 0
        }

        /// The cells of a table row: one more than its `|` bytes that are not escaped, less a
        /// leading and a trailing one.
        static func cells(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
            var start = range.lowerBound, end = range.upperBound
            while start < end && (base[start] == 0x20 || base[start] == 0x09) { start += 1 }
            while end > start && (base[end - 1] == 0x20 || base[end - 1] == 0x09) { end -= 1 }
            guard start < end else { return 0 }
            var pipes = 0
            var k = start
            while k < end {
                if base[k] == UInt8(ascii: "\\") { k += 2; continue }
                if base[k] == UInt8(ascii: "|") { pipes += 1 }
                k += 1
            }
            if base[start] == UInt8(ascii: "|") { pipes -= 1 }
            if end - start > 1 && base[end - 1] == UInt8(ascii: "|") && base[end - 2] != UInt8(ascii: "\\") { pipes -= 1 }
            return pipes + 1
        }

        /// Whether `start..<end` is a table delimiter row: only `|`, `-`, `:`, spaces and tabs,
        /// with at least one `-` and one `|` (dashes alone are a setext underline or a rule).
        static func isDelimiterRow(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            var dashes = false
            var pipes = false
            var k = start
            while k < end {
                switch base[k] {
                case UInt8(ascii: "-"): dashes = true
                case UInt8(ascii: "|"): pipes = true
                case UInt8(ascii: ":"), 0x20, 0x09: break
                default: return false
                }
                k += 1
            }
            return dashes && pipes
        }

        /// The cost of a row's cells: n² / 2 for its n `|` bytes.
        static func rowCost(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
            var pipes = 0
            for k in start..<end where base[k] == UInt8(ascii: "|") { pipes += 1 }
            return pipes &* pipes / 2
        }
    }

    /// Byte classes: 0 ordinary, 1 line end, 2 can start an inline node (delimiters, brackets,
    /// code, entities, raw HTML, breaks), 3 `[`, 4 `]`, 5 non-ASCII (checked as UTF-8).
    private static let byteClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for c in "*_~`!<&\\" { table[Int(c.asciiValue!)] = 2 }
        table[Int(UInt8(ascii: "["))] = 3
        table[Int(UInt8(ascii: "]"))] = 4
        table[0x0A] = 1
        table[0x0D] = 1
        for b in 0x80...0xFF { table[b] = 5 }
        return table
    }()

    /// Throws when the input is over a limit; returns whether the input is valid UTF-8 (the same
    /// pass checks it, so the parser need not check it again).
    @discardableResult
    func check(_ input: UnsafeBufferPointer<UInt8>) throws -> Bool {
        try Self.byteClasses.withUnsafeBufferPointer { classes in
            try check(input, classes: classes.baseAddress!)
        }
    }

    /// Whether any of eight bytes is a line end, a bracket or non-ASCII (SWAR, no table loads).
    @inline(__always)
    private static func mayNeedALook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ byte: UInt64) -> UInt64 {
            let x = word ^ (ones &* byte)
            return (x &- ones) & ~x & highs
        }
        return (word & highs) | has(0x0A) | has(0x0D) | has(0x5B) | has(0x5D) != 0
    }

    /// The length of the valid UTF-8 sequence starting at `i` (a non-ASCII byte), or 0.
    @inline(__always)
    private static func utf8SequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int {
        let b0 = p[i]
        @inline(__always) func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < count && p[i + k] >= low && p[i + k] <= high
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE, 0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    private func check(_ input: UnsafeBufferPointer<UInt8>, classes: UnsafePointer<UInt8>) throws -> Bool {
        guard let base = input.baseAddress else { return true }
        var validUTF8 = true
        let freeDepth = Self.freeDepth
        var depthWork = 0
        var bracketWork = 0
        var openDepth = 0
        var previousBlank = true
        // Bracket stack of the current paragraph: true for image openers `![`.
        var brackets: [Bool] = []
        var unclosedImages = 0
        var tableRows = TableRowMeter()
        let count = input.count
        var i = 0
        while i < count {
            // Container markers at the start of the line.
            var markers = 0
            var indent = 0
            var lineHasText = false
            scanMarkers: while i < count {
                let b = base[i]
                switch b {
                case 0x20, 0x09:
                    if markers == 0 { indent += 1 }
                    i += 1
                case UInt8(ascii: ">"):
                    markers += 1
                    i += 1
                case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                    let next = i + 1 < count ? input[i + 1] : 0x0A
                    if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D {
                        markers += 1
                        i += 1
                    } else {
                        break scanMarkers
                    }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var j = i
                    while j < count && j - i < 10 && input[j] >= 0x30 && input[j] <= 0x39 { j += 1 }
                    if j < count && (input[j] == UInt8(ascii: ".") || input[j] == UInt8(ascii: ")"))
                        && (j + 1 >= count || input[j + 1] == 0x20 || input[j + 1] == 0x09 || input[j + 1] == 0x0A) {
                        markers += 1
                        i = j + 1
                    } else {
                        break scanMarkers
                    }
                default:
                    break scanMarkers
                }
            }
            if markers > maxDepth {
                throw TransmarkError.nestingTooDeep(depth: markers, limit: maxDepth, option: "maxDepth")
            }
            // The rest of the line.
            let contentStart = i
            var specials = 0
            if i < count && base[i] != 0x0A && base[i] != 0x0D { lineHasText = true }
            // Inline specials only cost anything under deep nesting; elsewhere only line ends,
            // brackets and non-ASCII bytes (UTF-8 validation) need a look.
            let countsSpecials = max(openDepth, markers) > freeDepth
            while i < count {
                if countsSpecials {
                    // Skip eight ordinary bytes at a time (one branch instead of eight).
                    i = ByteClassScan.skipOrdinaryBlocks(base, from: i, to: count, classes: classes)
                } else {
                    while i + 8 <= count, !Self.mayNeedALook(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                        i += 8
                    }
                }
                guard i < count else { break }
                let b = base[i]
                let cls = classes[Int(b)]
                if cls == 0 {
                    i += 1
                    continue
                }
                if cls == 1 { break }
                if cls == 5 {
                    let n = Self.utf8SequenceLength(base, i, count)
                    if n == 0 {
                        validUTF8 = false
                        i += 1
                    } else {
                        i += n
                    }
                    continue
                }
                specials += 1
                if cls == 3 {
                    let isImage = i > 0 && base[i - 1] == UInt8(ascii: "!")
                    brackets.append(isImage)
                    if isImage { unclosedImages += 1 }
                } else if cls == 4, let opener = brackets.popLast() {
                    if opener {
                        unclosedImages -= 1
                    } else {
                        bracketWork &+= unclosedImages
                    }
                }
                i += 1
            }
            // Table rows: a delimiter row starts with `|`, `-` or `:`; only long rows cost.
            if lineHasText {
                let first = base[contentStart]
                if first == UInt8(ascii: "|") || first == UInt8(ascii: "-") || first == UInt8(ascii: ":")
                    || i - contentStart >= Self.longLine {
                    tableRows.line(base, contentStart, i)
                    if tableRows.work > maxComplexity {
                        throw TransmarkError.inputTooComplex(
                            what: "table rows of thousands of cells, or delimiter rows under a long paragraph that match no header (libcmark-gfm's cost grows with their square)",
                            estimate: tableRows.work, limit: maxComplexity, option: "maxComplexity")
                    }
                } else {
                    tableRows.previousLineCost = 0
                    tableRows.other(contentStart..<i)
                }
            } else {
                tableRows.blank()
            }
            // Line end (CR, LF or CRLF).
            if i < count {
                if input[i] == 0x0D && i + 1 < count && input[i + 1] == 0x0A { i += 1 }
                i += 1
            }
            if !lineHasText {
                // A blank line (or only markers): cmark still visits every open container.
                openDepth = max(openDepth, markers)
                if markers == 0 {
                    brackets.removeAll(keepingCapacity: true)
                    unclosedImages = 0
                }
                previousBlank = markers == 0
            } else {
                if markers == 0 && indent == 0 && previousBlank {
                    openDepth = 0
                }
                openDepth = max(openDepth, markers)
                if openDepth > freeDepth { depthWork &+= openDepth &* specials }
                previousBlank = false
            }
            if openDepth > freeDepth { depthWork &+= openDepth }
            if depthWork > maxComplexity {
                throw TransmarkError.inputTooComplex(
                    what: "nesting \(openDepth) containers deep under many lines or inline delimiters",
                    estimate: depthWork, limit: maxComplexity, option: "maxComplexity")
            }
            if bracketWork > maxComplexity {
                throw TransmarkError.inputTooComplex(
                    what: "links formed after many unclosed image openers (`![`)",
                    estimate: bracketWork, limit: maxComplexity, option: "maxComplexity")
            }
        }
        return validUTF8
    }
}
