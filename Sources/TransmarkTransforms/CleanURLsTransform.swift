import TransmarkCore

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
public struct CleanURLsTransform: Transform {
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
        /// More parameter names to remove (a name ending in `*` is a prefix).
        public var parameters: [String] = []
        /// Whether fragments that point nowhere in the document are dropped.
        public var fragments = true

        /// The defaults: the built-in list, fragments checked.
        public init() {}

        /// `parameters`, `fragments`.
        public static var optionSpecs: [OptionSpec<Options>] {
            [
                .list("parameters", \.parameters, accepted: "comma-separated parameter names (name* for a prefix)",
                      summary: "more query parameters to remove, beside the built-in tracking list"),
                .bool("fragments", \.fragments, summary: "drop fragments (#x) that point to nothing in the document"),
            ]
        }
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// Creates the transform; `options` become the starting point of every conversion it takes
    /// part in.
    public init(options: Options = Options()) { defaultOptions = options }

    /// `clean-urls`.
    public var name: String { "clean-urls" }
    /// One line of help.
    public var summary: String { "Remove tracking parameters (utm_*, fbclid, gclid, …) and fragments that point nowhere from URLs." }

    /// Returns a copy of `document` with its URLs cleaned.
    public func apply(to document: Document, options: Options) throws -> Document {
        let cleaner = Cleaner(parameters: Self.trackingParameters + options.parameters,
                              anchors: options.fragments ? Self.anchors(in: document) : nil,
                              ownPages: [document.metadata.canonicalURL, document.metadata.sourceURL].compactMap { $0 })
        var metadata = document.metadata
        if let canonical = metadata.canonicalURL, let clean = cleaner.clean(canonical, checkingFragment: false) { metadata.canonicalURL = clean }
        if let image = metadata.image, let clean = cleaner.clean(image, checkingFragment: false) { metadata.image = clean }
        let source = metadata == document.metadata ? document : document.withMetadata(metadata)
        return source.rewritingURLs(
            link: { cleaner.clean($0, checkingFragment: true) },
            image: { cleaner.clean($0, checkingFragment: false) },
            attribute: { name, value -> String? in
                switch name {
                case "href", "src": cleaner.clean(value, checkingFragment: false)
                case "srcset": cleaner.clean(srcset: value)
                default: nil
                }
            })
    }

    /// Every `id` and `name` in the document.
    static func anchors(in document: Document) -> Set<String> {
        var result: Set<String> = []
        document.walk { event in
            if case .enter(let node) = event {
                for attribute in node.attributes where attribute.name == "id" || attribute.name == "name" {
                    result.insert(attribute.value)
                }
            }
            return .proceed
        }
        return result
    }

    struct Cleaner {
        let exact: Set<String>
        let prefixes: [String]
        /// The ids a fragment may name; nil: fragments are not checked.
        let anchors: Set<String>?
        /// The page's own URLs without fragment.
        let ownPages: Set<Substring>

        init(parameters: [String], anchors: Set<String>?, ownPages: [String]) {
            var exact: Set<String> = []
            var prefixes: [String] = []
            for p in parameters {
                let lower = p.lowercased()
                if lower.hasSuffix("*") { prefixes.append(String(lower.dropLast())) } else { exact.insert(lower) }
            }
            self.exact = exact
            self.prefixes = prefixes
            self.anchors = anchors
            self.ownPages = Set(ownPages.map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] })
        }

        func isTracking(_ name: Substring) -> Bool {
            let lower = name.lowercased()
            return exact.contains(lower) || prefixes.contains { lower.hasPrefix($0) }
        }

        /// The cleaned URL, nil when nothing changes ("" when nothing is left of a reference into
        /// the page).
        func clean(_ url: String, checkingFragment: Bool) -> String? {
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
                let page = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
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
