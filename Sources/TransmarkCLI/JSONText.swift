@_spi(TransmarkStorage) import TransmarkCore

/// JSON written by hand into byte buffers: strings escaped by `JSONStringEscaping`, so that the
/// output is valid UTF-8 and safe in any JSON or JavaScript context.
enum JSONText {
    /// Appends `bytes` as a quoted JSON string (see `JSONStringEscaping`).
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        JSONStringEscaping.appendString(bytes, to: &out, isValidUTF8: false)
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
