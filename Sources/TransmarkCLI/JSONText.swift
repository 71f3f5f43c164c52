import TransmarkCore

/// JSON written by hand into byte buffers: strings escaped so that the output is valid UTF-8 and
/// safe in any JSON or JavaScript context (quotes, backslashes, control characters, U+2028 and
/// U+2029 escaped; invalid UTF-8 written as U+FFFD).
enum JSONText {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `bytes` as a quoted JSON string.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        var i = 0
        var runStart = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b >= 0x20 && b < 0x80 && b != 0x22 && b != 0x5C {
                i += 1
                continue
            }
            if b >= 0x80 {
                let length = UTF8Validation.sequenceLength(bytes, at: i)
                if length > 0 {
                    // U+2028 and U+2029 end lines in JavaScript: escape them.
                    if length == 3 && b == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                        flush(bytes, runStart, i, &out)
                        out.append(contentsOf: bytes[i + 2] == 0xA8 ? Array("\\u2028".utf8) : Array("\\u2029".utf8))
                        i += 3
                        runStart = i
                    } else {
                        i += length
                    }
                    continue
                }
                flush(bytes, runStart, i, &out)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "f"), UInt8(ascii: "f"), UInt8(ascii: "f"), UInt8(ascii: "d")])
                i += -length
                runStart = i
                continue
            }
            flush(bytes, runStart, i, &out)
            out.append(0x5C)
            switch b {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default:
                out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            }
            i += 1
            runStart = i
        }
        flush(bytes, runStart, n, &out)
        out.append(0x22)
    }

    @inline(__always)
    private static func flush(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ out: inout [UInt8]) {
        if end > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
    }

    /// Appends a string as a quoted JSON string.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString($0, to: &out) }
    }

    /// One output line of the JSON-lines mode: `{"id":…,"content":"…"}` or
    /// `{"id":…,"error":{"code":"…","message":"…"}}`, ending with a line feed. `id` is the input's
    /// id text as it was written, or empty for `null`.
    static func record(id: String, output: Result<[UInt8], BatchItemError>) -> [UInt8] {
        var out: [UInt8] = []
        switch output {
        case .success(let content): out.reserveCapacity(content.count + content.count / 8 + id.utf8.count + 32)
        case .failure: out.reserveCapacity(256)
        }
        out.append(contentsOf: Array(#"{"id":"#.utf8))
        out.append(contentsOf: id.isEmpty ? Array("null".utf8) : Array(id.utf8))
        switch output {
        case .success(let content):
            out.append(contentsOf: Array(#","content":"#.utf8))
            content.withUnsafeBufferPointer { appendString($0, to: &out) }
            out.append(UInt8(ascii: "}"))
        case .failure(let error):
            out.append(contentsOf: Array(#","error":{"code":"#.utf8))
            appendString(error.code, to: &out)
            out.append(contentsOf: Array(#","message":"#.utf8))
            appendString(error.message, to: &out)
            out.append(contentsOf: Array("}}".utf8))
        }
        out.append(0x0A)
        return out
    }
}
