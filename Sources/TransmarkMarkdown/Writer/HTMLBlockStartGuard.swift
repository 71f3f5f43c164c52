#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The last check of the Markdown writer's output: no line the writer meant as Markdown opens an
/// HTML block.
///
/// An HTML block makes its lines raw HTML, so the escaped text in them (`\<script>`, a code span
/// holding `<img onerror=…>`, a link title) reaches a renderer as markup. The writer's own paths
/// avoid writing such a line (`HTMLBlockStart` in `writeKeptRawInline`,
/// `keepOpeningTagOffItsOwnLine`), but a line's start is only known for sure once the whole output
/// is (an opener turned into an HTML tag after its line was written, a tree with blocks inside
/// inline nodes): this guard looks at every such line once, at the end.
///
/// The line writer records, for each line, where its first byte after the containers' markers
/// was written (as a line number and a column, which later edits to other lines leave true);
/// lines of code blocks and of the HTML the writer means as HTML (kept HTML blocks, HTML
/// fragments, its own `<!-- -->` separators) are not recorded. At the end, a recorded line that
/// starts with
/// - an HTML block of kinds 1–6 (`<script`, `<!--`, `<div`, …), which may interrupt a paragraph,
///   gets a `\` before its `<` (the tag is shown as text);
/// - a complete tag alone on its line (kind 7) where the line is no paragraph continuation and
///   the next line is not blank gets an empty comment after the tag (`<sup><!-- -->`), which keeps
///   the tag and opens no block.
/// Linear: one pass over the output, and only the recorded lines starting with `<` are read.
struct HTMLBlockStartGuard {
    /// A line to check: its number (0-based) in the output, the column of its first byte after
    /// the containers' markers, and whether it follows a soft break (a paragraph's continuation,
    /// where a kind 7 tag opens no block).
    struct Line {
        let number: Int
        let column: Int
        let continuesParagraph: Bool
    }

    private(set) var lines: [Line] = []

    /// Records the line `number`, replacing what was recorded for it (a container's marker
    /// written first: its content is what the block parser reads after it).
    mutating func record(line number: Int, column: Int, continuesParagraph: Bool) {
        if let last = lines.last, last.number == number { lines.removeLast() }
        lines.append(Line(number: number, column: column, continuesParagraph: continuesParagraph))
    }

    /// Forgets the line `number`: it holds code or HTML written as such.
    mutating func exempt(line number: Int) {
        if let last = lines.last, last.number == number { lines.removeLast() }
    }

    /// What to insert where, in increasing offsets of `bytes` (the finished output).
    func insertions(in bytes: [UInt8]) -> [(offset: Int, text: [UInt8])] {
        var result: [(offset: Int, text: [UInt8])] = []
        var lineNumber = 0
        var lineStart = 0
        let count = bytes.count
        func lineEnd(from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { buffer in
                guard start < count, let base = buffer.baseAddress, let hit = memchr(base + start, 0x0A, count - start) else { return count }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
        }
        for line in lines {
            while lineNumber < line.number {
                guard lineStart < count else { return result }
                lineStart = lineEnd(from: lineStart) + 1
                lineNumber += 1
            }
            guard lineStart < count else { return result }
            let end = lineEnd(from: lineStart)
            var k = lineStart + line.column
            while k < end && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
            guard k < end, bytes[k] == UInt8(ascii: "<") else { continue }
            var contentEnd = end
            while contentEnd > k && (bytes[contentEnd - 1] == 0x20 || bytes[contentEnd - 1] == 0x09 || bytes[contentEnd - 1] == 0x0D) { contentEnd -= 1 }
            let content = bytes[k..<contentEnd]
            if let kind = HTMLBlockStart.kind(of: Array(content), aloneOnLine: false), kind < 7 {
                result.append((k, [UInt8(ascii: "\\")]))
            } else if !line.continuesParagraph, let tagEnd = HTMLBlockStart.completeTagEnd(in: content), tagEnd == contentEnd,
                      !nextLineIsBlank(bytes, after: end) {
                result.append((tagEnd, Array("<!-- -->".utf8)))
            }
        }
        return result
    }

    /// Makes the insertions into `bytes` (the finished output) in one pass, and returns them
    /// (offsets before the insertion, and lengths) for the marks of a mapped rendering.
    func apply(to bytes: inout [UInt8]) -> [(offset: Int, length: Int)] {
        let inserts = insertions(in: bytes)
        guard !inserts.isEmpty else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + inserts.reduce(0) { $0 + $1.text.count })
        var copied = 0
        for insert in inserts {
            out.append(contentsOf: bytes[copied..<insert.offset])
            out.append(contentsOf: insert.text)
            copied = insert.offset
        }
        out.append(contentsOf: bytes[copied...])
        bytes = out
        return inserts.map { ($0.offset, $0.text.count) }
    }

    /// Whether the line after the line end at `end` is blank or there is none (a kind 7 block
    /// alone on its line then ends with it).
    private func nextLineIsBlank(_ bytes: [UInt8], after end: Int) -> Bool {
        var k = end + 1
        while k < bytes.count && bytes[k] != 0x0A {
            if bytes[k] != 0x20 && bytes[k] != 0x09 && bytes[k] != 0x0D { return false }
            k += 1
        }
        return true
    }
}
