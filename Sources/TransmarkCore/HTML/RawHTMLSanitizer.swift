// Cleaning raw HTML (the markup of `htmlBlock` and `htmlInline` nodes) by a `SanitizerPolicy`.
//
// The core cannot use the HTML frontend (another module), and a raw HTML node is often a piece of
// markup, not a tree (Markdown's `<a href="…">` and `</a>` are separate inline nodes). So raw HTML
// is cleaned token by token with a tolerant scanner that reads tags as the HTML tokenizer's tag
// states do (attribute names and quoted or unquoted values, `/` between attributes, `>` inside
// quoted values), and the output is *rebuilt* from what the scanner vouches for:
//
// - a start or end tag of an allowed element, with its allowed attributes, rewritten as
//   `<name attr="value">` (the value's `"`, `<` and `>` escaped, its character references kept
//   as written, so the browser decodes them as it would have; the URL checks decode them first);
// - comments, doctypes, processing instructions and bogus comments, as written, ended exactly where
//   a browser's tokenizer ends them (`-->`, `--!>`, `<!-->`, the first `>`);
// - text, with every `<` that does not start one of the above written `&lt;`.
//
// Everything else is left out: disallowed tags (with the content of `script`, `style`,
// `textarea`, `title`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript` and `plaintext`),
// and tags, comments and declarations cut off by the end of the node (a browser would read the
// markup after the node into them). Each piece leaves a browser's tokenizer in its data state, so the pieces are safe
// in any order and next to any other output: no input can make a browser see a tag the scanner
// did not check.

extension SanitizerPolicy {
    /// Raw HTML cleaned by this policy: allowed tags with allowed attributes (rewritten),
    /// comments and declarations as written, and text (with stray `<` escaped); disallowed tags
    /// (with the content of raw-text elements such as `script`) and anything cut off by the end
    /// left out.
    public func sanitize<Bytes: Collection<UInt8>>(rawHTML: Bytes) -> [UInt8] {
        guard isEnabled else { return Array(rawHTML) }
        var cleaner = RawHTMLSanitizer(policy: self, input: Array(rawHTML))
        cleaner.run()
        return cleaner.out
    }

    /// Whether raw HTML is already clean by this policy: `sanitize(rawHTML:)` would only rewrite
    /// what it keeps (quoting, spacing, a stray `<` as `&lt;`), never leave anything out. Such markup can be passed on as
    /// written (the Markdown writer does, to keep the author's HTML).
    public func vouchesFor<Bytes: Collection<UInt8>>(rawHTML: Bytes) -> Bool {
        guard isEnabled else { return true }
        var cleaner = RawHTMLSanitizer(policy: self, input: Array(rawHTML))
        cleaner.run()
        return !cleaner.changed
    }
}

struct RawHTMLSanitizer {
    let policy: SanitizerPolicy
    let input: [UInt8]
    var out: [UInt8] = []
    /// Whether anything was left out or escaped.
    var changed = false

    static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    ]

    init(policy: SanitizerPolicy, input: [UInt8]) {
        self.policy = policy
        self.input = input
        out.reserveCapacity(input.count)
    }

    struct Tag {
        var name: [UInt8] = []
        var attributes: [(name: [UInt8], value: [UInt8]?)] = []
        var selfClosing = false
        /// The index after `>`.
        var end = 0
    }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }

    mutating func run() {
        let n = input.count
        var i = 0
        while i < n {
            let b = input[i]
            guard b == UInt8(ascii: "<") else {
                out.append(b)
                i += 1
                continue
            }
            let next: UInt8 = i + 1 < n ? input[i + 1] : 0
            if Self.isLetter(next) {
                i = startTag(at: i)
            } else if next == UInt8(ascii: "/") {
                i = endTag(at: i)
            } else if next == UInt8(ascii: "!") {
                i = markupDeclaration(at: i)
            } else if next == UInt8(ascii: "?") {
                i = bogusComment(at: i, from: i + 2)
            } else {
                // Text for a browser too; only a `<` ending the node could join what follows.
                out.append(contentsOf: "&lt;".utf8)
                if i + 1 == n { changed = true }
                i += 1
            }
        }
    }

    /// The index after the first `byte` at or after `from` (the end of input if none).
    func skipPast(_ byte: UInt8, from: Int) -> Int {
        var j = from
        while j < input.count && input[j] != byte { j += 1 }
        return min(j + 1, input.count)
    }

    /// Reads a tag from `<` (or `</`) by the tokenizer's tag states; `nil` if the input ends first.
    func readTag(at start: Int, nameStart: Int) -> Tag? {
        let n = input.count
        var tag = Tag()
        var j = nameStart
        while j < n && !Self.isSpace(input[j]) && input[j] != UInt8(ascii: "/") && input[j] != UInt8(ascii: ">") {
            let c = input[j]
            tag.name.append(c >= 0x41 && c <= 0x5A ? c + 0x20 : c)
            j += 1
        }
        while true {
            while j < n && Self.isSpace(input[j]) { j += 1 }
            guard j < n else { return nil }
            let c = input[j]
            if c == UInt8(ascii: ">") {
                tag.end = j + 1
                return tag
            }
            if c == UInt8(ascii: "/") {
                j += 1
                if j < n && input[j] == UInt8(ascii: ">") {
                    tag.selfClosing = true
                    tag.end = j + 1
                    return tag
                }
                continue
            }
            // An attribute name (its first character may be `=`).
            var name: [UInt8] = [c >= 0x41 && c <= 0x5A ? c + 0x20 : c]
            j += 1
            while j < n, !Self.isSpace(input[j]), input[j] != UInt8(ascii: "/"), input[j] != UInt8(ascii: ">"),
                  input[j] != UInt8(ascii: "=") {
                let d = input[j]
                name.append(d >= 0x41 && d <= 0x5A ? d + 0x20 : d)
                j += 1
            }
            var k = j
            while k < n && Self.isSpace(input[k]) { k += 1 }
            guard k < n, input[k] == UInt8(ascii: "=") else {
                tag.attributes.append((name, nil))
                continue
            }
            j = k + 1
            while j < n && Self.isSpace(input[j]) { j += 1 }
            guard j < n else { return nil }
            let q = input[j]
            if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                let valueStart = j + 1
                var e = valueStart
                while e < n && input[e] != q { e += 1 }
                guard e < n else { return nil }
                tag.attributes.append((name, Array(input[valueStart..<e])))
                j = e + 1
            } else if q == UInt8(ascii: ">") {
                tag.attributes.append((name, []))
            } else {
                let valueStart = j
                while j < n && !Self.isSpace(input[j]) && input[j] != UInt8(ascii: ">") { j += 1 }
                tag.attributes.append((name, Array(input[valueStart..<j])))
            }
        }
    }

    mutating func startTag(at i: Int) -> Int {
        guard let tag = readTag(at: i, nameStart: i + 1) else {
            changed = true
            return input.count
        }
        let name = String(decoding: tag.name, as: UTF8.self)
        guard HTMLNames.isValidElementName(name), policy.allowsElement(name) else {
            changed = true
            if name == "plaintext" { return input.count }
            if Self.rawTextElements.contains(name) { return skipRawText(of: tag.name, from: tag.end) }
            return tag.end
        }
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: tag.name)
        for attribute in tag.attributes {
            let attributeName = String(decoding: attribute.name, as: UTF8.self)
            let decoded = Self.decodeForChecking(attribute.value ?? [])
            guard HTMLNames.isValidAttributeName(attributeName),
                  policy.allowsAttribute(attributeName, value: decoded, element: name) else {
                changed = true
                continue
            }
            out.append(0x20)
            out.append(contentsOf: attribute.name)
            guard let value = attribute.value else { continue }
            out.append(contentsOf: "=\"".utf8)
            for c in value {
                switch c {
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                default: out.append(c)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        if tag.selfClosing { out.append(contentsOf: " /".utf8) }
        out.append(UInt8(ascii: ">"))
        return tag.end
    }

    mutating func endTag(at i: Int) -> Int {
        let n = input.count
        guard i + 2 < n, Self.isLetter(input[i + 2]) else {
            // `</>` is ignored and `</` before anything else starts a bogus comment.
            return bogusComment(at: i, from: i + 2)
        }
        guard let tag = readTag(at: i, nameStart: i + 2) else {
            changed = true
            return n
        }
        let name = String(decoding: tag.name, as: UTF8.self)
        if !tag.attributes.isEmpty || tag.selfClosing { changed = true }
        guard HTMLNames.isValidElementName(name), policy.allowsElement(name) else {
            changed = true
            return tag.end
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: tag.name)
        out.append(UInt8(ascii: ">"))
        return tag.end
    }

    /// Skips the content of a raw-text element and its end tag.
    func skipRawText(of name: [UInt8], from start: Int) -> Int {
        let n = input.count
        var j = start
        while j + 1 + name.count < n {
            if input[j] == UInt8(ascii: "<") && input[j + 1] == UInt8(ascii: "/") {
                var k = 0
                while k < name.count {
                    var c = input[j + 2 + k]
                    if c >= 0x41 && c <= 0x5A { c += 0x20 }
                    if c != name[k] { break }
                    k += 1
                }
                let after = j + 2 + name.count
                if k == name.count && (after >= n || Self.isSpace(input[after]) || input[after] == UInt8(ascii: "/")
                                       || input[after] == UInt8(ascii: ">")) {
                    return readTag(at: j, nameStart: j + 2)?.end ?? n
                }
            }
            j += 1
        }
        return n
    }

    /// `<!`: a comment, ended where a browser's tokenizer ends it (`<!-->`, `<!--->`, the first
    /// `-->` or `--!>`), or a doctype, CDATA section or bogus comment (to the first `>`): kept as
    /// written (nothing in it can become a tag). One cut off by the end of the node is left out.
    mutating func markupDeclaration(at i: Int) -> Int {
        let n = input.count
        guard i + 3 < n && input[i + 2] == UInt8(ascii: "-") && input[i + 3] == UInt8(ascii: "-") else {
            return bogusComment(at: i, from: i + 2)
        }
        let contentStart = i + 4
        var end = -1
        if contentStart < n && input[contentStart] == UInt8(ascii: ">") {
            end = contentStart + 1
        } else if contentStart + 1 < n && input[contentStart] == UInt8(ascii: "-") && input[contentStart + 1] == UInt8(ascii: ">") {
            end = contentStart + 2
        } else {
            var j = contentStart
            while j + 2 < n {
                if input[j] == UInt8(ascii: "-") && input[j + 1] == UInt8(ascii: "-") {
                    if input[j + 2] == UInt8(ascii: ">") { end = j + 3; break }
                    if input[j + 2] == UInt8(ascii: "!") && j + 3 < n && input[j + 3] == UInt8(ascii: ">") { end = j + 4; break }
                }
                j += 1
            }
        }
        guard end >= 0 else {
            changed = true
            return n
        }
        out.append(contentsOf: input[i..<end])
        return end
    }

    /// `<?…>`, `</ …>`, `<!…>`: a bogus comment to the first `>`, kept as written; left out when
    /// the node ends first.
    mutating func bogusComment(at i: Int, from: Int) -> Int {
        var j = from
        while j < input.count && input[j] != UInt8(ascii: ">") { j += 1 }
        guard j < input.count else {
            changed = true
            return input.count
        }
        out.append(contentsOf: input[i...j])
        return j + 1
    }

    /// An attribute value as a browser reads it, as far as URL and style checks need: numeric
    /// character references and the named ones that give ASCII a check looks at (`&colon;`,
    /// `&Tab;`, `&NewLine;`, `&sol;`, `&lpar;`, `&rpar;`, `&bsol;`, `&amp;`, `&lt;`, `&gt;`,
    /// `&quot;`, `&apos;`, `&period;`, `&commat;`) decoded; any other reference left as written.
    static func decodeForChecking(_ value: [UInt8]) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        let text = String(decoding: value, as: UTF8.self)
        let chars = Array(text.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "&" else { scalars.append(c); i += 1; continue }
            var j = i + 1
            if j < chars.count && chars[j] == "#" {
                j += 1
                var hex = false
                if j < chars.count && (chars[j] == "x" || chars[j] == "X") { hex = true; j += 1 }
                var number: UInt32 = 0
                var digits = 0
                while j < chars.count, let d = Self.digitValue(chars[j], hex: hex) {
                    if number < 0x110000 { number = number * (hex ? 16 : 10) + d }
                    digits += 1
                    j += 1
                }
                if digits > 0 {
                    if j < chars.count && chars[j] == ";" { j += 1 }
                    let scalar = (number == 0 || number >= 0x110000 || (number >= 0xD800 && number <= 0xDFFF))
                        ? Unicode.Scalar(0xFFFD)! : (Unicode.Scalar(number) ?? Unicode.Scalar(0xFFFD)!)
                    scalars.append(scalar)
                    i = j
                    continue
                }
                scalars.append(c)
                i += 1
                continue
            }
            var name = ""
            while j < chars.count && name.unicodeScalars.count < 12,
                  chars[j].isASCII, (chars[j].properties.isAlphabetic || ("0"..."9").contains(chars[j])) {
                name.unicodeScalars.append(chars[j])
                j += 1
            }
            let hasSemicolon = j < chars.count && chars[j] == ";"
            if hasSemicolon, let decoded = namedASCII[name] {
                scalars.append(decoded)
                i = j + 1
                continue
            }
            if let decoded = legacyASCII[name] {
                scalars.append(decoded)
                i = hasSemicolon ? j + 1 : j
                continue
            }
            scalars.append(c)
            i += 1
        }
        return String(scalars)
    }

    static let namedASCII: [String: Unicode.Scalar] = [
        "colon": ":", "Tab": "\t", "NewLine": "\n", "sol": "/", "lpar": "(", "rpar": ")", "bsol": "\\",
        "amp": "&", "AMP": "&", "lt": "<", "LT": "<", "gt": ">", "GT": ">", "quot": "\"", "QUOT": "\"",
        "apos": "'", "period": ".", "commat": "@", "num": "#", "quest": "?", "equals": "=", "excl": "!",
        "semi": ";", "comma": ",", "plus": "+", "lowbar": "_", "percnt": "%", "dollar": "$", "ast": "*",
        "midast": "*",
    ]

    static func digitValue(_ c: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch c.value {
        case 0x30...0x39: return c.value - 0x30
        case 0x41...0x46 where hex: return c.value - 0x41 + 10
        case 0x61...0x66 where hex: return c.value - 0x61 + 10
        default: return nil
        }
    }

    static let legacyASCII: [String: Unicode.Scalar] = [
        "amp": "&", "AMP": "&", "lt": "<", "LT": "<", "gt": ">", "GT": ">", "quot": "\"", "QUOT": "\"",
    ]
}
