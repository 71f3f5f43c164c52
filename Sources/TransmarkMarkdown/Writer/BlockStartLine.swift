/// Whether a line written inside a paragraph would end the paragraph there (CommonMark 0.31):
/// a blank line, or the start of a block that may interrupt a paragraph. The Markdown writer asks
/// this of the lines inside inline raw HTML, which it otherwise writes as they are.
enum BlockStartLine {
    /// Whether `line` (without its line break) would end the paragraph it continues. Leans to yes:
    /// an ordered list marker of any number, a setext underline or a table delimiter row counts.
    static func endsParagraph(_ line: ArraySlice<UInt8>) -> Bool {
        var k = line.startIndex
        var indent = 0
        while k < line.endIndex && (line[k] == 0x20 || line[k] == 0x09) { indent += line[k] == 0x09 ? 4 : 1; k += 1 }
        guard k < line.endIndex else { return true }  // blank
        if indent >= 4 { return false }  // indented code cannot interrupt a paragraph
        let rest = line[k...]
        let first = rest[rest.startIndex]
        switch first {
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "#"):
            let hashes = rest.prefix { $0 == first }.count
            return hashes <= 6 && followedByBlank(rest, hashes)
        case UInt8(ascii: "<"):
            return HTMLBlockStart.kind(of: Array(rest), aloneOnLine: false).map { $0 < 7 } ?? false
        case UInt8(ascii: "="):
            return onlyRepeated(rest, first)
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "+"):
            if first != UInt8(ascii: "_") && followedByBlank(rest, 1) { return true }  // list item
            return first != UInt8(ascii: "+") && thematicBreak(rest, first) || first == UInt8(ascii: "-") && onlyRepeated(rest, first)
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return rest.prefix { $0 == first }.count >= 3
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard digits <= 9, digits < rest.count else { return false }
            let marker = rest[rest.startIndex + digits]
            return (marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")")) && followedByBlank(rest, digits + 1)
        case UInt8(ascii: "|"), UInt8(ascii: ":"):
            return rest.allSatisfy { [0x20, 0x09, UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: ":")].contains($0) }
                && rest.contains(UInt8(ascii: "-"))
        default:
            return false
        }
    }

    /// Whether the `count` bytes at the start of `s` are followed by a space, a tab or nothing.
    private static func followedByBlank(_ s: ArraySlice<UInt8>, _ count: Int) -> Bool {
        count >= s.count || s[s.startIndex + count] == 0x20 || s[s.startIndex + count] == 0x09
    }

    /// Whether `s` is `c` repeated, then only spaces and tabs (a setext underline).
    private static func onlyRepeated(_ s: ArraySlice<UInt8>, _ c: UInt8) -> Bool {
        let run = s.prefix { $0 == c }.count
        return s.dropFirst(run).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `s` is three or more `c` with only spaces and tabs between and after them.
    private static func thematicBreak(_ s: ArraySlice<UInt8>, _ c: UInt8) -> Bool {
        var count = 0
        for b in s {
            if b == c { count += 1 } else if b != 0x20 && b != 0x09 { return false }
        }
        return count >= 3
    }
}
