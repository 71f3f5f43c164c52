/// Math read from HTML as it streams by: the element that holds it (MathML `<math>`, pandoc's
/// `<span class="math inline|display">`, KaTeX's `<span class="katex">` / `katex-display`,
/// MathJax's `<script type="math/tex">` and rendered containers), the text inside it, and the TeX
/// annotation if one comes. When the element ends, `HTMLTreeBuilder` writes one math node.
struct HTMLMathCapture {
    /// What the element found holds.
    enum Source: Equatable {
        /// Math to read: the TeX annotation if any, else the text of the MathML inside, else all
        /// the text (with `\(…\)`, `\[…\]`, `$…$` or `$$…$$` around it taken off).
        case math(display: Bool)
        /// Rendered math whose source is elsewhere (MathJax 2 keeps it in a script beside it):
        /// nothing of it is shown.
        case rendering
    }

    let source: Source
    /// The stack index of the element holding the math; -1 until it is pushed.
    var stackIndex: Int32 = -1
    /// The builder's suppression depth inside the element: text deeper in suppression (a `style`
    /// or `script` inside MathML) is not math and is dropped, as outside math.
    var suppressDepth = 0
    /// The stack index of an open `<annotation encoding="application/x-tex">`, or -1.
    var annotationIndex: Int32 = -1
    /// The stack index of an open `<math>` (the element itself, or one inside), or -1.
    var mathIndex: Int32 = -1
    var annotation: [UInt8]?
    var mathText: [UInt8] = []
    var allText: [UInt8] = []

    /// Adds text met inside the element.
    mutating func text(_ slice: UnsafeBufferPointer<UInt8>) {
        let start = allText.count
        for b in slice {
            // NUL (kept in foreign content) becomes U+FFFD, as everywhere in the tree.
            if b == 0 { allText.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { allText.append(b) }
        }
        if annotationIndex >= 0 {
            if annotation == nil { annotation = [] }
            annotation!.append(contentsOf: allText[start...])
        } else if mathIndex >= 0 {
            mathText.append(contentsOf: allText[start...])
        }
    }

    /// Forgets the inner elements that a pop down to `count` open elements closed.
    mutating func popped(toCount count: Int32) {
        if annotationIndex >= count { annotationIndex = -1 }
        if mathIndex >= count { mathIndex = -1 }
    }

    /// The TeX source: the annotation, else the MathML text, else all the text, whitespace runs
    /// outside an annotation collapsed to one space, delimiters taken off, trimmed.
    var texSource: [UInt8] {
        if let annotation { return Self.trimmed(annotation[...]) }
        let text = Self.collapsed(mathText.contains(where: { !Self.isSpace($0) }) ? mathText : allText)
        return Self.withoutDelimiters(Self.trimmed(text[...]))
    }

    /// What the start tag of `element` begins, if it holds math.
    static func source(of tag: HTMLStartTag, element: HTMLElement) -> Source? {
        switch element {
        case .math:
            return .math(display: tag.attribute("display")?.lowercased() == "block")
        case .script:
            guard let type = tag.attribute("type")?.lowercased(), type.hasPrefix("math/tex") else { return nil }
            return .math(display: type.contains("mode=display"))
        case .span, .div, .unknown:
            // Most elements have no class naming math: one pass over the value's bytes (every class
            // below holds `ath` or `katex`) before it is split.
            guard let index = tag.index(of: "class"), mayNameMath(tag.value(at: index)) else { return nil }
            let value = String(decoding: tag.value(at: index), as: UTF8.self)
            let classes = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard !classes.isEmpty else { return nil }
            if element == .unknown {
                // MathJax 3's container: its assistive MathML is read.
                guard tag.name == "mjx-container", classes.contains("MathJax") else { return nil }
                return .math(display: tag.attribute("display") == "true")
            }
            if classes.contains("katex-display") { return .math(display: true) }
            if classes.contains("katex") { return .math(display: false) }
            if element == .span && classes.contains("math") {
                if classes.contains("display") { return .math(display: true) }
                if classes.contains("inline") { return .math(display: false) }
            }
            if classes.contains(where: { $0 == "MathJax" || $0 == "MathJax_Preview" || $0 == "MathJax_Display"
                || $0 == "MathJax_SVG" || $0 == "MathJax_SVG_Display" || $0 == "MathJax_CHTML" }) {
                return .rendering
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether a class attribute's value holds `ath` (`math`, `MathJax…`) or `katex`: the classes
    /// that mark math all do.
    static func mayNameMath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0 ..< bytes.count - 2 where bytes[i] == 0x61 && bytes[i + 1] == 0x74 {
            if bytes[i + 2] == 0x68 { return true }  // "ath"
            if i >= 1, bytes[i - 1] == 0x6B, i + 3 < bytes.count, bytes[i + 2] == 0x65, bytes[i + 3] == 0x78 { return true }  // "katex"
        }
        return false
    }

    /// Whether an `<annotation>` start tag holds TeX.
    static func isTeXAnnotation(_ tag: HTMLStartTag) -> Bool {
        guard tag.name == "annotation", let encoding = tag.attribute("encoding")?.lowercased() else { return false }
        return encoding == "application/x-tex" || encoding == "tex" || encoding == "application/x-latex" || encoding == "latex"
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C || b == 0x0D }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var a = bytes.startIndex, b = bytes.endIndex
        while a < b && isSpace(bytes[a]) { a += 1 }
        while b > a && isSpace(bytes[b - 1]) { b -= 1 }
        return Array(bytes[a ..< b])
    }

    static func collapsed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var space = false
        for b in bytes {
            if isSpace(b) {
                space = true
            } else {
                if space && !out.isEmpty { out.append(0x20) }
                space = false
                out.append(b)
            }
        }
        return out
    }

    /// `text` without one pair of math delimiters around all of it.
    static func withoutDelimiters(_ text: [UInt8]) -> [UInt8] {
        let pairs: [([UInt8], [UInt8])] = [(Array("\\(".utf8), Array("\\)".utf8)), (Array("\\[".utf8), Array("\\]".utf8)),
                                           (Array("$$".utf8), Array("$$".utf8)), (Array("$".utf8), Array("$".utf8))]
        for (open, close) in pairs where text.count >= open.count + close.count + 1
            && text.starts(with: open) && text[(text.count - close.count)...].elementsEqual(close) {
            return trimmed(text[open.count ..< text.count - close.count])
        }
        return text
    }
}
