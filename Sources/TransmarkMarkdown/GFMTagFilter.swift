/// GFM's "disallowed raw HTML" extension (tagfilter): in raw HTML, the `<` that opens or closes
/// `title`, `textarea`, `style`, `xmp`, `iframe`, `noembed`, `noframes`, `script` or `plaintext`
/// becomes `&lt;`, so the tag shows as text. Blocks are filtered at every `<`; inline raw HTML
/// (one tag) only at its start, exactly as libcmark-gfm's HTML renderer does.
enum GFMTagFilter {
    private static let disallowed: [[UInt8]] = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    /// Whether the tag starting at `start` is a disallowed one.
    static func isDisallowedTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let size = bytes.count - start
        guard size >= 3, bytes[start] == UInt8(ascii: "<") else { return false }
        for name in disallowed where matches(bytes, start: start, size: size, name: name) { return true }
        return false
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, size: Int, name: [UInt8]) -> Bool {
        var i = 1
        if bytes[start + i] == UInt8(ascii: "/") { i += 1 }
        for c in name {
            guard i < size else { return false }
            var b = bytes[start + i]
            if b >= 0x41 && b <= 0x5A { b += 0x20 }
            if b != c { return false }
            i += 1
        }
        guard i < size else { return false }
        let next = bytes[start + i]
        if next == UInt8(ascii: ">") || next == 0x20 || (next >= 0x09 && next <= 0x0D) { return true }
        return next == UInt8(ascii: "/") && size >= i + 2 && bytes[start + i + 1] == UInt8(ascii: ">")
    }

    /// Whether filtering would change `bytes`.
    static func needsFiltering(_ bytes: UnsafeBufferPointer<UInt8>, isBlock: Bool) -> Bool {
        if !isBlock { return isDisallowedTag(bytes, at: 0) }
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "<") && isDisallowedTag(bytes, at: i) {
            return true
        }
        return false
    }

    /// Appends the filtered bytes to `output`.
    static func filter(_ bytes: UnsafeBufferPointer<UInt8>, isBlock: Bool, into output: inout [UInt8]) {
        let lt: [UInt8] = Array("&lt;".utf8)
        if !isBlock {
            if isDisallowedTag(bytes, at: 0) {
                output.append(contentsOf: lt)
                output.append(contentsOf: bytes[1...])
            } else {
                output.append(contentsOf: bytes)
            }
            return
        }
        for i in 0..<bytes.count {
            if bytes[i] == UInt8(ascii: "<") && isDisallowedTag(bytes, at: i) {
                output.append(contentsOf: lt)
            } else {
                output.append(bytes[i])
            }
        }
    }
}
