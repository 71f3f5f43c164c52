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
/// The scan reads each line holding `[^` once, with a stack of the brackets opened on it. It does
/// not know code spans or raw HTML, so a marker may also go into one; it is removed there too.
/// Only a bracket character inside a code span within the `[^` bracket can hide that bracket
/// from it.
struct FootnoteBracketRepair {
    /// The marker: a noncharacter of U+FDD0...U+FDEF absent from the input.
    let marker: Marker

    /// The input with markers in front of each bracket to repair (empty once the parse owns it).
    let repairedInput: [UInt8]


    /// The repair `input` needs, or nil when every `[^` bracket in it closes on its own line
    /// (or, improbably, the input holds every candidate marker).
    init?(_ input: UnsafeBufferPointer<UInt8>) {
        let positions = Self.markerPositions(input)
        if positions.isEmpty { return nil }
        guard let marker = Self.unusedMarker(in: input) else { return nil }
        self.marker = Marker(bytes: marker)
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

    /// Where markers go, ascending: before the `^` of each `[^` bracket not closed on its own
    /// line (closed on a later one, or never: marking an unclosed bracket changes nothing), and
    /// before its `[` when a `!` precedes it.
    ///
    /// Only lines holding `[^` are read byte by byte, each once, with a stack of the brackets
    /// opened on it; `memchr` skips the rest.
    static func markerPositions(_ input: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = input.baseAddress else { return [] }
        let n = input.count
        var positions: [Int] = []
        /// The brackets open on the line being read: where each `[` is, and whether `^` follows.
        var stack: [(position: Int, caret: Bool)] = []
        var next = 0
        // `^` is rarer than `[` in Markdown: look for it, then at the byte before it.
        while next + 1 < n, let hit = memchr(base + next + 1, Int32(UInt8(ascii: "^")), n - next - 1) {
            let bracket = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - 1
            guard input[bracket] == UInt8(ascii: "[") else {
                next = bracket + 1
                continue
            }
            // The line holding this `[^`: back to the line end before it (or where the last
            // line read ended), forward to the next line end.
            var start = bracket
            while start > next && input[start - 1] != UInt8(ascii: "\n") && input[start - 1] != UInt8(ascii: "\r") { start -= 1 }
            stack.removeAll(keepingCapacity: true)
            var i = start
            while i < n && input[i] != UInt8(ascii: "\n") && input[i] != UInt8(ascii: "\r") {
                switch input[i] {
                case UInt8(ascii: "["):
                    stack.append((i, i + 1 < n && input[i + 1] == UInt8(ascii: "^")))
                case UInt8(ascii: "]"):
                    _ = stack.popLast()
                case UInt8(ascii: "\\"):
                    // An escaped bracket is no bracket (an escaped line end is a hard break).
                    if i + 1 < n && input[i + 1] != UInt8(ascii: "\n") && input[i + 1] != UInt8(ascii: "\r") { i += 1 }
                default:
                    break
                }
                i += 1
            }
            for open in stack where open.caret {
                if open.position > 0 && input[open.position - 1] == UInt8(ascii: "!") { positions.append(open.position) }
                positions.append(open.position + 1)
            }
            next = i + 1
        }
        // Brackets nested in one another are marked inside out.
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

    /// A marker's three UTF-8 bytes, and its removal from what the parse gives back.
    struct Marker {
        /// `EF B7 90`...`EF B7 AF`.
        let bytes: (UInt8, UInt8, UInt8)

        /// `text` without the markers, in `output` (emptied first).
        func remove(from text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
            output.removeAll(keepingCapacity: true)
            var i = 0
            let n = text.count
            while i < n {
                if text[i] == bytes.0 && i + 2 < n && text[i + 1] == bytes.1 && text[i + 2] == bytes.2 {
                    i += 3
                    continue
                }
                output.append(text[i])
                i += 1
            }
        }

        /// `text` without the markers.
        func remove(from text: String) -> String {
            var text = text
            guard text.utf8.contains(bytes.0) else { return text }
            return text.withUTF8 { utf8 in
                var output: [UInt8] = []
                remove(from: utf8, into: &output)
                return String(decoding: output, as: UTF8.self)
            }
        }
    }
}
