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

    /// The styled text: tags mean what `styles` says; each `\n` ends a paragraph. In lenient mode
    /// (the default) unclosed tags close at the end, stray end tags are ignored, misnested tags
    /// are closed and reopened, and a `<` that starts no tag is text; in strict mode each of those
    /// throws `TransmarkError.malformedInput` with the byte offset.
    public func styledText(_ styles: TaggedStringStyles, unit: OffsetUnit = .utf16) throws -> StyledText {
        var markup = markup
        return try markup.withUTF8 { bytes in
            var renderer = TaggedStringRenderer(styles: styles, unit: unit, estimatedBytes: bytes.count)
            try TaggedStringScanner(bytes: bytes, isStrict: styles.isStrict).scan(
                text: { renderer.text($0) },
                start: { tag, selfClosing, offset in renderer.start(tag, selfClosing: selfClosing, offset: offset) },
                end: { name, offset in try renderer.end(name, offset: offset) })
            return try renderer.finish()
        }
    }
}

/// Builds styled text from scanner events, keeping a stack of open tags.
struct TaggedStringRenderer {
    let styles: TaggedStringStyles
    var out: StyledTextAccumulator
    let applier: StyleApplier
    let paragraphStyle: Int
    var paragraphStart = 0
    /// Open tags: the tag, its offset, and its run-style index.
    var open: [(tag: TaggedStringTag, offset: Int, style: Int)] = []
    let baseStyle: Int

    init(styles: TaggedStringStyles, unit: OffsetUnit, estimatedBytes: Int) {
        self.styles = styles
        out = StyledTextAccumulator(unit: unit, estimatedBytes: estimatedBytes)
        applier = StyleApplier(theme: styles.theme)
        baseStyle = out.intern(styles.base)
        paragraphStyle = out.intern(ParagraphAttributes())
    }

    var currentStyle: Int { open.last?.style ?? baseStyle }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        var from = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            out.append(UnsafeBufferPointer(rebasing: bytes[from...i]), style: currentStyle)
            out.addParagraph(from: paragraphStart, style: paragraphStyle)
            paragraphStart = out.offset
            from = i + 1
        }
        if from < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[from...]), style: currentStyle) }
    }

    mutating func attributes(for tag: TaggedStringTag, inherited: RunAttributes) -> RunAttributes {
        var result: RunAttributes
        switch styles.tags[tag.name] {
        case .style(let style)?: result = applier.apply(style, to: ResolvedStyle(run: inherited)).run
        case .dynamic(let compute)?: result = compute(tag, inherited)
        case nil: result = styles.unknownTag?(tag, inherited) ?? inherited
        }
        if styles.recordsSourceTag { result.sourceTag = tag.name }
        return result
    }

    mutating func start(_ tag: TaggedStringTag, selfClosing: Bool, offset: Int) {
        if selfClosing { return }
        let style = out.intern(attributes(for: tag, inherited: out.runStyles[currentStyle]))
        open.append((tag, offset, style))
    }

    mutating func end(_ name: String, offset: Int) throws {
        guard let k = open.lastIndex(where: { $0.tag.name == name }) else {
            if styles.isStrict { throw TransmarkError.malformedInput(message: "end tag </\(name)> closes no open tag", offset: offset) }
            return
        }
        if k == open.count - 1 {
            open.removeLast()
            return
        }
        if styles.isStrict {
            throw TransmarkError.malformedInput(message: "end tag </\(name)> while <\(open[open.count - 1].tag.name)> is still open", offset: offset)
        }
        // Misnested: close the tags above, then reopen them inside the new parent.
        let reopened = open[(k + 1)...]
        open.removeSubrange(k...)
        for entry in reopened { start(entry.tag, selfClosing: false, offset: entry.offset) }
    }

    mutating func finish() throws -> StyledText {
        if styles.isStrict, let unclosed = open.last {
            throw TransmarkError.malformedInput(message: "tag <\(unclosed.tag.name)> is never closed", offset: unclosed.offset)
        }
        if out.offset > paragraphStart || out.paragraphs.isEmpty && out.offset > 0 {
            out.addParagraph(from: paragraphStart, style: paragraphStyle)
        }
        var result = out.finish() ?? StyledText(text: "")
        if result.text.isEmpty {
            result.runStyles = []
            result.paragraphStyles = []
        }
        return result
    }
}
