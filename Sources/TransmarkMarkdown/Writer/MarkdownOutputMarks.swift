import TransmarkCore

/// Where blocks start and end in the Markdown writer's output, recorded as it writes (only for a
/// mapped rendering, `MarkdownBackend.renderMapped`): the line writer resolves a block's start
/// when its first byte is written, keeps offsets right when it edits or trims what is behind
/// them, and the writer turns the marks into a `MappedOutput`.
struct MarkdownOutputMarks {
    enum Kind: UInt8 {
        /// A block's start, or an end-matter entry's.
        case start, end, entryStart, entryEnd
        /// A link or image referring to an end-matter entry.
        case use
    }

    /// One mark: a node (or an end-matter entry's number) and its offset, -1 until resolved.
    struct Mark {
        var offset: Int
        let id: Int32
        let kind: Kind
    }

    private(set) var marks: [Mark] = []
    /// Marks whose offset is the start of the next byte written (or of its line).
    private var unresolved: [Int] = []
    /// End marks that trimming trailing spaces may still cut.
    private var unclamped: [Int] = []

    /// Marks that `id` starts with the next byte written (or the line it is written on); with
    /// `kind` `.use`, that end-matter entry `id` is used there.
    mutating func start(_ id: Int32, kind: Kind = .start) {
        unresolved.append(marks.count)
        marks.append(Mark(offset: -1, id: id, kind: kind))
    }

    /// Marks that `id` ends at `offset`.
    mutating func end(_ id: Int32, at offset: Int, kind: Kind = .end) {
        unclamped.append(marks.count)
        marks.append(Mark(offset: offset, id: id, kind: kind))
    }

    /// Marks a use of end-matter entry `entry` at `offset`.
    mutating func use(_ entry: Int, at offset: Int) {
        marks.append(Mark(offset: offset, id: Int32(truncatingIfNeeded: entry), kind: .use))
    }

    /// Whether starts wait for their offset.
    var hasUnresolved: Bool { !unresolved.isEmpty }

    /// The waiting starts begin at `offset`.
    mutating func resolveStarts(at offset: Int) {
        for k in unresolved { marks[k].offset = offset }
        unresolved.removeAll(keepingCapacity: true)
    }

    /// What was written ends at `count` now (trailing spaces trimmed): ends past it come back to it.
    mutating func clampEnds(to count: Int) {
        for k in unclamped where marks[k].offset > count { marks[k].offset = count }
        unclamped.removeAll(keepingCapacity: true)
    }

    /// `delta` bytes were inserted (or removed, when negative) at `position`: the marks after it
    /// move. Edits are made near the end of the output, so the walk back is short.
    mutating func shift(after position: Int, by delta: Int) {
        var k = marks.count - 1
        while k >= 0 {
            let offset = marks[k].offset
            if offset >= 0 && offset <= position { break }
            if offset > position { marks[k].offset = offset + delta }
            k -= 1
        }
    }

    /// Bytes were inserted at `insertions` (offsets before any of them, increasing, with their
    /// lengths; see `HTMLBlockStartGuard`): the marks after them move. A start at an insertion's
    /// offset stays (what is inserted there is its first byte); an end there moves past it.
    mutating func shift(insertions: [(offset: Int, length: Int)]) {
        guard !insertions.isEmpty else { return }
        var before: [Int] = [0]
        for insertion in insertions { before.append(before[before.count - 1] + insertion.length) }
        for k in marks.indices where marks[k].offset >= 0 {
            let offset = marks[k].offset
            let movesAtOffset = marks[k].kind != .start && marks[k].kind != .entryStart
            var low = 0, high = insertions.count
            while low < high {
                let mid = (low + high) / 2
                if insertions[mid].offset < offset || movesAtOffset && insertions[mid].offset == offset { low = mid + 1 } else { high = mid }
            }
            marks[k].offset = offset + before[low]
        }
    }

    /// The marks as a mapped output of `bytes`, for a document of `nodeCount` nodes; `remap`
    /// moves offsets when bytes were replaced after writing (C0 controls, see `ControlCharacters`).
    func mappedOutput(_ bytes: [UInt8], nodeCount: Int, remap: ((Int) -> Int)?) -> MappedOutput {
        var starts = [Int](repeating: -1, count: nodeCount)
        var ranges = [Range<Int>?](repeating: nil, count: nodeCount)
        var entryStarts: [Int] = []
        var entries: [(range: Range<Int>, uses: [Int])] = []
        var uses: [(entry: Int, offset: Int)] = []
        for mark in marks {
            var offset = min(max(mark.offset, 0), bytes.count)
            if let remap { offset = remap(offset) }
            let id = Int(mark.id)
            switch mark.kind {
            case .start where id < nodeCount: starts[id] = offset
            case .end where id < nodeCount:
                if starts[id] >= 0, starts[id] < offset { ranges[id] = starts[id]..<offset }
            case .entryStart:
                while entryStarts.count <= id { entryStarts.append(-1) }
                entryStarts[id] = offset
            case .entryEnd:
                if id < entryStarts.count, entryStarts[id] >= 0, entryStarts[id] < offset {
                    while entries.count <= id { entries.append((0..<0, [])) }
                    entries[id].range = entryStarts[id]..<offset
                }
            case .use: uses.append((id, offset))
            default: break
            }
        }
        for use in uses where use.entry < entries.count { entries[use.entry].uses.append(use.offset) }
        let written = entries.filter { !$0.range.isEmpty }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return MappedOutput(bytes: bytes, ranges: ranges, endMatter: written.map { .init(range: $0.range, uses: $0.uses) })
    }
}
