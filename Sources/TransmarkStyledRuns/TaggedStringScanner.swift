import TransmarkCore

/// Scans tagged-string markup as bytes: text (entities decoded), start tags with attributes,
/// end tags. A `<` that starts no well-formed tag is text in lenient mode and an error naming its
/// byte offset in strict mode.
struct TaggedStringScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let isStrict: Bool

    /// Calls `text` with decoded text chunks, `start` with each start tag (and whether it closes
    /// itself) and its byte range, `end` with each end tag's name and byte range.
    func scan(text: (UnsafeBufferPointer<UInt8>) throws -> Void,
              start: (TaggedStringTag, Bool, Range<Int>) throws -> Void,
              end: (String, Range<Int>) throws -> Void) throws {
        var scratch: [UInt8] = []
        var i = 0
        var textStart = 0
        let n = bytes.count
        func flush(_ upTo: Int) throws {
            if upTo > textStart { try text(UnsafeBufferPointer(rebasing: bytes[textStart..<upTo])) }
        }
        while i < n {
            let b = bytes[i]
            if b == 0x26, let (scalar, length) = entity(at: i) {
                try flush(i)
                scratch.removeAll(keepingCapacity: true)
                appendUTF8(scalar, to: &scratch)
                try scratch.withUnsafeBufferPointer { try text($0) }
                i += length
                textStart = i
                continue
            }
            guard b == 0x3C else { i += 1; continue }
            switch parseTag(at: i) {
            case .success(let tag):
                try flush(i)
                switch tag.kind {
                case .start(let t, let selfClosing): try start(t, selfClosing, i..<tag.next)
                case .end(let name): try end(name, i..<tag.next)
                }
                i = tag.next
                textStart = i
            case .failure(let message):
                if isStrict { throw TransmarkError.malformedInput(message: message, offset: i) }
                i += 1   // the `<` stays text
            }
        }
        try flush(n)
    }

    enum TagKind { case start(TaggedStringTag, Bool); case end(String) }
    struct ParsedTag { var kind: TagKind; var next: Int }
    enum Parse { case success(ParsedTag), failure(String) }

    static func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x3A || b == 0x2E
    }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    func name(from start: Int) -> (String, Int) {
        var j = start
        while j < bytes.count && Self.isNameByte(bytes[j]) { j += 1 }
        var name = Array(bytes[start..<j])
        for k in name.indices where name[k] >= 0x41 && name[k] <= 0x5A { name[k] |= 0x20 }
        return (String(decoding: name, as: UTF8.self), j)
    }

    func parseTag(at p: Int) -> Parse {
        let n = bytes.count
        var j = p + 1
        guard j < n else { return .failure("'<' at the end starts no tag (write &lt;)") }
        if bytes[j] == 0x2F {
            j += 1
            guard j < n, Self.isNameStart(bytes[j]) else { return .failure("'</' without a tag name (write &lt;)") }
            let (tagName, after) = name(from: j)
            j = after
            while j < n && Self.isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == 0x3E else { return .failure("end tag </\(tagName)> is not closed with '>'") }
            return .success(ParsedTag(kind: .end(tagName), next: j + 1))
        }
        guard Self.isNameStart(bytes[j]) else { return .failure("'<' starts no tag (write &lt;)") }
        let (tagName, after) = name(from: j)
        j = after
        var attributes: [Attribute] = []
        while true {
            while j < n && Self.isSpace(bytes[j]) { j += 1 }
            guard j < n else { return .failure("tag <\(tagName)> is not closed with '>'") }
            if bytes[j] == 0x3E { return .success(ParsedTag(kind: .start(TaggedStringTag(name: tagName, attributes: attributes), false), next: j + 1)) }
            if bytes[j] == 0x2F {
                guard j + 1 < n, bytes[j + 1] == 0x3E else { return .failure("'/' inside tag <\(tagName)> not followed by '>'") }
                return .success(ParsedTag(kind: .start(TaggedStringTag(name: tagName, attributes: attributes), true), next: j + 2))
            }
            let nameStart = j
            while j < n && !Self.isSpace(bytes[j]) && bytes[j] != 0x3D && bytes[j] != 0x3E && bytes[j] != 0x2F
                    && bytes[j] != 0x22 && bytes[j] != 0x27 && bytes[j] != 0x3C { j += 1 }
            guard j > nameStart else { return .failure("unexpected character in tag <\(tagName)>") }
            let attributeName = String(decoding: bytes[nameStart..<j], as: UTF8.self).lowercased()
            while j < n && Self.isSpace(bytes[j]) { j += 1 }
            var value = ""
            if j < n && bytes[j] == 0x3D {
                j += 1
                while j < n && Self.isSpace(bytes[j]) { j += 1 }
                guard j < n else { return .failure("attribute \(attributeName) of <\(tagName)> has no value") }
                let valueStart: Int
                let valueEnd: Int
                if bytes[j] == 0x22 || bytes[j] == 0x27 {
                    let quote = bytes[j]
                    valueStart = j + 1
                    j = valueStart
                    while j < n && bytes[j] != quote { j += 1 }
                    guard j < n else { return .failure("attribute \(attributeName) of <\(tagName)> has an unterminated quote") }
                    valueEnd = j
                    j += 1
                } else {
                    valueStart = j
                    while j < n && !Self.isSpace(bytes[j]) && bytes[j] != 0x3E { j += 1 }
                    valueEnd = j
                }
                value = decodeEntities(valueStart..<valueEnd)
            }
            attributes.append(Attribute(attributeName, value))
        }
    }

    /// The scalar and length of the entity at `p` (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`,
    /// `&nbsp;`, `&#NN;`, `&#xHH;`), or `nil` when none is there.
    func entity(at p: Int) -> (Unicode.Scalar, Int)? {
        let n = bytes.count
        var j = p + 1
        while j < n && j - p <= 10 && bytes[j] != 0x3B { j += 1 }
        guard j < n, bytes[j] == 0x3B, j > p + 1 else { return nil }
        let body = bytes[(p + 1)..<j]
        let length = j - p + 1
        if body.first == 0x23 {
            var value: UInt32 = 0
            var digits = body.dropFirst()
            let hex = digits.first == 0x78 || digits.first == 0x58
            if hex { digits = digits.dropFirst() }
            guard !digits.isEmpty else { return nil }
            for d in digits {
                let v: UInt32
                switch d {
                case 0x30...0x39: v = UInt32(d - 0x30)
                case 0x61...0x66 where hex: v = UInt32(d - 0x61 + 10)
                case 0x41...0x46 where hex: v = UInt32(d - 0x41 + 10)
                default: return nil
                }
                value = value &* (hex ? 16 : 10) &+ v
                if value > 0x10FFFF { return nil }
            }
            // `&#0;` is U+FFFD, as in HTML and as a NUL written as it is reads.
            return (value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "amp": return ("&", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        case "nbsp": return ("\u{00A0}", length)
        default: return nil
        }
    }

    func decodeEntities(_ range: Range<Int>) -> String {
        var out: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] == 0x26, let (scalar, length) = entity(at: i), i + length <= range.upperBound {
                appendUTF8(scalar, to: &out)
                i += length
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }
}
