/// Finds where runs of one delimiter byte (`*`, `_`, `~`) begin and end in the Markdown writer's
/// output, remembering the last run found. Deeply nested emphasis writes one run of thousands of
/// delimiters, and the flanking check of each closer asks about that same run: scanning it anew
/// each time was quadratic (`**` × 40,000 around a word took 8 s). With the memo, a series of
/// questions moving through one run costs time linear in the run.
///
/// The memo holds for one `MarkdownLineWriter.edits` count: once written bytes are replaced or
/// removed, it is forgotten.
struct DelimiterRunMemo {
    /// `bytes[start..<end]` are all `byte`, as of `edits`. For `runStart` the byte before `start`
    /// is another (or `start` is 0); for `firstOther` the byte at `end` is another.
    private var start = 0
    private var end = 0
    private var byte: UInt8 = 0
    private var edits = -1

    /// Whether the memo describes a run of `c` in the output as it is after `edits` edits.
    private func holds(_ c: UInt8, edits: Int) -> Bool { self.edits == edits && byte == c }

    /// The start of the run of `c` that ends at `position` in `bytes` (`position` itself when the
    /// byte before it is another). `edits` is the writer's `edits` count.
    mutating func runStart(in bytes: [UInt8], endingAt position: Int, of c: UInt8, edits: Int) -> Int {
        // Scan back to a byte that is not `c`, or to the remembered run, whose start is known.
        let floor = holds(c, edits: edits) && position >= start ? start : 0
        let known = holds(c, edits: edits) && position >= start ? end : 0
        var k = position
        while k > known && k > floor && bytes[k - 1] == c { k -= 1 }
        let found = k <= known && k > floor ? start : k
        // `bytes[found..<position]` are all `c` and the byte before `found` is not (or it is 0).
        if found == start && holds(c, edits: edits) {
            end = max(end, position)
        } else {
            (start, end, byte, self.edits) = (found, position, c, edits)
        }
        return found
    }

    /// The index of the first byte at or after `position` in `bytes` that is not `c` (`bytes.count`
    /// when there is none yet). `edits` is the writer's `edits` count.
    mutating func firstOther(in bytes: [UInt8], from position: Int, of c: UInt8, edits: Int) -> Int {
        // A forward memo records a run ended by another byte already written: `bytes[end] != c`.
        if holds(c, edits: edits) && position >= start && position <= end { return end }
        var k = position
        let ceiling = holds(c, edits: edits) && position < start ? start : bytes.count
        while k < ceiling && bytes[k] == c { k += 1 }
        if k == ceiling && ceiling == start && holds(c, edits: edits) {
            start = position
            return end
        }
        if k < bytes.count { (start, end, byte, self.edits) = (position, k, c, edits) }
        return k
    }
}
