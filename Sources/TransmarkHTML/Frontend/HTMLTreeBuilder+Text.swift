import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTMLTreeBuilder {
    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool {
        b <= 0x20 && (b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C || b == 0x0D)
    }

    // MARK: Text tokens

    mutating func handleText(_ slice: UnsafeBufferPointer<UInt8>) {
        if metadataReader.capture != .none { metadataReader.text(slice) }
        if mathCapture != nil && mathCapture!.stackIndex >= 0 {
            if suppressDepth <= mathCapture!.suppressDepth { mathCapture!.text(slice) }
            return
        }
        if isCollecting {
            collectText(slice)
            return
        }
        if suppressDepth > 0 {
            // Text that is not whitespace ends an implied head, and a `noscript` in it (scripting
            // off, the text is shown in the body).
            guard let head = headIndex(), Int32(stack.count) - 1 == head || isNoscriptInHead(head),
                  slice.contains(where: { !Self.isSpace($0) }) else { return }
            pop(through: head)
        }
        if foreignDepth > 0 { return emitForeignText(slice) }
        emitText(slice)
    }

    /// Whether the current element is a `noscript` right inside the head at `head`.
    func isNoscriptInHead(_ head: Int32) -> Bool {
        Int32(stack.count) - 2 == head && stack[stack.count - 1].key == Int32(HTMLElement.noscript.rawValue)
    }

    /// Writes the closing marks of the quotes that the pop of the element at `index` (the
    /// current one) closes, innermost first, and forgets them.
    mutating func closeQuotes(endingAt index: Int32) {
        while let last = quotes.last, last >= index {
            writeClosingQuoteMark(quotes.count == 1 ? "\u{201D}" : "\u{2019}")
            quotes.removeLast()
        }
    }

    /// Writes a closing quotation mark at the end of the current element as it stands. It runs
    /// while that element is being popped, so it opens nothing: an implied item or cell, or a
    /// reopened formatting element, pushed here would be the element the pop then removes
    /// (leaving the real one on the stack and an active formatting entry pointing past it). A
    /// list or table whose item or cell is closed takes no text; the mark is left out there.
    mutating func writeClosingQuoteMark(_ mark: StaticString) {
        guard suppressDepth == 0 else { return }
        if lingeringItem < 0, let last = stack.last,
           last.flags.contains(.listContainer) || last.flags.contains(.tableContainer) { return }
        flushPendingSpace()
        mark.withUTF8Buffer { builder.text(bytes: $0) }
        spacing = .afterText
    }

    /// The stack index of an open `<head>`, or nil.
    mutating func headIndex() -> Int32? {
        let index = top(.head)
        return index >= 0 ? index : nil
    }

    /// Writes text with whitespace collapsed as a browser lays it out (or kept, inside
    /// `white-space: pre`). Leading whitespace of a block is dropped; trailing whitespace is held
    /// back until more content follows in the same block.
    mutating func emitText(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        if preserveDepth > 0 {
            guard n > 0 else { return }
            prepareInlineContent()
            builder.text(bytes: p)
            spacing = Self.isSpace(p[n - 1]) ? .afterSpace : .afterText
            return
        }
        var i = 0
        var prepared = false
        var segmentStart = -1
        while i < n {
            let b = p[i]
            if !Self.isSpace(b) {
                if segmentStart < 0 {
                    if !prepared {
                        prepareInlineContent()
                        prepared = true
                    }
                    if spacing == .pendingSpace {
                        if i > 0 && p[i - 1] == 0x20 {
                            segmentStart = i - 1
                        } else {
                            writeSpace()
                            segmentStart = i
                        }
                    } else {
                        segmentStart = i
                    }
                }
                i = Self.segmentEnd(p, from: i + 1)
                spacing = .afterText
                continue
            }
            // A single space between words stays inside the segment.
            if b == 0x20 && segmentStart >= 0 && i + 1 < n && !Self.isSpace(p[i + 1]) {
                i += 1
                continue
            }
            if segmentStart >= 0 {
                builder.text(bytes: UnsafeBufferPointer(rebasing: p[segmentStart ..< i]))
                segmentStart = -1
            }
            if spacing == .afterText { spacing = .pendingSpace }
            i += 1
            while i < n && Self.isSpace(p[i]) { i += 1 }
        }
        if segmentStart >= 0 {
            builder.text(bytes: UnsafeBufferPointer(rebasing: p[segmentStart ..< n]))
        }
    }

    /// The end of the segment of text that continues at `start`: the first index at or after it
    /// holding whitespace other than a single space followed by a non-space, or `p.count`. (The
    /// bytes skipped are what `emitText` keeps in one segment.) Eight bytes at a time.
    @inline(__always)
    static func segmentEnd(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = p.count
        var k = start
        guard k < n, let base = p.baseAddress else { return n }
        let high: UInt64 = 0x8080_8080_8080_8080
        let space = SIMD16<UInt8>(repeating: 0x20)
        while true {
            // Sixteen bytes at a time: a stop is a control byte, or a space followed by one or by
            // a space (the byte after each is read from the vector one byte further on).
            while k + 17 <= n {
                let v = UnsafeRawPointer(base + k).loadUnaligned(as: SIMD16<UInt8>.self)
                let next = UnsafeRawPointer(base + k + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                let stops = (v .< space) .| ((v .== space) .& (next .<= space))
                if any(stops) {
                    for j in 0 ..< 16 where stops[j] {
                        k += j
                        break
                    }
                    break
                }
                k += 16
            }
            while k + 9 <= n {
                let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
                // Exact per byte (no carry crosses a byte): the high bit says byte >= 0x20 / > 0x20.
                let atLeast20 = ((low7 &+ 0x6060_6060_6060_6060) | w) & high
                let above20 = ((low7 &+ 0x5F5F_5F5F_5F5F_5F5F) | w) & high
                let below20 = ~atLeast20 & high
                let upTo20 = ~above20 & high
                let space = upTo20 & atLeast20
                let nextUpTo20: UInt64 = base[k + 8] <= 0x20 ? 1 << 63 : 0
                // A stop: a control byte (maybe whitespace), or a space followed by one or by a space.
                let stop = below20 | (space & ((upTo20 >> 8) | nextUpTo20))
                if stop == 0 {
                    k += 8
                    continue
                }
                k += stop.trailingZeroBitCount >> 3
                break
            }
            guard k < n else { return n }
            let b = p[k]
            if !isSpace(b) || (b == 0x20 && k + 1 < n && !isSpace(p[k + 1])) {
                k += 1
                continue
            }
            return k
        }
    }

    /// Writes text that is not from a text token (quotation marks, literal tags).
    mutating func emitText(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ emitText($0) }) != nil { return }
        var string = string
        string.withUTF8 { emitText($0) }
    }

    /// Gets ready for inline content: closes a lingering item and an implied head, opens an
    /// implied cell or list item, reopens active formatting elements, writes a held-back space.
    @inline(__always)
    mutating func prepareInlineContent() {
        if suppressDepth > 0 { return }
        settleLingeringItem()
        bodyStarted = true
        if let last = stack.last {
            if last.flags.contains(.tableContainer) {
                openImpliedCell()
            } else if last.flags.contains(.listContainer) {
                openImpliedItem()
            }
        }
        if needsReconstruction { reconstructFormatting() }
        flushPendingSpace()
    }

    @inline(__always)
    mutating func flushPendingSpace() {
        if spacing == .pendingSpace {
            writeSpace()
            spacing = .afterSpace
        }
    }

    /// Writes one space (without making a `String`).
    @inline(__always)
    mutating func writeSpace() {
        var space: UInt8 = 0x20
        withUnsafePointer(to: &space) { builder.text(bytes: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Marks a text boundary left by a block-level element without a node of its own.
    mutating func separateText() {
        if spacing == .afterText { spacing = .pendingSpace }
    }

    // MARK: Collected text (pre, code)

    /// Starts flattening the text of a pre- or code-like element into one literal node.
    mutating func startCollecting(_ element: HTMLElement, key: Int32, isBlock: Bool,
                                  attributes: AttributeListID, style: Style?, info: String) {
        // Set field by field: assigning a whole new collector copied and destroyed one (its
        // strings, style and buffer) per code span. The byte buffer is the previous collector's,
        // kept and emptied by `finishCollector`.
        collector.isBlock = isBlock
        collector.key = key
        collector.element = element
        collector.depth = 1
        collector.info = info
        collector.attributes = attributes
        collector.style = style
        collector.atStart = true
        collector.skippingKey = -1
        collector.collapsedSpace = false
        isCollecting = true
    }

    mutating func collectText(_ slice: UnsafeBufferPointer<UInt8>) {
        guard isCollecting, collector.skippingKey < 0 else { return }
        var start = 0
        if collector.isBlock {
            if collector.atStart, start < slice.count, slice[start] == 0x0A { start += 1 }
            collector.atStart = false
            collector.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: slice[start...]))
        } else if options.preformattedCode {
            collector.atStart = false
            collector.bytes.append(contentsOf: slice)
        } else {
            collector.atStart = false
            // Whitespace runs collapse to one space; the text between them (single spaces
            // included, as `segmentEnd` finds it) is appended whole.
            var collapsed = collector.collapsedSpace
            var i = 0
            let n = slice.count
            while i < n {
                if Self.isSpace(slice[i]) {
                    if !collapsed { collector.bytes.append(0x20) }
                    collapsed = true
                    i += 1
                    continue
                }
                let end = Self.segmentEnd(slice, from: i + 1)
                collector.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: slice[i ..< end]))
                collapsed = false
                i = end
            }
            collector.collapsedSpace = collapsed
        }
    }

    /// Handles a start tag while collecting; returns false when the tag ends collecting and must
    /// be handled normally.
    mutating func collectStartTag(_ tag: HTMLStartTag, element: HTMLElement) -> Bool {
        if collector.skippingKey >= 0 { return true }
        collector.atStart = false
        let key = element == .unknown ? -2 : Int32(element.rawValue)
        if key == collector.key {
            collector.depth += 1
            return true
        }
        if element != .unknown {
            let t = traits[Int(element.rawValue)]
            if t.contains(.suppressesContent) && !t.contains(.isVoid) && !tag.isSelfClosing {
                collector.skippingKey = key
                return true
            }
            if !collector.isBlock && (t.contains(.closesParagraph) || t.contains(.isTablePart)) {
                finishCollector()
                return false
            }
        }
        switch element {
        case .br:
            if collector.isBlock {
                collector.bytes.append(0x0A)
            } else if !collector.collapsedSpace {
                collector.bytes.append(0x20)
                collector.collapsedSpace = true
            }
        case .code where collector.isBlock && collector.info.isEmpty:
            if let info = Self.explicitCodeLanguage(tag) { collector.info = info }
        default:
            break
        }
        return true
    }

    /// Handles an end tag while collecting; returns false when the tag must be handled normally.
    mutating func collectEndTag(element: HTMLElement, key: Int32) -> Bool {
        if collector.skippingKey >= 0 {
            if key == collector.skippingKey { collector.skippingKey = -1 }
            return true
        }
        if key == collector.key {
            collector.depth -= 1
            if collector.depth == 0 { finishCollector() }
            return true
        }
        if element == .br {
            collector.bytes.append(collector.isBlock ? 0x0A : 0x20)
            return true
        }
        if key >= 0 && Int(key) < topByKey.count && topByKey[Int(key)] >= 0 {
            finishCollector()
            return false
        }
        return true
    }

    /// Writes the collected literal node, if collecting.
    mutating func finishCollector() {
        guard isCollecting else { return }
        isCollecting = false
        if collector.isBlock {
            if collector.info.isEmpty { collector.info = collector.fallbackInfo }
            // An empty `<pre>` shows nothing: no code block (Markdown would show an empty one).
            if !collector.bytes.isEmpty {
                builder.leaf(.codeBlock(info: collector.info), bytes: collector.bytes, attributeList: collector.attributes,
                             style: collector.style)
            }
            spacing = .start
        } else if preserveDepth > 0 || options.preformattedCode {
            builder.leaf(.code, bytes: collector.bytes, attributeList: collector.attributes, style: collector.style)
            spacing = collector.collapsedSpace ? .afterSpace : .afterText
        } else {
            // Whitespace at the edges of inline code collapses with the text around it, as
            // around any inline element: it moves outside the code (`a <code> b </code>c` is
            // `a `, code `b`, ` c`), so the code holds only what is shown in its own font.
            let bytes = collector.bytes
            var start = 0
            var end = bytes.count
            if start < end && bytes[start] == 0x20 {
                start += 1
                if spacing == .afterText { writeSpace(); spacing = .afterSpace }
            }
            let trailingSpace = end > start && bytes[end - 1] == 0x20
            if trailingSpace { end -= 1 }
            if start < end || bytes.isEmpty {
                bytes.withUnsafeBufferPointer {
                    _ = builder.leaf(.code, bytes: UnsafeBufferPointer(rebasing: $0[start..<end]),
                                     attributeList: collector.attributes, style: collector.style)
                }
                spacing = trailingSpace ? .pendingSpace : .afterText
            }
        }
        // Back to idle in place (see `startCollecting`), keeping the buffer's capacity.
        collector.bytes.removeAll(keepingCapacity: true)
        collector.isBlock = false
        collector.key = -1
        collector.element = .unknown
        collector.depth = 1
        collector.info = ""
        collector.fallbackInfo = ""
        collector.attributes = .none
        collector.style = nil
        collector.atStart = true
        collector.skippingKey = -1
        collector.collapsedSpace = false
    }

    /// The language of a `class="language-x"` or `lang-x`, if any.
    static func languageInfo(_ classes: String?) -> String? {
        guard var classes, classes.utf8.count > 5 else { return nil }
        return classes.withUTF8 { p -> String? in
            let n = p.count
            var i = 0
            while i < n {
                while i < n && isSpace(p[i]) { i += 1 }
                let wordStart = i
                while i < n && !isSpace(p[i]) { i += 1 }
                let word = UnsafeBufferPointer(rebasing: p[wordStart ..< i])
                // Prefixes compared as bytes (a generic `elementsEqual` per word cost hundreds of
                // instructions).
                for prefix: StaticString in ["language-", "lang-"] {
                    let count = prefix.utf8CodeUnitCount
                    if word.count > count && memcmp(word.baseAddress!, prefix.utf8Start, count) == 0 {
                        return String(decoding: word[count...], as: UTF8.self)
                    }
                }
            }
            return nil
        }
    }
}

extension DocumentBuilder {
    @discardableResult
    mutating func leaf(_ kind: NodeKind, bytes: [UInt8], attributeList: AttributeListID, style: Style?) -> NodeID {
        bytes.withUnsafeBufferPointer { leaf(kind, bytes: $0, attributeList: attributeList, style: style) }
    }
}
