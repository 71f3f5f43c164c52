/// The split of a text into pieces before byte-pair merging, as tiktoken's regular expressions
/// for `cl100k_base` and `o200k_base` make it, written out by hand (no regular expression engine):
/// each piece is found by trying the pattern's alternatives in order at the current position,
/// with the quantifiers' backtracking worked out case by case. Linear in the text.
///
/// `cl100k_base`: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
/// ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`.
///
/// `o200k_base`: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
/// [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
/// \p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`.
struct BPEPreTokenizer {
    /// What the patterns tell apart about a Unicode scalar.
    enum ScalarClass: UInt8 {
        /// Lu, Lt.
        case upper
        /// Ll.
        case lower
        /// Lm, Lo (on both sides of o200k's case split).
        case otherLetter
        /// Mn, Mc, Me.
        case mark
        /// Nd, Nl, No.
        case number
        /// CR or LF.
        case newline
        /// Any other White_Space scalar.
        case space
        /// Everything else (punctuation, symbols, controls; bytes that are not UTF-8).
        case other
    }

    let encoding: BPETokenCounter.Encoding

    /// The class of every ASCII scalar.
    private static let asciiClasses: [ScalarClass] = (0..<128).map { v in
        switch v {
        case 0x0A, 0x0D: .newline
        case 0x09, 0x0B, 0x0C, 0x20: .space
        case 0x41...0x5A: .upper
        case 0x61...0x7A: .lower
        case 0x30...0x39: .number
        default: .other
        }
    }

    /// The class of a scalar.
    static func classify(_ value: UInt32) -> ScalarClass {
        if value < 128 { return asciiClasses[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return .other }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        switch properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return .upper
        case .lowercaseLetter: return .lower
        case .modifierLetter, .otherLetter: return .otherLetter
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        default: return .other
        }
    }

    /// Calls `piece` with the byte range of every piece of `utf8`, in order. A byte that is not
    /// part of valid UTF-8 is one scalar of class `other`.
    func forEachPiece(in utf8: UnsafeBufferPointer<UInt8>, _ piece: (Range<Int>) -> Void) {
        // The scalars: their values, classes and byte offsets (one more offset: the end).
        var values: [UInt32] = []
        var classes: [ScalarClass] = []
        var offsets: [Int] = []
        values.reserveCapacity(utf8.count)
        classes.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            offsets.append(i)
            if b < 0x80 {
                values.append(UInt32(b))
                classes.append(Self.asciiClasses[Int(b)])
                i += 1
                continue
            }
            let length = UTF8Validation.sequenceLength(utf8, at: i)
            if length <= 1 {
                values.append(0xFFFD)
                classes.append(.other)
                i += 1
                continue
            }
            var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { value = value << 6 | UInt32(utf8[i + k] & 0x3F) }
            values.append(value)
            classes.append(Self.classify(value))
            i += length
        }
        offsets.append(utf8.count)
        let n = values.count
        var start = 0
        while start < n {
            let end = encoding == .o200kBase
                ? o200kPiece(at: start, values, classes)
                : cl100kPiece(at: start, values, classes)
            piece(offsets[start]..<offsets[end])
            start = end
        }
    }

    // MARK: Shared parts of the patterns

    @inline(__always) private static func isLetter(_ c: ScalarClass) -> Bool { c.rawValue <= ScalarClass.otherLetter.rawValue }
    @inline(__always) private static func isWhitespace(_ c: ScalarClass) -> Bool { c == .newline || c == .space }
    /// `[^\r\n\p{L}\p{N}]`: the optional scalar before a word.
    @inline(__always) private static func isPrefix(_ c: ScalarClass) -> Bool { c == .mark || c == .space || c == .other }
    /// `[^\s\p{L}\p{N}]`: punctuation, symbols, marks.
    @inline(__always) private static func isPunctuation(_ c: ScalarClass) -> Bool { c == .mark || c == .other }

    /// The length of `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at `i`, or 0.
    private static func contraction(at i: Int, _ values: [UInt32]) -> Int {
        guard i + 1 < values.count, values[i] == 0x27 else { return 0 }
        func lower(_ v: UInt32) -> UInt32 { v >= 0x41 && v <= 0x5A ? v + 0x20 : v }
        let first = lower(values[i + 1])
        switch first {
        // `s` also folds from U+017F (long s) under Unicode case-insensitivity.
        case 0x73, 0x17F, 0x74, 0x6D, 0x64: return 2
        case 0x72, 0x76, 0x6C:
            guard i + 2 < values.count else { return 0 }
            let second = lower(values[i + 2])
            let expected: UInt32 = first == 0x6C ? 0x6C : 0x65
            return second == expected ? 3 : 0
        default: return 0
        }
    }

    /// The end of `\p{N}{1,3}` at `i`.
    private static func numbers(at i: Int, _ classes: [ScalarClass]) -> Int {
        var end = i + 1
        while end < classes.count, end < i + 3, classes[end] == .number { end += 1 }
        return end
    }

    /// The end of a run of scalars that satisfy `test`, from `i`.
    @inline(__always)
    private static func run(from i: Int, _ classes: [ScalarClass], _ test: (ScalarClass) -> Bool) -> Int {
        var end = i
        while end < classes.count, test(classes[end]) { end += 1 }
        return end
    }

    /// ` ?[^\s\p{L}\p{N}]+` followed by a run of `[\r\n]` (and `/` for o200k): its end, or nil.
    private static func punctuation(at i: Int, _ values: [UInt32], _ classes: [ScalarClass], slash: Bool) -> Int? {
        var j = i
        if values[j] == 0x20, j + 1 < classes.count, isPunctuation(classes[j + 1]) { j += 1 }
        guard isPunctuation(classes[j]) else { return nil }
        j = run(from: j, classes, isPunctuation)
        while j < classes.count, classes[j] == .newline || (slash && values[j] == 0x2F) { j += 1 }
        return j
    }

    /// `\s*[\r\n]+|\s+(?!\S)|\s+` at `i` (a white space scalar): up to the last newline of the
    /// run of white space; else the whole run at the end of the text; else all of it but its last
    /// scalar (which goes with what follows); else the one scalar.
    private static func whitespace(at i: Int, _ classes: [ScalarClass]) -> Int {
        let end = run(from: i, classes, isWhitespace)
        var k = end - 1
        while k >= i {
            if classes[k] == .newline { return k + 1 }
            k -= 1
        }
        if end == classes.count { return end }
        return end - i >= 2 ? end - 1 : end
    }

    // MARK: cl100k_base

    private func cl100kPiece(at i: Int, _ values: [UInt32], _ classes: [ScalarClass]) -> Int {
        let contraction = Self.contraction(at: i, values)
        if contraction > 0 { return i + contraction }
        let c = classes[i]
        if Self.isPrefix(c), i + 1 < classes.count, Self.isLetter(classes[i + 1]) {
            return Self.run(from: i + 1, classes, Self.isLetter)
        }
        if Self.isLetter(c) { return Self.run(from: i, classes, Self.isLetter) }
        if c == .number { return Self.numbers(at: i, classes) }
        if let end = Self.punctuation(at: i, values, classes, slash: false) { return end }
        return Self.whitespace(at: i, classes)
    }

    // MARK: o200k_base

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`.
    @inline(__always) private static func isUpperSide(_ c: ScalarClass) -> Bool { c == .upper || c == .otherLetter || c == .mark }
    /// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`.
    @inline(__always) private static func isLowerSide(_ c: ScalarClass) -> Bool { c == .lower || c == .otherLetter || c == .mark }

    /// The first alternative's word from `s` (`U*W+`), without the contraction: its end, or nil.
    private static func upperThenLower(from s: Int, _ classes: [ScalarClass]) -> Int? {
        guard s < classes.count else { return nil }
        let u = run(from: s, classes, isUpperSide)
        if u < classes.count, isLowerSide(classes[u]) { return run(from: u, classes, isLowerSide) }
        // `U*` gives back scalars until one it gave back can start `W+`.
        var p = u - 1
        while p >= s {
            if isLowerSide(classes[p]) { return p + 1 }
            p -= 1
        }
        return nil
    }

    /// The second alternative's word from `s` (`U+W*`), without the contraction: its end, or nil.
    private static func upperRun(from s: Int, _ classes: [ScalarClass]) -> Int? {
        guard s < classes.count else { return nil }
        let u = run(from: s, classes, isUpperSide)
        guard u > s else { return nil }
        return run(from: u, classes, isLowerSide)
    }

    private func o200kPiece(at i: Int, _ values: [UInt32], _ classes: [ScalarClass]) -> Int {
        let c = classes[i]
        let prefixed = Self.isPrefix(c)
        if prefixed, let end = Self.upperThenLower(from: i + 1, classes) { return end + Self.contraction(at: end, values) }
        if let end = Self.upperThenLower(from: i, classes) { return end + Self.contraction(at: end, values) }
        if prefixed, let end = Self.upperRun(from: i + 1, classes) { return end + Self.contraction(at: end, values) }
        if let end = Self.upperRun(from: i, classes) { return end + Self.contraction(at: end, values) }
        if c == .number { return Self.numbers(at: i, classes) }
        if let end = Self.punctuation(at: i, values, classes, slash: true) { return end }
        return Self.whitespace(at: i, classes)
    }
}
