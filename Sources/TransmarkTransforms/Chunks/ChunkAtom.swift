import TransmarkCore

/// The smallest piece the chunker packs: a block (or a part of an oversize block) rendered and
/// counted, under a heading path.
struct ChunkAtom {
    /// The rendered piece, without line feeds at its end (empty when the backend's blocks cannot
    /// be joined as text: then `document` is rendered with the chunk).
    var bytes: [UInt8]
    /// The piece as a document, kept only when chunks are rendered as documents.
    var document: Document?
    /// Its tokens.
    var tokens: Int
    /// The index of its heading path in the collector's `paths`.
    var path: Int
    /// The level of the heading that opens a section here, or 0.
    var headingLevel: Int
    /// What joins it to the atom before it in a chunk: nil for the backend's block separator;
    /// the white space that stood there for a sentence or word continuing a cut block.
    var joiner: [UInt8]? = nil
    /// The piece's range in a mapped rendering (then `bytes` is empty): consecutive ranges in a
    /// chunk are cut from the output as one.
    var range: Range<Int>? = nil
    /// For a table's row or a code block's line in a mapped rendering: the lines that open the
    /// table or block (header rows, a fence), repeated when a chunk starts with this atom.
    var header: Range<Int>? = nil
    /// The lines that close it (`</table>`, a fence), added when a chunk ends with this atom.
    var footer: Range<Int>? = nil
    /// The header's and footer's tokens.
    var frameTokens = 0
}

/// Packs runs of consecutive units (lines, sentences, words, table rows) into parts within a
/// budget: greedily by the units' summed tokens (plus `fixed` for what every part repeats, a
/// table's header or a code block's fences), each part then measured whole by `measure` and, when
/// the sum was optimistic, shortened (never below one unit).
func packRuns(tokens: [Int], budget: Int, fixed: Int = 0, separatorTokens: Int = 0,
              measure: (Range<Int>) throws -> Int) rethrows -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start = 0
    while start < tokens.count {
        var end = start + 1
        var total = fixed + tokens[start]
        while end < tokens.count, total + separatorTokens + tokens[end] <= budget {
            total += separatorTokens + tokens[end]
            end += 1
        }
        // Shortened in proportion to how far over the part measures, then one unit at a time.
        while end - start > 1 {
            let measured = try measure(start..<end)
            if measured <= budget { break }
            let proportional = Int(Double(end - start) * Double(budget) / Double(measured))
            end = start + max(1, min(end - start - 1, proportional))
        }
        parts.append(start..<end)
        start = end
    }
    return parts
}
