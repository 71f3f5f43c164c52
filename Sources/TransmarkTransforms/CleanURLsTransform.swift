@_spi(TransmarkStorage) import TransmarkCore

/// `clean-urls`: removes tracking parameters from link destinations, image sources and the
/// `href`, `src` and `srcset` attributes kept from HTML, and fragments that point nowhere.
///
/// Tracking parameters are those of ``trackingParameters`` (names compared without case; a name
/// ending in `*` is a prefix) and any the `parameters` option adds. Other parameters keep their
/// order and spelling; a query left empty loses its `?`.
///
/// A fragment points nowhere when it is a reference into the document itself (`#name`, or the
/// page's own canonical or source URL with a fragment) and no node of the document has that `id`
/// or `name`: the fragment is dropped, and a link left with no destination at all becomes its
/// text. Fragments of links to other pages are kept (they cannot be checked).
///
/// ```swift
/// let clean = try CleanURLsTransform().apply(to: page, options: .init())
/// ```
public struct CleanURLsTransform: Transform, URLRewritingTransform {
    /// The query parameters removed by default: campaign and click identifiers of ad, analytics
    /// and mail platforms (Google, Meta, Microsoft, Mailchimp, HubSpot, Marketo, Yandex,
    /// TikTok, Twitter/X, LinkedIn, Instagram, Adobe, Vero and others).
    public static let trackingParameters: [String] = [
        "utm_*", "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "gad_source", "msclkid",
        "mc_cid", "mc_eid", "_ga", "_gl", "igshid", "igsh", "yclid", "ysclid", "twclid", "ttclid",
        "li_fat_id", "mkt_tok", "_hsenc", "_hsmi", "__hstc", "__hssc", "__hsfp", "hsctatracking",
        "vero_id", "vero_conv", "oly_anon_id", "oly_enc_id", "rb_clickid", "s_cid", "wickedid",
        "epik", "_openstat", "srsltid", "si", "ref_src", "ref_url", "spm", "scm",
    ]

    /// The options of `clean-urls`.
    public struct Options: FormatOptions {
        // option: .list(accepted: "comma-separated parameter names (name* for a prefix)",
        //     summary: "more query parameters to remove, beside the built-in tracking list")
        /// More parameter names to remove (a name ending in `*` is a prefix).
        public var parameters: [String] = []
        // option: .bool(summary: "drop fragments (#x) that point to nothing in the document")
        /// Whether fragments that point nowhere in the document are dropped.
        public var fragments = true

        /// The defaults: the built-in list, fragments checked.
        public init() {}
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `clean-urls`.
    public var name: String { "clean-urls" }
    /// One line of help.
    public var summary: String { "Remove tracking parameters (utm_*, fbclid, gclid, …) and fragments that point nowhere from URLs." }

    /// Returns a copy of `document` with its URLs cleaned.
    public func apply(to document: Document, options: Options) throws -> Document {
        try applyingURLRewrite(to: document, options: options)
    }

    /// The document with its metadata cleaned (its `canonical` and `image` URLs), and the rewrite
    /// that cleans the rest.
    package func urlRewrite(for document: Document, options: Options) throws -> (document: Document, rewrite: URLRewrite) {
        let cleaner = Cleaner(parameters: Self.trackingParameters + options.parameters,
                              anchors: options.fragments ? AnchorSet(document) : nil,
                              ownPages: [document.metadata.canonicalURL, document.metadata.sourceURL].compactMap { $0 })
        var metadata = document.metadata
        if let canonical = metadata.canonicalURL, let clean = cleaner.clean(canonical, checkingFragment: false) { metadata.canonicalURL = clean }
        if let image = metadata.image, let clean = cleaner.clean(image, checkingFragment: false) { metadata.image = clean }
        let source = metadata == document.metadata ? document : document.withMetadata(metadata)
        return (source, URLRewrite(
            link: { cleaner.clean($0, checkingFragment: true) },
            image: { cleaner.clean($0, checkingFragment: false) },
            attributeNames: ["href", "src", "srcset"],
            attribute: { name, value -> String? in
                switch name {
                case "href", "src": cleaner.clean(value, checkingFragment: false)
                case "srcset": cleaner.clean(srcset: value)
                default: nil
                }
            }))
    }

    /// Every `id` and `name` in the document, read from the attribute bytes (no `String` each).
    ///
    /// The lists are read in the storage's order, not through the nodes (lists may be shared
    /// between nodes, and most nodes have none). A list the builder left unreferenced (an empty
    /// inline element it removed, whose attributes go on with the element it opened again)
    /// counts too: its ids were in the page.
    static func anchors(in document: Document) -> ByteStringTable {
        let storage = document.storage
        // Room for an id in every other list: a page grows the table once at most.
        var result = ByteStringTable(capacity: storage.attributeLists.count / 2)
        storage.attributeBytes.withUnsafeBufferPointer { bytes in
            for list in storage.attributeLists {
                for span in storage.attributeSpans[list.spans] {
                    // `id` and `name`, told by length first (most names are neither).
                    let start = Int(span.nameStart)
                    switch Int(span.valueStart) - start {
                    case 2: guard bytes[start] == 0x69, bytes[start + 1] == 0x64 else { continue }
                    case 4: guard bytes[start] == 0x6E, bytes[start + 1] == 0x61, bytes[start + 2] == 0x6D, bytes[start + 3] == 0x65 else { continue }
                    default: continue
                    }
                    result.insert(UnsafeBufferPointer(rebasing: bytes[span.value]))
                }
            }
        }
        return result
    }

    /// The anchors of a document (`anchors(in:)`), read when a fragment is first checked: most
    /// pages have no link into themselves with a fragment, and then none is read.
    final class AnchorSet {
        private let document: Document
        private var anchors: ByteStringTable?

        init(_ document: Document) { self.document = document }

        /// Whether an `id` or `name` is `name`'s bytes.
        func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            if anchors == nil { anchors = CleanURLsTransform.anchors(in: document) }
            return anchors!.index(of: name) != nil
        }

        /// Whether an `id` or `name` is `name`.
        func contains(_ name: String) -> Bool {
            var name = name
            return name.withUTF8 { contains($0) }
        }
    }

    struct Cleaner {
        let exact: Set<String>
        let prefixes: [String]
        /// The ids a fragment may name; nil: fragments are not checked.
        let anchors: AnchorSet?
        /// `exact` and `prefixes` as bytes, for `change`.
        let exactBytes: [[UInt8]]
        let prefixBytes: [[UInt8]]
        /// The lengths of `exactBytes`, as bits (63 and over share the last), and the shortest
        /// prefix: most parameter names are told apart from every tracking name by length alone.
        let exactLengths: UInt64
        let shortestPrefix: Int
        /// The page's own URLs without fragment.
        let ownPages: Set<Substring>
        /// `ownPages` as bytes, for `surelyKeepsFragment`.
        let ownPageBytes: [[UInt8]]

        init(parameters: [String], anchors: AnchorSet?, ownPages: [String]) {
            var exact: Set<String> = []
            var prefixes: [String] = []
            for p in parameters {
                let lower = p.lowercased()
                if lower.hasSuffix("*") { prefixes.append(String(lower.dropLast())) } else { exact.insert(lower) }
            }
            self.exact = exact
            self.prefixes = prefixes
            exactBytes = exact.map { Array($0.utf8) }
            prefixBytes = prefixes.map { Array($0.utf8) }
            exactLengths = exactBytes.reduce(0) { $0 | 1 << UInt64(min($1.count, 63)) }
            shortestPrefix = prefixBytes.map(\.count).min() ?? Int.max
            self.anchors = anchors
            self.ownPages = Set(ownPages.map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] })
            ownPageBytes = self.ownPages.map { Array($0.utf8) }
        }

        func isTracking(_ name: Substring) -> Bool {
            let lower = name.lowercased()
            return exact.contains(lower) || prefixes.contains { lower.hasPrefix($0) }
        }

        /// What `clean` may change in a URL, read from its bytes.
        enum Change {
            /// Nothing: no fragment to check and no tracking parameter (most URLs).
            case nothing
            /// At most the fragment, at byte offset `hash` (the `#`).
            case fragment(hash: Int)
            /// The query too (or the URL needs the general reading).
            case any
        }

        /// What `clean` may change in `url`: its fragment when there is one to check, and its
        /// query when a parameter's name is tracking (or is not ASCII, which `clean` compares
        /// after Unicode lowercasing). Most URLs have neither, and are not split.
        func change(_ url: String, checkingFragment: Bool) -> Change {
            var url = url
            return url.withUTF8 { bytes in
                let n = bytes.count
                var i = ByteScanner.firstIndex(in: bytes, from: 0, of: 0x3F, 0x23, 0x23)
                guard i < n else { return .nothing }
                while i < n, bytes[i] != 0x23 {
                    // `i` is at the `?` or `&` before a parameter: read its name.
                    let start = i + 1
                    var end = start
                    while end < n, bytes[end] != 0x3D, bytes[end] != 0x26, bytes[end] != 0x23 { end += 1 }
                    if isTracking(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return .any }
                    // `clean` trims spaces at the end of the URL: a name ending there in one is left to it.
                    if end == n, end > start, URLReference.isSpace(bytes[end - 1]) { return .any }
                    i = end
                    while i < n, bytes[i] != 0x26, bytes[i] != 0x23 { i += 1 }
                }
                return i < n && checkingFragment && anchors != nil ? .fragment(hash: i) : .nothing
            }
        }

        /// Whether a URL whose query stays as it is surely keeps its fragment (at byte offset
        /// `hash`), decided on its bytes: it points to another page, or to an anchor the page
        /// has. False leaves it to the general reading in `clean` (the fragment may go, or the URL
        /// has spaces at either end).
        func surelyKeepsFragment(_ url: String, hash: Int) -> Bool {
            guard let anchors else { return true }
            var url = url
            return url.withUTF8 { bytes in
                guard let first = bytes.first, let last = bytes.last,
                      !URLReference.isSpace(first), !URLReference.isSpace(last) else { return false }
                let page = UnsafeBufferPointer(rebasing: bytes[..<hash])
                let intoThisPage = hash == 0 || ownPageBytes.contains { own in
                    own.count == hash && own.withUnsafeBufferPointer { $0.elementsEqual(page) }
                }
                return !intoThisPage || anchors.contains(UnsafeBufferPointer(rebasing: bytes[(hash + 1)...]))
            }
        }

        /// Whether `clean(srcset:)` may change `srcset`: some candidate's query has a parameter
        /// whose name may be tracking. Names are read to the first `=`, `&`, `#`, `,` or space,
        /// a prefix of what `clean` reads, so a name it finds tracking is found here too.
        func srcsetMayChange(_ srcset: String) -> Bool {
            var srcset = srcset
            return srcset.withUTF8 { bytes in
                let n = bytes.count
                var i = 0
                while i < n {
                    guard bytes[i] == 0x3F || bytes[i] == 0x26 else { i += 1; continue }
                    let start = i + 1
                    var end = start
                    nameBytes: while end < n {
                        switch bytes[end] {
                        case 0x3D, 0x26, 0x23, 0x2C, 0x20, 0x09, 0x0A, 0x0D, 0x0C: break nameBytes
                        default: end += 1
                        }
                    }
                    if isTracking(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return true }
                    i = end
                }
                return false
            }
        }

        /// Whether a parameter name (bytes) may be tracking: it is, compared without ASCII case, or
        /// it is not ASCII (left to `isTracking`, which lowercases Unicode).
        private func isTracking(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            if name.contains(where: { $0 >= 0x80 }) { return true }
            if exactLengths & 1 << UInt64(min(name.count, 63)) == 0 && name.count < shortestPrefix { return false }
            func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
            for exact in exactBytes where exact.count == name.count {
                if zip(exact, name).allSatisfy({ $0 == lower($1) }) { return true }
            }
            for prefix in prefixBytes where prefix.count <= name.count {
                if zip(prefix, name).allSatisfy({ $0 == lower($1) }) { return true }
            }
            return false
        }

        /// The cleaned URL, nil when nothing changes ("" when nothing is left of a reference into
        /// the page).
        func clean(_ url: String, checkingFragment: Bool) -> String? {
            switch change(url, checkingFragment: checkingFragment) {
            case .nothing:
                return nil
            case .fragment(let hash):
                if surelyKeepsFragment(url, hash: hash) { return nil }
            case .any:
                break
            }
            var reference = URLReference(url)
            var changed = false
            if let query = reference.query {
                let parts = query.split(separator: "&", omittingEmptySubsequences: false)
                let kept = parts.filter { part in
                    let name = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    return !isTracking(name)
                }
                if kept.count != parts.count {
                    reference.query = kept.isEmpty ? nil : kept.joined(separator: "&")
                    changed = true
                }
            }
            if checkingFragment, let anchors, let fragment = reference.fragment {
                // The page as it is after its tracking parameters went (`?utm_source=x#top` points
                // into this page).
                var page = url[..<(url.utf8.firstIndex(of: 0x23) ?? url.endIndex)]
                if changed {
                    var cleanedPage = reference
                    cleanedPage.fragment = nil
                    page = Substring(cleanedPage.description)
                }
                let intoThisPage = String(page).trimmingSpaces.isEmpty || ownPages.contains(page)
                if intoThisPage && !anchors.contains(fragment) && !anchors.contains(Self.percentDecoded(fragment)) {
                    reference.fragment = nil
                    changed = true
                }
            }
            guard changed else { return nil }
            return reference.description
        }

        /// A `srcset` with each candidate's URL cleaned, nil when nothing changes. (Candidates are
        /// split at commas: a URL with a comma in it, such as a `data:` URL, is left alone unless
        /// its query holds a tracking parameter.)
        func clean(srcset: String) -> String? {
            guard srcsetMayChange(srcset) else { return nil }
            var changed = false
            let candidates = srcset.split(separator: ",", omittingEmptySubsequences: false).map { candidate -> String in
                let leading = candidate.prefix(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
                let trimmed = String(candidate).trimmingSpaces
                let parts = trimmed.split(separator: " ", maxSplits: 1)
                guard let first = parts.first, let clean = clean(String(first), checkingFragment: false) else { return String(candidate) }
                changed = true
                return leading + (parts.count > 1 ? clean + " " + parts[1] : clean)
            }
            return changed ? candidates.joined(separator: ",") : nil
        }

        /// `%20` and the like decoded (invalid escapes kept).
        static func percentDecoded(_ text: String) -> String {
            guard text.contains("%") else { return text }
            var bytes: [UInt8] = []
            let utf8 = Array(text.utf8)
            var i = 0
            func hex(_ b: UInt8) -> UInt8? {
                switch b {
                case 0x30...0x39: b - 0x30
                case 0x41...0x46: b - 0x37
                case 0x61...0x66: b - 0x57
                default: nil
                }
            }
            while i < utf8.count {
                if utf8[i] == 0x25, i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                    bytes.append(h << 4 | l)
                    i += 3
                } else {
                    bytes.append(utf8[i])
                    i += 1
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
