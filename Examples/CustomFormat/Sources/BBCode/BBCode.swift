import Transmark

/// BBCode, the markup of web forums, as a Transmark format: `[b]`, `[i]`, `[u]`, `[s]`,
/// `[sup]`, `[sub]`, `[url]`, `[url=…]`, `[img]`, `[color=…]`, `[icode]`, `[h1]`…`[h6]`,
/// `[quote]`, `[quote=author]`, `[code]`, `[code=language]`, `[list]`, `[list=1]`, `[list=a]`,
/// `[*]`, `[hr]` and `[noparse]`. A newline is a line break and a blank line starts a paragraph.
public enum BBCode {
    /// The format's name (`bbcode`, alias `bb`), its extensions and media type.
    public static let format = FormatDescriptor(
        name: "bbcode", aliases: ["bb"], fileExtensions: ["bbcode", "bb"], mediaType: "text/x-bbcode",
        summary: "BBCode forum markup ([b], [url=…], [quote], [list], [code], …)")

    /// The standard registry with BBCode (read and write) and the `emoticons` transform added.
    public static let registry: Registry = Registry.standard
        .adding(BBCodeFrontend())
        .adding(BBCodeBackend())
        .adding(EmoticonsTransform())
}

/// The tags BBCode knows, by their lowercase names.
enum BBTag: String, CaseIterable, Sendable {
    case b, i, u, s, sup, sub, url, img, color, icode, quote, code, list, hr, noparse
    case h1, h2, h3, h4, h5, h6

    /// Tags whose content is literal text, up to the closing tag: nothing inside is parsed.
    var hasLiteralContent: Bool {
        switch self {
        case .code, .icode, .noparse, .img: true
        default: false
        }
    }

    /// Tags that are blocks (they end the paragraph they appear in).
    var isBlock: Bool {
        switch self {
        case .quote, .code, .list, .hr, .h1, .h2, .h3, .h4, .h5, .h6: true
        default: false
        }
    }

    /// The heading level of `h1`…`h6`.
    var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    /// The longest a tag may be, brackets included; a `[` with no `]` this close is text.
    static let maxTagLength = 512
}

/// A tag as written: `[name]`, `[name=argument]`, `[/name]` or `[*]`.
struct ScannedTag {
    /// The tag; `nil` for `[*]`.
    var tag: BBTag?
    /// Whether it is a closing tag.
    var isClosing: Bool
    /// The argument after `=`, without surrounding quotes.
    var argument: String?
    /// The bytes the tag takes, brackets included.
    var length: Int

    /// Recognizes a known tag starting at `start` (which holds `[`), or returns `nil`: unknown
    /// names, a `]` too far away, or a `[` or line end before the `]` make the bracket text.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ScannedTag? {
        var end = start + 1
        let limit = min(bytes.count, start + BBTag.maxTagLength)
        while end < limit {
            let byte = bytes[end]
            if byte == UInt8(ascii: "]") { break }
            if byte == UInt8(ascii: "[") || byte == 0x0A || byte == 0x0D { return nil }
            end += 1
        }
        guard end < limit else { return nil }
        let inner = bytes[(start + 1)..<end]
        let length = end + 1 - start
        if inner.count == 1 && inner.first == UInt8(ascii: "*") {
            return ScannedTag(tag: nil, isClosing: false, argument: nil, length: length)
        }
        var nameBytes = inner[...]
        var isClosing = false
        if nameBytes.first == UInt8(ascii: "/") {
            isClosing = true
            nameBytes = nameBytes.dropFirst()
        }
        var argument: String?
        if !isClosing, let equals = nameBytes.firstIndex(of: UInt8(ascii: "=")) {
            var value = String(decoding: nameBytes[(equals + 1)...], as: UTF8.self)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            argument = value
            nameBytes = nameBytes[..<equals]
        }
        guard let tag = BBTag(rawValue: String(decoding: nameBytes, as: UTF8.self).lowercased()) else { return nil }
        if isClosing && tag == .hr { return nil }
        return ScannedTag(tag: tag, isClosing: isClosing, argument: argument, length: length)
    }
}
