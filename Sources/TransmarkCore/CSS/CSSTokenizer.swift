/// One token of CSS Syntax Level 3, as byte offsets into the input. Comments produce no token.
struct CSSToken: Sendable {
    enum Kind: UInt8, Sendable {
        case whitespace, ident, function, atKeyword, hash, string, badString, url, badURL, delim
        case number, percentage, dimension, colon, semicolon, comma
        case openParen, closeParen, openBracket, closeBracket, openBrace, closeBrace, cdo, cdc
    }

    var kind: Kind
    /// Whether the name or string between `valueStart` and `valueEnd` contains backslash escapes.
    var hasEscape: Bool = false
    /// Whether a numeric token was written without a fraction or exponent.
    var isInteger: Bool = false
    /// The whole token's bytes.
    var start: Int
    var end: Int
    /// The payload: the name of an ident, function (without `(`), at-keyword or hash (without `#`),
    /// the contents of a string (without quotes), the unit of a dimension, or a delim's one byte.
    var valueStart: Int
    var valueEnd: Int
    /// The value of a number, percentage or dimension.
    var number: Double = 0

    /// Whether this token opens a block that a matching closer ends.
    var isOpener: Bool {
        kind == .function || kind == .openParen || kind == .openBracket || kind == .openBrace
    }
}

/// A CSS tokenizer over UTF-8 bytes, following CSS Syntax Level 3 with one leniency: an unquoted
/// `url(` that is never closed becomes a function token (so that the declarations after it can
/// still be recovered) instead of swallowing the rest of the input.
///
/// Linear time, no recursion; every byte sequence tokenizes.
package struct CSSTokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// A position from which an earlier scan found no unescaped `)` before the end of input.
    private var noCloseParenFrom = Int.max

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// All tokens of the input, in order.
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [CSSToken] {
        var tokenizer = CSSTokenizer(bytes: bytes)
        var tokens: [CSSToken] = []
        tokens.reserveCapacity(bytes.count / 3 + 4)
        while let token = tokenizer.next() {
            tokens.append(token)
        }
        return tokens
    }

    // MARK: Byte classes

    @inline(__always) private func has(_ i: Int) -> Bool { i < bytes.count }

    @inline(__always) static func isNewline(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D || c == 0x0C }
    @inline(__always) package static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || isNewline(c) }
    @inline(__always) package static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) package static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
    }
    @inline(__always) static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    /// Name-start code point: letter, `_`, non-ASCII, or NUL (which stands for U+FFFD).
    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool { isLetter(c) || c == 0x5F || c >= 0x80 || c == 0 }
    @inline(__always) static func isName(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) || c == 0x2D }

    /// Whether the bytes at `i` start a valid escape (`\` not followed by a newline).
    @inline(__always) private func isValidEscape(at i: Int) -> Bool {
        guard has(i), bytes[i] == 0x5C else { return false }
        return !has(i + 1) || !Self.isNewline(bytes[i + 1])
    }

    /// Whether the bytes at `i` would start an identifier.
    private func startsIdentifier(at i: Int) -> Bool {
        guard has(i) else { return false }
        let c = bytes[i]
        if c == 0x2D {
            guard has(i + 1) else { return false }
            let d = bytes[i + 1]
            return Self.isNameStart(d) || d == 0x2D || isValidEscape(at: i + 1)
        }
        if Self.isNameStart(c) { return true }
        return isValidEscape(at: i)
    }

    /// Whether the bytes at `i` would start a number.
    private func startsNumber(at i: Int) -> Bool {
        guard has(i) else { return false }
        var j = i
        if bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
        guard has(j) else { return false }
        if Self.isDigit(bytes[j]) { return true }
        return bytes[j] == 0x2E && has(j + 1) && Self.isDigit(bytes[j + 1])
    }

    // MARK: Consumers

    /// Skips an escape whose backslash is at `i`; returns the position after it.
    private func skipEscape(at i: Int) -> Int {
        var j = i + 1
        guard has(j) else { return j }
        if Self.isHexDigit(bytes[j]) {
            let limit = j + 6
            while j < limit, has(j), Self.isHexDigit(bytes[j]) { j += 1 }
            if has(j), Self.isWhitespace(bytes[j]) {
                if bytes[j] == 0x0D, has(j + 1), bytes[j + 1] == 0x0A { j += 2 } else { j += 1 }
            }
            return j
        }
        return j + 1
    }

    /// Consumes a name from `position`; returns whether it contained escapes.
    private mutating func consumeName() -> Bool {
        var escaped = false
        while has(position) {
            let c = bytes[position]
            if Self.isName(c) {
                position += 1
            } else if isValidEscape(at: position) {
                escaped = true
                position = skipEscape(at: position)
            } else {
                break
            }
        }
        return escaped
    }

    private mutating func skipComments() {
        while has(position + 1), bytes[position] == 0x2F, bytes[position + 1] == 0x2A {
            var j = position + 2
            var closed = false
            while has(j + 1) {
                if bytes[j] == 0x2A && bytes[j + 1] == 0x2F { closed = true; break }
                j += 1
            }
            position = closed ? j + 2 : bytes.count
        }
    }

    /// The next token, or nil at the end of input.
    mutating func next() -> CSSToken? {
        skipComments()
        guard has(position) else { return nil }
        let start = position
        let c = bytes[position]
        func simple(_ kind: CSSToken.Kind, length: Int = 1) -> CSSToken {
            position = start + length
            return CSSToken(kind: kind, start: start, end: position, valueStart: start, valueEnd: position)
        }
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
            while has(position), Self.isWhitespace(bytes[position]) { position += 1 }
            return CSSToken(kind: .whitespace, start: start, end: position, valueStart: start, valueEnd: position)
        case 0x22, 0x27:
            return consumeString(quote: c)
        case 0x23: // #
            if has(start + 1), Self.isName(bytes[start + 1]) || isValidEscape(at: start + 1) {
                position = start + 1
                let escaped = consumeName()
                return CSSToken(kind: .hash, hasEscape: escaped, start: start, end: position,
                                valueStart: start + 1, valueEnd: position)
            }
            return simple(.delim)
        case 0x28: return simple(.openParen)
        case 0x29: return simple(.closeParen)
        case 0x5B: return simple(.openBracket)
        case 0x5D: return simple(.closeBracket)
        case 0x7B: return simple(.openBrace)
        case 0x7D: return simple(.closeBrace)
        case 0x2C: return simple(.comma)
        case 0x3A: return simple(.colon)
        case 0x3B: return simple(.semicolon)
        case 0x2B, 0x2E: // + .
            return startsNumber(at: start) ? consumeNumeric() : simple(.delim)
        case 0x2D: // -
            if startsNumber(at: start) { return consumeNumeric() }
            if has(start + 2), bytes[start + 1] == 0x2D, bytes[start + 2] == 0x3E { return simple(.cdc, length: 3) }
            if startsIdentifier(at: start) { return consumeIdentLike() }
            return simple(.delim)
        case 0x3C: // <
            if has(start + 3), bytes[start + 1] == 0x21, bytes[start + 2] == 0x2D, bytes[start + 3] == 0x2D {
                return simple(.cdo, length: 4)
            }
            return simple(.delim)
        case 0x40: // @
            if startsIdentifier(at: start + 1) {
                position = start + 1
                let escaped = consumeName()
                return CSSToken(kind: .atKeyword, hasEscape: escaped, start: start, end: position,
                                valueStart: start + 1, valueEnd: position)
            }
            return simple(.delim)
        case 0x5C: // backslash
            return isValidEscape(at: start) ? consumeIdentLike() : simple(.delim)
        default:
            if Self.isDigit(c) { return consumeNumeric() }
            if Self.isNameStart(c) { return consumeIdentLike() }
            return simple(.delim)
        }
    }

    private mutating func consumeString(quote: UInt8) -> CSSToken {
        let start = position
        position += 1
        var escaped = false
        while has(position) {
            let c = bytes[position]
            if c == quote {
                position += 1
                return CSSToken(kind: .string, hasEscape: escaped, start: start, end: position,
                                valueStart: start + 1, valueEnd: position - 1)
            }
            if Self.isNewline(c) {
                // A bad string: the newline is not part of it.
                return CSSToken(kind: .badString, start: start, end: position,
                                valueStart: start + 1, valueEnd: position)
            }
            if c == 0x5C {
                escaped = true
                if has(position + 1), bytes[position + 1] == 0x0D, has(position + 2), bytes[position + 2] == 0x0A {
                    position += 3
                } else if has(position + 1), Self.isNewline(bytes[position + 1]) {
                    position += 2
                } else if has(position + 1) {
                    position = skipEscape(at: position)
                } else {
                    position += 1
                }
                continue
            }
            position += 1
        }
        // End of input inside a string: the string ends there.
        return CSSToken(kind: .string, hasEscape: escaped, start: start, end: position,
                        valueStart: start + 1, valueEnd: position)
    }

    private mutating func consumeNumeric() -> CSSToken {
        let start = position
        var isInteger = true
        if bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
        while has(position), Self.isDigit(bytes[position]) { position += 1 }
        if has(position + 1), bytes[position] == 0x2E, Self.isDigit(bytes[position + 1]) {
            isInteger = false
            position += 2
            while has(position), Self.isDigit(bytes[position]) { position += 1 }
        }
        if has(position + 1), bytes[position] | 0x20 == 0x65 { // e or E
            var j = position + 1
            if bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            if has(j), Self.isDigit(bytes[j]) {
                isInteger = false
                position = j
                while has(position), Self.isDigit(bytes[position]) { position += 1 }
            }
        }
        let numberEnd = position
        let value = CSSNumberText.double(bytes, start, numberEnd)
        if startsIdentifier(at: position) {
            let escaped = consumeName()
            return CSSToken(kind: .dimension, hasEscape: escaped, isInteger: isInteger, start: start, end: position,
                            valueStart: numberEnd, valueEnd: position, number: value)
        }
        if has(position), bytes[position] == 0x25 {
            position += 1
            return CSSToken(kind: .percentage, isInteger: isInteger, start: start, end: position,
                            valueStart: numberEnd, valueEnd: position, number: value)
        }
        return CSSToken(kind: .number, isInteger: isInteger, start: start, end: position,
                        valueStart: start, valueEnd: numberEnd, number: value)
    }

    private mutating func consumeIdentLike() -> CSSToken {
        let start = position
        let escaped = consumeName()
        let nameEnd = position
        guard has(position), bytes[position] == 0x28 else {
            return CSSToken(kind: .ident, hasEscape: escaped, start: start, end: position,
                            valueStart: start, valueEnd: nameEnd)
        }
        position += 1
        let isURL = !escaped && nameEnd - start == 3
            && bytes[start] | 0x20 == 0x75 && bytes[start + 1] | 0x20 == 0x72 && bytes[start + 2] | 0x20 == 0x6C
        let function = CSSToken(kind: .function, hasEscape: escaped, start: start, end: position,
                                valueStart: start, valueEnd: nameEnd)
        guard isURL else { return function }
        var j = position
        while has(j), Self.isWhitespace(bytes[j]) { j += 1 }
        if has(j), bytes[j] == 0x22 || bytes[j] == 0x27 { return function }
        if let url = consumeURL(start: start, contentStart: j) { return url }
        return function
    }

    /// Consumes an unquoted URL whose contents start at `contentStart`; nil (leaving `position`
    /// after `url(`) when no `)` closes it before the end of input.
    private mutating func consumeURL(start: Int, contentStart: Int) -> CSSToken? {
        if contentStart >= noCloseParenFrom { return nil }
        var j = contentStart
        var bad = false
        var contentEnd = j
        while has(j) {
            let c = bytes[j]
            if c == 0x29 {
                position = j + 1
                return CSSToken(kind: bad ? .badURL : .url, start: start, end: position,
                                valueStart: contentStart, valueEnd: bad ? contentStart : contentEnd)
            }
            if c == 0x5C {
                if isValidEscape(at: j) { j = skipEscape(at: j) } else { bad = true; j += 1 }
                contentEnd = j
                continue
            }
            if Self.isWhitespace(c) {
                var k = j
                while has(k), Self.isWhitespace(bytes[k]) { k += 1 }
                if has(k), bytes[k] != 0x29 { bad = true }
                j = k
                continue
            }
            if !bad, c == 0x22 || c == 0x27 || c == 0x28 || (c >= 0x01 && c <= 0x08) || (c > 0x0D && c < 0x20) || c == 0x0B || c == 0x7F {
                bad = true
            }
            j += 1
            if !bad { contentEnd = j }
        }
        noCloseParenFrom = min(noCloseParenFrom, contentStart)
        return nil
    }
}

/// Turning number text into a value.
enum CSSNumberText {
    /// The value of the number written in `bytes[start..<end]` (a valid CSS number); may be infinite
    /// when the exponent overflows.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text) ?? 0
    }
}
