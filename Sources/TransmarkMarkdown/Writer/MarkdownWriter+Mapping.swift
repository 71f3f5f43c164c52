import TransmarkCore

/// A mapped rendering (`MarkdownBackend.renderMapped`): the marks the writer leaves as it walks,
/// turned into the range of each block and the uses of each end-matter entry.
extension MarkdownWriter {
    /// An entry of the end matter, numbered in one space for the marks: reference definitions
    /// (citations) and images listed at the end.
    enum EndMatterEntry {
        case reference(Int)
        case image(Int)

        /// Its number among the marks.
        var id: Int32 {
            switch self {
            case .reference(let k): Int32(truncatingIfNeeded: 2 * k)
            case .image(let k): Int32(truncatingIfNeeded: 2 * k + 1)
            }
        }
    }

    /// Renders the document with marks, as `write()` does otherwise.
    mutating func writeMapped() -> MappedOutput {
        mapping = true
        w.marks = MarkdownOutputMarks()
        render(from: 0)
        endImplicitParagraphMark()
        writeEndImages()
        writeReferenceDefinitions()
        var marks = w.marks ?? MarkdownOutputMarks()
        var bytes = w.finish()
        if let inserted = w.htmlBlockGuard?.apply(to: &bytes) { marks.shift(insertions: inserted) }
        // Where control characters are replaced (nearly never: the output is scanned eight bytes
        // at a time, and read byte by byte only from the first one on).
        var replaced: [Int] = []
        if let first = ControlCharacters.firstReplaced(in: bytes) {
            for i in first..<bytes.count where ControlCharacters.isReplaced(bytes[i]) { replaced.append(i) }
            ControlCharacters.replaceC0Controls(in: &bytes)
        }
        // Each replaced byte became three: offsets after it move by two.
        let remap: ((Int) -> Int)? = replaced.isEmpty ? nil : { offset in
            var low = 0, high = replaced.count
            while low < high {
                let mid = (low + high) / 2
                if replaced[mid] < offset { low = mid + 1 } else { high = mid }
            }
            return offset + 2 * low
        }
        return marks.mappedOutput(bytes, nodeCount: document.nodeCount, remap: remap)
    }

    /// Ends the mark of the implicit paragraph being written, if any.
    mutating func endImplicitParagraphMark() {
        guard implicitParagraph >= 0 else { return }
        w.marks?.end(implicitParagraph, at: w.bytes.count)
        implicitParagraph = -1
    }

    /// Marks where block `i` ends (and the end-matter uses its table cells deferred).
    mutating func markBlockEnd(_ i: Int32) {
        markDeferredUses()
        w.marks?.end(i, at: w.bytes.count)
    }

    /// Marks the uses deferred by table cells at the last byte written (not a trailing space).
    mutating func markDeferredUses() {
        guard !deferredUses.isEmpty else { return }
        let offset = w.lastContentOffset
        for entry in deferredUses { w.marks?.use(Int(entry), at: offset) }
        deferredUses.removeAll(keepingCapacity: true)
    }

    /// A link or image refers to `entry` here: where its text is written next, which is on the
    /// block's own line (a link opening a block comes before the blank line and prefix that
    /// start it are written). In a table cell (a scratch writer without marks, inside a mapped
    /// rendering) the use waits for the row's line.
    mutating func noteEndMatterUse(_ entry: EndMatterEntry) {
        if labelledLink >= 0 && mapping {
            // A link's label is written when the link closes, after its text (which a chunk may
            // hold apart from it, cut at words).
            usesAtLinkClose.append((labelledLink, entry))
        } else if w.marks != nil {
            w.marks?.start(entry.id, kind: .use)
        } else if mapping {
            deferredUses.append(entry.id)
        }
    }
}
