import TransmarkCore

// Foreign content (SVG and MathML), as the WHATWG "rules for parsing tokens in foreign content"
// read it where the tree can show it: the text inside is kept (`<svg><text>`, `<title>`, `<mi>`),
// elements inside are containers without nodes, a start tag of an HTML block or formatting
// element breaks out of it, and integration points (`foreignObject`, `desc`, `title`, `mi`, `mo`,
// `mn`, `ms`, `mtext`, `annotation-xml` holding HTML) hold HTML again. Inside foreign content
// `<![CDATA[` opens a CDATA section and NUL becomes U+FFFD; in HTML content NUL is dropped.
extension HTMLTreeBuilder {
    /// Whether the current node is a foreign element that is not an integration point.
    var inForeignContent: Bool {
        mutating get {
            guard foreignDepth > 0, let last = stack.last else { return false }
            return last.flags.contains(.foreign) && !last.flags.contains(.integrationPoint)
        }
    }

    /// Tells the tokenizer what the current node allows: CDATA sections and NUL as U+FFFD in
    /// foreign content, NUL dropped elsewhere.
    @inline(__always)
    mutating func updateTokenizerForContent() {
        if foreignDepth > 0 || tokenizer.allowsCDATASections {
            let foreign = inForeignContent
            tokenizer.allowsCDATASections = foreign
            tokenizer.dropsNullInData = !foreign
        }
    }

    /// `svg` or `math` in HTML content: a foreign element without a node (its text is kept).
    mutating func openForeignRoot(_ tag: HTMLStartTag, element: HTMLElement, key: Int32) {
        if tag.isSelfClosing { return }
        push(element, key: key, node: -1, flags: [.inline, .foreign])
    }

    /// A start tag while the current node is foreign: breaks out for HTML elements, else opens
    /// a foreign element. Returns false when the tag must then be handled as HTML.
    mutating func foreignStartTag(_ tag: HTMLStartTag, element: HTMLElement, key: Int32) -> Bool {
        if Self.breaksOutOfForeignContent(element, tag) {
            while let last = stack.last, last.flags.contains(.foreign), !last.flags.contains(.integrationPoint) { pop() }
            return false
        }
        // The tokenizer switched to RCDATA / RAWTEXT / script data after `title`, `style`, …:
        // in foreign content those are ordinary elements.
        if tokenizer.isInContentState { tokenizer.switchTo(.data) }
        if tag.isSelfClosing { return true }
        var flags: HTMLOpenElement.Flags = [.inline, .foreign]
        if element == .script || element == .style {
            flags.insert(.suppresses) // code and style sheets, never shown
        } else if Self.isIntegrationPoint(tag) {
            flags.insert(.integrationPoint)
        }
        push(element, key: key, node: -1, flags: flags)
        return true
    }

    /// An end tag while the current node is foreign: closes the innermost open foreign element
    /// of that name. Returns false when the tag must be handled as HTML.
    mutating func foreignEndTag(key: Int32) -> Bool {
        guard key >= 0 else { return true }
        let index = topByKey[Int(key)]
        guard index >= 0, stack[Int(index)].flags.contains(.foreign) else { return false }
        pop(through: index)
        return true
    }

    /// Whether a start tag ends foreign content (the WHATWG list, `font` with `color`, `face`
    /// or `size`).
    static func breaksOutOfForeignContent(_ element: HTMLElement, _ tag: HTMLStartTag) -> Bool {
        switch element {
        case .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed,
             .h1, .h2, .h3, .h4, .h5, .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr,
             .ol, .p, .pre, .ruby, .s, .small, .span, .strong, .strike, .sub, .sup, .table, .tt, .u,
             .ul, .var:
            return true
        case .font:
            return tag.hasAttribute("color") || tag.hasAttribute("face") || tag.hasAttribute("size")
        default:
            return false
        }
    }

    /// Whether a foreign start tag opens an HTML or MathML text integration point.
    static func isIntegrationPoint(_ tag: HTMLStartTag) -> Bool {
        switch tag.name {
        case "foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext":
            return true
        case "annotation-xml":
            guard let encoding = tag.attribute("encoding")?.lowercased() else { return false }
            return encoding == "text/html" || encoding == "application/xhtml+xml"
        default:
            return false
        }
    }

    /// Text in foreign content: NUL (kept by CDATA sections) becomes U+FFFD.
    mutating func emitForeignText(_ slice: UnsafeBufferPointer<UInt8>) {
        guard slice.contains(0) else { return emitText(slice) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(slice.count + 8)
        for b in slice {
            if b == 0 { bytes.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { bytes.append(b) }
        }
        bytes.withUnsafeBufferPointer { emitText($0) }
    }
}
