@_spi(TransmarkStorage) import TransmarkCore

// MARK: - Superscript and subscript as Unicode characters (`superscript=unicode`)

extension MarkdownWriter {
    /// Enters a superscript or subscript written by the `unicode` policy: as its Unicode
    /// characters (`x²`, `H₂O`) when every character of its content has one, the content written
    /// here and its children skipped (false); else between `^(` and `)` (`\_(` for subscript),
    /// the children written as usual (true). Both are what pandoc writes where neither HTML nor
    /// `^x^` is read, but for the escapes: pandoc's `_(` pairs up as emphasis with a later `_`
    /// (`a _(x)b_(y)`), and under pandoc's escaping, where `^` is superscript, `^(` with a later
    /// one (`^(a)^(b)`).
    mutating func enterUnicodeScript(_ i: Int32, superscript: Bool) -> Bool {
        guard hasUnicodeForm(i, superscript: superscript) else {
            let open = superscript ? (options.escaping == .pandoc ? "\\^(" : "^(") : "\\_("
            openDelimiter(i, open: Array(open.utf8), close: [UInt8(ascii: ")")])
            return true
        }
        var cursor = WalkCursor(start: i)
        while let (node, entering) = cursor.next(records) {
            guard entering else { continue }
            switch records.tag(node) {
            case .text:
                writeUnicodeScriptText(document.textBytes(at: node), superscript: superscript)
            case .softBreak:
                writeSoftBreak(node)
            case .lineBreak:
                writeHardBreak(node)
            default:
                break
            }
        }
        return false
    }

    /// Whether a superscript's or subscript's content is text (maybe in spans, maybe with line
    /// breaks) whose every character has a Unicode form.
    mutating func hasUnicodeForm(_ i: Int32, superscript: Bool) -> Bool {
        unicodeFormFirstByte(i, superscript: superscript) != nil
    }

    /// For a superscript or subscript with a Unicode form (`hasUnicodeForm`), a byte of the flank
    /// class its first character has for CommonMark's emphasis rules: a digit's or sign's form is
    /// no punctuation to cmark-gfm (`0xC2`, a lead byte `classOf` counts as other; the signs are
    /// symbols, which only newer CommonMark counts, so "other" is the safe side: a delimiter
    /// that would not flank falls back to HTML), a parenthesis' is (`0xE2`), whitespace is a
    /// space; nil when it has none. Each node is walked once (`unicodeForms`), however many
    /// delimiters before it look past it; the walk stops at the first node that is not text, a
    /// span or a break, so a script nested in another is not walked by the outer one.
    mutating func unicodeFormFirstByte(_ i: Int32, superscript: Bool) -> UInt8? {
        if let known = unicodeForms[i] { return known == 0 ? nil : known }
        let first = Self.walkUnicodeForm(i, superscript: superscript, records: records, document: document)
        unicodeForms[i] = first ?? 0
        return first
    }

    /// `unicodeFormFirstByte`, computed by walking the node's content.
    static func walkUnicodeForm(_ i: Int32, superscript: Bool, records: NodeRecords, document: Document) -> UInt8? {
        var cursor = WalkCursor(start: i)
        var first: UInt8?
        var sawContent = false
        while let (node, entering) = cursor.next(records) {
            guard entering, node != i else { continue }
            switch records.tag(node) {
            case .text:
                for scalar in String(decoding: document.textBytes(at: node), as: UTF8.self).unicodeScalars {
                    guard Self.unicodeScript(scalar, superscript: superscript) != nil else { return nil }
                    let space = scalar.properties.isWhitespace
                    if first == nil { first = space ? 0x20 : scalar == "(" || scalar == ")" ? 0xE2 : 0xC2 }
                    sawContent = sawContent || !space
                }
            case .softBreak, .lineBreak:
                if first == nil { first = 0x20 }
            case .span:
                continue
            default:
                return nil
            }
        }
        return sawContent ? first : nil
    }

    /// Writes text of a superscript or subscript converted to its Unicode characters (every one
    /// has one: `hasUnicodeForm`); whitespace stays whitespace.
    mutating func writeUnicodeScriptText(_ bytes: ArraySlice<UInt8>, superscript: Bool) {
        var converted: [UInt8] = []
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar.isASCII && MarkdownTextEscaper.isSpace(UInt8(scalar.value)) {
                if !converted.isEmpty { writeContent(converted); converted.removeAll(keepingCapacity: true) }
                writeSpace(scalar == "\t" ? 0x09 : 0x20)
            } else if let form = Self.unicodeScript(scalar, superscript: superscript) {
                converted.append(contentsOf: String(Character(form)).utf8)
            }
        }
        if !converted.isEmpty { writeContent(converted) }
    }

    /// The Unicode superscript or subscript form of a character: digits, `+`, `-` (and U+2212
    /// MINUS SIGN for superscript), `=`, `(`, `)`; whitespace is its own form. These are the
    /// characters pandoc converts; letters are not (few have both forms in Unicode).
    static func unicodeScript(_ c: Unicode.Scalar, superscript: Bool) -> Unicode.Scalar? {
        if c.properties.isWhitespace { return c }
        let value: UInt32
        switch c {
        case "0"..."9":
            let digit = c.value - 0x30
            if superscript {
                value = digit == 1 ? 0xB9 : digit == 2 ? 0xB2 : digit == 3 ? 0xB3 : 0x2070 + digit
            } else {
                value = 0x2080 + digit
            }
        case "+": value = superscript ? 0x207A : 0x208A
        case "-": value = superscript ? 0x207B : 0x208B
        case "\u{2212}" where superscript: value = 0x207B
        case "=": value = superscript ? 0x207C : 0x208C
        case "(": value = superscript ? 0x207D : 0x208D
        case ")": value = superscript ? 0x207E : 0x208E
        default: return nil
        }
        return Unicode.Scalar(value)
    }
}
