/// One JSON value as read by ``JSONTape``: 12 bytes, in document order. A container is followed by
/// its elements (an object's as key, value, key, value, …) and knows where they end, so a reader
/// can skip a whole value in one step.
package struct JSONTapeEntry {
    package enum Kind: UInt8 {
        case object, array
        /// A string without escapes: `a ..< a + b` of the input.
        case string
        /// A string with escapes, decoded: `a ..< a + b` of the tape's string buffer.
        case decodedString
        /// A number: its text is `a ..< a + b` of the input (checked against JSON's grammar).
        case number
        case `true`, `false`, null
    }

    package var kind: Kind
    /// For containers, the index of the first entry after the container's last element; for
    /// strings and numbers, where their bytes start.
    package var a: UInt32
    /// For containers, the number of elements (members of an object); for strings and numbers,
    /// how many bytes they have.
    package var b: UInt32

    package var isContainer: Bool { kind == .object || kind == .array }

    /// What the value is, for messages (`an object`, `a string`, …).
    package var description: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string, .decodedString: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }
}

/// A strict JSON reader (RFC 8259, UTF-8) that turns bytes into a flat tape of values without
/// recursion: nesting is kept on an explicit stack, so any depth within the limits is fine.
///
/// Refused, each with the JSON path of the value being read and the byte offset: anything but
/// whitespace after the value, invalid UTF-8, unescaped control characters in strings, unknown
/// escapes, unpaired surrogates, numbers outside JSON's grammar, a missing `,`, `:` or bracket.
/// A leading byte order mark is skipped.
package struct JSONTape {
    package var entries: [JSONTapeEntry] = []
    /// The decoded bytes of strings that had escapes.
    package var strings: [UInt8] = []

    /// Reads `input` into a tape. A node object nested in more than `maxDepth - 1` `children`
    /// arrays (a tree deeper than `maxDepth`) is a `nestingTooDeep` error.
    package init(_ input: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws {
        entries.reserveCapacity(input.count / 12 + 4)
        var p = JSONTapeParser(input: input, maxDepth: maxDepth)
        try p.run(into: &self)
    }
}

/// The state of one `JSONTape` read.
private struct JSONTapeParser {
    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    private var stack: [Frame] = []

    private struct Frame {
        var entry: Int32
        var isObject: Bool
        var count: UInt32 = 0
        var key: Int32 = -1
        var childrenDepth: Int32 = 0
        var isChildren = false
    }

    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    private enum State { case value, afterValue, key }

    mutating func run(into tape: inout JSONTape) throws {
        let n = input.count
        if n >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF { i = 3 }
        var state = State.value
        // A node sits at JSON depth 2 × its tree depth at most, plus a few levels of its members.
        let jsonDepthLimit = maxDepth > (Int(Int32.max) - 16) / 2 ? Int(Int32.max) : 2 * maxDepth + 16
        while true {
            skipWhitespace()
            switch state {
            case .value:
                guard i < n else { throw fail(tape, "unexpected end of input: expected a value") }
                if !stack.isEmpty && !stack[stack.count - 1].isObject { stack[stack.count - 1].count += 1 }
                let b = input[i]
                switch b {
                case 0x7B, 0x5B: // { [
                    let isObject = b == 0x7B
                    var frame = Frame(entry: Int32(tape.entries.count), isObject: isObject)
                    if let parent = stack.last {
                        frame.childrenDepth = parent.childrenDepth
                        if isObject && parent.isChildren {
                            let depth = Int(parent.childrenDepth) + 1
                            if depth > maxDepth {
                                throw TransmarkError.nestingTooDeep(depth: depth, limit: maxDepth, option: "maxDepth")
                            }
                        }
                        if !isObject && parent.isObject && parent.key >= 0 && isKey(tape, parent.key, "children") {
                            frame.isChildren = true
                            frame.childrenDepth += 1
                        }
                    }
                    if stack.count >= jsonDepthLimit {
                        throw fail(tape, "JSON nested more than \(jsonDepthLimit) levels deep, deeper than a tree within maxDepth=\(maxDepth) needs")
                    }
                    tape.entries.append(JSONTapeEntry(kind: isObject ? .object : .array, a: 0, b: 0))
                    stack.append(frame)
                    i += 1
                    skipWhitespace()
                    if i < n && input[i] == (isObject ? 0x7D : 0x5D) {
                        i += 1
                        closeContainer(&tape)
                        state = .afterValue
                    } else {
                        state = isObject ? .key : .value
                    }
                    continue
                case 0x22:
                    try readString(into: &tape)
                case 0x2D, 0x30 ... 0x39:
                    try readNumber(into: &tape)
                case 0x74:
                    try readLiteral("true", .true, into: &tape)
                case 0x66:
                    try readLiteral("false", .false, into: &tape)
                case 0x6E:
                    try readLiteral("null", .null, into: &tape)
                default:
                    throw fail(tape, "unexpected \(describeByte(at: i)): expected a value")
                }
                state = .afterValue
            case .afterValue:
                guard !stack.isEmpty else {
                    guard i == n else { throw fail(tape, "unexpected \(describeByte(at: i)) after the JSON value", path: "$") }
                    return
                }
                let isObject = stack[stack.count - 1].isObject
                guard i < n else {
                    throw fail(tape, "unexpected end of input: expected ',' or '\(isObject ? "}" : "]")'")
                }
                let b = input[i]
                if b == 0x2C {
                    i += 1
                    state = isObject ? .key : .value
                } else if b == (isObject ? 0x7D : 0x5D) {
                    i += 1
                    closeContainer(&tape)
                } else {
                    throw fail(tape, "unexpected \(describeByte(at: i)): expected ',' or '\(isObject ? "}" : "]")'")
                }
            case .key:
                guard i < n, input[i] == 0x22 else {
                    throw fail(tape, i < n ? "unexpected \(describeByte(at: i)): expected a member name (a string)"
                                           : "unexpected end of input: expected a member name")
                }
                stack[stack.count - 1].key = -1
                stack[stack.count - 1].count += 1
                let keyIndex = Int32(tape.entries.count)
                try readString(into: &tape)
                stack[stack.count - 1].key = keyIndex
                skipWhitespace()
                guard i < n, input[i] == 0x3A else {
                    throw fail(tape, i < n ? "unexpected \(describeByte(at: i)): expected ':'" : "unexpected end of input: expected ':'")
                }
                i += 1
                state = .value
            }
        }
    }

    private mutating func closeContainer(_ tape: inout JSONTape) {
        let frame = stack.removeLast()
        tape.entries[Int(frame.entry)].a = UInt32(tape.entries.count)
        tape.entries[Int(frame.entry)].b = frame.count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < input.count {
            let b = input[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private func isKey(_ tape: JSONTape, _ index: Int32, _ name: StaticString) -> Bool {
        let e = tape.entries[Int(index)]
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let range = Int(e.a) ..< Int(e.a + e.b)
        if e.kind == .string { return input[range].elementsEqual(expected) }
        return tape.strings[range].elementsEqual(expected)
    }

    private mutating func readLiteral(_ word: StaticString, _ kind: JSONTapeEntry.Kind, into tape: inout JSONTape) throws {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= input.count, UnsafeBufferPointer(rebasing: input[i ..< i + w.count]).elementsEqual(w) else {
            throw fail(tape, "unexpected \(describeByte(at: i)): expected a value")
        }
        tape.entries.append(JSONTapeEntry(kind: kind, a: UInt32(i), b: UInt32(w.count)))
        i += w.count
    }

    private mutating func readNumber(into tape: inout JSONTape) throws {
        let start = i
        let n = input.count
        func digit(_ k: Int) -> Bool { k < n && input[k] >= 0x30 && input[k] <= 0x39 }
        if input[i] == 0x2D { i += 1 }
        guard digit(i) else { throw fail(tape, "malformed number at byte \(start): expected a digit") }
        if input[i] == 0x30 {
            i += 1
            if digit(i) { throw fail(tape, "malformed number at byte \(start): leading zero") }
        } else {
            while digit(i) { i += 1 }
        }
        if i < n && input[i] == 0x2E {
            i += 1
            guard digit(i) else { throw fail(tape, "malformed number at byte \(start): expected a digit after '.'") }
            while digit(i) { i += 1 }
        }
        if i < n && (input[i] == 0x65 || input[i] == 0x45) {
            i += 1
            if i < n && (input[i] == 0x2B || input[i] == 0x2D) { i += 1 }
            guard digit(i) else { throw fail(tape, "malformed number at byte \(start): expected a digit in the exponent") }
            while digit(i) { i += 1 }
        }
        tape.entries.append(JSONTapeEntry(kind: .number, a: UInt32(start), b: UInt32(i - start)))
    }

    /// Reads the string starting at the quote at `i` (`JSONStringReader`, strict).
    private mutating func readString(into tape: inout JSONTape) throws {
        let read: (bytes: JSONStringReader.Location, end: Int)
        do {
            read = try JSONStringReader.read(input, quote: i, into: &tape.strings, invalidText: .reject)
        } catch {
            throw fail(tape, error.message)
        }
        switch read.bytes {
        case .input(let range):
            tape.entries.append(JSONTapeEntry(kind: .string, a: UInt32(range.lowerBound), b: UInt32(range.count)))
        case .buffer(let range):
            tape.entries.append(JSONTapeEntry(kind: .decodedString, a: UInt32(range.lowerBound), b: UInt32(range.count)))
        }
        i = read.end
    }

    private func describeByte(at k: Int) -> String {
        guard k < input.count else { return "end of input" }
        let b = input[k]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))' at byte \(k)" }
        return "byte 0x\(String(b, radix: 16, uppercase: true)) at byte \(k)"
    }

    /// An `invalidJSONTree` error at the value being read (or `path`).
    private func fail(_ tape: JSONTape, _ message: String, path: String? = nil) -> TransmarkError {
        var components: [JSONPathComponent] = []
        components.reserveCapacity(stack.count)
        for frame in stack {
            if frame.isObject {
                if frame.key >= 0 { components.append(.key(keyText(tape, frame.key))) }
            } else if frame.count > 0 {
                components.append(.index(Int(frame.count) - 1))
            }
        }
        return .invalidJSONTree(path: path ?? JSONPathComponent.path(components), message: message)
    }

    private func keyText(_ tape: JSONTape, _ index: Int32) -> String {
        let e = tape.entries[Int(index)]
        let range = Int(e.a) ..< Int(e.a + e.b)
        if e.kind == .string { return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self) }
        return String(decoding: tape.strings[range], as: UTF8.self)
    }
}

/// One step of a JSON path.
package enum JSONPathComponent {
    case key(String)
    case index(Int)

    /// `$` followed by the components: `.name` for plain names, `["…"]` for others, `[3]` for
    /// indexes. Paths longer than 40 steps keep their first and last 16 steps around a count of
    /// those left out.
    package static func path(_ components: [JSONPathComponent]) -> String {
        var text = "$"
        func append(_ c: JSONPathComponent) {
            switch c {
            case .index(let i): text += "[\(i)]"
            case .key(let k):
                let plain = !k.isEmpty && k.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
                    && !(k.utf8.first! >= 0x30 && k.utf8.first! <= 0x39)
                if plain {
                    text += "." + k
                } else {
                    text += "[\""
                    for ch in k.unicodeScalars {
                        switch ch {
                        case "\"": text += "\\\""
                        case "\\": text += "\\\\"
                        case _ where ch.value < 0x20: text += "\\u" + String(repeating: "0", count: 4 - String(ch.value, radix: 16).count) + String(ch.value, radix: 16)
                        default: text.unicodeScalars.append(ch)
                        }
                    }
                    text += "\"]"
                }
            }
        }
        if components.count > 40 {
            for c in components.prefix(16) { append(c) }
            text += "…(\(components.count - 32) more)…"
            for c in components.suffix(16) { append(c) }
        } else {
            for c in components { append(c) }
        }
        return text
    }
}
