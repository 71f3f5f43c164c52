import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTMLTreeBuilder {
    @inline(__always)
    mutating func element(named name: String) -> HTMLElement {
        var name = name
        return name.withUTF8 { names.element($0) }
    }

    mutating func handleStartTag(_ tag: HTMLStartTag, element: HTMLElement) {
        if isCollecting && collectStartTag(tag, element: element) { return }
        if foreignDepth > 0 && inForeignContent
            && foreignStartTag(tag, element: element, key: key(of: element, name: tag.name)) { return }
        if element == .li && !sawNoteItem, let i = tag.index(of: "id") { sawNoteItem = Self.namesANote(tag.value(at: i)) }
        let t = element == .unknown ? HTMLElementTraits() : traits[Int(element.rawValue)]
        if lingeringItem >= 0 && element != .ul && element != .ol {
            // A block after `</li>` (`<li>a</li><p>b</p>`) continues the item, as a browser
            // shows it: no new marker. Anything else ends it (inline content and text directly
            // in the list get an item of their own, so that they are not glued to its text).
            if element != .li && t.contains(.closesParagraph),
               stack.last?.flags.contains(.listContainer) == true {
                reopenLingeringItem()
            } else {
                settleLingeringItem()
            }
        }
        let head = top(.head)
        if head >= 0 && !t.contains(.isHeadContent) && element != .head && element != .html {
            pop(through: head)
        }
        let key = key(of: element, name: tag.name)
        if element != .unknown && !registry.hasKnownOverrides {
            builtinStartTag(tag, element: element, key: key, traits: t)
            return
        }
        let mapping: HTMLElementMapping?
        if element != .unknown {
            mapping = registry.mapping(for: element)
        } else {
            mapping = registry.customMappings.isEmpty ? nil : registry.customMappings[tag.name]
        }
        guard let mapping else {
            unmappedStartTag(tag, element: element, key: key, traits: t)
            return
        }
        if case .builtin = mapping.action {
            builtinStartTag(tag, element: element, key: key, traits: t)
        } else {
            if element != .unknown { applyImpliedEndTags(for: element, traits: t) }
            mappedStartTag(tag, element: element, key: key, traits: t, mapping: mapping)
        }
    }

    // MARK: Literal tags

    /// Writes the source of the tag just read as text.
    mutating func emitLiteralTag() {
        emitLiteralSource(from: tokenizer.lastTagStart, to: tokenizer.lastTagEnd)
    }

    /// Writes `input[start ..< end]`, source of the tag just read, as text.
    mutating func emitLiteralSource(from start: Int, to end: Int) {
        guard start < end, end <= input.count else { return }
        if suppressDepth > 0 { return }
        guard HTMLTokenizer.needsLineEndingNormalization(input, start, end, firstCR: tokenizer.firstCR) else {
            return emitText(UnsafeBufferPointer(rebasing: input[start ..< end]))
        }
        var normalized: [UInt8] = []
        HTMLTokenizer.forEachNormalizedPiece(input, start, end) { normalized.append(contentsOf: $0) }
        normalized.withUnsafeBufferPointer { emitText($0) }
    }

    /// Whether `</name` occurs after the tag just read (`name` is no known element). Searched
    /// forward from the tag, remembering per name where the next one is (the end tag is usually
    /// near); once searches have read a quarter of the input (names that never close, many
    /// distinct names), one pass records where the last end tag of every unknown name starts,
    /// so the work stays linear.
    mutating func hasLaterEndTag(_ name: String) -> Bool {
        let from = tokenizer.lastTagEnd
        if let table = lastEndTagPositions { return (table[name] ?? -1) >= from }
        // (`from` only grows, which the cached answers and the table rely on.)
        if let known = nextEndTags[name] {
            if known.position >= from { return true }
            if known.position < 0 && known.searchedFrom <= from { return false }
        }
        let target = Array(name.utf8)
        let found = target.withUnsafeBufferPointer { target in
            Self.firstEndTag(named: target, in: input, from: from, budget: &endTagSearchBudget)
        }
        guard let found else {
            lastEndTagPositions = Self.unknownEndTagPositions(input, from: from, names: names)
            nextEndTags = [:]
            return (lastEndTagPositions![name] ?? -1) >= from
        }
        nextEndTags[name] = (found, from)
        return found >= 0
    }

    /// Where the first `</name` (case-insensitive, the name ending at whitespace, `/`, `>`, NUL
    /// or the end of input) at or after `from` starts, -1 when there is none, or nil when that
    /// is not known after reading `budget` bytes (the bytes read are taken from `budget`). `from`
    /// must be just after a tag's `>`, where `unknownEndTagPositions`'s scan agrees with this one.
    static func firstEndTag(named target: UnsafeBufferPointer<UInt8>, in p: UnsafeBufferPointer<UInt8>,
                            from: Int, budget: inout Int) -> Int? {
        var i = from
        defer { budget -= i - from }
        while let (start, nameEnd) = nextEndTag(in: p, from: i) {
            i = start
            if i - from > budget { return nil }
            if nameEnd - start - 2 == target.count {
                var k = 0
                while k < target.count, ASCII.lowercased(p[start + 2 + k]) == target[k] { k += 1 }
                if k == target.count { return start }
            }
            i = nameEnd
        }
        i = p.count
        return -1
    }

    /// The next `</x…` at or after `from` (`x` an ASCII letter): where its `<` is and where its
    /// name ends (at whitespace, `/`, `>`, NUL or the end of input), or nil.
    @inline(__always)
    static func nextEndTag(in p: UnsafeBufferPointer<UInt8>, from: Int) -> (start: Int, nameEnd: Int)? {
        let n = p.count
        guard let base = p.baseAddress else { return nil }
        var i = from
        while i + 2 < n {
            guard let found = memchr(base + i, 0x3C, n - 2 - i) else { return nil }
            i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard p[i + 1] == 0x2F, (p[i + 2] | 0x20) >= 0x61 && (p[i + 2] | 0x20) <= 0x7A else {
                i += 1
                continue
            }
            var j = i + 2
            while j < n {
                let c = p[j]
                if c <= 0x3E && (isSpace(c) || c == 0x2F || c == 0x3E || c == 0) { break }
                j += 1
            }
            return (i, j)
        }
        return nil
    }

    /// The position of the last `</name` at or after `from` of every name in `input` that is no
    /// known element. (Questions about end tags come in input order, so what lies before the tag
    /// being asked about need not be read.)
    static func unknownEndTagPositions(_ input: UnsafeBufferPointer<UInt8>, from: Int,
                                       names: HTMLElementNameTable) -> [String: Int] {
        var positions: [String: Int] = [:]
        var name: [UInt8] = []
        // Most end tags repeat a few known names: the last four short names found known, packed
        // (lowercase bytes and length), are skipped without a table lookup. (Plain integers:
        // SIMD vectors compiled to lane-by-lane code here.)
        var known: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var i = from
        while let (start, nameEnd) = nextEndTag(in: input, from: i) {
            let count = nameEnd - start - 2
            var packed: UInt64 = 0
            if count <= 7 {
                packed = UInt64(count) << 56
                for k in 0 ..< count { packed |= UInt64(ASCII.lowercased(input[start + 2 + k])) << UInt64(8 * k) }
                if packed == known.0 || packed == known.1 || packed == known.2 || packed == known.3 {
                    i = nameEnd
                    continue
                }
            }
            let bytes = UnsafeBufferPointer(rebasing: input[start + 2 ..< nameEnd])
            // Names are looked up in place; only a name with capitals is copied (lowercased).
            // (What the lookup finds is used outside the closure: a variable it changed was
            // checked for exclusive access at run time on every end tag.)
            let unknownName = { (nameBytes: UnsafeBufferPointer<UInt8>) -> String? in
                names.element(nameBytes) == .unknown ? String(decoding: nameBytes, as: UTF8.self) : nil
            }
            let unknown: String?
            if bytes.contains(where: { $0 &- 0x41 < 26 }) {
                name.removeAll(keepingCapacity: true)
                for c in bytes { name.append(ASCII.lowercased(c)) }
                unknown = name.withUnsafeBufferPointer(unknownName)
            } else {
                unknown = unknownName(bytes)
            }
            if let unknown {
                positions[unknown] = start
            } else if count <= 7 {
                known = (packed, known.0, known.1, known.2)
            }
            i = nameEnd
        }
        return positions
    }

    // MARK: Unmapped tags

    mutating func unmappedStartTag(_ tag: HTMLStartTag, element: HTMLElement, key: Int32, traits t: HTMLElementTraits) {
        let isVoid = t.contains(.isVoid) || (tag.isSelfClosing && (element == .unknown || foreignDepth > 0))
        switch registry.unknownTagPolicy {
        case .keepChildren:
            if element == .unknown && foreignDepth == 0 && !tag.isSelfClosing && !tag.name.utf8.contains(0x2D)
                && !hasLaterEndTag(tag.name) {
                emitIsolatedUnknownTag()
                return
            }
            if isVoid { return }
            pushUnwrapped(element, key: key, traits: t)
        case .dropWithContent:
            if isVoid { return }
            push(element, key: key, node: -1, flags: [.suppresses])
        case .literalText:
            emitLiteralTag()
            if isVoid { return }
            push(element, key: key, node: -1, flags: [.inline, .literalTags])
        }
    }

    /// Pushes an element without a node: its children go to its parent.
    mutating func pushUnwrapped(_ element: HTMLElement, key: Int32, traits t: HTMLElementTraits) {
        if t.contains(.separatesText) || t.contains(.closesParagraph) {
            separateText()
            push(element, key: key, node: -1, flags: [.separatesText])
        } else {
            push(element, key: key, node: -1, flags: [.inline])
        }
    }

    // MARK: Mapped by the registry

    mutating func mappedStartTag(_ tag: HTMLStartTag, element: HTMLElement, key: Int32, traits t: HTMLElementTraits,
                                 mapping: HTMLElementMapping) {
        let isVoid = t.contains(.isVoid) || (tag.isSelfClosing && element == .unknown)
        var inlineStyle = style(of: element, name: tag.name, tag)
        if Self.isHidden(inlineStyle) && !options.keepHidden {
            if Self.isRevealedByScript(tag) {
                // Shown by script: read as visible, so no writer drops it again.
                inlineStyle?.display = nil
            } else {
                if !isVoid { push(element, key: key, node: -1, flags: [.suppresses]) }
                return
            }
        }
        var kind: NodeKind
        var style: Style? = inlineStyle
        var attributes: AttributeListID
        switch mapping.action {
        case .builtin, .unwrap:
            if !isVoid { pushUnwrapped(element, key: key, traits: t) }
            return
        case .drop:
            if !isVoid { push(element, key: key, node: -1, flags: [.suppresses]) }
            return
        case .literalText:
            emitLiteralTag()
            if !isVoid { push(element, key: key, node: -1, flags: [.inline, .literalTags]) }
            return
        case .node(let k, let s):
            kind = k
            if let s { style = (inlineStyle ?? Style()).filling(from: s) }
            attributes = keptAttributes(tag, element: element, hasStyle: inlineStyle != nil)
        case .computed(let body):
            let info = HTMLElementInfo(name: tag.name, attributes: Self.allAttributes(tag))
            guard let result = body(info) else {
                if !isVoid { pushUnwrapped(element, key: key, traits: t) }
                return
            }
            kind = result.kind
            if let s = result.style { style = (inlineStyle ?? Style()).filling(from: s) }
            if let given = result.attributes {
                attributes = builder.addAttributeList(given)
            } else {
                attributes = keptAttributes(tag, element: element, hasStyle: inlineStyle != nil)
            }
        }
        if style?.isEmpty == true { style = nil }
        if element == .unknown && kind.tag.isBlock {
            // A custom tag mapped to a block closes an open paragraph, as a `div` does.
            applyImpliedEndTags(for: .div, traits: .closesParagraph)
        }
        openElementNode(element, key: key, kind: kind, attributes: attributes, style: style, isVoid: isVoid)
    }

    /// Opens the node of an element as a block or inline node, as its kind says.
    mutating func openElementNode(_ element: HTMLElement, key: Int32, kind: NodeKind, attributes: AttributeListID,
                                  style: Style?, isVoid: Bool, extraFlags: HTMLOpenElement.Flags = []) {
        var flags = extraFlags
        if style?.whiteSpace?.preservesSpaces == true { flags.insert(.preservesWhitespace) }
        if kind.tag.isBlock {
            openBlock(element, key: key, kind: kind, attributes: attributes, style: style, flags: flags)
            if isVoid { pop() }
        } else {
            prepareInlineContent()
            let node = openNode(kind, attributes: attributes, style: style, element: element)
            if isVoid {
                if node >= 0 { builder.close() }
                spacing = .afterText
                return
            }
            flags.insert(.inline)
            if node >= 0 { flags.insert(.isFormatting) }
            push(element, key: key, node: node, flags: flags)
            if node >= 0 { addFormatting(key: key, element: element, kind: kind, attributes: attributes, style: style) }
        }
    }

    /// Opens a block node: closes inline elements, opens an implied cell or item where needed.
    mutating func openBlock(_ element: HTMLElement, key: Int32, kind: NodeKind, attributes: AttributeListID,
                            style: Style?, flags: HTMLOpenElement.Flags) {
        bodyStarted = true
        closeInlineElements()
        if case .list(let list) = kind {
            if let last = stack.last, last.flags.contains(.tableContainer) { openImpliedCell() }
            openList(element, key: key, attributes: list, nodeAttributes: attributes, style: style)
            if !flags.isEmpty { stack[stack.count - 1].flags.formUnion(flags) }
            if flags.contains(.preservesWhitespace) { preserveDepth += 1 }
            return
        }
        settleLingeringItem()
        if let last = stack.last {
            if last.flags.contains(.tableContainer) {
                if kind.tag != .table && element != .caption { openImpliedCell() }
            } else if last.flags.contains(.listContainer) && kind.tag != .listItem {
                openImpliedItem()
            }
        }
        switch kind {
        case .table:
            openTable(key: key, attributes: attributes, style: style)
            stack[stack.count - 1].flags.formUnion(flags)
            if flags.contains(.preservesWhitespace) { preserveDepth += 1 }
            return
        case .paragraph:
            noteParagraphOpening()
        default:
            break
        }
        let node = openNode(kind, attributes: attributes, style: style)
        push(element, key: key, node: node, flags: flags.union(.blockNode))
        spacing = .start
    }

    // MARK: Implied end tags

    /// Closes what a start tag of `element` implies: an open `p`, item, term, heading, option, `a`.
    mutating func applyImpliedEndTags(for element: HTMLElement, traits t: HTMLElementTraits) {
        if t.contains(.closesParagraph) {
            let p = top(.p)
            if p >= 0 && p >= topBoundary {
                closeInlineElements()
                pop(through: p)
            }
        }
        switch element {
        case .li:
            let item = itemInScope
            if item >= 0 { pop(through: item) }
        case .dd, .dt:
            let item = max(top(.dd), top(.dt))
            if item >= 0 && item > max(topBoundary, top(.dl)) { pop(through: item) }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if let last = stack.last, last.element != .unknown, traits[Int(last.element.rawValue)].contains(.isHeading) {
                pop()
            }
        case .a, .nobr:
            if closeFormatting(key: Int32(element.rawValue)) {
                // A second `<a>` ends the first; drop it from the stack too if still open.
                let index = top(element)
                if index >= 0 && index >= topBoundary { pop(through: index) }
            }
        case .option:
            if stack.last?.element == .option { pop() }
        case .optgroup:
            if stack.last?.element == .option { pop() }
            if stack.last?.element == .optgroup { pop() }
        case .table:
            if let last = stack.last, last.flags.contains(.tableContainer) { pop(through: currentTable) }
        case .caption:
            if currentTable >= 0 { popToTableLevel() }
        default:
            break
        }
    }
}
