import TransmarkCore

extension HTMLInputDecoder {
    /// How many leading bytes the `<meta>` charset prescan looks at.
    public static let prescanLimit = 1024

    /// A simplified WHATWG prescan: looks in the first ``prescanLimit`` bytes for a
    /// `<meta charset=…>` or `<meta http-equiv=content-type content="…charset=…">` (skipping
    /// `<!-- comments -->`) and returns the first supported encoding it names.
    /// Labels the WHATWG standard does not list are passed over; a label naming UTF-16 gives UTF-8
    /// and `x-user-defined` gives Windows-1252, as the standard's prescan says. `nil` also for a
    /// label of the standard's replacement encoding (which ``detectEncoding(_:)`` refuses).
    public static func sniffMetaCharset(_ input: UnsafeBufferPointer<UInt8>) -> HTMLInputEncoding? {
        if case .encoding(let encoding) = sniffMetaLabel(input) { return encoding }
        return nil
    }

    /// What the prescan found: an encoding, or a label of the replacement encoding.
    enum SniffedLabel {
        case encoding(HTMLInputEncoding)
        case replacement(String)
    }

    /// The prescan behind ``sniffMetaCharset(_:)``, keeping replacement labels, over the first
    /// `limit` bytes (and, with `stopsAtBody`, no further than the first `<body` tag).
    static func sniffMetaLabel(_ input: UnsafeBufferPointer<UInt8>, limit: Int = prescanLimit,
                               stopsAtBody: Bool = false) -> SniffedLabel? {
        let end = min(input.count, limit)
        var i = 0
        while i < end {
            guard input[i] == UInt8(ascii: "<") else { i += 1; continue }
            if matches(input, at: i, end: end, "<!--") {
                i = find(input, "-->", from: i + 4, end: end).map { $0 + 3 } ?? end
                continue
            }
            if stopsAtBody && matches(input, at: i, end: end, "<body") { return nil }
            if matches(input, at: i, end: end, "<meta"), i + 5 < end,
               InputEncoding.isASCIIWhitespace(input[i + 5]) || input[i + 5] == UInt8(ascii: "/") {
                let (encoding, tagEnd) = metaEncoding(input, from: i + 5, end: end)
                if let encoding { return encoding }
                i = tagEnd
                continue
            }
            i += 1
        }
        return nil
    }

    /// Reads the attributes of one `<meta` tag; returns the encoding it declares and where it ends.
    private static func metaEncoding(_ s: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (SniffedLabel?, Int) {
        var i = start
        var charset: [UInt8]?
        var content: [UInt8]?
        var isContentType = false
        while i < end {
            while i < end && (InputEncoding.isASCIIWhitespace(s[i]) || s[i] == UInt8(ascii: "/")) { i += 1 }
            if i >= end || s[i] == UInt8(ascii: ">") { break }
            var name: [UInt8] = []
            while i < end, !InputEncoding.isASCIIWhitespace(s[i]), s[i] != UInt8(ascii: "="),
                  s[i] != UInt8(ascii: ">"), s[i] != UInt8(ascii: "/") || name.isEmpty {
                name.append(lowercased(s[i]))
                i += 1
            }
            while i < end && InputEncoding.isASCIIWhitespace(s[i]) { i += 1 }
            var value: [UInt8] = []
            if i < end && s[i] == UInt8(ascii: "=") {
                i += 1
                while i < end && InputEncoding.isASCIIWhitespace(s[i]) { i += 1 }
                if i < end && (s[i] == UInt8(ascii: "\"") || s[i] == UInt8(ascii: "'")) {
                    let quote = s[i]
                    i += 1
                    while i < end && s[i] != quote { value.append(lowercased(s[i])); i += 1 }
                    i += 1
                } else {
                    while i < end, !InputEncoding.isASCIIWhitespace(s[i]), s[i] != UInt8(ascii: ">") {
                        value.append(lowercased(s[i]))
                        i += 1
                    }
                }
            }
            switch String(decoding: name, as: UTF8.self) {
            case "charset" where charset == nil: charset = value
            case "content" where content == nil: content = value
            case "http-equiv": isContentType = value == Array("content-type".utf8)
            default: break
            }
        }
        let label = charset ?? (isContentType ? content.flatMap(charsetInContentAttribute) : nil)
        return (label.flatMap { sniffed(String(decoding: $0, as: UTF8.self)) }, min(i + 1, end))
    }

    /// A `<meta>` label as the prescan reads it: UTF-16 means UTF-8 (only a byte order mark
    /// selects UTF-16), x-user-defined means Windows-1252.
    private static func sniffed(_ label: String) -> SniffedLabel? {
        if InputEncoding.isReplacementLabel(label) { return .replacement(InputEncoding.normalizedLabelForMessages(label)) }
        guard let encoding = InputEncoding(label: label) else { return nil }
        switch encoding {
        case .utf16BigEndian, .utf16LittleEndian: return .encoding(.utf8)
        case .xUserDefined: return .encoding(.windows1252)
        default: return .encoding(encoding)
        }
    }

    /// The value after `charset=` in a (lowercased) `content` attribute, per the WHATWG
    /// "extracting a character encoding from a meta element" algorithm.
    static func charsetInContentAttribute(_ s: [UInt8]) -> [UInt8]? {
        let key = Array("charset".utf8)
        var i = 0
        while i + key.count <= s.count {
            guard Array(s[i ..< i + key.count]) == key else { i += 1; continue }
            var j = i + key.count
            while j < s.count && InputEncoding.isASCIIWhitespace(s[j]) { j += 1 }
            guard j < s.count, s[j] == UInt8(ascii: "=") else { i = j; continue }
            j += 1
            while j < s.count && InputEncoding.isASCIIWhitespace(s[j]) { j += 1 }
            guard j < s.count else { return nil }
            if s[j] == UInt8(ascii: "\"") || s[j] == UInt8(ascii: "'") {
                let quote = s[j]
                guard let close = s[(j + 1)...].firstIndex(of: quote) else { return nil }
                return Array(s[(j + 1) ..< close])
            }
            var k = j
            while k < s.count && !InputEncoding.isASCIIWhitespace(s[k]) && s[k] != UInt8(ascii: ";") { k += 1 }
            return Array(s[j ..< k])
        }
        return nil
    }

    @inline(__always)
    private static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

    /// Whether `s[at...]` starts with `literal`, ASCII case-insensitively (`literal` is lowercase).
    private static func matches(_ s: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= end else { return false }
        let p = literal.utf8Start
        for k in 0 ..< count where lowercased(s[i + k]) != p[k] { return false }
        return true
    }

    private static func find(_ s: UnsafeBufferPointer<UInt8>, _ literal: StaticString, from start: Int, end: Int) -> Int? {
        var i = start
        while i < end {
            if matches(s, at: i, end: end, literal) { return i }
            i += 1
        }
        return nil
    }
}
