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
