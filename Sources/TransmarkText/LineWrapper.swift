import TransmarkCore

/// A laid-out line: a byte range of the buffer it was cut from, and its display width.
struct WrappedLine {
    var start: Int
    var end: Int
    var width: Int
}

/// Greedy word wrapping by display width.
///
/// Words are separated by spaces (`0x20`); `0x0A` is a forced break. A word wider than the width is
/// broken between clusters (see `DisplayWidth`); a word holding wide (CJK) characters also fills
/// the rest of the current line first, since such text breaks between characters. Lines never
/// start or end with spaces.
enum LineWrapper {
    /// Appends the lines of `bytes[start..<end]` wrapped at `width` columns (`Int.max`: no wrap).
    static func wrap(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, width: Int,
                     into lines: inout [WrappedLine]) {
        let width = max(1, width)
        var lineStart = -1, lineEnd = 0, lineWidth = 0
        var pos = start
        while pos < end {
            let b = bytes[pos]
            if b == 0x20 {
                pos &+= 1
                continue
            }
            if b == 0x0A {
                lines.append(lineStart < 0 ? WrappedLine(start: pos, end: pos, width: 0)
                                           : WrappedLine(start: lineStart, end: lineEnd, width: lineWidth))
                lineStart = -1
                pos &+= 1
                continue
            }
            // At a line start, a line of plain ASCII is cut in one step: it ends at the last
            // word end within `width` columns (what placing word after word would give).
            if lineStart < 0, let cut = asciiLineEnd(bytes, pos, end, width: width) {
                lines.append(WrappedLine(start: pos, end: cut, width: cut - pos))
                pos = cut
                continue
            }
            let wordStart = pos
            var wordWidth = 0
            var hasWide = false
            if let base = bytes.baseAddress {
                while pos &+ 8 <= end, ASCIIWords.isPrintable(UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)) {
                    wordWidth &+= 8
                    pos &+= 8
                }
            }
            while pos < end {
                let c = bytes[pos]
                if c == 0x20 || c == 0x0A { break }
                if c < 0x80 {
                    wordWidth &+= 1
                    pos &+= 1
                } else {
                    let (next, w) = DisplayWidth.cluster(bytes, pos, end)
                    if w == 2 { hasWide = true }
                    wordWidth &+= w
                    pos = next
                }
            }
            let wordEnd = pos
            var placeFrom = wordStart
            var remainingWidth = wordWidth
            if lineStart >= 0 {
                let gap = wordStart - lineEnd
                if lineWidth &+ gap &+ wordWidth <= width {
                    lineEnd = wordEnd
                    lineWidth &+= gap &+ wordWidth
                    continue
                }
                if hasWide && lineWidth + gap < width {
                    let (cut, cutWidth) = prefix(bytes, wordStart, wordEnd, fitting: width - lineWidth - gap)
                    if cut > wordStart {
                        lines.append(WrappedLine(start: lineStart, end: cut, width: lineWidth + gap + cutWidth))
                        lineStart = -1
                        placeFrom = cut
                        remainingWidth = wordWidth - cutWidth
                    }
                }
                if lineStart >= 0 {
                    lines.append(WrappedLine(start: lineStart, end: lineEnd, width: lineWidth))
                    lineStart = -1
                }
            }
            // Place the (rest of the) word at the start of a line, breaking it if too wide.
            while remainingWidth > width {
                var (cut, cutWidth) = prefix(bytes, placeFrom, wordEnd, fitting: width)
                if cut == placeFrom {
                    (cut, cutWidth) = DisplayWidth.cluster(bytes, placeFrom, wordEnd)
                }
                lines.append(WrappedLine(start: placeFrom, end: cut, width: cutWidth))
                placeFrom = cut
                remainingWidth -= cutWidth
            }
            if placeFrom < wordEnd {
                lineStart = placeFrom
                lineEnd = wordEnd
                lineWidth = remainingWidth
            }
        }
        if lineStart >= 0 {
            lines.append(WrappedLine(start: lineStart, end: lineEnd, width: lineWidth))
        }
    }

    /// Where the line that starts with a word at `start` ends, when the next `width + 1` bytes
    /// (or all up to `end`) are printable ASCII and spaces and the first word fits: the end of the
    /// last word that ends within `width` columns. `nil` when the line needs the general path.
    /// (When the rest fits, the line ends at the rest's last word.)
    @inline(__always)
    static func asciiLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, width: Int) -> Int? {
        let restFits = end - start <= width
        guard let base = bytes.baseAddress, !restFits || end - start > 8 else { return nil }
        let windowEnd = restFits ? end : start + width + 1
        var i = start
        while i &+ 8 <= windowEnd {
            if !ASCIIWords.isPrintableOrSpace(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { return nil }
            i &+= 8
        }
        while i < windowEnd {
            let b = bytes[i]
            if b < 0x20 || b >= 0x7F { return nil }
            i &+= 1
        }
        var cut: Int
        if restFits {
            // The rest fits: it is one line, without its trailing spaces.
            cut = end
        } else {
            cut = start + width
            if bytes[cut] == 0x20 {
                // Spaces at the limit: the line is full. Unless a word follows them, the general
                // path ends it (a forced break or the end comes next).
                var next = cut
                while next < end && bytes[next] == 0x20 { next += 1 }
                if next == end || bytes[next] == 0x0A { return nil }
            } else {
                // A word crosses the limit: the line ends before it.
                while cut > start && bytes[cut - 1] != 0x20 { cut -= 1 }
                if cut == start { return nil }
            }
        }
        while cut > start && bytes[cut - 1] == 0x20 { cut -= 1 }
        return cut > start ? cut : nil
    }

    /// The longest run of whole clusters from `start` that fits in `maxWidth` columns
    /// (zero-width clusters included): the index after it and its width.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, fitting maxWidth: Int) -> (Int, Int) {
        var i = start, width = 0
        while i < end {
            let (next, w) = bytes[i] < 0x80 ? (i + 1, 1) : DisplayWidth.cluster(bytes, i, end)
            if w > 0 && width + w > maxWidth { break }
            width += w
            i = next
        }
        return (i, width)
    }

    /// The widest word of `bytes[start..<end]` (words separated by spaces and newlines).
    static func widestWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var widest = 0, current = 0
        var i = start
        while i < end {
            let b = bytes[i]
            if b == 0x20 || b == 0x0A {
                widest = max(widest, current)
                current = 0
                i += 1
            } else if b < 0x80 {
                current += 1
                i += 1
            } else {
                let (next, w) = DisplayWidth.cluster(bytes, i, end)
                current += w
                i = next
            }
        }
        return max(widest, current)
    }
}
