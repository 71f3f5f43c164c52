/// A top-level piece of a declaration value: one token, or a block (a function or a bracketed
/// group) from its opening token through its matching closer. `end` is an exclusive token index.
struct CSSComponent: Sendable {
    var index: Int
    var end: Int
}

/// One declaration `name: value [!important]` found in a declaration list.
struct CSSDeclaration {
    /// The property name, ASCII-lowercased (escapes decoded).
    var name: String
    /// The value's top-level components, whitespace dropped, `!important` removed.
    var components: [CSSComponent]
    /// Whether the declaration ended in `!important`.
    var isImportant: Bool
}

/// Tokens of one declaration list with their block structure, and the ways to read them.
/// Lives only inside the closure that owns `bytes`.
struct CSSTokenList {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: [CSSToken]
    /// For an opener, the index of its matching closer, or -1 when it is never closed.
    /// For every other token, -1.
    let matching: [Int]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let tokens = CSSTokenizer.tokenize(bytes)
        self.tokens = tokens
        var matching = [Int](repeating: -1, count: tokens.count)
        // One pass with an explicit stack. A closer that does not match the innermost open block is
        // an ordinary token (as in CSS); an opener still open at the end stays unmatched, and the
        // declaration that holds it is dropped without swallowing the rest of the input.
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .function, .openParen, .openBracket, .openBrace:
                open.append(index)
            case .closeParen, .closeBracket, .closeBrace:
                if let top = open.last, Self.closer(of: tokens[top].kind) == token.kind {
                    matching[top] = index
                    open.removeLast()
                }
            default:
                break
            }
        }
        self.matching = matching
    }

    private static func closer(of kind: CSSToken.Kind) -> CSSToken.Kind {
        switch kind {
        case .openBracket: .closeBracket
        case .openBrace: .closeBrace
        default: .closeParen
        }
    }

    // MARK: Declarations

    /// Calls `body` with each well-formed declaration, in order. A malformed one (no name, no
    /// colon, an empty value, a bad string or URL, a block never closed) is skipped up to the next
    /// `;` outside blocks and strings.
    func forEachDeclaration(_ body: (CSSDeclaration) -> Void) {
        let count = tokens.count
        var i = 0
        while i < count {
            let kind = tokens[i].kind
            if kind == .whitespace || kind == .semicolon { i += 1; continue }
            // Find this declaration's end: the next `;` outside matched blocks.
            var end = i
            var malformed = false
            while end < count, tokens[end].kind != .semicolon {
                if tokens[end].isOpener {
                    if matching[end] >= 0 { end = matching[end] + 1; continue }
                    malformed = true
                }
                end += 1
            }
            if !malformed, let declaration = declaration(from: i, to: end) {
                body(declaration)
            }
            i = end + 1
        }
    }

    private func declaration(from start: Int, to end: Int) -> CSSDeclaration? {
        guard tokens[start].kind == .ident else { return nil }
        var i = start + 1
        while i < end, tokens[i].kind == .whitespace { i += 1 }
        guard i < end, tokens[i].kind == .colon else { return nil }
        let name = lowercasedName(tokens[start])
        var valueStart = i + 1
        var valueEnd = end
        for j in valueStart..<valueEnd where tokens[j].kind == .badString || tokens[j].kind == .badURL {
            return nil
        }
        while valueStart < valueEnd, tokens[valueStart].kind == .whitespace { valueStart += 1 }
        while valueEnd > valueStart, tokens[valueEnd - 1].kind == .whitespace { valueEnd -= 1 }
        // `! important`, case-insensitive, with optional whitespace between.
        var isImportant = false
        if valueEnd > valueStart, tokens[valueEnd - 1].kind == .ident,
           lowercasedName(tokens[valueEnd - 1]) == "important" {
            var j = valueEnd - 2
            while j >= valueStart, tokens[j].kind == .whitespace { j -= 1 }
            if j >= valueStart, isDelim(tokens[j], 0x21) {
                isImportant = true
                valueEnd = j
                while valueEnd > valueStart, tokens[valueEnd - 1].kind == .whitespace { valueEnd -= 1 }
            }
        }
        let components = self.components(valueStart..<valueEnd)
        guard !components.isEmpty else { return nil }
        return CSSDeclaration(name: name, components: components, isImportant: isImportant)
    }

    // MARK: Components

    /// The top-level components of a token range, whitespace dropped. Blocks in the range must be
    /// matched (declarations with unmatched openers never reach here).
    func components(_ range: Range<Int>) -> [CSSComponent] {
        var result: [CSSComponent] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let token = tokens[i]
            if token.kind == .whitespace { i += 1; continue }
            if token.isOpener, matching[i] >= 0, matching[i] < range.upperBound {
                result.append(CSSComponent(index: i, end: matching[i] + 1))
                i = matching[i] + 1
            } else {
                result.append(CSSComponent(index: i, end: i + 1))
                i += 1
            }
        }
        return result
    }

    /// The components between a function's or block's parentheses.
    func arguments(of component: CSSComponent) -> [CSSComponent] {
        guard component.end - component.index >= 2 else { return [] }
        return components(component.index + 1..<component.end - 1)
    }

    /// The token that starts a component.
    @inline(__always) func token(_ component: CSSComponent) -> CSSToken { tokens[component.index] }

    // MARK: Reading tokens

    @inline(__always) func isDelim(_ token: CSSToken, _ byte: UInt8) -> Bool {
        token.kind == .delim && bytes[token.start] == byte
    }

    /// Whether a component is the delim `byte`.
    func isDelim(_ component: CSSComponent, _ byte: UInt8) -> Bool {
        isDelim(token(component), byte)
    }

    /// The keyword of a component that is a lone identifier, ASCII-lowercased; nil otherwise.
    func keyword(_ component: CSSComponent) -> String? {
        let token = token(component)
        guard token.kind == .ident else { return nil }
        return lowercasedName(token)
    }

    /// The function name of a component that is a function, ASCII-lowercased; nil otherwise.
    func functionName(_ component: CSSComponent) -> String? {
        let token = token(component)
        guard token.kind == .function else { return nil }
        return lowercasedName(token)
    }

    /// The payload of a token (name, string contents, unit) with escapes decoded.
    func name(_ token: CSSToken) -> String {
        CSSEscapes.decode(bytes, token.valueStart, token.valueEnd, hasEscape: token.hasEscape)
    }

    /// The payload of a token with escapes decoded and ASCII letters lowercased.
    func lowercasedName(_ token: CSSToken) -> String {
        CSSEscapes.decode(bytes, token.valueStart, token.valueEnd, hasEscape: token.hasEscape, lowercase: true)
    }
}

/// Decoding of CSS backslash escapes.
package enum CSSEscapes {
    /// Decodes `bytes[start..<end]` as UTF-8 (invalid sequences and NUL become U+FFFD), resolving
    /// escapes when `hasEscape` is set; with `lowercase`, ASCII letters are lowercased.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                       hasEscape: Bool, lowercase: Bool = false) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !hasEscape && !lowercase && !slice.contains(0) {
            return String(decoding: slice, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var i = start
        while i < end {
            let c = bytes[i]
            if c == 0 {
                appendScalar(0xFFFD, to: &out)
                i += 1
            } else if hasEscape && c == 0x5C {
                i += 1
                guard i < end else {
                    break // a backslash at the very end of a string contributes nothing
                }
                let d = bytes[i]
                if CSSTokenizer.isNewline(d) {
                    // An escaped newline inside a string is a line continuation.
                    i += (d == 0x0D && i + 1 < end && bytes[i + 1] == 0x0A) ? 2 : 1
                } else if CSSTokenizer.isHexDigit(d) {
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 6, i < end, CSSTokenizer.isHexDigit(bytes[i]) {
                        value = value << 4 | UInt32(hexValue(bytes[i]))
                        digits += 1
                        i += 1
                    }
                    if i < end, CSSTokenizer.isWhitespace(bytes[i]) {
                        i += (bytes[i] == 0x0D && i + 1 < end && bytes[i + 1] == 0x0A) ? 2 : 1
                    }
                    let valid = value != 0 && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value)
                    if lowercase && value >= 0x41 && value <= 0x5A { value |= 0x20 }
                    appendScalar(valid ? value : 0xFFFD, to: &out)
                } else {
                    out.append(lowercase ? asciiLowercased(d) : d)
                    i += 1
                }
            } else {
                out.append(lowercase ? asciiLowercased(c) : c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) static func asciiLowercased(_ c: UInt8) -> UInt8 {
        c >= 0x41 && c <= 0x5A ? c | 0x20 : c
    }

    @inline(__always) package static func hexValue(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        default: c - 0x61 + 10
        }
    }

    static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(scalar)).utf8)
    }
}
