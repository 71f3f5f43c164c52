/// HTML escaping exactly as libcmark-gfm does it, so Markdown → HTML output matches its renderer
/// byte for byte.
public enum HTMLEscaping {
    @usableFromInline static let textTable: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        t[Int(UInt8(ascii: "\""))] = 1
        t[Int(UInt8(ascii: "&"))] = 2
        t[Int(UInt8(ascii: "<"))] = 3
        t[Int(UInt8(ascii: ">"))] = 4
        return t
    }()

    /// Bytes that may appear unescaped in an `href`/`src` (cmark's `HREF_SAFE` table).
    package static let hrefSafe: [Bool] = {
        var t = [Bool](repeating: false, count: 256)
        let safe = "-_.+!*(),%#@?=;:/$~" + "0123456789" + "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for c in safe.utf8 { t[Int(c)] = true }
        return t
    }()

    /// Appends `bytes` with `"`, `&`, `<`, `>` escaped (text and attribute values).
    @inline(__always)
    public static func escapeText<C: Collection>(_ bytes: C, into out: inout ByteOutput) where C.Element == UInt8 {
        escapeText(bytes, into: &out.bytes)
    }

    /// Appends `bytes` with `"`, `&`, `<`, `>` escaped to a byte array (fast path for slices).
    public static func escapeText(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { escapeText(buffer: $0, into: &out) }
    }

    /// The escaper on contiguous bytes: eight bytes that need no escape are skipped at a time,
    /// and the runs between escapes are appended whole.
    @usableFromInline
    package static func escapeText(buffer: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        textTable.withUnsafeBufferPointer { table in
            guard let base = buffer.baseAddress, let classes = table.baseAddress else { return }
            let count = buffer.count
            var runStart = 0
            var i = 0
            while i < count {
                // Eight bytes that need no escape at a time.
                i = ByteClassScan.skipOrdinaryBlocks(base, from: i, to: count, classes: classes)
                guard i < count else { break }
                let code = table[Int(base[i])]
                if code != 0 {
                    if runStart != i { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart)) }
                    switch code {
                    case 1: out.append(contentsOf: "&quot;".utf8)
                    case 2: out.append(contentsOf: "&amp;".utf8)
                    case 3: out.append(contentsOf: "&lt;".utf8)
                    default: out.append(contentsOf: "&gt;".utf8)
                    }
                    runStart = i + 1
                }
                i += 1
            }
            if runStart < count { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
        }
    }

    /// Appends a slice escaped as text.
    public static func escapeText(_ bytes: ArraySlice<UInt8>, into out: inout ByteOutput) {
        escapeText(bytes, into: &out.bytes)
    }

    /// Appends `bytes` with `"`, `&`, `<`, `>` escaped to a byte array.
    @inlinable
    public static func escapeText<C: Collection>(_ bytes: C, into out: inout [UInt8]) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ escapeText(buffer: $0, into: &out) }) != nil { return }
        var runStart = bytes.startIndex
        var i = bytes.startIndex
        let table = textTable
        while i != bytes.endIndex {
            let code = table[Int(bytes[i])]
            if code != 0 {
                if runStart != i { out.append(contentsOf: bytes[runStart..<i]) }
                switch code {
                case 1: out.append(contentsOf: "&quot;".utf8)
                case 2: out.append(contentsOf: "&amp;".utf8)
                case 3: out.append(contentsOf: "&lt;".utf8)
                default: out.append(contentsOf: "&gt;".utf8)
                }
                runStart = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        if runStart != bytes.endIndex { out.append(contentsOf: bytes[runStart..<bytes.endIndex]) }
    }

    /// Appends a string escaped as text.
    public static func escapeText(_ string: String, into out: inout ByteOutput) {
        var string = string
        string.withUTF8 { escapeText(buffer: $0, into: &out.bytes) }
    }

    /// Appends a URL for an `href`/`src` attribute: safe bytes as they are, `&` as `&amp;`, `'` as
    /// `&#x27;`, everything else percent-encoded (existing `%` escapes are kept).
    public static func escapeHref<C: Collection>(_ bytes: C, into out: inout ByteOutput) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ escapeHref(buffer: $0, into: &out) }) == nil {
            Array(bytes).withUnsafeBufferPointer { escapeHref(buffer: $0, into: &out) }
        }
    }

    /// `escapeHref` on contiguous bytes: runs of safe bytes are appended whole.
    static func escapeHref(buffer p: UnsafeBufferPointer<UInt8>, into out: inout ByteOutput) {
        hrefSafe.withUnsafeBufferPointer { safe in
            let n = p.count
            var runStart = 0
            var i = 0
            while i < n {
                let b = p[i]
                if safe[Int(b)] {
                    i += 1
                    continue
                }
                if runStart < i { out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart ..< i])) }
                if b == UInt8(ascii: "&") {
                    out.append("&amp;")
                } else if b == UInt8(ascii: "'") {
                    out.append("&#x27;")
                } else {
                    out.bytes.append(UInt8(ascii: "%"))
                    out.bytes.append(hexDigit(b >> 4))
                    out.bytes.append(hexDigit(b & 15))
                }
                i += 1
                runStart = i
            }
            if runStart < n { out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart ..< n])) }
        }
    }

    /// The upper-case hexadecimal digit of `value` (0–15).
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }

    /// Appends a string escaped as a URL.
    public static func escapeHref(_ string: String, into out: inout ByteOutput) {
        var string = string
        string.withUTF8 { escapeHref(buffer: $0, into: &out) }
    }
}
