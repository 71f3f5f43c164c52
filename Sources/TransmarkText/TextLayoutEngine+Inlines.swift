@_spi(TransmarkStorage) import TransmarkCore

extension TextLayoutEngine {
    mutating func appendText(_ index: Int32, style: Int32) {
        guard records.textCount(index) > 0 else { return }
        if settings.styled { inline.setStyle(style) }
        let start = Int(records.textStart(index))
        inline.appendCollapsing(UnsafeBufferPointer(rebasing: source[start..<start + Int(records.textCount(index))]))
    }

    mutating func enterInline(_ index: Int32, _ tag: NodeKind.Tag) {
        let theme = settings.theme
        switch tag {
        case .text:
            appendText(index, style: settings.styled ? derivedStyle(index, nil) : 0)
        case .softBreak:
            inline.appendSpace()
        case .lineBreak:
            inline.appendHardBreak()
        case .code:
            appendText(index, style: settings.styled ? derivedStyle(index, theme.inlineCode) : 0)
        case .inlineMath:
            appendText(index, style: settings.styled ? derivedStyle(index, theme.math) : 0)
        case .displayMath:
            appendDisplayMath(index, style: settings.styled ? derivedStyle(index, theme.math) : 0)
        case .htmlInline:
            if settings.rawHTML != .drop {
                appendText(index, style: settings.styled ? derivedStyle(index, theme.rawHTML) : 0)
            }
        case .footnoteReference:
            guard case .footnoteReference(let label) = document.kind(at: index) else { return }
            if let definition = footnoteDefinitions[label] {
                let n = referenceNumber(key: "^" + label, .footnote(definition))
                if settings.styled { inline.setStyle(derivedStyle(index, theme.footnoteReference)) }
                inline.appendCollapsing("[\(n)]")
            } else {
                if settings.styled { inline.setStyle(currentStyle) }
                inline.appendCollapsing("[^\(label)]")
            }
        case .emphasis: pushStyle(index, theme.emphasis)
        case .strong: pushStyle(index, theme.strong)
        case .strikethrough: pushStyle(index, theme.strikethrough)
        case .underline: pushStyle(index, theme.underline)
        case .superscript, .subscript: pushStyle(index, theme.superscriptAndSubscript)
        case .highlight: pushStyle(index, theme.highlight)
        case .link:
            var linkID: Int32 = -1
            if settings.styled && settings.hyperlinks,
               case .link(let destination, _) = document.kind(at: index), Self.isShownTarget(destination) {
                linkID = Int32(links.count)
                links.append(Self.sanitizedURL(destination))
            }
            pushStyle(index, theme.link, link: linkID)
            marks.append(InlineMark(start: inline.bytes.count, flush: flushCount, index: index))
        case .image:
            if settings.styled { inline.setStyle(derivedStyle(index, theme.image)) }
            inline.appendCollapsing("[image: ")
            pushStyle(index, theme.image)
            marks.append(InlineMark(start: inline.bytes.count, flush: flushCount, index: index))
        default:
            // span, custom: their CSS only.
            pushStyle(index, nil)
        }
    }

    mutating func exitInline(_ index: Int32, _ tag: NodeKind.Tag) {
        switch tag {
        case .link:
            let mark = marks.popLast()
            popStyle()
            guard case .link(let destination, _) = document.kind(at: index), Self.isShownTarget(destination) else { return }
            if settings.styled && settings.hyperlinks { return }
            let start = mark.map { $0.flush == flushCount ? $0.start : 0 } ?? 0
            let url = Self.sanitizedURL(destination)
            if linkTextShowsURL(from: start, url) { return }
            if settings.links == .references {
                // Link keys start with `>`, footnote keys with `^`: a link to `^x` is not footnote x.
                let n = referenceNumber(key: ">" + destination, .link(url))
                if settings.styled { inline.setStyle(themed(settings.theme.footnoteReference)) }
                inline.appendCollapsing("[\(n)]")
            } else {
                if settings.styled { inline.setStyle(currentStyle) }
                inline.appendSpace()
                if settings.styled { inline.setStyle(themed(settings.theme.linkURL)) }
                inline.appendCollapsing("(")
                inline.appendCollapsing(url)
                inline.appendCollapsing(")")
            }
        case .image:
            let mark = marks.popLast()
            let start = mark.map { $0.flush == flushCount ? $0.start : 0 } ?? 0
            if !containsContent(from: start) {
                if case .image(let source, _, _) = document.kind(at: index) {
                    var name = Substring(source)
                    if let q = name.firstIndex(where: { $0 == "?" || $0 == "#" }) { name = name[..<q] }
                    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
                    inline.appendCollapsing(name.isEmpty ? "image" : String(name))
                }
            }
            inline.appendCollapsing("]")
            popStyle()
        default:
            popStyle()
        }
    }

    /// Whether a link target is worth showing: not empty, not a fragment of this page.
    static func isShownTarget(_ destination: String) -> Bool {
        guard let first = destination.utf8.first else { return false }
        return first != 0x23
    }

    /// The URL's bytes without controls or spaces (which could break escape sequences or lines).
    static func sanitizedURL(_ destination: String) -> [UInt8] {
        // Native strings are contiguous: read their bytes in place, and copy them whole when no
        // byte is dropped (the usual case).
        if let clean = destination.utf8.withContiguousStorageIfAvailable({ p -> [UInt8]? in
            for b in p where b <= 0x20 || b == 0x7F { return nil }
            return Array(p)
        }), let clean {
            return clean
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(destination.utf8.count)
        for b in destination.utf8 where b > 0x20 && b != 0x7F { bytes.append(b) }
        return bytes
    }

    /// Whether the inline buffer from `start` holds anything but spaces.
    mutating func containsContent(from start: Int) -> Bool {
        var i = start
        while i < inline.bytes.count {
            if inline.bytes[i] != 0x20 && inline.bytes[i] != 0x0A { return true }
            i += 1
        }
        return false
    }

    /// Whether the link text gathered from `start` is the URL itself (or the address of a
    /// `mailto:` URL), so that the URL need not be shown again.
    mutating func linkTextShowsURL(from start: Int, _ url: [UInt8]) -> Bool {
        var s = start, e = inline.bytes.count
        while s < e && inline.bytes[s] == 0x20 { s += 1 }
        while e > s && inline.bytes[e - 1] == 0x20 { e -= 1 }
        let count = e - s
        // The URL is the text, or the text after `mailto:` or (autolinks written without a
        // scheme: text "www.x.org", URL "http://www.x.org") after `http://` or `https://`.
        let prefixLength = url.count - count
        guard prefixLength == 0 || prefixLength == 7 || prefixLength == 8 else { return false }
        return url.withUnsafeBufferPointer { u in
            inline.bytes.withUnsafeBufferPointer { all in
                let text = UnsafeBufferPointer(rebasing: all[s..<e])
                guard UnsafeBufferPointer(rebasing: u[prefixLength...]).elementsEqual(text) else { return false }
                let prefix = UnsafeBufferPointer(rebasing: u[..<prefixLength])
                switch prefixLength {
                case 0: return true
                case 7: return prefix.elementsEqual("mailto:".utf8) || prefix.elementsEqual("http://".utf8)
                default: return prefix.elementsEqual("https://".utf8)
                }
            }
        }
    }
}
