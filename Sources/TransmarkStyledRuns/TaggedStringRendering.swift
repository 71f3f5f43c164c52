import TransmarkCore

extension TaggedString {
    /// The text without tags, entities decoded; no runs are built. Malformed markup is repaired
    /// as in lenient mode (a `<` that starts no tag stays text).
    public var plainText: String {
        var markup = markup
        return markup.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            let scanner = TaggedStringScanner(bytes: bytes, isStrict: false)
            try? scanner.scan(text: { out.append(contentsOf: $0) }, start: { _, _, _ in }, end: { _, _ in })
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The styled text: tags mean what `styles` says; each `\n` ends a paragraph. The markup is
    /// read by `TaggedFrontend` (every tag a `custom(name:)` node carrying its attributes) into
    /// a `Document`, which is laid out like any other format's, with the caller's rules applied
    /// to those nodes (`StyledText(document:tagStyles:unit:)`). In lenient mode (the default)
    /// unclosed tags close at the end, stray end tags are ignored, misnested tags are closed and
    /// reopened, and a `<` that starts no tag is text; in strict mode each of those throws
    /// `TransmarkError.malformedInput` with the byte offset.
    public func styledText(_ styles: TaggedStringStyles, unit: OffsetUnit = .utf16) throws -> StyledText {
        var options = TaggedFrontend.Options()
        options.customNodes = true
        options.strict = styles.isStrict
        let document = try TaggedFrontend().parse(markup, options: options)
        return StyledText(document: document, tagStyles: styles, unit: unit)
    }
}
