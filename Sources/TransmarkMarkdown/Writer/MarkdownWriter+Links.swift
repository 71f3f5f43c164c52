@_spi(TransmarkStorage) import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MarkdownWriter {
    // MARK: Links and images

    mutating func enterLink(_ i: Int32) -> Bool {
        guard case .link(let linkDestination, var title) = document.kind(at: i) else { return true }
        let destination = safeURL(linkDestination, attribute: "href")
        if title.isEmpty && options.linkTitleFromDestination && !destination.isEmpty { title = destination }
        if options.linkStyle == .citations || options.linkStyle == .textOnly {
            return enterLinkForModels(i, destination: destination, title: title)
        }
        if options.wikilinks != .none && records.attributes(i) >= 0 && writeWikilink(i, destination: destination) {
            linkDepth += 1  // `exitLink` comes for it too
            return false
        }
        // Autolinks: the text is the URL (or the address of a mailto: URL), as plain text.
        let first = records.firstChild(i)
        let plain = first >= 0 && tag(first) == .text && records.nextSibling(first) < 0
        // pandoc's link attributes, `[x](url){#id .class target="_blank"}`, in pandoc's dialect.
        let attributes = options.escaping == .pandoc && options.linkStyle == .inline ? pandocAttributes(i) : nil
        if title.isEmpty, plain, attributes == nil, options.autolinks {
            let text = document.textBytes(at: first)
            let destinationBytes = destination.utf8
            let sameAsText = text.elementsEqual(destinationBytes)
            let mailto = !sameAsText && destinationBytes.count == text.count + 7 && destination.hasPrefix("mailto:")
                && destinationBytes.dropFirst(7).elementsEqual(text) && !text.contains(UInt8(ascii: ":"))
            if (sameAsText || mailto) && Self.isAutolinkable(destination) {
                writeContent([UInt8(ascii: "<")] + Array(text) + [UInt8(ascii: ">")])
                linkDepth += 1  // `exitLink` comes for it too
                return false
            }
        }
        if options.dropEmptyLinks, let spaced = linkShowsNothing(i) {
            // `<a href="x"></a>` (an icon link whose icon was CSS or SVG) shows nothing and
            // cannot be clicked: it is left out, whitespace inside it kept as a space.
            if spaced && pendingSpaces.isEmpty { writeSpace() }
            linkDepth += 1
            return false
        }
        let text = options.linkStyle == .reference ? document[NodeID(index: i)].plainText : ""
        let close: [UInt8]
        if options.linkStyle == .reference {
            labelledLink = i
            close = Array(("]" + referenceSuffix(text: text, destination: destination, title: title)).utf8)
            labelledLink = -1
        } else {
            close = linkClose(destination, title, then: attributes ?? "")
        }
        openDelimiter(i, open: [UInt8(ascii: "[")], close: close)
        linkDepth += 1
        // An empty link still needs its brackets.
        if records.firstChild(i) < 0 {
            flushInlinePending()
        }
        return true
    }

    /// Whether link `i` has no content that shows: nothing under it but whitespace text and
    /// empty inline elements (`<a href><span></span></a>`); nil when it has some, else whether
    /// it holds whitespace. At most 16 nodes are looked at; a link with more counts as showing
    /// something.
    func linkShowsNothing(_ i: Int32) -> Bool? {
        var cursor = WalkCursor(start: i)
        var looked = 0
        var spaced = false
        while let (node, entering) = cursor.next(records) {
            guard entering, node != i else { continue }
            looked += 1
            if looked > 16 { return nil }
            switch records.tag(node) {
            case .text:
                let text = document.textBytes(at: node)
                if !text.allSatisfy(MarkdownTextEscaper.isSpace) { return nil }
                spaced = spaced || !text.isEmpty
            case .softBreak:
                spaced = true
            case .span, .emphasis, .strong, .underline, .strikethrough, .highlight, .superscript, .subscript:
                continue
            default:
                return nil
            }
        }
        return spaced
    }

    /// Writes a link marked as a wikilink (`class="wikilink"`, as pandoc's HTML writer marks
    /// them and its reader reads them) as `[[target]]` when its text is its target, else
    /// `[[target|text]]` or `[[text|target]]` by `wikilinks`; the text as plain text, as pandoc
    /// writes it. False (nothing written) for other links, and where the text or target holds
    /// what the syntax cannot (`[`, `]`, `|`, a line end) or what a reader without wikilinks would
    /// read as markup (`<`, `>`, `\`): those are written as links, escaped. In a table cell the
    /// pipe is written `\|`, which GFM reads as the pipe inside the cell.
    mutating func writeWikilink(_ i: Int32, destination: String) -> Bool {
        let marked = document.attributes(at: i).contains { a in
            a.name == "class" && a.value.split(whereSeparator: \.isWhitespace).contains("wikilink")
        }
        guard marked, !destination.isEmpty else { return false }
        let text = document[NodeID(index: i)].plainText
        func fits(_ s: String) -> Bool { !s.isEmpty && !s.contains(where: { "[]|<>\\".contains($0) || $0.isNewline }) }
        guard fits(text), fits(destination) else { return false }
        let inside: String
        if text == destination {
            inside = text
        } else {
            let pipe = inTableCell ? "\\|" : "|"
            inside = options.wikilinks == .titleAfterPipe ? destination + pipe + text : text + pipe + destination
        }
        writeContent(Array(("[[" + inside + "]]").utf8))
        return true
    }

    /// Whether image `i` is written as its alt text alone (`imagesInHeadingsAndCells=altText`
    /// inside a heading or a table cell, or `images=alt` or `end`). Both stay as they are between
    /// its entry and exit.
    func writesAltTextOnly(_ i: Int32) -> Bool {
        records.tag(i) == .image && (options.images == .alt || options.images == .end
            || options.imagesInHeadingsAndCells == .altText && (inHeading || inTableCell))
    }

    mutating func exitLink(_ i: Int32) {
        // The link's label (`[n]`) is written with its closing delimiter: its use is marked there.
        while let last = usesAtLinkClose.last, last.link == i {
            usesAtLinkClose.removeLast()
            noteEndMatterUse(last.entry)
        }
        if writesAltTextOnly(i) { return }
        linkDepth -= 1
        inImage = false
        if pendingOpeners.contains(where: { $0.node == i }) {
            // Whitespace-only or empty text: keep the link with empty text.
            flushInlinePending()
        }
        closeDelimiter(i)
    }

    mutating func referenceSuffix(text: String, destination: String, title: String) -> String {
        switch options.linkReferenceStyle {
        case .full:
            return "[\(numberedReference(destination: destination, title: title))]"
        case .collapsed, .shortcut:
            let label = text
            let usable = !label.isEmpty && !label.contains("[") && !label.contains("]") && !label.contains("\n")
            let normalized = label.lowercased()
            if usable {
                if let n = referenceIndex["label:" + normalized] {
                    if references[n].destination == destination && references[n].title == title {
                        noteEndMatterUse(.reference(n))
                        return options.linkReferenceStyle == .collapsed ? "[]" : ""
                    }
                } else {
                    referenceIndex["label:" + normalized] = references.count
                    noteEndMatterUse(.reference(references.count))
                    references.append(ReferenceDefinition(label: label, destination: destination, title: title))
                    return options.linkReferenceStyle == .collapsed ? "[]" : ""
                }
            }
            // The text cannot serve as a label: fall back to a numbered reference.
            let numbered = "ref-\(references.count + 1)"
            noteEndMatterUse(.reference(references.count))
            references.append(ReferenceDefinition(label: numbered, destination: destination, title: title))
            return "[\(numbered)]"
        }
    }

    /// The number of the reference definition for `destination` and `title`, added when new.
    mutating func numberedReference(destination: String, title: String) -> String {
        let next = references.count
        // One hash of the destination per link, inserting `next` when it is new (no key made by
        // joining destination and title: links rarely repeat a destination with another title).
        var n = numberedReferenceIndex.number(of: destination, next: next)
        if n != next && references[n].title != title {
            n = Self.readingInserted(&titledReferenceIndex[destination + "\u{0}" + title, default: next])
        }
        if n == next { references.append(ReferenceDefinition(label: String(next + 1), destination: destination, title: title)) }
        noteEndMatterUse(.reference(n))
        return references[n].label
    }

    /// The value of a dictionary entry reached through `subscript(_:default:)`, which inserts the
    /// default when the key is new: a lookup and an insertion with one hash.
    @inline(__always)
    static func readingInserted(_ value: inout Int) -> Int { value }

    /// A link under `linkStyle=citations` or `textOnly`: its text, then ` [n]` for a citation.
    /// Links that show nothing are left out; links to the page itself and links without a usable
    /// URL are their text alone. Returns whether the link's children are to be written.
    mutating func enterLinkForModels(_ i: Int32, destination: String, title: String) -> Bool {
        linkDepth += 1  // `exitLink` comes for it too
        if let spaced = linkShowsNothing(i) {
            if spaced && pendingSpaces.isEmpty { writeSpace() }
            return false
        }
        guard options.linkStyle == .citations, isCitable(destination) else { return true }
        labelledLink = i
        let label = numberedReference(destination: destination, title: title)
        labelledLink = -1
        var close: [UInt8] = []
        close.reserveCapacity(label.utf8.count + 3)
        close.append(0x20)
        close.append(UInt8(ascii: "["))
        close.append(contentsOf: label.utf8)
        close.append(UInt8(ascii: "]"))
        openDelimiter(i, open: [], close: close)
        return true
    }

    /// Whether a link to `destination` is worth a citation: it has a URL, not `javascript:`,
    /// `vbscript:`, `data:`, `blob:` or `about:`, and does not point into the page itself (a
    /// fragment, or the page's canonical or source URL).
    func isCitable(_ destination: String) -> Bool {
        var destination = destination
        return destination.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "#") else { return false }
            // Script URLs, and URLs that mean nothing outside the page that made them (schemes
            // compared without ASCII case: no other character lowercases into these letters).
            // Most URLs start with a letter no such scheme starts with (`h`, `/`): not compared.
            let lowered = first >= 0x41 && first <= 0x5A ? first | 0x20 : first
            if Self.uncitableSchemeStarts & (1 << UInt64(lowered & 63)) != 0, lowered >= 0x61 {
                for scheme in Self.uncitableSchemes where bytes.count >= scheme.count && scheme[0] == lowered {
                    if zip(scheme, bytes).allSatisfy({ $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }) { return false }
                }
            }
            guard !ownPages.isEmpty else { return true }
            // The page without its fragment, compared byte for byte with the page's own addresses.
            let hash = memchr(bytes.baseAddress!, Int32(UInt8(ascii: "#")), bytes.count)
            let page = UnsafeBufferPointer(start: bytes.baseAddress, count: hash.map { bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count)
            return !ownPages.contains { $0.count == page.count && $0.elementsEqual(page) }
        }
    }

    /// The schemes of URLs that are never cited (see `isCitable`), lowercase.
    static let uncitableSchemes: [[UInt8]] = ["javascript:", "vbscript:", "data:", "blob:", "about:"].map { Array($0.utf8) }

    /// The first letters of `uncitableSchemes`, as bits (`letter & 63`).
    static let uncitableSchemeStarts: UInt64 = uncitableSchemes.reduce(0) { $0 | 1 << UInt64($1[0] & 63) }

    /// `url` up to its first `#`.
    static func withoutFragment(_ url: String) -> Substring.UTF8View {
        let end = url.utf8.firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex
        return url[..<end].utf8
    }

    /// The page's own addresses (canonical, source) without fragments: links to them are links
    /// to the page itself.
    static func ownPages(of metadata: DocumentMetadata) -> [[UInt8]] {
        [metadata.canonicalURL, metadata.sourceURL].compactMap { own in
            guard let own, !own.isEmpty else { return nil }
            return Array(withoutFragment(own))
        }
    }

    /// Writes an end-matter list after the content, after a blank line and without the prefixes
    /// of the content's last block: `write` writes each item on its line, marked as the end-matter
    /// entry `entry(k)` of its position `k`.
    private mutating func writeEndMatter<Item>(_ items: [Item], entry: (Int) -> EndMatterEntry,
                                               _ write: (inout Self, Item) -> Void) {
        guard !items.isEmpty else { return }
        w.prefix.removeAll()
        w.blankLine()
        for (k, item) in items.enumerated() {
            w.marks?.start(entry(k).id, kind: .entryStart)
            write(&self, item)
            w.marks?.end(entry(k).id, at: w.bytes.count, kind: .entryEnd)
            w.cr()
        }
    }

    /// Lists the images of `images=end` after the content, one per line.
    mutating func writeEndImages() {
        writeEndMatter(endImages, entry: EndMatterEntry.image) { writer, image in
            // `![alt](source "title")`: the first byte as a marker, the rest appended after it.
            writer.w.marker(CollectionOfOne(UInt8(ascii: "!")))
            let turndown = writer.options.escaping == .turndown
            let written = turndown ? writer.destinationAndTitle(image.source, image.title) : ""
            writer.w.extendMarker { bytes in
                bytes.append(UInt8(ascii: "["))
                bytes.append(contentsOf: Self.escapeLinkText(Array(image.alt.utf8)))
                bytes.append(UInt8(ascii: "]"))
                bytes.append(UInt8(ascii: "("))
                if turndown {
                    bytes.append(contentsOf: written.utf8)
                } else {
                    Self.appendLinkDestination(image.source, to: &bytes)
                    Self.appendLinkTitle(image.title, to: &bytes)
                }
                bytes.append(UInt8(ascii: ")"))
            }
        }
    }

    /// Lists the reference definitions (and citations) after the content, one per line.
    mutating func writeReferenceDefinitions() {
        writeEndMatter(references, entry: EndMatterEntry.reference) { writer, r in
            writer.writeReferenceDefinition(r)
        }
    }

    /// Writes one reference definition: `[label]: destination "title"`.
    private mutating func writeReferenceDefinition(_ r: ReferenceDefinition) {
        // The first byte as a marker (it ends the line before and resolves the entry's start
        // mark); the rest of the line is appended after it.
        w.marker(CollectionOfOne(UInt8(ascii: "[")))
        let turndown = options.escaping == .turndown
        let written = turndown && !r.destination.isEmpty ? destinationAndTitle(r.destination, r.title) : ""
        w.extendMarker { bytes in
            bytes.append(contentsOf: r.label.utf8)
            bytes.append(contentsOf: Self.referenceDefinitionColon)
            if r.destination.isEmpty {
                // An empty destination (`<>`) must be spelled out for the definition to be one.
                bytes.append(UInt8(ascii: "<"))
                bytes.append(UInt8(ascii: ">"))
                Self.appendLinkTitle(r.title, to: &bytes)
            } else if !turndown {
                Self.appendLinkDestination(r.destination, to: &bytes)
                Self.appendLinkTitle(r.title, to: &bytes)
            } else {
                bytes.append(contentsOf: written.utf8)
            }
        }
    }

    /// What follows a reference definition's label.
    static let referenceDefinitionColon: [UInt8] = Array("]: ".utf8)

    /// Images write their alternative text as inline Markdown inside `![…]`, so alt text with
    /// emphasis or links reads back the same.
    mutating func enterImage(_ i: Int32) -> Bool {
        guard case .image(let imageSource, let title, let size) = document.kind(at: i) else { return false }
        let source = safeURL(imageSource, attribute: "src")
        if options.images == .drop {
            linkDepth += 1  // `exitLink` comes for it too
            return false
        }
        if options.images == .end && !source.isEmpty {
            let entry = endImageSources.number(of: source, next: endImages.count)
            if entry == endImages.count {
                endImages.append((document[NodeID(index: i)].plainText, source, title))
            }
            noteEndMatterUse(.image(entry))
        }
        if writesAltTextOnly(i) {
            // Its alt text (the children) is written as the text around it, escaped as that is
            // (not as a link's text, where `www.` makes no autolink).
            return true
        }
        if let size, size.width != nil || size.height != nil, options.imageSize == .html {
            writeImage(i)
            linkDepth += 1  // `exitLink` comes for it too
            return false
        }
        let close = linkClose(source, title, then: imageAttributes(i, size: size))
        openDelimiter(i, open: Array("![".utf8), close: close)
        linkDepth += 1
        inImage = true
        if records.firstChild(i) < 0 { flushInlinePending() }
        return true
    }

    mutating func writeImage(_ i: Int32) {
        guard case .image(let imageSource, let title, let size) = document.kind(at: i) else { return }
        let source = safeURL(imageSource, attribute: "src")
        let alt = document[NodeID(index: i)].plainText
        if let size, size.width != nil || size.height != nil, options.imageSize == .html {
            var html = ByteOutput()
            html.append("<img src=\"")
            HTMLEscaping.escapeText(source, into: &html)
            html.append("\" alt=\"")
            HTMLEscaping.escapeText(alt, into: &html)
            html.append("\"")
            if !title.isEmpty {
                html.append(" title=\"")
                HTMLEscaping.escapeText(title, into: &html)
                html.append("\"")
            }
            if let width = size.width { html.append(" width=\"\(width)\"") }
            if let height = size.height { html.append(" height=\"\(height)\"") }
            html.append(" />")
            // A line end inside the tag could make a blank line, which ends the paragraph and
            // leaves the alt text to be read as Markdown.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(html.bytes.count)
            for b in html.bytes {
                if b == 0x0A { bytes += Array("&#10;".utf8) } else if b == 0x0D { bytes += Array("&#13;".utf8) } else { bytes.append(b) }
            }
            writeContent(bytes)
            return
        }
        var text: [UInt8] = Array("![".utf8)
        text += Self.escapeLinkText(Array(alt.utf8))
        text += linkClose(source, title, then: imageAttributes(i, size: size))
        writeContent(text)
    }

    /// pandoc's attributes after an image under `imageSize=symbol`: its size, preceded in pandoc's
    /// dialect (`escaping=pandoc`) by its id, classes and other attributes as for a span,
    /// `{#logo .wide width="100" height="50"}` (as pandoc writes an HTML image); empty when it
    /// has none, and under other policies.
    func imageAttributes(_ i: Int32, size: ImageSize?) -> String {
        guard options.imageSize == .symbol else { return "" }
        var attributes: [String] = []
        if options.escaping == .pandoc, let kept = pandocAttributes(i) { attributes.append(String(kept.dropFirst().dropLast())) }
        if let width = size?.width { attributes.append("width=\"\(width)\"") }
        if let height = size?.height { attributes.append("height=\"\(height)\"") }
        return attributes.isEmpty ? "" : "{" + attributes.joined(separator: " ") + "}"
    }

    /// What closes an inline link or image: `](`, its destination and title
    /// (`destinationAndTitle`), `)` and `suffix` (pandoc attributes), as bytes. Built without a
    /// `String` in the common case (CommonMark escaping).
    mutating func linkClose(_ destination: String, _ title: String, then suffix: String) -> [UInt8] {
        var close: [UInt8] = []
        close.reserveCapacity(destination.utf8.count + title.utf8.count + suffix.utf8.count + 8)
        close.append(UInt8(ascii: "]"))
        close.append(UInt8(ascii: "("))
        if options.escaping == .turndown {
            close.append(contentsOf: destinationAndTitle(destination, title).utf8)
        } else {
            Self.appendLinkDestination(destination, to: &close)
            Self.appendLinkTitle(title, to: &close)
        }
        close.append(UInt8(ascii: ")"))
        if !suffix.isEmpty { close.append(contentsOf: suffix.utf8) }
        return close
    }

    /// A link's or image's destination and title as written inside `(…)`: CommonMark's exact
    /// forms, or turndown's with `escaping=turndown` (`(`, `)`, `<`, `>` backslash-escaped,
    /// `<…>` around a destination with a space, line ends in titles kept as line ends; unlike
    /// turndown, `&` that would start a character reference is written `&amp;`, or
    /// `&#106;avascript:` would be read as `javascript:`).
    mutating func destinationAndTitle(_ destination: String, _ title: String) -> String {
        guard options.escaping == .turndown else { return Self.linkDestination(destination) + Self.linkTitle(title) }
        var out = ""
        var hasSpace = false
        let destinationBytes = Array(destination.utf8)[...]
        var offset = 0
        for c in destination.unicodeScalars {
            defer { offset += UTF8.width(c) }
            switch c {
            // (A backslash is escaped too, which turndown does not do: it would escape what follows.)
            case "(", ")", "<", ">", "\\": out += "\\" + String(c)
            case "&" where MarkdownTextEscaper.startsEntity(destinationBytes, at: offset): out += "&amp;"
            case " ": hasSpace = true; out.unicodeScalars.append(c)
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(c)
            }
        }
        if hasSpace {
            // As in `linkDestination`: a bracketed destination that could read as an open tag
            // with attributes is written with its spaces percent-encoded instead.
            if Self.readsAsOpenTag(destinationBytes) { out = out.replacingOccurrences(of: " ", with: "%20") } else { out = "<" + out + ">" }
        }
        guard !title.isEmpty else { return out }
        // turndown's cleanAttribute: a run of line ends and the whitespace after it is one line
        // end; the line goes on at the container's indentation.
        // Unless `unsafe`, what starts such a line is escaped where it could start a block (a
        // `<script` there would be an HTML block, a `#` a heading ending the link): ASCII
        // punctuation, and the `.` or `)` after digits.
        let indent = String(decoding: w.prefix, as: UTF8.self)
        var t = ""
        var inBreak = false
        var lineStart = false
        var inDigits = false
        for c in title.unicodeScalars {
            if c == "\n" || c == "\r" { inBreak = true; continue }
            if inBreak {
                if c == " " || c == "\t" { continue }
                t += "\n" + indent
                inBreak = false
                lineStart = !options.unsafe
            }
            if lineStart {
                lineStart = false
                if c.isASCII && MarkdownTextEscaper.isASCIIPunctuation(UInt8(c.value)) && c != "\"" { t += "\\" }
                inDigits = c.isASCII && c.properties.numericType != nil
            } else if inDigits {
                if c == "." || c == ")" { t += "\\" }
                inDigits = c.isASCII && c.properties.numericType != nil
            }
            if c == "\"" || (c == "<" && !t.hasSuffix("\\")) { t += "\\" }
            t.unicodeScalars.append(c)
        }
        if inBreak { t += "\n" + indent }
        return out + " \"" + t + "\""
    }

    /// The URL as written, or empty when the writer's policy does not allow it (`javascript:`,
    /// `vbscript:`, `file:`, non-image `data:`; see `SanitizerPolicy.allowsURL`), unless `unsafe`.
    func safeURL(_ url: String, attribute: String) -> String {
        policy.allowsURL(url, attribute: attribute) ? url : ""
    }

    /// Raw HTML as the writer passes it on with `rawHTML=keep`: as written when the policy
    /// vouches for it (or with `unsafe`), else cleaned (`SanitizerPolicy.sanitize(rawHTML:)`).
    func keptRawHTML(_ raw: [UInt8]) -> [UInt8] {
        policy.vouchesFor(rawHTML: raw) ? raw : policy.sanitize(rawHTML: raw)
    }

    /// Escapes text inside `[...]` (alt text): brackets, backslashes, backticks and emphasis marks.
    static func escapeLinkText(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for b in text {
            switch b {
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"),
                 UInt8(ascii: "_"), UInt8(ascii: "<"):
                out.append(0x5C)
                out.append(b)
            case 0x0A:
                out.append(0x20)
            default:
                out.append(b)
            }
        }
        return out
    }

    /// Whether `<destination>` reads back as this destination: a scheme of 2 to 32 ASCII letters,
    /// digits, `+`, `.` or `-` starting with a letter, then no spaces, controls, `<` or `>`, and no
    /// `&` that would start a character reference (cmark decodes those in autolinks).
    static func isAutolinkable(_ destination: String) -> Bool {
        let bytes = Array(destination.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon >= 2, colon <= 32 else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        guard isLetter(bytes[0]) else { return false }
        for b in bytes[..<colon] where !(isLetter(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+")
                                         || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")) {
            return false
        }
        let slice = bytes[...]
        for k in bytes.indices {
            let b = bytes[k]
            if b <= 0x20 || b == 0x7F || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") { return false }
            if b == UInt8(ascii: "&") && MarkdownTextEscaper.startsEntity(slice, at: k) { return false }
            // Non-ASCII whitespace (U+0085, U+00A0, U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000).
            if b == 0xC2 && k + 1 < bytes.count && (bytes[k + 1] == 0x85 || bytes[k + 1] == 0xA0) { return false }
            if b == 0xE2 && k + 2 < bytes.count && ((bytes[k + 1] == 0x80 && (bytes[k + 2] <= 0x8A || bytes[k + 2] == 0xA8
                || bytes[k + 2] == 0xA9 || bytes[k + 2] == 0xAF)) || (bytes[k + 1] == 0x81 && bytes[k + 2] == 0x9F)) { return false }
            if b == 0xE3 && k + 2 < bytes.count && bytes[k + 1] == 0x80 && bytes[k + 2] == 0x80 { return false }
        }
        return true
    }

    /// A link destination, in `<…>` when it has spaces, controls or unbalanced parentheses.
    /// Backslashes are escaped, and `&` that would start a character reference is written
    /// `&amp;` (cmark decodes references before backslash escapes, so `\&` would not do).
    static func linkDestination(_ destination: String) -> String {
        if destination.isEmpty || writesAsItIs(destination) { return destination }
        return escapedLinkDestination(destination)
    }

    /// Appends `linkDestination(destination)` to `out`: the destination's bytes as they are in
    /// the common case, without a `String` in between.
    static func appendLinkDestination(_ destination: String, to out: inout [UInt8]) {
        if destination.isEmpty || writesAsItIs(destination) {
            out.append(contentsOf: destination.utf8)
        } else {
            out.append(contentsOf: escapedLinkDestination(destination).utf8)
        }
    }

    /// `linkDestination` for a destination that does not write as it is.
    private static func escapedLinkDestination(_ destination: String) -> String {
        let bytes = Array(destination.utf8)[...]
        var depth = 0
        var balanced = true
        var needsBrackets = false
        for b in bytes {
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") { depth -= 1; if depth < 0 { balanced = false } }
            if b <= 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") { needsBrackets = true }
        }
        if depth != 0 { balanced = false }
        var bracketed = needsBrackets || !balanced || bytes.first == UInt8(ascii: "<")
        // `<img src=x onerror=…>` in brackets is a live tag wherever the link around it does not
        // parse (its text holding blocks): such a destination is written without brackets, its
        // spaces and controls percent-encoded and its parentheses escaped.
        let tagLike = bracketed && Self.readsAsOpenTag(bytes)
        if tagLike { bracketed = false }
        var out: [UInt8] = bracketed ? [UInt8(ascii: "<")] : []
        for k in bytes.indices {
            let b = bytes[k]
            switch b {
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case UInt8(ascii: "<"), UInt8(ascii: ">"): out += [0x5C, b]
            case let paren where tagLike && (paren == UInt8(ascii: "(") || paren == UInt8(ascii: ")")): out += [0x5C, paren]
            case let control where control <= 0x20 && tagLike: out += Array(Self.percentEncoded(control).utf8)
            case UInt8(ascii: "&") where MarkdownTextEscaper.startsEntity(bytes, at: k): out += Array("&amp;".utf8)
            case 0x0A: out += Array("%0A".utf8)
            case 0x0D: out += Array("%0D".utf8)
            default: out.append(b)
            }
        }
        if bracketed { out.append(UInt8(ascii: ">")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `linkDestination` writes `destination` unchanged (most URLs): no space, control,
    /// `<`, `>` or backslash, balanced parentheses, no `&` that starts a character reference.
    static func writesAsItIs(_ destination: String) -> Bool {
        var destination = destination
        let special = destinationSpecialBytes
        return destination.withUTF8 { bytes in
            var depth = 0
            /// Whether byte `k` leaves the destination as it is (`depth` counts parentheses).
            func keeps(_ k: Int) -> Bool {
                switch bytes[k] {
                case 0...0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"): return false
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"): depth -= 1; if depth < 0 { return false }
                case UInt8(ascii: "&"): if MarkdownTextEscaper.startsEntity(bytes, at: k) { return false }
                default: break
                }
                return true
            }
            var k = 0
            if let base = bytes.baseAddress {
                // Eight bytes at a time; a word that may hold one of the bytes is read byte by byte.
                while k + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
                    if Self.mayHoldDestinationSpecial(word) {
                        for j in k..<(k + 8) where special[Int(bytes[j])] {
                            if !keeps(j) { return false }
                        }
                    }
                    k += 8
                }
            }
            while k < bytes.count {
                if special[Int(bytes[k])], !keeps(k) { return false }
                k += 1
            }
            return depth == 0
        }
    }

    /// Whether any byte of `word` (eight bytes) may be one `destinationSpecialBytes` holds: below
    /// `0x21`, or `<`, `>`, backslash, a parenthesis or `&` (never false for a word that holds
    /// one; sometimes true for one that does not).
    @inline(__always)
    static func mayHoldDestinationSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ c: UInt64) -> UInt64 {
            let x = word ^ (ones &* c)
            return (x &- ones) & ~x & highs
        }
        let below = (word &- ones &* 0x21) & ~word & highs
        return below | has(0x3C) | has(0x3E) | has(0x5C) | has(0x28) | has(0x29) | has(0x26) != 0
    }

    /// The bytes `writesAsItIs` looks at (the others are written as they are, whatever comes
    /// around them): controls and space, `<`, `>`, backslash, parentheses and `&`.
    private static let destinationSpecialBytes: [Bool] = (0..<256).map { b in
        b <= 0x20 || b == 0x3C || b == 0x3E || b == 0x5C || b == 0x28 || b == 0x29 || b == 0x26
    }

    /// Whether `<` + `destination` + `>` could read as an HTML open tag with attribute values
    /// (an ASCII letter first, an `=` inside): the only bracketed form that could carry an event
    /// handler if the link around it did not parse.
    static func readsAsOpenTag(_ destination: ArraySlice<UInt8>) -> Bool {
        guard let first = destination.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return destination.contains(UInt8(ascii: "="))
    }

    /// `%XX` for a byte.
    static func percentEncoded(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    /// ` "title"` with quotes and backslashes escaped and `&` that would start a character
    /// reference written `&amp;`, or nothing. Line ends are written as `&#10;`/`&#13;`: a blank line inside the
    /// title would end the paragraph, and references are decoded in titles.
    static func linkTitle(_ title: String) -> String {
        if title.isEmpty { return "" }
        var out: [UInt8] = []
        appendLinkTitle(title, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `linkTitle(title)` to `out` (nothing for no title).
    static func appendLinkTitle(_ title: String, to out: inout [UInt8]) {
        if title.isEmpty { return }
        var title = title
        title.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 8)
            out.append(0x20)
            out.append(UInt8(ascii: "\""))
            var runStart = 0
            for k in 0 ..< bytes.count {
                let b = bytes[k]
                let replacement: StaticString
                switch b {
                // `<` too: where the link around the title does not parse, the title is text, and
                // `<body onload=…>` in it must not become a tag.
                case UInt8(ascii: "\""): replacement = "\\\""
                case UInt8(ascii: "\\"): replacement = "\\\\"
                case UInt8(ascii: "<"): replacement = "\\<"
                case UInt8(ascii: "&") where MarkdownTextEscaper.startsEntity(bytes, at: k): replacement = "&amp;"
                case 0x0A: replacement = "&#10;"
                case 0x0D: replacement = "&#13;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< k]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = k + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            out.append(UInt8(ascii: "\""))
        }
    }

}
