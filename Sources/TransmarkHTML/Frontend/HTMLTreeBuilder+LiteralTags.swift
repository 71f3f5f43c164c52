import TransmarkCore

// The isolated unknown start tag rule keeps such a tag as literal text; an end tag written
// inside it (`x<y, z</li>`, a stray `<` in prose) still ends what it names.
extension HTMLTreeBuilder {
    /// Writes the isolated unknown start tag just read as literal text. When the real end tag of
    /// an element is written inside its source (`<y, z</li>`: the tokenizer read `</li` as part
    /// of the tag's attributes), only the text before that end tag is literal, and the tokenizer
    /// reads on from the end tag, which then closes its element as usual.
    mutating func emitIsolatedUnknownTag() {
        let start = tokenizer.lastTagStart, end = tokenizer.lastTagEnd
        guard end <= input.count, let split = firstRealEndTag(inTagFrom: start, to: end),
              end - split <= literalSplitBudget, tokenizer.resumeInsideLastTag(at: split) else {
            emitLiteralTag()
            return
        }
        // What is read again is bounded (see `literalSplitBudget`).
        literalSplitBudget -= end - split
        emitLiteralSource(from: start, to: split)
    }

    /// Where the first `</name` that names a known element, or an unknown one that is open,
    /// starts inside the start tag `input[start ..< end]` (outside quoted attribute values), or
    /// nil when there is none.
    mutating func firstRealEndTag(inTagFrom start: Int, to end: Int) -> Int? {
        var scanner = HTMLTagSourceScanner()
        var i = start + 1
        while i < end {
            let c = input[i]
            if c == 0x3C && scanner.isOutsideQuotes && i + 2 < end && input[i + 1] == 0x2F
                && ASCII.isAlpha(input[i + 2]) && namesRealEndTag(nameFrom: i + 2, before: end) {
                return i
            }
            scanner.read(c)
            i += 1
        }
        return nil
    }

    /// Whether the end tag name starting at `from` (ending at whitespace, `/`, `>`, NUL or `end`)
    /// is a known element's, or an unknown name with an open element.
    mutating func namesRealEndTag(nameFrom from: Int, before end: Int) -> Bool {
        var name: [UInt8] = []
        var j = from
        while j < end {
            let c = input[j]
            if c <= 0x3E && (Self.isSpace(c) || c == 0x2F || c == 0x3E || c == 0) { break }
            name.append(ASCII.lowercased(c))
            j += 1
        }
        if name.withUnsafeBufferPointer({ names.element($0) }) != .unknown { return true }
        guard let key = customKeys[String(decoding: name, as: UTF8.self)] else { return false }
        return topByKey[Int(key)] >= 0
    }
}

/// Follows the tokenizer's tag states over the source of a start tag, only as far as telling
/// whether a byte is inside a quoted attribute value.
struct HTMLTagSourceScanner {
    enum State {
        case tagName, beforeName, name, afterName, beforeValue, quoted, unquoted
    }

    var state = State.tagName
    var quote: UInt8 = 0

    /// Whether the next byte is outside quoted attribute values.
    var isOutsideQuotes: Bool { state != .quoted }

    /// Reads one byte of the tag's source (after its `<`).
    mutating func read(_ c: UInt8) {
        let space = ASCII.isWhitespace(c)
        switch state {
        case .tagName, .unquoted:
            if space || (state == .tagName && c == 0x2F) { state = .beforeName }
        case .beforeName:
            if !space && c != 0x2F { state = .name }
        case .name, .afterName:
            if c == 0x3D {
                state = .beforeValue
            } else if c == 0x2F {
                state = .beforeName
            } else {
                state = space ? .afterName : .name
            }
        case .beforeValue:
            if c == 0x22 || c == 0x27 {
                quote = c
                state = .quoted
            } else if !space {
                state = .unquoted
            }
        case .quoted:
            if c == quote { state = .beforeName }
        }
    }
}
