import TransmarkCore

/// One input line of `transmark convert --jsonl`, decoded by a small strict JSON parser over
/// bytes: `{"id": any, "content": "…", "from": "html", "to": "markdown", "options": {…}}`. Every
/// member is optional to the parser; unknown members are skipped (but must be valid JSON).
struct JSONLineRecord {
    /// The `id` value's JSON text exactly as written (white space around it trimmed).
    var id: ArraySlice<UInt8>?
    /// The decoded `content` string's UTF-8 bytes (invalid UTF-8 passes through, for the
    /// frontend to repair); nil when absent.
    var content: [UInt8]?
    /// Why the record cannot be converted although it is valid JSON (a member of the wrong
    /// type, no `content`): an `invalid-record` error.
    var problem: BatchItemError? {
        if let typeError { return typeError }
        if contentIsNotAString { return JSONLineParser.invalid("\"content\" must be a string") }
        if content == nil { return JSONLineParser.invalid("the record has no \"content\"") }
        return nil
    }
    var contentIsNotAString = false
    var typeError: BatchItemError?
    var from: String?
    var to: String?
    /// The `options` object's members, values as text (`true`, `80`, `"x"` → `x`).
    var options: OptionPairs?
    /// The `url` the content was fetched from: its links resolve against it, and it is the
    /// document's source URL.
    var url: String?

    /// Parses one line. Throws a `malformed-json` error (with the byte offset) when the line is
    /// not one JSON object; a record that is JSON but cannot be converted has a `problem`.
    static func parse(_ line: [UInt8]) throws(BatchItemError) -> JSONLineRecord {
        try line.withUnsafeBufferPointer { (buffer) throws(BatchItemError) -> JSONLineRecord in
            var parser = JSONLineParser(bytes: buffer)
            return try parser.record(line)
        }
    }
}

/// The parser behind `JSONLineRecord.parse`: a cursor over the line, no recursion (nested values
/// are skipped with a stack of closing brackets).
struct JSONLineParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func malformed(_ message: String, at offset: Int) -> BatchItemError {
        BatchItemError(code: "malformed-json", message: "malformed JSON at byte \(offset + 1): \(message)")
    }

    static func invalid(_ message: String) -> BatchItemError {
        BatchItemError(code: "invalid-record", message: message)
    }

    mutating func record(_ line: [UInt8]) throws(BatchItemError) -> JSONLineRecord {
        var record = JSONLineRecord()
        skipSpace()
        if try !openObject("expected '{' to start a record") {
            repeat {
                let key = String(decoding: try memberName(), as: UTF8.self)
                switch key {
                case "id":
                    let start = i
                    try skipValue()
                    record.id = line[start..<i]
                case "content":
                    if peek() == UInt8(ascii: "\"") {
                        record.content = try string()
                        record.contentIsNotAString = false
                    } else {
                        try skipValue()
                        record.content = nil
                        record.contentIsNotAString = true
                    }
                case "url":
                    if peek() == UInt8(ascii: "\"") {
                        record.url = String(decoding: try string(), as: UTF8.self)
                    } else if peek() == UInt8(ascii: "n") {
                        try skipValue()
                    } else {
                        try skipValue()
                        record.typeError = Self.invalid("\"url\" must be an absolute URL in a string")
                    }
                case "from", "to":
                    if peek() == UInt8(ascii: "\"") {
                        let value = String(decoding: try string(), as: UTF8.self)
                        if key == "from" { record.from = value } else { record.to = value }
                    } else {
                        try skipValue()
                        record.typeError = Self.invalid("\"\(key)\" must be a format name in a string")
                    }
                case "options":
                    if peek() == UInt8(ascii: "{") {
                        do {
                            record.options = try options()
                        } catch where error.code == "invalid-record" {
                            record.typeError = error
                        }
                    } else {
                        try skipValue()
                        record.typeError = Self.invalid("\"options\" must be an object of option names and values")
                    }
                default:
                    try skipValue()
                }
            } while try nextMember("expected ',' or '}' after a member")
        }
        skipSpace()
        guard i == bytes.count else { throw Self.malformed("unexpected text after the record", at: i) }
        return record
    }

    /// An object of scalars (strings, numbers, booleans), as text.
    private mutating func options() throws(BatchItemError) -> OptionPairs {
        var pairs: OptionPairs = []
        var invalid: BatchItemError?
        if try openObject("expected '{' to start \"options\"") { return pairs }
        repeat {
            let key = String(decoding: try memberName("an option name"), as: UTF8.self)
            let start = i
            switch peek() {
            case UInt8(ascii: "\""):
                pairs.append((key, String(decoding: try string(), as: UTF8.self)))
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "n"):
                try skipValue()
                invalid = Self.invalid("option \"\(key)\" must be a string, a number or a boolean")
            default:
                try skipValue()
                pairs.append((key, String(decoding: bytes[start..<i], as: UTF8.self)))
            }
        } while try nextMember("expected ',' or '}' in \"options\"")
        if let invalid { throw invalid }
        return pairs
    }

    /// Reads the '{' that opens an object and the space after it; true when the object is empty
    /// (its '}' read too).
    private mutating func openObject(_ message: String) throws(BatchItemError) -> Bool {
        try expect(UInt8(ascii: "{"), message)
        skipSpace()
        guard peek() == UInt8(ascii: "}") else { return false }
        i += 1
        return true
    }

    /// Reads a member's name in quotes and the ':' after it, with the space around them, and
    /// returns the name's bytes; `what` names it in errors.
    @discardableResult
    private mutating func memberName(_ what: String = "a member name") throws(BatchItemError) -> [UInt8] {
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else { throw Self.malformed("expected \(what) in quotes", at: i) }
        let name = try string()
        skipSpace()
        try expect(UInt8(ascii: ":"), "expected ':' after \(what)")
        skipSpace()
        return name
    }

    /// Reads the ',' or '}' after a member (and the space before it): true after a ',', when
    /// another member follows.
    private mutating func nextMember(_ message: String) throws(BatchItemError) -> Bool {
        skipSpace()
        if peek() == UInt8(ascii: ",") { i += 1; return true }
        try expect(UInt8(ascii: "}"), message)
        return false
    }

    @inline(__always) private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    @inline(__always) private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(BatchItemError) {
        guard peek() == byte else { throw Self.malformed(message, at: i) }
        i += 1
    }

    /// A string at the cursor (on its opening quote), decoded to UTF-8 bytes by the core's
    /// `JSONStringReader`: bytes that are not UTF-8 pass through (the frontend repairs them), an
    /// unpaired surrogate escape becomes U+FFFD.
    mutating func string() throws(BatchItemError) -> [UInt8] {
        var decoded: [UInt8] = []
        let read: (bytes: JSONStringReader.Location, end: Int)
        do {
            read = try JSONStringReader.read(bytes, quote: i, into: &decoded, invalidText: .repair)
        } catch {
            throw Self.malformed(error.problem, at: error.offset)
        }
        i = read.end
        switch read.bytes {
        case .input(let range): return Array(bytes[range])
        case .buffer: return decoded
        }
    }

    /// Skips one value of any kind, checking that it is valid JSON; nested arrays and objects
    /// are followed with a stack of the brackets that close them.
    mutating func skipValue() throws(BatchItemError) {
        var closers: [UInt8] = []
        while true {
            skipSpace()
            // One value, or the opening of a container.
            guard let b = peek() else { throw Self.malformed("expected a value", at: i) }
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // An empty container is a whole value; else its first element (in an object, after
                // a member name) comes next.
                let closer = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                i += 1
                skipSpace()
                if peek() == closer {
                    i += 1
                } else {
                    closers.append(closer)
                    if closer == UInt8(ascii: "}") { try memberName() }
                    continue
                }
            case 0x22: _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), 0x30...0x39: try number()
            default: throw Self.malformed("expected a value", at: i)
            }
            // After a value: close containers or go on to the next element.
            while let closer = closers.last {
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    i += 1
                    if closer == UInt8(ascii: "}") { try memberName() }
                    break
                }
                guard peek() == closer else {
                    throw Self.malformed("expected ',' or '\(Unicode.Scalar(closer))'", at: i)
                }
                i += 1
                closers.removeLast()
            }
            if closers.isEmpty { return }
        }
    }

    private mutating func literal(_ word: StaticString) throws(BatchItemError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw Self.malformed("expected a value", at: i) }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw Self.malformed("expected a value", at: i) }
        i += n
    }

    private mutating func number() throws(BatchItemError) {
        let start = i
        func digits(_ p: inout Self) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        if peek() == UInt8(ascii: "-") { i += 1 }
        if peek() == 0x30 {
            i += 1
        } else if digits(&self) == 0 {
            throw Self.malformed("invalid number", at: start)
        }
        if peek() == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw Self.malformed("invalid number", at: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            i += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw Self.malformed("invalid number", at: start) }
        }
    }
}
