/// What a document says about itself, apart from its content: title, description, authors, dates,
/// site, language, canonical URL, main image, the page kind and the address it came from.
///
/// Frontends fill it once: the HTML frontend from `<title>`, `<html lang>`, `<meta>` (plain,
/// OpenGraph, Twitter cards), `<link rel="canonical">`, `<base href>`, JSON-LD and microdata; the
/// Markdown frontend from a YAML front matter block. Transforms and backends share it: the
/// Markdown writer's `frontMatter` option writes it as YAML front matter, JSON lines records carry
/// it as `"metadata"`. Rewriting a document keeps it.
///
/// Fields keep the order they were read in, so a front matter block round-trips. The well-known
/// fields have typed accessors (`title`, `authors`, …) over the keys in ``Key``; any other key is
/// kept as it was read.
public struct DocumentMetadata: Sendable, Hashable {
    /// One field's value.
    public enum Value: Sendable, Hashable {
        /// A single string (a YAML scalar).
        case text(String)
        /// A list of strings (a YAML sequence of scalars).
        case list([String])
        /// A YAML value of another shape (a nested mapping, a sequence of mappings), kept as the
        /// source lines that follow its key, indentation included, so it is written back as read.
        case yaml(String)

        /// The value as strings: one for `text`, all of them for `list`, none for `yaml`.
        public var strings: [String] {
            switch self {
            case .text(let s): [s]
            case .list(let l): l
            case .yaml: []
            }
        }
    }

    /// One named field.
    public struct Field: Sendable, Hashable {
        /// The field's name (a YAML key).
        public var key: String
        /// The field's value.
        public var value: Value

        /// A field named `key` holding `value`.
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The names of the well-known fields, as they appear in front matter and JSON lines records.
    public enum Key {
        /// The document's title.
        public static let title = "title"
        /// A one- or two-sentence summary.
        public static let description = "description"
        /// The author or authors (a list when there are several).
        public static let author = "author"
        /// When the document was first published, as the page gives it (usually ISO 8601).
        public static let published = "published"
        /// When the document was last modified, as the page gives it.
        public static let modified = "modified"
        /// The name of the site the document belongs to.
        public static let site = "site"
        /// The document's language (a BCP 47 tag such as `en` or `pt-BR`).
        public static let language = "language"
        /// The canonical URL of the document.
        public static let canonical = "canonical"
        /// The document's main image (an absolute URL when the page gave one or a base URL was known).
        public static let image = "image"
        /// Where the document was read from (the base URL given to the conversion).
        public static let source = "source"
        /// What kind of page it is (`article`, `documentation`, `discussion`, `product`,
        /// `listing`, …): what the page declares, or what `main-content` recognised.
        public static let kind = "kind"
        /// How sure `main-content` is of what it kept, from 0 to 1 (a decimal such as `0.82`).
        public static let confidence = "confidence"
    }

    /// The fields, in the order they were read.
    public var fields: [Field] {
        didSet { frontMatterSource = nil }
    }

    /// The YAML text of the front matter block these fields were read from, between the `---`
    /// lines (nil when they came from elsewhere or were changed since). The Markdown writer writes
    /// it back unchanged, so front matter round-trips byte for byte.
    public private(set) var frontMatterSource: String?

    /// The page's `<base href>` as written (nil when it has none): what its relative links are
    /// relative to. Not a field: front matter and JSON lines records leave it out.
    public var baseURL: String?

    /// Metadata with the given fields.
    public init(fields: [Field] = []) {
        self.fields = fields
        frontMatterSource = nil
        baseURL = nil
    }

    /// Metadata read from a front matter block whose YAML text (between the `---` lines) was
    /// `source`.
    public init(fields: [Field], frontMatterSource source: String) {
        self.fields = fields
        frontMatterSource = source
        baseURL = nil
    }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the field named `key`; setting nil removes it, setting a value replaces the
    /// field in place or appends it.
    public subscript(key: String) -> Value? {
        get { fields.first(where: { $0.key == key })?.value }
        set {
            if let i = fields.firstIndex(where: { $0.key == key }) {
                if let newValue { fields[i].value = newValue } else { fields.remove(at: i) }
            } else if let newValue {
                fields.append(Field(key: key, value: newValue))
            }
        }
    }

    /// The first string of the field named `key`, nil when it is missing or empty.
    public func string(_ key: String) -> String? {
        guard let first = self[key]?.strings.first, !first.isEmpty else { return nil }
        return first
    }

    /// Sets the field named `key` to one string, or removes it when `value` is nil or empty.
    public mutating func setString(_ key: String, _ value: String?) {
        self[key] = value.flatMap { $0.isEmpty ? nil : .text($0) }
    }

    /// The title (`title`).
    public var title: String? {
        get { string(Key.title) }
        set { setString(Key.title, newValue) }
    }

    /// The description (`description`).
    public var description: String? {
        get { string(Key.description) }
        set { setString(Key.description, newValue) }
    }

    /// The authors (`author`), in order; setting one name stores a string, several a list.
    public var authors: [String] {
        get { self[Key.author]?.strings.filter { !$0.isEmpty } ?? [] }
        set { self[Key.author] = newValue.isEmpty ? nil : newValue.count == 1 ? .text(newValue[0]) : .list(newValue) }
    }

    /// When the document was published (`published`).
    public var published: String? {
        get { string(Key.published) }
        set { setString(Key.published, newValue) }
    }

    /// When the document was last modified (`modified`).
    public var modified: String? {
        get { string(Key.modified) }
        set { setString(Key.modified, newValue) }
    }

    /// The site's name (`site`).
    public var siteName: String? {
        get { string(Key.site) }
        set { setString(Key.site, newValue) }
    }

    /// The language (`language`).
    public var language: String? {
        get { string(Key.language) }
        set { setString(Key.language, newValue) }
    }

    /// The canonical URL (`canonical`).
    public var canonicalURL: String? {
        get { string(Key.canonical) }
        set { setString(Key.canonical, newValue) }
    }

    /// The main image (`image`).
    public var image: String? {
        get { string(Key.image) }
        set { setString(Key.image, newValue) }
    }

    /// Where the document was read from (`source`).
    public var sourceURL: String? {
        get { string(Key.source) }
        set { setString(Key.source, newValue) }
    }

    /// The page kind (`kind`).
    public var pageKind: String? {
        get { string(Key.kind) }
        set { setString(Key.kind, newValue) }
    }

    /// How sure `main-content` is of what it kept (`confidence`, 0…1), nil when it did not run.
    public var extractionConfidence: Double? {
        get { string(Key.confidence).flatMap(Double.init) }
        set {
            guard let newValue else { return setString(Key.confidence, nil) }
            // Two decimals at most, no trailing zero: 1, 0.5, 0.82, 0.05, 0.
            let hundredths = Int((min(1, max(0, newValue)) * 100).rounded())
            let text: String
            switch hundredths {
            case 100: text = "1"
            case 0: text = "0"
            case let h where h % 10 == 0: text = "0.\(h / 10)"
            case let h: text = h < 10 ? "0.0\(h)" : "0.\(h)"
            }
            setString(Key.confidence, text)
        }
    }
}
