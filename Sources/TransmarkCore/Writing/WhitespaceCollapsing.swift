/// Whitespace folding as HTML does it for text shown on one line (a label, an `alt`, a title):
/// runs of ASCII whitespace (space, tab, line feed, form feed, carriage return) become one space,
/// and none is left at either end. Other spaces, such as U+00A0, are kept.
package enum WhitespaceCollapsing {
    /// Whether `byte` is ASCII whitespace in HTML's sense.
    @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// `bytes` with whitespace collapsed and trimmed.
    package static func collapsed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        var pendingSpace = false
        for b in bytes {
            if isWhitespace(b) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(b)
            }
        }
        return out
    }

    /// `text` with whitespace collapsed and trimmed.
    package static func collapsed(_ text: String) -> String {
        String(decoding: collapsed(text.utf8), as: UTF8.self)
    }
}
