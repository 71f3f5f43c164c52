import TransmarkCore

/// A prefix drawn at the start of lines: a quote bar, a list item's marker (first line) and
/// hanging indent (later lines), a definition's indent. Text lives in the engine's prefix arena.
struct PrefixPiece {
    var firstStart: Int
    var firstEnd: Int
    var restStart: Int
    var restEnd: Int
    var width: Int
    /// The total width of this piece and all pieces below it.
    var cumulativeWidth: Int
    var firstStyle: Int32
    var restStyle: Int32
    /// Whether the next line still takes the first-line text.
    var firstPending: Bool
    /// Whether a line with this piece was written (blank lines only draw such pieces).
    var emitted = false
}

extension TextLayoutEngine {
    // MARK: Prefixes

    /// Opens a prefix: `first` on the next line, `rest` (same width) on the following ones.
    mutating func pushPrefix(first: String, rest: String, firstStyle: Int32, restStyle: Int32) {
        let below = prefixes.last?.cumulativeWidth ?? 0
        let firstStart = prefixArena.count
        prefixArena.append(contentsOf: first.utf8)
        let restStart = prefixArena.count
        prefixArena.append(contentsOf: rest.utf8)
        let width = DisplayWidth.of(rest)
        prefixes.append(PrefixPiece(
            firstStart: firstStart, firstEnd: restStart, restStart: restStart, restEnd: prefixArena.count,
            width: width, cumulativeWidth: below + width, firstStyle: firstStyle, restStyle: restStyle,
            firstPending: first != rest))
    }

    /// Closes prefixes down to `height`.
    mutating func popPrefixes(to height: Int) {
        guard prefixes.count > height else { return }
        prefixArena.removeSubrange(prefixes[height].firstStart...)
        prefixes.removeSubrange(height...)
    }

    /// The visible prefixes of the current sink.
    var visiblePrefixes: Range<Int> {
        let base = sinks[sinks.count - 1].prefixBase
        return base..<max(base, min(prefixes.count, base + settings.maxVisibleNesting))
    }

    /// The width of the current sink's visible prefixes.
    var prefixWidth: Int {
        let range = visiblePrefixes
        guard !range.isEmpty else { return 0 }
        let below = range.lowerBound > 0 ? prefixes[range.lowerBound - 1].cumulativeWidth : 0
        return prefixes[range.upperBound - 1].cumulativeWidth - below
    }

    /// The columns left for content in the current sink (`Int.max` when not wrapping).
    var availableWidth: Int {
        guard settings.width > 0, sinks[sinks.count - 1].captureIndex < 0 else { return Int.max }
        return max(settings.width - prefixWidth, min(10, settings.width / 2), 1)
    }

    /// The columns the current sink's lines can end up with after its prefixes (`Int.max`: no
    /// wrapping): `availableWidth` in the main output, what the cell's budget leaves in a cell.
    var roomWidth: Int {
        let sink = sinks[sinks.count - 1]
        if sink.captureIndex < 0 || sink.budget == Int.max { return availableWidth }
        return max(sink.budget - prefixWidth, min(10, sink.budget), 1)
    }

    // MARK: Lines

    /// Starts a line: writes a pending blank line, then the prefixes. With `contentEmpty`, the
    /// prefixes' trailing spaces are left out.
    mutating func beginLine(contentEmpty: Bool = false) {
        if pendingBlank {
            pendingBlank = false
            if sinks[sinks.count - 1].hasLines {
                writePrefix(trim: true, blank: true)
                endLine(contentWidth: 0)
            }
        }
        sinks[sinks.count - 1].hasLines = true
        writePrefix(trim: contentEmpty, blank: false)
    }

    mutating func writePrefix(trim: Bool, blank: Bool) {
        let range = visiblePrefixes
        guard !range.isEmpty else { return }
        var lastIndex = range.upperBound - 1
        var lastEnd = Int.max
        if trim {
            lastIndex = -1
            var i = range.upperBound - 1
            search: while i >= range.lowerBound {
                let p = prefixes[i]
                if !(blank && !p.emitted) {
                    let useFirst = !blank && p.firstPending
                    let s = useFirst ? p.firstStart : p.restStart
                    var e = useFirst ? p.firstEnd : p.restEnd
                    while e > s && prefixArena[e - 1] == 0x20 { e -= 1 }
                    if e > s {
                        lastIndex = i
                        lastEnd = e
                        break search
                    }
                }
                i -= 1
            }
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let p = prefixes[i]
            if !blank {
                prefixes[i].firstPending = false
                prefixes[i].emitted = true
            }
            if i <= lastIndex && !(blank && !p.emitted) {
                let useFirst = !blank && p.firstPending
                let s = useFirst ? p.firstStart : p.restStart
                var e = useFirst ? p.firstEnd : p.restEnd
                if i == lastIndex { e = min(e, lastEnd) }
                put(prefixArena[s..<e], style: useFirst ? p.firstStyle : p.restStyle)
                currentLineWidth += p.width
            }
            i += 1
        }
    }

    /// Writes bytes in a style to the current sink.
    @inline(__always)
    mutating func put(_ bytes: ArraySlice<UInt8>, style: Int32) {
        bytes.withUnsafeBufferPointer { put(bytes: $0, style: style) }
    }

    /// Writes bytes (see `put(_:style:)`).
    mutating func put(bytes: UnsafeBufferPointer<UInt8>, style: Int32) {
        let capture = sinks[sinks.count - 1].captureIndex
        if capture < 0 {
            if settings.styled { writer.transition(to: styles[Int(style)], links: links, out: &out) }
            out.bytes.append(contentsOf: bytes)
        } else {
            captures[capture].text.setStyle(style)
            captures[capture].text.bytes.append(contentsOf: bytes)
        }
    }

    /// Writes a string made by the engine (its bytes are read in place, not copied first).
    mutating func put(_ string: String, style: Int32) {
        if string.utf8.withContiguousStorageIfAvailable({ put(bytes: $0, style: style) }) != nil { return }
        var string = string
        string.withUTF8 { put(bytes: $0, style: style) }
    }

    /// Writes `count` copies of `unit`, without building an intermediate buffer.
    mutating func putRepeated(_ unit: String, _ count: Int, style: Int32) {
        guard count > 0 else { return }
        if unit == " " {
            putSpaces(count, style: style)
            return
        }
        var unit = unit
        unit.withUTF8 { bytes in
            let capture = sinks[sinks.count - 1].captureIndex
            if capture < 0 {
                if settings.styled { writer.transition(to: styles[Int(style)], links: links, out: &out) }
                if bytes.count == 1 {
                    out.bytes.append(contentsOf: repeatElement(bytes[0], count: count))
                } else {
                    for _ in 0..<count { out.bytes.append(contentsOf: bytes) }
                }
            } else {
                captures[capture].text.setStyle(style)
                for _ in 0..<count { captures[capture].text.bytes.append(contentsOf: bytes) }
            }
        }
    }

    /// Writes `count` spaces.
    mutating func putSpaces(_ count: Int, style: Int32) {
        guard count > 0 else { return }
        let capture = sinks[sinks.count - 1].captureIndex
        if capture < 0 {
            if settings.styled { writer.transition(to: styles[Int(style)], links: links, out: &out) }
            out.bytes.append(contentsOf: repeatElement(0x20, count: count))
        } else {
            captures[capture].text.setStyle(style)
            captures[capture].text.bytes.append(contentsOf: repeatElement(0x20, count: count))
        }
    }

    /// Ends the line.
    mutating func endLine(contentWidth: Int) {
        let capture = sinks[sinks.count - 1].captureIndex
        if capture < 0 {
            if settings.styled { writer.endLine(out: &out) }
            out.append(byte: 0x0A)
            // A line is complete and nothing looks back at written output: it can go.
            if stream != nil && out.bytes.count >= Self.streamingChunkSize { flushStream() }
        } else {
            let end = captures[capture].text.bytes.count
            captures[capture].lines.append(WrappedLine(
                start: captures[capture].lineStart, end: end, width: currentLineWidth + contentWidth))
            captures[capture].lineStart = end
        }
        currentLineWidth = 0
    }

    /// Writes `text[start..<end]` with its style runs.
    mutating func writeStyled(_ text: InlineTextBuffer, _ start: Int, _ end: Int) {
        guard start < end else { return }
        if !settings.styled && sinks[sinks.count - 1].captureIndex < 0 {
            out.append(contentsOf: text.bytes[start..<end])
            return
        }
        var run = text.runIndex(at: start)
        var pos = start
        while pos < end {
            let style = run >= 0 ? text.runStyles[run] : 0
            let next = run + 1 < text.runStarts.count ? min(end, Int(text.runStarts[run + 1])) : end
            if next > pos { put(text.bytes[pos..<next], style: style) }
            pos = max(pos, next)
            run += 1
        }
    }

    /// Wraps the gathered inline content into lines and writes them. Returns the widest line's
    /// width (0 when there was nothing to write).
    @discardableResult
    mutating func flushInline() -> Int {
        guard inline.hasContent else {
            if !inline.bytes.isEmpty || !inline.runStarts.isEmpty { inline.reset() }
            return 0
        }
        flushCount += 1
        let width = availableWidth
        let text = inline
        var lines: [WrappedLine] = []
        swap(&lines, &wrapped)
        lines.removeAll(keepingCapacity: true)
        text.bytes.withUnsafeBufferPointer { LineWrapper.wrap($0, 0, $0.count, width: width, into: &lines) }
        var widest = 0
        for line in lines {
            beginLine(contentEmpty: line.start == line.end)
            writeStyled(text, line.start, line.end)
            endLine(contentWidth: line.width)
            widest = max(widest, line.width)
        }
        wrapped = lines
        inline.reset()
        pendingBlank = false
        return widest
    }
}
