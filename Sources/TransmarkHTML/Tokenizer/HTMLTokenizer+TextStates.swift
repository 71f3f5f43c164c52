// The text states: data, RCDATA, RAWTEXT, PLAINTEXT and CDATA section.
// Text is never copied: runs of input bytes become slices of the input.

@_spi(TransmarkStorage) import TransmarkCore

extension HTMLTokenizer {
    /// Index of the first byte at or after `start` that is `<`, `&` or NUL (or `p.count`).
    @inline(__always)
    static func scanData(_ p: UnsafeBufferPointer<UInt8>, from start: Int, stopAtAmpersand: Bool) -> Int {
        ByteScanner.firstIndex(in: p, from: start, of: 0x3C, 0, stopAtAmpersand ? 0x26 : 0)
    }

    mutating func dataState(_ p: UnsafeBufferPointer<UInt8>) {
        let i = Self.scanData(p, from: pos, stopAtAmpersand: true)
        if i > pos { appendInputText(pos, i) }
        guard i < p.count else { pos = i; finish(); return }
        switch p[i] {
        case 0x3C: // <
            markupStart = i
            pos = i + 1
            state = .tagOpen
            // What the next `step` would do, without its dispatch (markup is half the steps).
            if queued == 0 { tagStates(p) }
        case 0x26: // &
            pos = i
            characterReferenceInText(p)
        default: // NUL
            if dropsNullInData {
                // Dropped, as the tree builder's "in body" rules drop it (the run ends before it).
            } else if options.replacesNullInData {
                emitText(replacementCharacter)
            } else {
                appendInputText(i, i + 1)
            }
            pos = i + 1
        }
    }

    mutating func rcdataState(_ p: UnsafeBufferPointer<UInt8>) {
        let i = Self.scanData(p, from: pos, stopAtAmpersand: true)
        if i > pos { appendInputText(pos, i) }
        guard i < p.count else { pos = i; finish(); return }
        switch p[i] {
        case 0x3C:
            pos = i
            lessThanInRawText(p)
        case 0x26:
            pos = i
            characterReferenceInText(p)
        default:
            emitText(replacementCharacter)
            pos = i + 1
        }
    }

    mutating func rawtextState(_ p: UnsafeBufferPointer<UInt8>) {
        let i = Self.scanData(p, from: pos, stopAtAmpersand: false)
        if i > pos { appendInputText(pos, i) }
        guard i < p.count else { pos = i; finish(); return }
        if p[i] == 0x3C {
            pos = i
            lessThanInRawText(p)
        } else {
            emitText(replacementCharacter)
            pos = i + 1
        }
    }

    /// At a `<` in RCDATA or RAWTEXT: either the appropriate end tag starts, or the `<` is text.
    mutating func lessThanInRawText(_ p: UnsafeBufferPointer<UInt8>) {
        if let nameEnd = Self.appropriateEndTagNameEnd(p, lessThan: pos, lastStartTag: buffers.lastStartTag.elements) {
            beginTag(isEnd: true, markupAt: pos)
            buffers.tagName.append(buffers.lastStartTag.elements)
            pos = nameEnd
            state = .tagName
        } else {
            appendInputText(pos, pos + 1)
            pos += 1
        }
    }

    mutating func plaintextState(_ p: UnsafeBufferPointer<UInt8>) {
        let i = ByteScanner.firstIndex(in: p, from: pos, of: 0, 0, 0)
        if i > pos { appendInputText(pos, i) }
        guard i < p.count else { pos = i; finish(); return }
        emitText(replacementCharacter)
        pos = i + 1
    }

    /// CDATA section: everything up to `]]>` is text (NUL included, as the spec says).
    mutating func cdataSectionState(_ p: UnsafeBufferPointer<UInt8>) {
        var i = pos
        let n = p.count
        while i < n {
            if p[i] == 0x5D && i + 2 < n && p[i + 1] == 0x5D && p[i + 2] == 0x3E { break }
            i += 1
        }
        if i > pos { appendInputText(pos, i) }
        if i >= n {
            pos = n
            finish()
        } else {
            pos = i + 3
            state = .data
        }
    }

    /// If `</name` at `lessThan` is the appropriate end tag (its name is the last start tag's, and
    /// it is followed by whitespace, `/` or `>`), the index just after the name.
    static func appropriateEndTagNameEnd(_ p: UnsafeBufferPointer<UInt8>, lessThan i: Int,
                                         lastStartTag: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = p.count
        guard !lastStartTag.isEmpty, i + 1 < n, p[i + 1] == 0x2F else { return nil }
        var j = i + 2
        var k = 0
        while j < n && ASCII.isAlpha(p[j]) {
            guard k < lastStartTag.count, ASCII.lowercased(p[j]) == lastStartTag[k] else { return nil }
            k += 1
            j += 1
        }
        guard k == lastStartTag.count, j < n else { return nil }
        let b = p[j]
        return (ASCII.isWhitespace(b) || b == 0x2F || b == 0x3E) ? j : nil
    }

    // MARK: Character references

    /// At `&` in data or RCDATA: emits the decoded reference, or keeps the bytes as text.
    mutating func characterReferenceInText(_ p: UnsafeBufferPointer<UInt8>) {
        let (decoded, end) = Self.characterReference(p, at: pos, inAttribute: false, references: references)
        if let decoded {
            emitText(decoded)
        } else {
            appendInputText(pos, end)
        }
        pos = end
    }

    /// At `&` in an attribute value: appends the decoded reference, or the bytes themselves.
    mutating func characterReferenceInAttribute(_ p: UnsafeBufferPointer<UInt8>) {
        let (decoded, end) = Self.characterReference(p, at: pos, inAttribute: true, references: references)
        if let decoded {
            buffers.attributeBytes.append(contentsOf: decoded)
        } else {
            buffers.attributeBytes.append(UnsafeBufferPointer(rebasing: p[pos ..< end]))
        }
        pos = end
    }

    /// Reads the character reference at `amp` (an `&`).
    ///
    /// - Returns: the replacement bytes (or `nil` when the bytes are not a reference and stay as
    ///   they are) and the index after what was consumed.
    static func characterReference(_ p: UnsafeBufferPointer<UInt8>, at amp: Int, inAttribute: Bool,
                                   references: NamedCharacterReferences) -> (ArraySlice<UInt8>?, Int) {
        let i = amp + 1
        let n = p.count
        guard i < n else { return (nil, i) }
        if p[i] == 0x23 { // #
            guard let (codePoint, end) = NumericCharacterReference.parse(p, from: i + 1) else { return (nil, i) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(4)
            UTF8Encoding.append(codePoint, to: &bytes)
            return (bytes[...], end)
        }
        if let common = commonReference(p, at: i) { return common }
        guard ASCII.isAlphanumeric(p[i]),
              let match = references.longestMatch(in: UnsafeBufferPointer(rebasing: p[i ..< n])) else {
            return (nil, i)
        }
        let end = i + match.length
        if inAttribute && !match.endsWithSemicolon && end < n && (p[end] == 0x3D || ASCII.isAlphanumeric(p[end])) {
            return (nil, end) // historical exception: `&amp=`, `&copyx` in attributes stay as written
        }
        return (references.replacement(of: match.entry), end)
    }

    /// `&`, `<`, `>`, `"` and U+00A0, the replacements of the references that make up most of
    /// those in real pages.
    static let commonReplacements: [UInt8] = [0x26, 0x3C, 0x3E, 0x22, 0xC2, 0xA0]

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&nbsp;` (name at `i`, after the `&`), decoded
    /// without a table search; `nil` for any other reference. (All end with `;`, so the
    /// attribute exception never applies to them.)
    @inline(__always)
    static func commonReference(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (ArraySlice<UInt8>?, Int)? {
        let n = p.count
        @inline(__always) func matches(_ name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            guard i + count <= n else { return false }
            let bytes = name.utf8Start
            for k in 0 ..< count where p[i + k] != bytes[k] { return false }
            return true
        }
        switch p[i] {
        case UInt8(ascii: "a") where matches("amp;"): return (commonReplacements[0 ..< 1], i + 4)
        case UInt8(ascii: "l") where matches("lt;"): return (commonReplacements[1 ..< 2], i + 3)
        case UInt8(ascii: "g") where matches("gt;"): return (commonReplacements[2 ..< 3], i + 3)
        case UInt8(ascii: "q") where matches("quot;"): return (commonReplacements[3 ..< 4], i + 5)
        case UInt8(ascii: "n") where matches("nbsp;"): return (commonReplacements[4 ..< 6], i + 5)
        default: return nil
        }
    }
}
