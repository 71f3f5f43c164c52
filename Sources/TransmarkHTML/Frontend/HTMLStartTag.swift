import TransmarkCore

/// The start tag the tree builder is handling. Its attributes stay in the tokenizer's buffers
/// (valid until the next token is read) and become `String`s only when asked for: most are
/// copied into the document as bytes (see `HTMLTreeBuilder.keptAttributes`), and making and
/// freeing two strings per attribute cost a sixth of parsing a web page.
struct HTMLStartTag {
    /// The tag name, ASCII-lowercased.
    let name: String
    /// Whether the tag ended with `/>`.
    let isSelfClosing: Bool
    /// The attribute names and values, as `spans` locate them.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The attributes in source order, without duplicates.
    let spans: UnsafeBufferPointer<AttributeSpan>

    /// How many attributes the tag has.
    var attributeCount: Int { spans.count }

    /// The name of attribute `i`.
    @inline(__always)
    func name(at i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[spans[i].name])
    }

    /// The value of attribute `i`.
    @inline(__always)
    func value(at i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[spans[i].value])
    }

    /// The name of attribute `i` packed as `HTMLTreeBuilder.packedName` packs names (0 when longer
    /// than eight bytes).
    @inline(__always)
    func packedName(at i: Int) -> UInt64 {
        let span = spans[i]
        let count = Int(span.valueStart - span.nameStart)
        guard count <= 8, let base = bytes.baseAddress else { return 0 }
        var packed: UInt64 = 0
        let start = base + Int(span.nameStart)
        for k in 0 ..< count { packed |= UInt64(start[k]) << (8 * UInt64(k)) }
        return packed
    }

    /// The index of the attribute named `name` (lowercase), if present.
    func index(of name: StaticString) -> Int? {
        name.withUTF8Buffer { target in
            for i in 0 ..< spans.count {
                let candidate = self.name(at: i)
                if candidate.count == target.count && candidate.elementsEqual(target) { return i }
            }
            return nil
        }
    }

    /// The value of the attribute named `name` (lowercase), if present.
    func attribute(_ name: StaticString) -> String? {
        guard let i = index(of: name) else { return nil }
        return String(decoding: value(at: i), as: UTF8.self)
    }

    /// Whether the tag has an attribute named `name` (lowercase).
    func hasAttribute(_ name: StaticString) -> Bool { index(of: name) != nil }

    /// The attributes as values (for the rarer paths that want them all).
    var attributes: [Attribute] {
        (0 ..< spans.count).map { i in
            Attribute(String(decoding: name(at: i), as: UTF8.self), String(decoding: value(at: i), as: UTF8.self))
        }
    }
}
