import TransmarkCore

/// The class of the character beside a delimiter run, which decides whether it can open or
/// close a span.
enum CharacterClass: Equatable {
    /// Whitespace, or the start or end of the line.
    case whitespace
    /// Unicode punctuation or symbols.
    case punctuation
    /// Anything else (letters, digits).
    case other

    static func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    static func of(_ scalar: Unicode.Scalar) -> CharacterClass {
        if scalar.value < 0x80 {
            let b = UInt8(scalar.value)
            switch b {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: return .whitespace
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return .punctuation
            default: return .other
            }
        }
        if scalar.properties.isWhitespace { return .whitespace }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return .punctuation
        default:
            return .other
        }
    }

    /// The class of the character that ends just before `i` (whitespace at `start`).
    static func before(_ i: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> CharacterClass {
        guard i > start else { return .whitespace }
        var s = i - 1
        if bytes[s] < 0x80 { return of(Unicode.Scalar(bytes[s])) }
        while s > start && s > i - 4 && bytes[s] & 0xC0 == 0x80 { s -= 1 }
        return decode(bytes, s, i)
    }

    /// The class of the character starting at `i` (whitespace at `end`).
    static func at(_ i: Int, in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> CharacterClass {
        guard i < end else { return .whitespace }
        if bytes[i] < 0x80 { return of(Unicode.Scalar(bytes[i])) }
        var e = i + 1
        while e < end && e < i + 4 && bytes[e] & 0xC0 == 0x80 { e += 1 }
        return decode(bytes, i, e)
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> CharacterClass {
        var iterator = bytes[s..<e].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return of(scalar) }
        return .other
    }

    /// Whether a run between `before` and `after` can open and close a span.
    static func flanking(before: CharacterClass, after: CharacterClass, mode: CharacterRule.Flanking,
                         intraword: Bool) -> (canOpen: Bool, canClose: Bool) {
        switch mode {
        case .delimiterRun:
            let left = after != .whitespace && (after != .punctuation || before != .other)
            let right = before != .whitespace && (before != .punctuation || after != .other)
            if intraword { return (left, right) }
            return (left && (!right || before == .punctuation), right && (!left || after == .punctuation))
        case .wordBoundary:
            return (after != .whitespace && (intraword || before != .other),
                    before != .whitespace && (intraword || after != .other))
        }
    }
}
