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
            // NUL reads as U+FFFD, as the `tagged` frontend (and so `styledText`) reads it.
            return String(decoding: out, as: UTF8.self).replacingNUL()
        }
    }

    /// The styled text: tags mean what `styles` says; each `\n` ends a paragraph, and its text is
    /// `plainText`, final line end included. The markup is
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
        var styled = StyledText(document: document, tagStyles: styles, unit: unit)
        // The styled text is the plain text but for two cases at its end. The layout writes no end
        // for the last paragraph, so a text ending with `\n` (written, or as an entity) gets that
        // `\n` as the last paragraph's end. And a last line of nothing but empty elements
        // (`a\n<br/>`) is an empty paragraph, which the layout gives a `\n` to carry its
        // attributes; the text has no such character. The plain text is worked out only when one
        // of the two can be the case.
        let styledEndsWithLineEnd = styled.text.utf8.last == 0x0A
        guard styledEndsWithLineEnd || markup.utf8.contains(0x0A) || markup.utf8.contains(0x26) else { return styled }
        let plain = plainText
        if !styledEndsWithLineEnd && plain.utf8.last == 0x0A {
            styled.appendLastParagraphEnd()
        } else if styledEndsWithLineEnd && plain.utf8.count == styled.text.utf8.count - 1 {
            styled.removeLastParagraphEnd()
        }
        return styled
    }
}

extension StyledText {
    /// Removes the text's last character, a `\n`, with the last run and paragraph when it was
    /// all they held.
    fileprivate mutating func removeLastParagraphEnd() {
        let end = runs.last.map { $0.range.location + $0.range.length } ?? 0
        text.unicodeScalars.removeLast()
        if let last = runs.indices.last, runs[last].range.location + runs[last].range.length == end {
            runs[last].range.length -= 1
            if runs[last].range.length == 0 { runs.removeLast() }
        }
        if let last = paragraphs.indices.last, paragraphs[last].range.location + paragraphs[last].range.length == end {
            paragraphs[last].range.length -= 1
            if paragraphs[last].range.length == 0 { paragraphs.removeLast() }
        }
    }

    /// Appends `\n` to the text as the end of the last paragraph, in the last run's style.
    fileprivate mutating func appendLastParagraphEnd() {
        let end = text.isEmpty ? 0 : (runs.last.map { $0.range.location + $0.range.length } ?? 0)
        text.append("\n")
        if let last = runs.indices.last, runs[last].range.location + runs[last].range.length == end {
            runs[last].range.length += 1
        }
        if let last = paragraphs.indices.last, paragraphs[last].range.location + paragraphs[last].range.length == end {
            paragraphs[last].range.length += 1
        }
    }
}
