import TransmarkCore

// Images and embedded media: which source a reader sees (see Docs/html-reader.md, "Media").
extension HTMLTreeBuilder {
    // MARK: Images

    /// The source of an `img` a reader sees, in order: a lazy loader's attribute (`data-src`,
    /// `data-lazy-src`, `data-original`: the script puts it into `src`); `src` unless it is a
    /// placeholder (a `data:` URI or `about:blank` while something else is given); the largest
    /// candidate of `data-srcset`, `data-lazy-srcset` or `srcset`; the first `srcset` of the
    /// enclosing `picture`'s `source`s (`pictureSource`); then a placeholder `src` as the last
    /// resort. URLs that can run code (`javascript:`, …) are skipped. Nil when there is none;
    /// `isSrc` tells whether it is the `src` attribute's (not a lazy loader's or a `srcset`'s).
    static func imageSource(_ tag: HTMLStartTag, pictureSource: String?) -> (url: String, isSrc: Bool)? {
        for name: StaticString in ["data-src", "data-lazy-src", "data-original"] {
            if let value = usableURL(tag.attribute(name)) { return (value, false) }
        }
        let src = usableURL(tag.attribute("src"))
        if let src, !isPlaceholder(src) { return (src, true) }
        for name: StaticString in ["data-srcset", "data-lazy-srcset", "srcset"] {
            if let value = tag.attribute(name), let best = largestCandidate(srcset: value) { return (best, false) }
        }
        if let pictureSource { return (pictureSource, false) }
        return src.map { ($0, true) }
    }

    /// A URL attribute's value trimmed of whitespace, or nil when empty or able to run code.
    static func usableURL(_ value: String?) -> String? {
        guard let value else { return nil }
        let bytes = value.utf8
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) }) else { return nil }
        let trimmed = start == bytes.startIndex && last == bytes.index(before: bytes.endIndex)
            ? value : String(decoding: bytes[start ... last], as: UTF8.self)
        return isScript(trimmed) ? nil : trimmed
    }

    /// Whether a URL runs code or shows a page as an image would not (`javascript:`,
    /// `vbscript:`, `data:text/html`).
    static func isScript(_ url: String) -> Bool {
        guard URLSafety.isDangerous(url) else { return false }
        var prefix = ""
        for b in url.utf8.prefix(24) where b > 0x20 { prefix.append(Character(Unicode.Scalar(ASCII.lowercased(b)))) }
        return prefix.hasPrefix("javascript:") || prefix.hasPrefix("vbscript:") || prefix.hasPrefix("data:text/html")
    }

    /// Whether an image `src` is a stand-in that a lazy loader or `srcset` replaces: a `data:`
    /// URI (a blank or blurred pixel) or `about:blank`.
    static func isPlaceholder(_ src: String) -> Bool {
        let bytes = Array(src.utf8.prefix(11)).map(ASCII.lowercased)
        return bytes.starts(with: "data:".utf8) || bytes.starts(with: "about:blank".utf8)
    }

    /// The candidate of a `srcset` a reader with the largest screen sees: the largest width
    /// (`800w`), else the highest density (`2x`; a candidate without descriptor is `1x`). Parsed
    /// as the WHATWG algorithm reads candidates (a URL, then descriptors up to a comma outside
    /// parentheses; commas ending a URL end the candidate). Unusable URLs are skipped.
    static func largestCandidate(srcset: String) -> String? {
        let p = Array(srcset.utf8)
        let n = p.count
        var i = 0
        var best: (url: String, width: Double, density: Double)?
        while i < n {
            while i < n && (isSpace(p[i]) || p[i] == UInt8(ascii: ",")) { i += 1 }
            guard i < n else { break }
            let urlStart = i
            while i < n && !isSpace(p[i]) { i += 1 }
            var urlEnd = i
            var hasDescriptors = true
            if urlEnd > urlStart && p[urlEnd - 1] == UInt8(ascii: ",") {
                while urlEnd > urlStart && p[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
                hasDescriptors = false
            }
            var width = 0.0
            var density = 1.0
            if hasDescriptors {
                var depth = 0
                var token: [UInt8] = []
                func takeDescriptor() {
                    guard let unit = token.last else { return }
                    let number = Double(String(decoding: token.dropLast(), as: UTF8.self)) ?? 0
                    switch unit | 0x20 {
                    case UInt8(ascii: "w"): width = number
                    case UInt8(ascii: "x"): density = number
                    default: break
                    }
                    token.removeAll()
                }
                while i < n {
                    let c = p[i]
                    if c == UInt8(ascii: "(") { depth += 1 }
                    if c == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                    if c == UInt8(ascii: ",") && depth == 0 { i += 1; break }
                    if isSpace(c) { takeDescriptor() } else { token.append(c) }
                    i += 1
                }
                takeDescriptor()
            }
            guard urlEnd > urlStart,
                  let url = usableURL(String(decoding: p[urlStart ..< urlEnd], as: UTF8.self)) else { continue }
            if let current = best {
                let larger = width > 0 || current.width > 0 ? width > current.width : density > current.density
                if larger { best = (url, width, density) }
            } else {
                best = (url, width, density)
            }
        }
        return best?.url
    }

    // MARK: Video, audio, iframe, embed, object

    /// The URL an embedding element plays or shows: `src` (lazy `data-src` for `iframe`) or,
    /// for `object`, `data`; nil when there is none or it can run code.
    static func mediaSource(_ tag: HTMLStartTag, element: HTMLElement) -> String? {
        switch element {
        case .object: return usableURL(tag.attribute("data"))
        case .iframe: return usableURL(tag.attribute("src")).flatMap { isPlaceholder($0) ? nil : $0 }
            ?? usableURL(tag.attribute("data-src"))
        default: return usableURL(tag.attribute("src"))
        }
    }

    /// Writes a link to an embedded medium (`<video>`, `<audio>`, `<iframe>`, `<embed>`,
    /// `<object>`, or a `<source>` of a video or audio): its content is the video's poster image
    /// when there is one, else the element's `title` or `aria-label`, else the URL. `tag` gives
    /// the poster and title (the media element's). Returns the node that holds the label (the
    /// link, or its poster image), or nil when no link was written.
    @discardableResult
    mutating func writeMediaLink(to source: String, poster: String?, title: String?) -> Int32? {
        guard suppressDepth == 0 else { return nil }
        prepareInlineContent()
        let node = openNode(.link(destination: HTMLURLNormalization.normalized(source), title: ""),
                            attributes: .none, style: nil)
        guard node >= 0 else { return nil }
        var labelNode = node
        if let poster {
            let image = openNode(.image(source: HTMLURLNormalization.normalized(poster), title: "", size: nil),
                                 attributes: .none, style: nil)
            if let title { builder.text(title) }
            if image >= 0 {
                builder.close()
                labelNode = image
            }
        } else {
            builder.text(title ?? source)
        }
        builder.close()
        // A player or frame is a box of its own: the text after it does not run on.
        spacing = .pendingSpace
        return labelNode
    }

    /// Notes that the link just written for the media element at `stackIndex` is labelled with
    /// its URL or an untitled poster: if the element's fallback content turns out to be plain
    /// text, that text becomes the label when the element ends (`labelMediaLinkWithFallback`).
    mutating func awaitFallbackLabel(forMediaAt stackIndex: Int, labelNode: Int32, title: String?) {
        guard title == nil else { return }
        mediaLabels.append((Int32(stackIndex), labelNode))
    }

    /// When the media element being popped has a link waiting for its label: the plain text
    /// fallback that followed the link ("Download the video") becomes the link's text, or the
    /// poster's alternative text, as a reader that cannot play the medium is meant to see it.
    /// Fallback content that is more than plain text (a link, a block) stays where it is.
    mutating func labelMediaLinkWithFallback() {
        guard let pending = mediaLabels.last, pending.stackIndex >= Int32(stack.count) else { return }
        mediaLabels.removeLast()
        if builder.moveFollowingText(into: NodeID(pending.labelNode)) { spacing = .pendingSpace }
    }

    /// The label a media element gives itself: a non-blank `title` or `aria-label`.
    static func mediaTitle(_ tag: HTMLStartTag) -> String? {
        for name: StaticString in ["title", "aria-label"] {
            if let value = tag.attribute(name), value.utf8.contains(where: { !isSpace($0) }) {
                return WhitespaceCollapsing.collapsed(value)
            }
        }
        return nil
    }

    /// `<video>`, `<audio>`, `<object>`: a link to the source, then the fallback content as
    /// written (a browser that plays the medium does not show it, one that cannot does). Plain
    /// text fallback becomes the link's label instead when the element has no title.
    mutating func mediaStartTag(_ tag: HTMLStartTag, element: HTMLElement, key: Int32, traits t: HTMLElementTraits) {
        separateText()
        let title = Self.mediaTitle(tag)
        var labelNode: Int32?
        if linkedMediaDepth == 0, let source = Self.mediaSource(tag, element: element) {
            let poster = element == .video ? Self.usableURL(tag.attribute("poster")) : nil
            labelNode = writeMediaLink(to: source, poster: poster, title: title)
        }
        pushUnwrapped(element, key: key, traits: t)
        if let labelNode {
            stack[stack.count - 1].flags.insert(.mediaLinked)
            linkedMediaDepth += 1
            awaitFallbackLabel(forMediaAt: stack.count - 1, labelNode: labelNode, title: title)
        } else if element != .object {
            // Waits for a `<source>`; its poster and title are read again then.
            mediaTags.append((Int32(stack.count - 1), Self.usableURL(tag.attribute("poster")), title))
        }
    }

    /// `<source>`: the first one with a `src` in a video or audio that has no link yet gives it
    /// one; in a `picture`, the first one with a `srcset` is remembered for its `img`.
    mutating func sourceTag(_ tag: HTMLStartTag) {
        let media = max(top(.video), top(.audio))
        if media >= 0 && media >= top(.picture) {
            guard !stack[Int(media)].flags.contains(.mediaLinked), linkedMediaDepth == 0,
                  let pending = mediaTags.last, pending.stackIndex == media,
                  let source = Self.usableURL(tag.attribute("src")) else { return }
            if let labelNode = writeMediaLink(to: source, poster: pending.poster, title: pending.title) {
                awaitFallbackLabel(forMediaAt: Int(media), labelNode: labelNode, title: pending.title)
                stack[Int(media)].flags.insert(.mediaLinked)
                linkedMediaDepth += 1
            }
            return
        }
        if top(.picture) >= 0 && pictureSource == nil, let srcset = tag.attribute("srcset") ?? tag.attribute("data-srcset") {
            pictureSource = Self.largestCandidate(srcset: srcset)
        }
    }
}
