@_spi(TransmarkStorage) import TransmarkCore

/// `resolve-links`: resolves relative link destinations, image sources, `srcset` candidates and
/// the `href`, `src`, `cite` and `poster` attributes kept from HTML against a base URL
/// (RFC 3986, section 5.2: `..`, `.`, query-only, fragment-only and scheme-relative references).
/// References that have a scheme (`https:`, `mailto:`, `data:`) are left as they are.
///
/// The page's own `<base href>` (kept as `DocumentMetadata.baseURL`) is honoured as a browser
/// honours it: resolved against `base`, it is what relative references resolve against. Without a
/// `base` option, an absolute `<base href>` alone is enough. The document's metadata gains
/// `base` as its `source` URL (when it has none), and its `canonical` and `image` URLs are
/// resolved too.
///
/// ```swift
/// let base = URLReference("https://example.com/docs/guide/")
/// let absolute = try ResolveLinksTransform().apply(to: page, options: .init(base: base))
/// ```
public struct ResolveLinksTransform: Transform, URLRewritingTransform {
    /// The options of `resolve-links`.
    public struct Options: FormatOptions {
        // option: .custom(accepted: "an absolute URL (with a scheme)", summary: "the URL relative references are resolved against",
        //     parse: { URLReference($0).isAbsolute ? .some(URLReference($0)) : nil }, format: { $0?.description ?? "" })
        /// The absolute URL references are resolved against: the address of the page (required,
        /// with a scheme, unless the page has an absolute `<base href>`).
        public var base: URLReference? = nil
        // option: .bool(summary: "leave fragment-only links (#section) as they are")
        /// Whether fragment-only references (`#section`), which point into the document itself,
        /// are kept as they are rather than resolved to the base page.
        public var keepFragments: Bool = false

        /// No base: applying the transform so is an error.
        public init() {}
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `resolve-links`.
    public var name: String { "resolve-links" }
    /// One line of help.
    public var summary: String { "Resolve relative links, image sources and srcset candidates against a base URL." }

    /// Returns a copy of `document` with its references resolved.
    public func apply(to document: Document, options: Options) throws -> Document {
        try applyingURLRewrite(to: document, options: options)
    }

    /// The document with its metadata resolved (its `source`, `canonical` and `image` URLs), and
    /// the rewrite that resolves the rest.
    package func urlRewrite(for document: Document, options: Options) throws -> (document: Document, rewrite: URLRewrite) {
        let given = options.base.flatMap { $0.isAbsolute ? $0 : nil }
        let pageBase = document.metadata.baseURL.map(URLReference.init)
        let base: URLReference
        if let pageBase, let given {
            base = pageBase.resolved(against: given)
        } else if let pageBase, pageBase.isAbsolute {
            base = pageBase
        } else if let given {
            base = given
        } else {
            throw missingOption("base", of: name, example: "https://example.com/")
        }
        let resolver = Resolver(base: base, keepFragments: options.keepFragments)
        var metadata = document.metadata
        if metadata.sourceURL == nil, let given { metadata.sourceURL = given.description }
        if let canonical = metadata.canonicalURL, let resolved = resolver.resolve(canonical) { metadata.canonicalURL = resolved }
        if let image = metadata.image, let resolved = resolver.resolve(image) { metadata.image = resolved }
        return (document.withMetadata(metadata), URLRewrite(
            link: { resolver.resolve($0) }, image: { resolver.resolve($0) },
            attributeNames: ["href", "src", "cite", "poster", "srcset"],
            attribute: { name, value -> String? in
                switch name {
                case "href", "src", "cite", "poster": resolver.resolve(value)
                case "srcset": resolver.resolve(srcset: value)
                default: nil
                }
            }))
    }

    struct Resolver {
        let base: URLResolutionBase
        let keepFragments: Bool

        init(base: URLReference, keepFragments: Bool) {
            self.base = URLResolutionBase(base)
            self.keepFragments = keepFragments
        }

        /// The resolved reference, or `nil` when it stays as it is.
        func resolve(_ reference: String) -> String? {
            // Most references on real pages are absolute: they are told by their bytes.
            if URLReference.isAbsolute(reference) { return nil }
            if keepFragments, reference.first == "#" { return nil }
            let resolved = base.resolve(reference)
            return resolved == reference ? nil : resolved
        }

        /// A `srcset` value with each candidate's URL resolved (HTML's parsing of image
        /// candidate strings: URLs end at whitespace, a URL ending in commas has no descriptors,
        /// descriptors run to a comma outside parentheses).
        func resolve(srcset: String) -> String? {
            let bytes = Array(srcset.utf8)
            var out: [String] = []
            var i = 0
            var changed = false
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
            while i < bytes.count {
                while i < bytes.count, isSpace(bytes[i]) || bytes[i] == 0x2C { i += 1 }
                guard i < bytes.count else { break }
                let urlStart = i
                while i < bytes.count, !isSpace(bytes[i]) { i += 1 }
                var urlEnd = i
                var descriptors = ""
                if bytes[urlEnd - 1] == 0x2C {
                    while urlEnd > urlStart, bytes[urlEnd - 1] == 0x2C { urlEnd -= 1 }
                } else {
                    let start = i
                    var depth = 0
                    while i < bytes.count {
                        if bytes[i] == 0x28 { depth += 1 } else if bytes[i] == 0x29 { depth = max(0, depth - 1) }
                        if bytes[i] == 0x2C && depth == 0 { break }
                        i += 1
                    }
                    descriptors = String(decoding: bytes[start..<i], as: UTF8.self).trimmingSpaces
                    if i < bytes.count { i += 1 }
                }
                guard urlEnd > urlStart else { continue }
                let url = String(decoding: bytes[urlStart..<urlEnd], as: UTF8.self)
                let resolved = resolve(url)
                if resolved != nil { changed = true }
                out.append(descriptors.isEmpty ? (resolved ?? url) : (resolved ?? url) + " " + descriptors)
            }
            return changed ? out.joined(separator: ", ") : nil
        }
    }
}
