import TransmarkCore

/// The open block drawn on a terminal below the final blocks, and how to take it away again.
struct OpenBlockDisplay {
    /// The terminal's width in columns.
    let width: Int
    /// What was drawn last (without the separating line end).
    private(set) var lastDrawing: [UInt8] = []
    /// How many rows the cursor must go up to reach the first row of the drawing.
    private var rowsAbove = 0
    /// Whether anything is drawn.
    private var drawn = false

    /// Creates a display for a terminal `width` columns wide.
    init(width: Int) { self.width = max(1, width) }

    /// The bytes that take the drawing away: up to its first row, to the start of the line, and
    /// clear to the end of the screen.
    mutating func erase() -> [UInt8] {
        guard drawn else { return [] }
        drawn = false
        var out: [UInt8] = []
        if rowsAbove > 0 { out += Array("\u{1B}[\(rowsAbove)A".utf8) }
        out += Array("\r\u{1B}[J".utf8)
        return out
    }

    /// The bytes that draw `output` (after a blank line when final blocks are above it).
    mutating func draw(_ output: [UInt8], afterFinal: Bool) -> [UInt8] {
        lastDrawing = output
        let shown = (afterFinal ? [0x0A] : []) + output
        rowsAbove = Self.rows(of: shown, width: width)
        drawn = true
        return shown
    }

    /// How many rows up from where the cursor ends after writing `bytes` the first row is: each
    /// line takes its display width (escape sequences take none) divided by the width, rounded
    /// up, rows; a line end moves to the next row.
    static func rows(of bytes: [UInt8], width: Int) -> Int {
        var rows = 0
        var lineStart = 0
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A {
                let columns = DisplayWidth.of(String(decoding: withoutEscapes(bytes[lineStart..<index]), as: UTF8.self))
                let lineRows = max(1, (columns + width - 1) / width)
                if index == bytes.count {
                    rows += lineRows - 1
                } else {
                    rows += lineRows
                }
                lineStart = index + 1
            }
            index += 1
        }
        return rows
    }

    /// `bytes` without terminal escape sequences (CSI `ESC [ … final`, OSC `ESC ] … ST|BEL`) or
    /// carriage returns.
    static func withoutEscapes(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.endIndex {
                let kind = bytes[index + 1]
                index += 2
                if kind == UInt8(ascii: "[") {
                    while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                    index += 1
                } else if kind == UInt8(ascii: "]") {
                    while index < bytes.endIndex, bytes[index] != 0x07, !(bytes[index] == 0x1B) { index += 1 }
                    index += bytes.indices.contains(index) && bytes[index] == 0x1B ? 2 : 1
                }
                continue
            }
            if byte != 0x0D { out.append(byte) }
            index += 1
        }
        return out
    }
}
