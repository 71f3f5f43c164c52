@_spi(TransmarkStorage) import TransmarkCore

// Display math in text and ANSI: its TeX source on lines of its own.
extension TextLayoutEngine {
    /// Appends display math: a line break before it (unless it starts the line), each non-blank
    /// line of its source (trimmed) on a line of its own, and a line break after it when more
    /// inline content follows.
    mutating func appendDisplayMath(_ index: Int32, style: Int32) {
        if settings.styled { inline.setStyle(style) }
        if inline.hasContent && inline.bytes.last != 0x0A { inline.appendHardBreak() }
        let start = Int(records.textStart(index))
        let end = start + Int(records.textCount(index))
        var lineStart = start
        var wroteLine = false
        for i in start...end where i == end || source[i] == 0x0A {
            var a = lineStart, b = i
            while a < b && (source[a] == 0x20 || source[a] == 0x09 || source[a] == 0x0D) { a += 1 }
            while b > a && (source[b - 1] == 0x20 || source[b - 1] == 0x09 || source[b - 1] == 0x0D) { b -= 1 }
            lineStart = i + 1
            guard a < b else { continue }
            if wroteLine { inline.appendHardBreak() }
            inline.appendCollapsing(UnsafeBufferPointer(rebasing: source[a..<b]))
            wroteLine = true
        }
        if wroteLine && records.nextSibling(index) >= 0 { inline.appendHardBreak() }
    }
}
