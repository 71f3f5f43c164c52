import TransmarkCore

/// A stretch of one run inside one paragraph: its UTF-8 bytes in the text and its run style.
struct Piece {
    var bytes: Range<Int>
    var style: Int
    /// Where the stretch starts, in the styled text's unit.
    var unitStart: Int

    func slice(_ range: Range<Int>, unitStart: Int, in text: [UInt8]) -> Piece {
        Piece(bytes: range, style: style, unitStart: unitStart)
    }
}

/// Cuts the text into pieces, paragraph by paragraph, walking runs and offsets forward only.
struct PieceCursor {
    let styled: StyledText
    let bytes: [UInt8]
    var run = 0
    var unit = 0
    var byte = 0

    init(styled: StyledText, bytes: [UInt8]) {
        self.styled = styled
        self.bytes = bytes
    }

    /// The byte offset of a unit offset (not before the last one asked for).
    mutating func byteOffset(atUnit target: Int) -> Int {
        while unit < target && byte < bytes.count {
            let lead = bytes[byte]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            switch styled.unit {
            case .utf8: unit += width
            case .unicodeScalars: unit += 1
            case .utf16: unit += width == 4 ? 2 : 1
            }
            byte = min(bytes.count, byte + width)
        }
        return byte
    }

    /// The pieces of the runs in `range`, in order.
    mutating func pieces(in range: TextRange) -> [Piece] {
        var result: [Piece] = []
        var start = range.location
        let end = range.end
        while start < end && run < styled.runs.count {
            while run < styled.runs.count && styled.runs[run].range.end <= start { run += 1 }
            guard run < styled.runs.count else { break }
            let r = styled.runs[run]
            let pieceEnd = min(r.range.end, end)
            let b0 = byteOffset(atUnit: start)
            let b1 = max(b0, byteOffset(atUnit: pieceEnd))
            if b1 > b0 { result.append(Piece(bytes: b0 ..< b1, style: r.style, unitStart: start)) }
            start = pieceEnd
        }
        return result
    }
}

/// An inline node that wraps other inline content.
enum InlineElement: Hashable {
    case link(LinkTarget)
    case strong, emphasis, strikethrough, underline, highlight, superscript, `subscript`
    case span(Style)

    var kind: NodeKind {
        switch self {
        case .link(let target): .link(destination: target.url, title: target.title)
        case .strong: .strong
        case .emphasis: .emphasis
        case .strikethrough: .strikethrough
        case .underline: .underline
        case .highlight: .highlight
        case .superscript: .superscript
        case .subscript: .subscript
        case .span: .span
        }
    }

    var style: Style? {
        if case .span(let s) = self { return s }
        return nil
    }

    var isSpan: Bool {
        if case .span = self { return true }
        return false
    }

    /// The wrapping elements a run's semantic attributes ask for, outermost first when they
    /// cover the same text.
    static func elements(of a: RunAttributes) -> [InlineElement] {
        var e: [InlineElement] = []
        if let link = a.link { e.append(.link(link)) }
        let t = a.traits
        if t.contains(.strong) { e.append(.strong) }
        if t.contains(.emphasis) { e.append(.emphasis) }
        if t.contains(.strikethrough) { e.append(.strikethrough) }
        if t.contains(.underline) { e.append(.underline) }
        if t.contains(.highlight) { e.append(.highlight) }
        if t.contains(.superscript) { e.append(.superscript) }
        if t.contains(.subscript) { e.append(.subscript) }
        return e
    }
}

extension StyledTextReader {
    enum Leaf { case text, code, footnoteReference(String), math(MathKind) }

    /// Reads the runs of one block's inline content: opens and closes the fewest wrapping nodes
    /// between runs (those that last longest outermost), merges what runs share, and keeps
    /// resolved styles the theme does not explain as spans.
    mutating func readInlines(_ content: ArraySlice<Piece>, base: ResolvedStyle) {
        let pieces = Array(content)
        let n = pieces.count
        guard n > 0 else { return }
        let sets = pieces.map { InlineElement.elements(of: attributes($0)) }
        // How many pieces in a row, from each one on, keep each of its elements.
        var extents: [[Int]] = Array(repeating: [], count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            extents[i] = sets[i].map { e in
                guard i + 1 < n, let j = sets[i + 1].firstIndex(of: e) else { return 1 }
                return 1 + extents[i + 1][j]
            }
        }
        var stack: [(element: InlineElement, resolved: ResolvedStyle)] = []
        var attachment = styled.attachments.firstIndex { $0.location >= pieces[0].unitStart } ?? styled.attachments.count
        for i in 0 ..< n {
            let piece = pieces[i]
            let a = attributes(piece)
            let leaf: Leaf = a.math.map { .math($0) }
                ?? (a.traits.contains(.code) ? .code : a.footnoteReference.map { .footnoteReference($0) } ?? .text)
            let mask = explicit?[piece.style] ?? .all

            // The wanted elements that are not open yet, longest-lasting first.
            func fresh(after keep: Int) -> [InlineElement] {
                let open = stack[0 ..< keep].map(\.element)
                var order = Array(sets[i].indices.filter { !open.contains(sets[i][$0]) })
                order.sort { extents[i][$0] != extents[i][$1] ? extents[i][$0] > extents[i][$1] : $0 < $1 }
                return order.map { sets[i][$0] }
            }
            func chain(keep: Int, adding new: [InlineElement]) -> [ResolvedStyle] {
                var parent = keep > 0 ? stack[keep - 1].resolved : base
                var result: [ResolvedStyle] = []
                for e in new {
                    parent = resolve(e.kind, style: e.style, in: parent)
                    result.append(parent)
                }
                return result
            }
            func leafStyle(in parent: ResolvedStyle) -> ResolvedStyle {
                switch leaf {
                case .text: parent
                case .code: resolve(.code, in: parent)
                case .footnoteReference(let label): resolve(.footnoteReference(label: label), in: parent)
                case .math(let kind): resolve(kind == .inline ? .inlineMath : .displayMath, in: parent)
                }
            }

            // A: keep every open element still wanted, and open spans.
            var keep = 0
            while keep < stack.count, stack[keep].element.isSpan || sets[i].contains(stack[keep].element) { keep += 1 }
            var new = fresh(after: keep)
            var resolvedNew = chain(keep: keep, adding: new)
            var top = resolvedNew.last ?? (keep > 0 ? stack[keep - 1].resolved : base)
            var nodeStyle: Style?
            if !Self.matches(a, leafStyle(in: top).run, mask) {
                // B: without the open spans, and a new span (or node style) for what differs.
                keep = stack[0 ..< keep].firstIndex { $0.element.isSpan } ?? keep
                new = fresh(after: keep)
                resolvedNew = chain(keep: keep, adding: new)
                top = resolvedNew.last ?? (keep > 0 ? stack[keep - 1].resolved : base)
                let expected = leafStyle(in: top)
                if !Self.matches(a, expected.run, mask) {
                    let difference = Self.difference(a, expected.run, parentBaseline: top.run.baselineOffset, mask)
                    if case .text = leaf {
                        new.append(.span(difference))
                        resolvedNew.append(resolve(.span, style: difference, in: top))
                    } else {
                        nodeStyle = difference
                    }
                }
            }
            while stack.count > keep {
                stack.removeLast()
                builder.close()
            }
            for (e, r) in zip(new, resolvedNew) {
                builder.open(e.kind, style: e.style)
                stack.append((e, r))
            }
            emit(piece, leaf: leaf, style: nodeStyle, attachment: &attachment)
        }
        for _ in stack { builder.close() }
    }

    /// Adds a piece's content at the current position.
    mutating func emit(_ piece: Piece, leaf: Leaf, style: Style?, attachment: inout Int) {
        switch leaf {
        case .code:
            bytes.withUnsafeBufferPointer { b in
                _ = builder.leaf(.code, bytes: UnsafeBufferPointer(rebasing: b[piece.bytes]), style: style)
            }
        case .math(let kind):
            bytes.withUnsafeBufferPointer { b in
                _ = builder.leaf(kind == .inline ? .inlineMath : .displayMath,
                                 bytes: UnsafeBufferPointer(rebasing: b[piece.bytes]), style: style)
            }
        case .footnoteReference(let label):
            let (number, isNew) = footnoteNumbers.number(for: label, from: 1)
            if isNew { footnoteLabels[number] = label }
            // Adjacent references to one footnote share a run: "11" is two references to 1.
            let shown = Array(String(number).utf8)
            let text = bytes[piece.bytes]
            var count = 1
            if text.count > shown.count, text.count % shown.count == 0,
               stride(from: text.startIndex, to: text.endIndex, by: shown.count).allSatisfy({ text[$0 ..< $0 + shown.count].elementsEqual(shown) }) {
                count = text.count / shown.count
            }
            for _ in 0 ..< count { builder.leaf(.footnoteReference(label: label), text: "", style: style) }
        case .text:
            emitText(piece, attachment: &attachment)
        }
    }

    /// Text with hard breaks (U+2028) and attachments (U+FFFC) taken out as nodes.
    mutating func emitText(_ piece: Piece, attachment: inout Int) {
        let unit = styled.unit
        var start = piece.bytes.lowerBound
        var position = piece.unitStart
        var i = piece.bytes.lowerBound
        let end = piece.bytes.upperBound
        while i < end {
            let lead = bytes[i]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let isBreak = lead == 0xE2 && i + 2 < end && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA8
            let isObject = lead == 0xEF && i + 2 < end && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBC
            if isBreak || isObject {
                while attachment < styled.attachments.count && styled.attachments[attachment].location < position { attachment += 1 }
                let image = isObject && attachment < styled.attachments.count && styled.attachments[attachment].location == position
                if isBreak || image {
                    flushText(start ..< i)
                    if isBreak {
                        builder.leaf(.lineBreak)
                    } else {
                        let a = styled.attachments[attachment]
                        let size = a.width == nil && a.height == nil ? nil : ImageSize(width: a.width, height: a.height)
                        builder.open(.image(source: a.source, title: a.title, size: size))
                        builder.text(a.alternativeText)
                        builder.close()
                        attachment += 1
                    }
                    start = i + 3
                }
            }
            switch unit {
            case .utf8: position += width
            case .unicodeScalars: position += 1
            case .utf16: position += width == 4 ? 2 : 1
            }
            i += width
        }
        flushText(start ..< min(end, max(start, end)))
    }

    mutating func flushText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        bytes.withUnsafeBufferPointer { b in builder.text(bytes: UnsafeBufferPointer(rebasing: b[range])) }
    }

    // MARK: Resolved styles

    /// Whether the resolved fields given in `actual` equal the expected ones.
    static func matches(_ actual: RunAttributes, _ expected: RunAttributes, _ mask: ResolvedFields) -> Bool {
        if mask.contains(.font) && actual.font != expected.font { return false }
        if mask.contains(.foreground) && actual.foregroundColor != expected.foregroundColor { return false }
        if mask.contains(.background) && actual.backgroundColor != expected.backgroundColor { return false }
        if mask.contains(.underline) && actual.underline != expected.underline { return false }
        if mask.contains(.strikethrough) && actual.strikethrough != expected.strikethrough { return false }
        if mask.contains(.baselineOffset) && actual.baselineOffset != expected.baselineOffset { return false }
        if mask.contains(.letterSpacing) && actual.letterSpacing != expected.letterSpacing { return false }
        return true
    }

    /// A style of absolute values that turns `expected` into `actual` for the fields given.
    static func difference(_ actual: RunAttributes, _ expected: RunAttributes, parentBaseline: Double, _ mask: ResolvedFields) -> Style {
        var s = Style()
        if mask.contains(.font) {
            if actual.font.family != expected.font.family { s.fontFamily = [actual.font.family] }
            if actual.font.size != expected.font.size { s.fontSize = .length(.px(actual.font.size)) }
            if actual.font.weight != expected.font.weight { s.fontWeight = .weight(actual.font.weight) }
            if actual.font.italic != expected.font.italic { s.fontStyle = actual.font.italic ? .italic : .normal }
        }
        if mask.contains(.foreground), let c = actual.foregroundColor, c != expected.foregroundColor { s.color = .rgba(c) }
        if mask.contains(.background), actual.backgroundColor != expected.backgroundColor {
            s.backgroundColor = actual.backgroundColor.map(CSSColor.rgba) ?? .transparent
        }
        let underline = mask.contains(.underline) && actual.underline != expected.underline
        let strikethrough = mask.contains(.strikethrough) && actual.strikethrough != expected.strikethrough
        if underline || strikethrough {
            var d: TextDecoration = []
            if actual.underline != nil { d.insert(.underline) }
            if actual.strikethrough != nil { d.insert(.lineThrough) }
            s.textDecoration = d
        }
        if mask.contains(.baselineOffset), actual.baselineOffset != expected.baselineOffset {
            s.verticalAlign = actual.baselineOffset == 0 ? .baseline : .length(.px(normalized(actual.baselineOffset - parentBaseline)))
        }
        if mask.contains(.letterSpacing), actual.letterSpacing != expected.letterSpacing {
            s.letterSpacing = .px(actual.letterSpacing)
        }
        return s
    }
}
