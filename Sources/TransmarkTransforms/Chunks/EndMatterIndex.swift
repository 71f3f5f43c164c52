import TransmarkCore

/// Where a mapped rendering uses its end matter (reference definitions, citation sources, images
/// listed at the end), for the chunker: which entries a range of the output uses, and what they
/// weigh in tokens. A chunk ends with the entries its text uses, so they count against its budget:
/// the collector cuts a block whose text and entries together are over the budget, the packer
/// estimates each chunk with its entries.
struct EndMatterIndex {
    /// Every use, by offset in the output: (offset, entry).
    private let uses: [(offset: Int, entry: Int)]
    /// The tokens of each entry's line, its line feed included.
    let entryTokens: [Int]

    /// The index of `output`'s end matter (empty when it has none), counted by `counter`.
    init(_ output: MappedOutput?, counter: any TokenCounter) {
        var uses: [(offset: Int, entry: Int)] = []
        for (k, entry) in (output?.endMatter ?? []).enumerated() {
            for var offset in entry.uses {
                // A label written after a space (` [3]`) is used where it starts: a range cut at
                // the space holds the label, not the word before it.
                while let bytes = output?.bytes, offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
                uses.append((offset, k))
            }
        }
        self.uses = uses.sorted { $0.offset < $1.offset }
        seen = Seen(entries: output?.endMatter.count ?? 0)
        guard let output else { entryTokens = []; return }
        entryTokens = output.bytes.withUnsafeBufferPointer { bytes in
            output.endMatter.map { counter.tokenCount(ofUTF8: UnsafeBufferPointer(rebasing: bytes[$0.range])) + 1 }
        }
    }

    /// Whether there is no end matter.
    var isEmpty: Bool { uses.isEmpty }

    /// Appends the entries used in `range` of the output (with repeats, in the order of use): a
    /// use at the range's end belongs to what follows.
    func appendEntries(usedIn range: Range<Int>, to entries: inout [Int]) {
        var low = firstUse(atOrAfter: range.lowerBound)
        while low < uses.count, uses[low].offset < range.upperBound {
            entries.append(uses[low].entry)
            low += 1
        }
    }

    /// The tokens of the distinct entries used in `range`, with `separatorTokens` for the blank
    /// line before them when there are any; 0 when none.
    func tokens(usedIn range: Range<Int>, separatorTokens: Int) -> Int {
        guard !uses.isEmpty else { return 0 }
        var low = firstUse(atOrAfter: range.lowerBound)
        guard low < uses.count, uses[low].offset < range.upperBound else { return 0 }
        // Each distinct entry once: marked with this call's stamp when counted.
        seen.call += 1
        let call = seen.call
        var tokens = separatorTokens
        uses.withUnsafeBufferPointer { uses in
            entryTokens.withUnsafeBufferPointer { entryTokens in
                seen.stamps.withUnsafeMutableBufferPointer { stamps in
                    while low < uses.count, uses[low].offset < range.upperBound {
                        let entry = uses[low].entry
                        if stamps[entry] != call {
                            stamps[entry] = call
                            tokens += entryTokens[entry]
                        }
                        low += 1
                    }
                }
            }
        }
        return tokens
    }

    /// For each entry, the last call of `tokens(usedIn:)` that counted it: a scratch of the
    /// index (an index is used by one collector or packer at a time).
    private final class Seen {
        var stamps: [Int]
        var call = 0
        init(entries: Int) { stamps = [Int](repeating: 0, count: entries) }
    }
    private let seen: Seen

    /// The index of the first use at or after `offset` (binary search).
    private func firstUse(atOrAfter offset: Int) -> Int {
        var low = 0, high = uses.count
        while low < high {
            let mid = (low + high) / 2
            if uses[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
