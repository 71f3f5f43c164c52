/// Byte-pair merging of one piece by rank, as tiktoken does it (repeatedly merge the adjacent
/// pair whose bytes form the lowest-ranked token, the leftmost among equals), but with a heap of
/// candidate pairs and a linked list of parts, so that a piece of `n` bytes takes `O(n log n)`
/// steps rather than tiktoken's `O(n²)`: a ten-megabyte "word" is no trap. The scratch arrays are
/// kept between pieces.
struct BPEMerger {
    /// The start of the part after each part (indexed by part start; `n` past the last).
    private var next: [Int32] = []
    /// The start of the part before each part (-1 for the first).
    private var previous: [Int32] = []
    /// Whether a part still starts at each byte.
    private var alive: [Bool] = []
    /// Candidate merges: `key` holds the rank in the high 32 bits and the left part's start in
    /// the low ones (so the lowest key is the lowest rank, leftmost); `end` is where the merged
    /// pair ended when it was pushed, to tell a stale candidate (a part has changed since) from a
    /// live one.
    private var heap: [(key: UInt64, end: Int32)] = []

    /// The number of tokens `piece` merges into under `vocabulary`.
    mutating func tokenCount(of piece: UnsafeBufferPointer<UInt8>, vocabulary: BPEVocabulary) -> Int {
        let n = piece.count
        if n <= 1 { return n }
        if vocabulary.rank(of: piece) != nil { return 1 }
        next.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        alive.removeAll(keepingCapacity: true)
        heap.removeAll(keepingCapacity: true)
        for i in 0..<n {
            next.append(Int32(i + 1))
            previous.append(Int32(i - 1))
            alive.append(true)
        }
        var parts = n
        func push(_ start: Int) {
            let right = Int(next[start])
            guard right < n else { return }
            let end = Int(next[right])
            guard let rank = vocabulary.rank(of: UnsafeBufferPointer(rebasing: piece[start..<end])) else { return }
            heapPush((UInt64(UInt32(bitPattern: rank)) << 32 | UInt64(start), Int32(end)))
        }
        for i in 0..<(n - 1) { push(i) }
        while let top = heapPop() {
            let start = Int(top.key & 0xFFFF_FFFF)
            guard alive[start] else { continue }
            let right = Int(next[start])
            guard right < n, next[right] == top.end else { continue }
            // Merge `right` into `start`.
            let end = Int(next[right])
            alive[right] = false
            next[start] = Int32(end)
            if end < n { previous[end] = Int32(start) }
            parts -= 1
            push(start)
            let before = Int(previous[start])
            if before >= 0 { push(before) }
        }
        return parts
    }

    private mutating func heapPush(_ value: (key: UInt64, end: Int32)) {
        heap.append(value)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].key < heap[parent].key else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func heapPop() -> (key: UInt64, end: Int32)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { break }
                let right = left + 1
                let smaller = right < heap.count && heap[right].key < heap[left].key ? right : left
                guard heap[smaller].key < heap[parent].key else { break }
                heap.swapAt(smaller, parent)
                parent = smaller
            }
        }
        return top
    }
}
