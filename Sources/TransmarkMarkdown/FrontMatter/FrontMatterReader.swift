import TransmarkCore

/// Reads a YAML front matter block at the start of Markdown input: a `---` line, YAML, and a
/// closing `---` (or `...`) line, as Jekyll, Hugo, pandoc and static site generators write it.
///
/// What is read: top-level `key: value` lines whose values are plain, single- or double-quoted
/// scalars, flow sequences of scalars (`[a, "b"]`), block sequences of scalars (`- a` lines), and
/// literal or folded block scalars (`|`, `>`); a value of any other shape (a nested mapping, a
/// sequence of mappings) is kept as its YAML text (`DocumentMetadata.Value.yaml`). Comments and
/// blank lines are skipped. A block with a top-level line that is none of these, or without a
/// closing line within its first 10,000 lines, is not front matter: the input is read as
/// Markdown from its first byte (a `---` line is a thematic break there), so nothing is lost.
struct FrontMatterReader {
    /// The metadata read and the number of input bytes the block takes (up to and including the
    /// closing line's end), or nil when the input does not start with front matter.
    static func read(_ input: UnsafeBufferPointer<UInt8>) -> (metadata: DocumentMetadata, length: Int)? {
        var lines = LineCursor(input)
        guard let first = lines.next(), first.text.elementsEqual("---".utf8) || isDashes(first.text) else { return nil }
        var body: [Substring] = []
        var sourceStart = first.end
        var sourceEnd = -1
        var end = -1
        var count = 0
        while let line = lines.next() {
            count += 1
            if count > 10_000 { return nil }
            if isDashes(line.text) || trimmedRight(line.text).elementsEqual("...".utf8) {
                sourceEnd = line.start
                end = line.end
                break
            }
            body.append(Substring(String(decoding: line.text, as: UTF8.self)))
        }
        guard end >= 0 else { return nil }
        if sourceStart > sourceEnd { sourceStart = sourceEnd }
        guard let fields = parse(body), !fields.isEmpty else { return nil }
        let source = String(decoding: UnsafeBufferPointer(rebasing: input[sourceStart ..< sourceEnd]), as: UTF8.self)
        return (DocumentMetadata(fields: fields, frontMatterSource: source), end)
    }

    /// Whether a line is `---` with nothing but trailing spaces after it.
    private static func isDashes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        trimmedRight(line).elementsEqual("---".utf8)
    }

    private static func trimmedRight(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var n = line.count
        while n > 0, line[n - 1] == 0x20 || line[n - 1] == 0x09 { n -= 1 }
        return UnsafeBufferPointer(rebasing: line[0 ..< n])
    }

    /// The fields of the YAML lines, nil when a top-level line is not `key: value`.
    static func parse(_ lines: [Substring]) -> [DocumentMetadata.Field]? {
        var fields: [DocumentMetadata.Field] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if isBlankOrComment(line) { i += 1; continue }
            guard let first = line.first, first != " ", first != "\t", first != "-",
                  let (key, rest) = splitKey(line) else { return nil }
            i += 1
            // The lines that belong to the value: indented, blank, or `- ` items at column 0.
            var nested: [Substring] = []
            while i < lines.count {
                let next = lines[i]
                if let c = next.first, c != " " && c != "\t" && !(c == "-" && (next.count == 1 || next.dropFirst().first == " ")) {
                    if !isBlankOrComment(next) || next.first == "#" { break }
                }
                if next.isEmpty && (i + 1 >= lines.count || !(lines[i + 1].first == " " || lines[i + 1].first == "-")) { break }
                nested.append(next)
                i += 1
            }
            guard let value = value(rest, nested: nested) else { return nil }
            fields.append(.init(key: key, value: value))
        }
        return fields
    }

    private static func isBlankOrComment(_ line: Substring) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        return trimmed.isEmpty || trimmed.first == "#"
    }

    /// `key: rest` (a plain or quoted key), nil when the line has no key.
    private static func splitKey(_ line: Substring) -> (String, Substring)? {
        if line.first == "\"" || line.first == "'" {
            guard let (key, after) = quoted(line), after.first == ":" else { return nil }
            let rest = after.dropFirst()
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            return (key, rest)
        }
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == ":" {
                let after = line.index(after: index)
                if after == line.endIndex || line[after] == " " || line[after] == "\t" {
                    let key = line[line.startIndex ..< index].trimmingSpaces
                    guard !key.isEmpty, !key.contains(where: { "{}[]#&*!|>%@`".contains($0) && $0 == key.first }) else { return nil }
                    return (String(key), line[after...])
                }
            }
            index = line.index(after: index)
        }
        return nil
    }

    /// The value after `key:` (`rest`) and the lines nested under it.
    private static func value(_ rest: Substring, nested: [Substring]) -> DocumentMetadata.Value? {
        let inline = withoutComment(rest).trimmingSpaces
        if inline.isEmpty {
            let content = nested.filter { !isBlankOrComment($0) }
            if content.isEmpty { return .text("") }
            let items = content.map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            let indent = content[0].prefix(while: { $0 == " " || $0 == "\t" }).count
            if items.allSatisfy({ $0.hasPrefix("- ") || $0 == "-" }),
               content.allSatisfy({ $0.prefix(while: { $0 == " " || $0 == "\t" }).count == indent }) {
                var list: [String] = []
                for item in items {
                    let scalarText = item.dropFirst().trimmingSpaces
                    guard let s = scalar(Substring(scalarText)) else { return .yaml("\n" + nested.joined(separator: "\n")) }
                    list.append(s)
                }
                return .list(list)
            }
            return .yaml("\n" + nested.joined(separator: "\n"))
        }
        if inline == "|" || inline == ">" || inline.hasPrefix("|") || inline.hasPrefix(">") {
            let bodyLines = nested.map { line -> Substring in
                let indent = nested.first(where: { !$0.trimmingSpaces.isEmpty })?.prefix(while: { $0 == " " }).count ?? 0
                return line.count >= indent ? line.dropFirst(indent) : Substring(line.trimmingSpaces)
            }
            let joined = inline.hasPrefix("|") ? bodyLines.joined(separator: "\n") : bodyLines.map { String($0) }.joined(separator: " ")
            return .text(joined.trimmingSpaces)
        }
        guard nested.allSatisfy({ isBlankOrComment($0) }) else {
            // A plain scalar continued on indented lines.
            if !inline.hasPrefix("[") && !inline.hasPrefix("{") && !inline.hasPrefix("\"") && !inline.hasPrefix("'") {
                return .text(([inline] + nested.map { String($0.trimmingSpaces) }).filter { !$0.isEmpty }.joined(separator: " "))
            }
            return .yaml(" " + inline + "\n" + nested.joined(separator: "\n"))
        }
        if inline.hasPrefix("[") && inline.hasSuffix("]") {
            let inner = inline.dropFirst().dropLast()
            if !inner.contains("[") && !inner.contains("{") {
                var list: [String] = []
                for part in splitFlow(Substring(inner)) {
                    guard let s = scalar(Substring(part.trimmingSpaces)) else { return .yaml(" " + inline) }
                    if !s.isEmpty || !part.trimmingSpaces.isEmpty { list.append(s) }
                }
                return .list(list)
            }
            return .yaml(" " + inline)
        }
        if inline.hasPrefix("{") { return .yaml(" " + inline) }
        guard let s = scalar(Substring(inline)) else { return nil }
        return .text(s)
    }

    /// Splits a flow sequence's inside at commas outside quotes.
    private static func splitFlow(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var quote: Character?
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "," {
                parts.append(text[start ..< i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        if !text[start...].trimmingSpaces.isEmpty { parts.append(text[start...]) }
        return parts
    }

    /// A plain, single- or double-quoted scalar; nil when quotes are unbalanced.
    static func scalar(_ text: Substring) -> String? {
        guard let first = text.first else { return "" }
        if first == "\"" || first == "'" {
            guard let (value, after) = quoted(text), withoutComment(after).trimmingSpaces.isEmpty else { return nil }
            return value
        }
        let plain = withoutComment(text).trimmingSpaces
        if plain == "~" || plain == "null" || plain == "Null" || plain == "NULL" { return "" }
        return plain
    }

    /// `text` up to a ` #` comment.
    private static func withoutComment(_ text: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if (c == "\"" || c == "'") && (previous == " " || previous == "[" || previous == ",") {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                return text[text.startIndex ..< i]
            }
            previous = c
            i = text.index(after: i)
        }
        return text
    }

    /// A quoted scalar at the start of `text` and what follows it.
    private static func quoted(_ text: Substring) -> (String, Substring)? {
        guard let q = text.first else { return nil }
        var result = ""
        var i = text.index(after: text.startIndex)
        while i < text.endIndex {
            let c = text[i]
            if q == "'" && c == "'" {
                let next = text.index(after: i)
                if next < text.endIndex && text[next] == "'" {
                    result.append("'")
                    i = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if q == "\"" && c == "\"" { return (result, text[text.index(after: i)...]) }
            if q == "\"" && c == "\\" {
                let next = text.index(after: i)
                guard next < text.endIndex else { return nil }
                switch text[next] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "0": result.append("\u{FFFD}")
                case "u", "x", "U":
                    let digits = text[next].self == "u" ? 4 : text[next] == "x" ? 2 : 8
                    let hexStart = text.index(after: next)
                    guard let hexEnd = text.index(hexStart, offsetBy: digits, limitedBy: text.endIndex),
                          let code = UInt32(text[hexStart ..< hexEnd], radix: 16) else { return nil }
                    result.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    i = hexEnd
                    continue
                default: result.append(text[next])
                }
                i = text.index(after: next)
                continue
            }
            result.append(c)
            i = text.index(after: i)
        }
        return nil
    }
}

/// Lines of a byte buffer: each line's text without its line end, and where it starts and ends
/// (after its line end).
private struct LineCursor {
    let input: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF { position = 3 }
    }

    mutating func next() -> (text: UnsafeBufferPointer<UInt8>, start: Int, end: Int)? {
        guard position < input.count else { return nil }
        let start = position
        var i = start
        while i < input.count, input[i] != 0x0A, input[i] != 0x0D { i += 1 }
        let text = UnsafeBufferPointer(rebasing: input[start ..< i])
        if i < input.count && input[i] == 0x0D { i += 1 }
        if i < input.count && input[i] == 0x0A && (i == start || input[i - 1] != 0x0A) { i += 1 }
        position = i
        return (text, start, i)
    }
}

private extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first ... last])
        return result
    }
}
