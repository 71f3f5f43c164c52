import TransmarkCore

/// Reads a whole input with a rule set: splits it into lines, gives each line to the first line
/// rule whose prefix starts it, groups consecutive lines into blocks (paragraphs, quotes, lists,
/// code) and hands each block's inline content to `InlineSpanParser`. One pass, no recursion.
struct InlineRulesParser {
    let rules: CompiledRules
    let bytes: UnsafeBufferPointer<UInt8>
    var builder: DocumentBuilder

    enum Group: Equatable { case none, paragraph, quote, list, code(Int), custom(Int) }

    struct ListEntry {
        var ordered: Bool
        var level: Int
        var number: Int
        var content: Range<Int>
    }

    var group: Group = .none
    var lines: [Range<Int>] = []
    var listEntries: [ListEntry] = []
    /// An open code fence: its rule, info string and lines so far.
    var fence: (rule: Int, info: String, lines: [Range<Int>])?
    var scratch: [UInt8] = []

    init(rules: CompiledRules, bytes: UnsafeBufferPointer<UInt8>) {
        self.rules = rules
        self.bytes = bytes
        builder = DocumentBuilder(estimatedNodes: bytes.count / 8, estimatedTextBytes: bytes.count)
    }

    mutating func run() -> Document {
        var start = 0
        let n = bytes.count
        while start < n {
            var end = start
            while end < n && bytes[end] != 0x0A { end += 1 }
            line(start..<end)
            start = end + 1
        }
        if let open = fence { emitFence(open) }
        flush()
        return builder.finish()
    }

    // MARK: Lines

    func isBlank(_ range: Range<Int>) -> Bool {
        for p in range where !CharacterClass.isSpaceByte(bytes[p]) && bytes[p] != 0x0D { return false }
        return true
    }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var s = range.lowerBound, e = range.upperBound
        while s < e && CharacterClass.isSpaceByte(bytes[s]) { s += 1 }
        while e > s && CharacterClass.isSpaceByte(bytes[e - 1]) { e -= 1 }
        return s..<e
    }

    /// Where the content after `rule`'s prefix starts, and the item number read from it.
    func match(_ rule: CompiledRules.Line, _ range: Range<Int>) -> (start: Int, number: Int)? {
        var p = 0, q = range.lowerBound
        var number = 1
        let prefix = rule.prefix
        while p < prefix.count {
            let b = prefix[p]
            if rule.kind == .orderedListItem && b >= 0x30 && b <= 0x39 {
                while p < prefix.count && prefix[p] >= 0x30 && prefix[p] <= 0x39 { p += 1 }
                var digits = 0
                var value = 0
                while q < range.upperBound && bytes[q] >= 0x30 && bytes[q] <= 0x39 && digits < 9 {
                    value = value * 10 + Int(bytes[q] - 0x30)
                    q += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
                number = value
                continue
            }
            guard q < range.upperBound, bytes[q] == b else { return nil }
            p += 1
            q += 1
        }
        return (q, number)
    }

    func content(_ rule: CompiledRules.Line, _ range: Range<Int>) -> Range<Int> {
        var r = rule.trim ? trimmed(range) : range
        if rule.stripsClosingSequence, let mark = rule.prefix.first {
            var e = r.upperBound
            while e > r.lowerBound && bytes[e - 1] == mark { e -= 1 }
            if e < r.upperBound && (e == r.lowerBound || CharacterClass.isSpaceByte(bytes[e - 1])) {
                r = trimmed(r.lowerBound..<e)
            }
        }
        return r
    }

    mutating func line(_ range: Range<Int>) {
        if var open = fence {
            let rule = rules.lines[open.rule]
            let t = trimmed(range)
            if t.count >= rule.prefix.count && endsWith(rule.prefix, t) {
                let before = trimmed(range.lowerBound..<(t.upperBound - rule.prefix.count))
                if !before.isEmpty { open.lines.append(range.lowerBound..<(t.upperBound - rule.prefix.count)) }
                emitFence(open)
                fence = nil
            } else {
                open.lines.append(range)
                fence = open
            }
            return
        }
        if isBlank(range) {
            flush()
            return
        }
        var matched: (index: Int, start: Int, number: Int)?
        for (index, rule) in rules.lines.enumerated() {
            if let m = match(rule, range) {
                matched = (index, m.start, m.number)
                break
            }
        }
        guard let (index, start, number) = matched else {
            body(range)
            return
        }
        let rule = rules.lines[index]
        let rest = start..<range.upperBound
        switch rule.kind {
        case .heading:
            flush()
            builder.open(.heading(level: rule.level), style: rule.style)
            inline([content(rule, rest)])
            builder.close()
        case .blockQuote:
            join(.quote, content(rule, rest))
        case .listItem, .orderedListItem:
            if group != .list { flush() }
            group = .list
            listEntries.append(ListEntry(ordered: rule.kind == .orderedListItem, level: rule.level, number: number,
                                         content: content(rule, rest)))
        case .codeBlock:
            join(.code(index), rest)
        case .custom:
            join(.custom(index), content(rule, rest))
        case .codeFence:
            let t = trimmed(rest)
            if firstIndex(of: rule.prefix, in: t) != nil {
                // Opened and closed on one line: inline content, for the character rules.
                body(range)
                return
            }
            flush()
            if rule.infoString {
                fence = (index, String(decoding: UnsafeBufferPointer(rebasing: bytes[t]), as: UTF8.self), [])
            } else {
                fence = (index, "", t.isEmpty ? [] : [rest])
            }
        }
    }

    func endsWith(_ tag: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= tag.count else { return false }
        let s = range.upperBound - tag.count
        for k in 0..<tag.count where bytes[s + k] != tag[k] { return false }
        return true
    }

    func firstIndex(of tag: [UInt8], in range: Range<Int>) -> Int? {
        guard range.count >= tag.count else { return nil }
        var p = range.lowerBound
        while p + tag.count <= range.upperBound {
            var ok = true
            for k in 0..<tag.count where bytes[p + k] != tag[k] { ok = false; break }
            if ok { return p }
            p += 1
        }
        return nil
    }

    mutating func body(_ range: Range<Int>) {
        join(.paragraph, trimmed(range))
    }

    mutating func join(_ kind: Group, _ range: Range<Int>) {
        if group != kind { flush() }
        group = kind
        lines.append(range)
    }

    // MARK: Blocks

    mutating func flush() {
        switch group {
        case .none:
            break
        case .paragraph:
            paragraphs(lines)
        case .quote:
            builder.open(.blockQuote)
            paragraphs(lines)
            builder.close()
        case .custom(let index):
            let rule = rules.lines[index]
            builder.open(.division(tag: rule.name), style: rule.style)
            paragraphs(lines)
            builder.close()
        case .code(let index):
            builder.leaf(.codeBlock(info: ""), text: codeText(lines), style: rules.lines[index].style)
        case .list:
            emitLists()
        }
        group = .none
        lines.removeAll(keepingCapacity: true)
        listEntries.removeAll(keepingCapacity: true)
    }

    func codeText(_ lines: [Range<Int>]) -> String {
        var out: [UInt8] = []
        for line in lines {
            out.append(contentsOf: bytes[line])
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func emitFence(_ open: (rule: Int, info: String, lines: [Range<Int>])) {
        flush()
        builder.leaf(.codeBlock(info: open.info), text: codeText(open.lines), style: rules.lines[open.rule].style)
    }

    mutating func paragraphs(_ lines: [Range<Int>]) {
        if rules.newline == .paragraph {
            for line in lines {
                builder.open(.paragraph)
                inline([line])
                builder.close()
            }
        } else {
            builder.open(.paragraph)
            inline(lines)
            builder.close()
        }
    }

    /// Nested lists from the list lines: a deeper level opens a list inside the current item.
    mutating func emitLists() {
        var stack: [(level: Int, ordered: Bool)] = []
        for entry in listEntries {
            while let top = stack.last, top.level > entry.level || (top.level == entry.level && top.ordered != entry.ordered) {
                builder.close()   // the item
                builder.close()   // the list
                stack.removeLast()
            }
            if let top = stack.last, top.level == entry.level {
                builder.close()   // the previous item
            } else {
                builder.open(.list(ListAttributes(isOrdered: entry.ordered, start: entry.ordered ? entry.number : 1, isTight: true)))
                stack.append((entry.level, entry.ordered))
            }
            builder.open(.listItem(task: nil))
            builder.open(.paragraph)
            inline([entry.content])
            builder.close()
        }
        for _ in stack {
            builder.close()
            builder.close()
        }
    }

    /// The inline content of lines of one block.
    mutating func inline(_ lines: [Range<Int>]) {
        let breakKind: NodeKind = rules.newline == .softBreak ? .softBreak : .lineBreak
        if lines.count == 1 || !rules.spansCrossLines {
            for (k, line) in lines.enumerated() {
                if k > 0 { builder.leaf(breakKind) }
                InlineSpanParser.parse(bytes, line, rules: rules, breakKind: breakKind, into: &builder)
            }
            return
        }
        scratch.removeAll(keepingCapacity: true)
        for (k, line) in lines.enumerated() {
            if k > 0 { scratch.append(0x0A) }
            scratch.append(contentsOf: bytes[line])
        }
        let rules = self.rules
        scratch.withUnsafeBufferPointer { joined in
            InlineSpanParser.parse(joined, 0..<joined.count, rules: rules, breakKind: breakKind, into: &builder)
        }
    }
}

/// Input bytes made safe for the parser: invalid UTF-8 and NUL become U+FFFD, CRLF and CR
/// become LF, a leading byte order mark goes.
enum InputNormalizer {
    static func normalize(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        let n = input.count
        if n >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF { i = 3 }
        while i < n {
            let b = input[i]
            if b >= 0x80 {
                let length = UTF8Validation.sequenceLength(input, at: i)
                if length > 0 {
                    out.append(contentsOf: input[i..<(i + length)])
                    i += length
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    i += max(1, -length)
                }
                continue
            }
            switch b {
            case 0x00:
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0x0D:
                out.append(0x0A)
                if i + 1 < n && input[i + 1] == 0x0A { i += 1 }
            default:
                out.append(b)
            }
            i += 1
        }
        return out
    }
}
