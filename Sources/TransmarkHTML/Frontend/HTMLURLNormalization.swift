import TransmarkCore

/// Link destinations and image sources are stored as the HTML backend writes them (and as
/// cmark normalizes Markdown destinations): bytes that are not safe in a URL — spaces, quotes,
/// controls, non-ASCII — are percent-encoded; `%` escapes already there are kept. Reading HTML
/// and writing it back therefore gives the same destination.
enum HTMLURLNormalization {
    /// The bytes kept as they are: `HTMLEscaping.hrefSafe`, `&` and `'` (one table lookup per
    /// byte).
    static let kept: [Bool] = {
        var table = HTMLEscaping.hrefSafe
        table[Int(UInt8(ascii: "&"))] = true
        table[Int(UInt8(ascii: "'"))] = true
        return table
    }()

    static func normalized(_ url: String) -> String {
        if isKeptAsItIs(url) { return url }
        let safe = kept
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count + 16)
        safe.withUnsafeBufferPointer { kept in
            for b in url.utf8 {
                if isKept(b, kept) {
                    out.append(b)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 15)])
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An `href` as the URL standard reads it before parsing: leading and trailing C0 controls
    /// and spaces stripped, tabs and line ends inside removed (`href="\n  /a\n"` is `/a`, not
    /// `%0A%20%20/a%0A`). Then `normalized`.
    static func normalized(href: String) -> String {
        // Most hrefs hold only bytes kept as they are (no space, tab or line end among them).
        if isKeptAsItIs(href) { return href }
        let bytes = href.utf8
        guard let first = bytes.first, let last = bytes.last else { return href }
        if first > 0x20 && last > 0x20 && !bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return normalized(href)
        }
        var kept = Array(bytes.drop(while: { $0 <= 0x20 }))
        while let end = kept.last, end <= 0x20 { kept.removeLast() }
        kept.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return normalized(String(decoding: kept, as: UTF8.self))
    }

    /// Whether every byte of `url` is kept as it is, so that normalizing it changes nothing (one
    /// pass over a native string's bytes, no copy).
    private static func isKeptAsItIs(_ url: String) -> Bool {
        let safe = kept
        let firstUnsafe = url.utf8.withContiguousStorageIfAvailable { p -> Int in
            safe.withUnsafeBufferPointer { kept in
                var i = 0
                while i < p.count && isKept(p[i], kept) { i += 1 }
                return i
            }
        }
        return firstUnsafe == url.utf8.count
    }

    @inline(__always)
    private static func isKept(_ b: UInt8, _ kept: UnsafeBufferPointer<Bool>) -> Bool {
        kept[Int(b)]
    }
}
