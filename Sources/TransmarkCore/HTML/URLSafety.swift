/// Decides which URLs may appear in safe HTML output.
public enum URLSafety {
    /// Whether a URL can run code or read local files: `javascript:`, `vbscript:`, `file:` and
    /// `data:` other than `data:image/png|gif|jpeg|webp` (case-insensitive, after leading
    /// whitespace and control characters, as browsers skip them). This is libcmark-gfm's rule
    /// (plus the whitespace skipping, which its Markdown input cannot produce).
    public static func isDangerous(_ url: String) -> Bool {
        // Every refused scheme starts with `j`, `v`, `f` or `d`: a URL whose first byte after
        // leading spaces and controls is another (nearly every one) is not read further.
        guard let first = url.utf8.first(where: { $0 > 0x20 }) else { return false }
        switch first | 0x20 {
        case UInt8(ascii: "j"), UInt8(ascii: "v"), UInt8(ascii: "f"), UInt8(ascii: "d"): break
        default: return false
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        for b in url.utf8 {
            if bytes.isEmpty && b <= 0x20 { continue }
            // Browsers ignore tabs and newlines inside the scheme.
            if b == 0x09 || b == 0x0A || b == 0x0D { continue }
            bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
            if bytes.count >= 20 { break }
        }
        func hasPrefix(_ p: String) -> Bool { bytes.starts(with: p.utf8) }
        if hasPrefix("data:image/png") || hasPrefix("data:image/gif") || hasPrefix("data:image/jpeg")
            || hasPrefix("data:image/webp") {
            return false
        }
        return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") || hasPrefix("data:")
    }
}

extension URLSafety {
    /// The scheme of a URL as a browser reads it (leading spaces and controls skipped, tabs and
    /// newlines inside ignored), lowercased; `nil` for a relative reference.
    public static func scheme(of url: String) -> String? {
        var scheme: [UInt8] = []
        var started = false
        for b in url.utf8 {
            if !started && b <= 0x20 { continue }
            started = true
            if b == 0x09 || b == 0x0A || b == 0x0D { continue }
            if b == UInt8(ascii: ":") { return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self) }
            let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
            let isSchemeByte = (lower >= 0x61 && lower <= 0x7A)
                || (!scheme.isEmpty && ((b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E))
            guard isSchemeByte else { return nil }
            scheme.append(lower)
        }
        return nil
    }
}
