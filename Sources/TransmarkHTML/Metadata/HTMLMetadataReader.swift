import TransmarkCore

/// Collects what a page says about itself while the tree builder reads it, and makes the
/// document's `DocumentMetadata` of it at the end.
///
/// Sources, best first for each field: JSON-LD's main entity, OpenGraph (`og:`, `article:`),
/// Twitter cards, plain `<meta name>` (`description`, `author`, `date`, Dublin Core), microdata
/// (`itemprop` on `meta`, `link` and `time`), then `<title>`, `<html lang>`,
/// `<link rel="canonical">`. URLs are resolved against `<base href>` when it is absolute.
/// Everything read is bounded by the page: one pass, no recursion, nothing kept but the values.
struct HTMLMetadataReader {
    /// What the text being captured belongs to.
    enum Capture { case none, title, jsonLD }

    private(set) var capture = Capture.none
    private var captured: [UInt8] = []
    private var title: String?
    private var language: String?
    private var baseHref: String?
    private var canonical: String?
    /// `<meta>` values by lowercased `name`, `property` or `itemprop` (the first of each wins).
    private var metas: [String: String] = [:]
    private var jsonLD: [[UInt8]] = []

    /// Whether `element` can carry metadata (the only start tags `startTag` needs to see).
    @inline(__always)
    static func isMetadataElement(_ element: HTMLElement) -> Bool {
        switch element {
        case .html, .title, .meta, .link, .base, .script, .time: true
        default: false
        }
    }

    /// Reads a start tag of a metadata element. `inForeignContent`: inside `svg` or `math`, whose
    /// `title` is no document title.
    mutating func startTag(_ tag: HTMLStartTag, element: HTMLElement, inForeignContent: Bool) {
        switch element {
        case .html:
            if language == nil, let lang = tag.attribute("lang").map(Self.collapsed), !lang.isEmpty { language = lang }
        case .title:
            if title == nil && !inForeignContent && !tag.isSelfClosing { begin(.title) }
        case .base:
            if baseHref == nil, let href = tag.attribute("href") { baseHref = Self.collapsed(href) }
        case .link:
            if canonical == nil, let rel = tag.index(of: "rel"), Self.namesCanonical(tag.value(at: rel)),
               let href = tag.attribute("href") {
                canonical = Self.collapsed(href)
            }
            if let prop = tag.attribute("itemprop"), let href = tag.attribute("href") { remember(prop, href) }
        case .meta:
            guard let content = tag.index(of: "content") else {
                if let prop = tag.attribute("itemprop"), let value = tag.attribute("value") { remember(prop, value) }
                return
            }
            for name: StaticString in ["name", "property", "itemprop"] {
                if let key = tag.attribute(name) { remember(key, tag.value(at: content)) }
            }
            if let equiv = tag.attribute("http-equiv"), equiv.lowercased() == "content-language" {
                remember("content-language", tag.value(at: content))
            }
        case .time:
            if let prop = tag.attribute("itemprop"), let datetime = tag.attribute("datetime") { remember(prop, datetime) }
        case .script:
            if !tag.isSelfClosing, let type = tag.attribute("type"),
               Self.collapsed(type).lowercased().hasPrefix("application/ld+json") {
                begin(.jsonLD)
            }
        default:
            break
        }
    }

    private mutating func begin(_ what: Capture) {
        capture = what
        captured.removeAll(keepingCapacity: true)
    }

    /// Keeps text of the `title` or JSON-LD script being read.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        captured.append(contentsOf: bytes)
    }

    /// Ends the capture at the end tag of `element` (or at the end of input).
    mutating func endTag(_ element: HTMLElement) {
        switch (capture, element) {
        case (.title, .title):
            title = Self.collapsed(String(decoding: captured, as: UTF8.self))
        case (.jsonLD, .script):
            jsonLD.append(captured)
        default:
            return
        }
        capture = .none
        captured = []
    }

    /// The `<meta>` names and properties `metadata()` reads; others are not kept.
    private static let wantedKeys: Set<String> = [
        "og:site_name", "application-name", "twitter:site:name", "og:title", "twitter:title", "title", "dc.title",
        "headline", "name", "og:description", "description", "twitter:description", "dc.description", "author",
        "article:author", "dc.creator", "byl", "sailthru.author", "parsely-author", "article:published_time",
        "datepublished", "date", "pubdate", "publish-date", "publish_date", "dc.date", "dc.date.issued",
        "dcterms.created", "og:published_time", "sailthru.date", "parsely-pub-date", "article:modified_time",
        "datemodified", "og:updated_time", "last-modified", "dcterms.modified", "content-language", "og:locale",
        "inlanguage", "og:url", "url", "og:image", "og:image:url", "og:image:secure_url", "twitter:image",
        "twitter:image:src", "image", "og:type",
    ]

    private mutating func remember(_ key: String, _ value: UnsafeBufferPointer<UInt8>) {
        let key = Self.collapsed(key).lowercased()
        guard Self.wantedKeys.contains(key), metas[key] == nil else { return }
        let value = Self.collapsed(String(decoding: value, as: UTF8.self))
        if !value.isEmpty { metas[key] = value }
    }

    private mutating func remember(_ key: String, _ value: String) {
        var value = value
        value.withUTF8 { remember(key, $0) }
    }

    /// Whether a `rel` value lists `canonical` (ASCII case-insensitively, among space-separated tokens).
    private static func namesCanonical(_ rel: UnsafeBufferPointer<UInt8>) -> Bool {
        let word = Array("canonical".utf8)
        var i = 0
        while i < rel.count {
            while i < rel.count, rel[i] <= 0x20 { i += 1 }
            let start = i
            while i < rel.count, rel[i] > 0x20 { i += 1 }
            if i - start == word.count && (0 ..< word.count).allSatisfy({ rel[start + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// The metadata read, fields in the order of `DocumentMetadata.Key`'s list.
    func metadata() -> DocumentMetadata {
        let ld = JSONLDMetadata(scripts: jsonLD)
        func meta(_ keys: String...) -> String? {
            for key in keys { if let value = metas[key] { return value } }
            return nil
        }
        var result = DocumentMetadata()
        let site = meta("og:site_name") ?? ld.siteName ?? meta("application-name", "twitter:site:name")
        let canonicalURL = resolved(canonical ?? meta("og:url") ?? ld.url ?? metas["url"])
        let host = canonicalURL.flatMap { URLReference($0).authority }
        result.title = (meta("og:title") ?? ld.title(closestTo: title) ?? meta("twitter:title", "title", "dc.title", "headline", "name") ?? title)
            .map { Self.withoutSiteName($0, site: site, host: host) }
        result.description = meta("og:description", "description", "twitter:description", "dc.description") ?? ld.description
        var authors = ld.authors
        if authors.isEmpty {
            for key in ["author", "article:author", "dc.creator", "byl", "sailthru.author", "parsely-author"] {
                if let value = metas[key], !Self.isURL(value) {
                    authors = [value.hasPrefix("By ") || value.hasPrefix("by ") ? String(value.dropFirst(3)) : value]
                    break
                }
            }
        }
        result.authors = authors
        result.published = ld.published ?? meta("article:published_time", "datepublished", "date", "pubdate",
                                                "publish-date", "publish_date", "dc.date", "dc.date.issued",
                                                "dcterms.created", "og:published_time", "sailthru.date", "parsely-pub-date")
        result.modified = ld.modified ?? meta("article:modified_time", "datemodified", "og:updated_time", "last-modified", "dcterms.modified")
        result.siteName = site
        result.language = language ?? metas["content-language"].map { String($0.split(separator: ",")[0]) }
            ?? metas["og:locale"].map { $0.replacingUnderscores() } ?? ld.language ?? metas["inlanguage"]
        result.canonicalURL = canonicalURL
        result.image = resolved(meta("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src") ?? ld.image ?? metas["image"])
        result.pageKind = ld.kind ?? metas["og:type"].map { $0.lowercased() }
        result.baseURL = baseHref
        return result
    }

    /// `url` resolved against an absolute `<base href>`.
    private func resolved(_ url: String?) -> String? {
        guard let url else { return nil }
        guard let base = baseHref.map(URLReference.init), base.isAbsolute else { return url }
        return URLReference(url).resolved(against: base).description
    }

    /// `"Headline | Site"` → `"Headline"` when the part after the last separator (or before the
    /// first) is the site's name or a name in the host (`Python - Wikipedia` on
    /// `en.wikipedia.org`), and the rest is not empty.
    static func withoutSiteName(_ title: String, site: String?, host: String?) -> String {
        func isSite(_ part: Substring) -> Bool {
            let name = part.lowercased()
            if let site, name == site.lowercased() { return true }
            guard let host = host?.lowercased(), name.count >= 3, name.split(separator: " ").count <= 3 else { return false }
            let squeezed = name.filter { $0.isLetter || $0.isNumber }
            return !squeezed.isEmpty && host.split(separator: ".").contains { $0 == squeezed }
        }
        let bytes = Array(title.utf8)
        for separator in [" | ", " - ", " – ", " — ", " · ", " :: "] {
            let sep = Array(separator.utf8)
            guard bytes.count > sep.count else { continue }
            var starts: [Int] = []
            for i in 0 ... bytes.count - sep.count where bytes[i] == sep[0] && Array(bytes[i ..< i + sep.count]) == sep {
                starts.append(i)
            }
            if let last = starts.last, last > 0,
               isSite(Substring(String(decoding: bytes[(last + sep.count)...], as: UTF8.self))) {
                return String(decoding: bytes[..<last], as: UTF8.self)
            }
            if let first = starts.first, first + sep.count < bytes.count,
               isSite(Substring(String(decoding: bytes[..<first], as: UTF8.self))) {
                return String(decoding: bytes[(first + sep.count)...], as: UTF8.self)
            }
        }
        return title
    }

    private static func isURL(_ value: String) -> Bool { value.hasPrefix("http://") || value.hasPrefix("https://") }

    /// `text` with runs of whitespace made one space and both ends trimmed.
    static func collapsed(_ text: String) -> String {
        // Most values have no white space to collapse: they are returned as they are.
        var clean = true
        var previousSpace = true
        for b in text.utf8 {
            let space = b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C
            if space && previousSpace || (space && b != 0x20) || b == 0xC2 { clean = false; break }
            previousSpace = space
        }
        if clean && !previousSpace { return text }
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" || scalar == "\u{A0}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

private extension String {
    /// `en_US` → `en-US`.
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
