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

    /// Appends an `id`'s JSON text (valid JSON, as the parser checked) as written, except what
    /// would break the output line or its consumers: tab, CR and line feed between tokens become
    /// spaces; inside strings, DEL, U+2028 and U+2029 are escaped and bytes that are not UTF-8
    /// become U+FFFD, as `JSONStringEscaping` writes them (escapes already written are kept).
    static func appendIDText(_ id: String, to out: inout [UInt8]) {
        var id = id
        id.withUTF8 { bytes in
            var i = 0
            var inString = false
            while i < bytes.count {
                let b = bytes[i]
                if !inString {
                    out.append(b == 0x09 || b == 0x0A || b == 0x0D ? 0x20 : b)
                    if b == 0x22 { inString = true }
                    i += 1
                } else if b == 0x22 {
                    out.append(b)
                    inString = false
                    i += 1
                } else if b == 0x5C {
                    out.append(b)
                    if i + 1 < bytes.count { out.append(bytes[i + 1]) }
                    i += 2
                } else {
                    // A run without quotes or backslashes: escaped where it must be.
                    var end = i
                    while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C { end += 1 }
                    JSONStringEscaping.appendContent(UnsafeBufferPointer(rebasing: bytes[i..<end]), to: &out, isValidUTF8: false)
                    i = end
                }
            }
        }
    }

    /// One output line of the JSON-lines mode: `{"id":…,"content":"…"}` or
    /// `{"id":…,"error":{"code":"…","message":"…"}}`, ending with a line feed. `id` is the input's
    /// id text as it was written, or empty for `null`. With `metadata`, a successful record
    /// carries it as `"metadata":{…}` after its content; `stats` adds a `"stats"` member after that.
    static func record(id: String, output: Result<[UInt8], BatchItemError>, metadata: DocumentMetadata? = nil,
                       stats: DocumentStats? = nil) -> [UInt8] {
        var out: [UInt8] = []
        switch output {
        case .success(let content): out.reserveCapacity(content.count + content.count / 8 + id.utf8.count + 32)
        case .failure: out.reserveCapacity(256)
        }
        out.append(contentsOf: Array(#"{"id":"#.utf8))
        if id.isEmpty { out.append(contentsOf: Array("null".utf8)) } else { appendIDText(id, to: &out) }
        switch output {
        case .success(let content):
            out.append(contentsOf: Array(#","content":"#.utf8))
            content.withUnsafeBufferPointer { appendString($0, to: &out) }
            if let metadata {
                out.append(contentsOf: Array(#","metadata":"#.utf8))
                out.append(contentsOf: metadata.jsonObject)
            }
            stats?.appendMember(to: &out)
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
