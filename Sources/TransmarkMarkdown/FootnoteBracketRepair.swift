import Foundation

/// Works around a libcmark-gfm 0.29 bug that loses text: a bracket that opens with `[^` and closes
/// on a later line.
///
/// The library takes such a bracket for a footnote reference and measures its label with column
/// numbers, which start again on each line. The label comes out cut short or too long. Often it
/// is empty, so `see [^a⏎b] end` reads as `see [^] end`, and a cut can fall inside a UTF-8
/// sequence. A footnote label can't span lines in a working parse either: such a bracket is text.
///
/// The repair keeps the library from taking the bracket for a reference. Before the parse, a
/// marker (a Unicode noncharacter the input doesn't contain) goes between its `[` and `^`; after
/// a `!`, another goes between the `!` and the `[`, so `![^` doesn't become an image opener. The
/// tree converter removes every marker from what it reads. Inputs without such a bracket, almost
/// all of them, are parsed as they are.
///
/// The scan is one pass over the input with a stack of open brackets. It does not know code
/// spans or raw HTML, so a marker may also go into one; it is removed there too. Only a bracket
/// character inside a code span within the `[^` bracket can hide that bracket from it.
struct FootnoteBracketRepair {
    /// The marker's UTF-8 bytes (3 bytes, a noncharacter U+FDD0...U+FDEF absent from the input).
    let marker: (UInt8, UInt8, UInt8)

    /// The input with markers in front of each bracket to repair (empty once the parse owns it).
    let repairedInput: [UInt8]

    /// The repair's marker alone, for removing markers, without the repaired input.
    init(marker: (UInt8, UInt8, UInt8)) {
        self.marker = marker
        repairedInput = []
    }

    /// The repair `input` needs, or nil when it has no `[^` bracket that closes on a later line
    /// (or, improbably, holds every candidate marker).
    init?(_ input: UnsafeBufferPointer<UInt8>) {
        let positions = Self.markerPositions(input)
        if positions.isEmpty { return nil }
        guard let marker = Self.unusedMarker(in: input) else { return nil }
        self.marker = marker
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 3 * positions.count)
        var copied = 0
        for position in positions {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<position]))
            output.append(marker.0); output.append(marker.1); output.append(marker.2)
            copied = position
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied...]))
        repairedInput = output
    }

    /// Where markers go, ascending: before the `^` of each `[^` bracket whose `]` is on a later
    /// line of the same paragraph, and before its `[` when a `!` precedes it.
    static func markerPositions(_ input: UnsafeBufferPointer<UInt8>) -> [Int] {
        /// An open bracket: where its `[` is, on which line, and whether `^` follows it.
        struct Open {
            var position: Int
            var line: Int
            var caret: Bool
        }
        var positions: [Int] = []
        var stack: [Open] = []
        var line = 0
        var lineIsBlank = true
        var i = 0
        let n = input.count
        while i < n {
            let byte = input[i]
            switch byte {
            case UInt8(ascii: "["):
                lineIsBlank = false
                stack.append(Open(position: i, line: line, caret: i + 1 < n && input[i + 1] == UInt8(ascii: "^")))
            case UInt8(ascii: "]"):
                lineIsBlank = false
                if let open = stack.popLast(), open.caret, open.line != line {
                    if open.position > 0 && input[open.position - 1] == UInt8(ascii: "!") { positions.append(open.position) }
                    positions.append(open.position + 1)
                }
            case UInt8(ascii: "\\"):
                lineIsBlank = false
                // An escaped bracket is no bracket; an escaped line end is a hard break.
                if i + 1 < n && input[i + 1] != UInt8(ascii: "\n") && input[i + 1] != UInt8(ascii: "\r") { i += 1 }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if byte == UInt8(ascii: "\r") && i + 1 < n && input[i + 1] == UInt8(ascii: "\n") { i += 1 }
                // A blank line ends the paragraph: no bracket stays open across it.
                if lineIsBlank { stack.removeAll(keepingCapacity: true) }
                line += 1
                lineIsBlank = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            default:
                lineIsBlank = false
            }
            i += 1
        }
        // Brackets opened inside one another close inside out, so the positions come out of
        // order only across nesting levels.
        positions.sort()
        return positions
    }

    /// The first noncharacter of U+FDD0...U+FDEF (`EF B7 90`...`EF B7 AF`) the input doesn't hold.
    private static func unusedMarker(in input: UnsafeBufferPointer<UInt8>) -> (UInt8, UInt8, UInt8)? {
        var present = [Bool](repeating: false, count: 32)
        if let base = input.baseAddress {
            var p = base
            let end = base + input.count
            while p + 2 < end, let hit = memchr(p, 0xEF, end - p - 2) {
                let q = hit.assumingMemoryBound(to: UInt8.self)
                if q[1] == 0xB7 && q[2] >= 0x90 && q[2] <= 0xAF { present[Int(q[2] - 0x90)] = true }
                p = UnsafePointer(q + 1)
            }
        }
        guard let free = present.firstIndex(of: false) else { return nil }
        return (0xEF, 0xB7, 0x90 + UInt8(free))
    }

    /// `bytes` without the markers, appended to `output` (which is emptied first).
    func removeMarkers(from bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        var i = 0
        let n = bytes.count
        while i < n {
            if bytes[i] == marker.0 && i + 2 < n && bytes[i + 1] == marker.1 && bytes[i + 2] == marker.2 {
                i += 3
                continue
            }
            output.append(bytes[i])
            i += 1
        }
    }

    /// `text` without the markers.
    func removeMarkers(from text: String) -> String {
        var text = text
        guard text.utf8.contains(marker.0) else { return text }
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            removeMarkers(from: bytes, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }
}
