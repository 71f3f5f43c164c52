#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
@_spi(TransmarkStorage) import TransmarkCore
import TransmarkHTML

extension MarkdownWriter {
    // MARK: Blocks

    /// Separates a block (or an implicit paragraph starting at inline node `i`) from what came
    /// before: nothing for the first block of a container, a line break inside tight lists, a
    /// blank line otherwise.
    mutating func startBlock(_ i: Int32) {
        endInlineRun()
        // An inline node here starts an implicit paragraph.
        let newTag = tag(i).isBlock ? tag(i) : .paragraph
        guard var container = blockContainers.popLast() else { return }
        defer { blockContainers.append(container) }
        let previous = container.lastBlock
        container.lastBlock = newTag
        previousListMarker = previous == .list ? container.lastListMarker : nil
        if w.bytes.count == container.start {
            // Nothing written yet in this container (divisions and empty blocks write nothing):
            // the block starts right after the container's marker.
            return
        }
        if newTag == .definition && (previous == .term || previous == .definition) && options.definitionList == .symbol {
            // `Term` / `:   definition` on the next line (a blank line would make it loose).
            w.cr()
            return
        }
        // An ordered list starting at another number than 1 cannot interrupt a paragraph.
        var interruptsParagraph = true
        if newTag == .list, case .list(let a) = document.kind(at: i), a.isOrdered, a.start != 1, options.escaping != .pandoc {
            interruptsParagraph = false
        }
        if container.isTightItem && (interruptsParagraph || previous != .paragraph)
            && Self.followsOnNextLine(newTag, after: previous, options: options) {
            w.cr()
            return
        }
        w.blankLine()
    }

    /// Whether, inside a tight list item, a block of kind `next` can follow one of kind
    /// `previous` on the next line and still read back as a separate block (a paragraph would
    /// continue a paragraph or a nested list lazily, `---` would underline it, a table would
    /// take its last line as the header row).
    static func followsOnNextLine(_ next: NodeKind.Tag, after previous: NodeKind.Tag?,
                                  options: MarkdownBackend.Options) -> Bool {
        guard let previous else { return true }
        // pandoc's Markdown wants a blank line before a block quote, a heading, a table or a code
        // block that follows a paragraph (in a list item, a fence there even reads as a code
        // span); only a nested list may follow it on the next line.
        if options.escaping == .pandoc && previous == .paragraph && next != .list { return false }
        switch next {
        case .list: return previous != .list
        case .blockQuote: return previous != .blockQuote
        case .codeBlock: return previous != .codeBlock
        case .heading: return options.headingStyle != .setext
        case .paragraph: return previous == .heading || previous == .codeBlock || previous == .thematicBreak
        default: return false
        }
    }

    /// Opens a block container (document, quote, list item, footnote, definition): blocks after
    /// the current position are separated from one another, the first one is not.
    mutating func openBlockContainer(tightItem: Bool = false) {
        w.flush()
        blockContainers.append(BlockContainer(start: w.bytes.count, lastBlock: nil, isTightItem: tightItem))
    }

    mutating func closeBlockContainer() {
        if blockContainers.count > 1 { blockContainers.removeLast() }
    }

    mutating func pushPrefix(_ s: String) {
        let bytes = Array(s.utf8)
        w.prefix.append(contentsOf: bytes)
        prefixLengths.append(bytes.count)
    }

    mutating func popPrefix() {
        if let n = prefixLengths.popLast() { w.prefix.removeLast(min(n, w.prefix.count)) }
    }

    mutating func listMarker(_ i: Int32, _ attributes: ListAttributes) -> String {
        // Two lists in a row need different markers, or they read back as one list.
        // (Also across divisions, which write no markup: the previous block of the container.)
        var previousMarker: String? = previousListMarker
        if let last = lastListEnd, last.position == w.bytes.count, last.containerDepth == blockContainers.count {
            previousMarker = last.marker
        }
        if let previous = previousSibling(of: i), case .list(let other) = document.kind(at: previous),
           other.isOrdered == attributes.isOrdered {
            previousMarker = chosenListMarkers[previous]
        }
        // In a pipe table's cell a list's lines are joined into one (`complexTable=pipe`), where a
        // `*` marker would pair up as emphasis (`* a * b`): a `-` or `+` stays text there.
        let bullet = inTableCell && preferredBullet == "*" ? "-" : preferredBullet
        let preferred = attributes.isOrdered ? options.orderedListDelimiter : bullet
        guard let previousMarker, previousMarker == preferred else { return preferred }
        if attributes.isOrdered { return preferred == "." ? ")" : "." }
        if inTableCell { return preferred == "-" ? "+" : "-" }
        return preferred == "-" ? "*" : "-"
    }

    mutating func enterListItem(_ i: Int32) {
        endInlineRun()
        guard var list = lists.popLast() else { return }
        let p = parent(i)
        let first = records.firstChild(p) == i
        if !first {
            // turndown separates items by a line end (see `exit`).
            if list.isTight || options.escaping == .turndown { w.cr() } else { w.blankLine() }
        }
        var marker: String
        if list.isOrdered {
            let number = Self.listNumber(list.number, list.numbering) ?? list.firstNumber
                ?? String(min(max(list.number, 0), 999_999_999))
            if list.firstNumber == nil { list.firstNumber = number }
            marker = number + list.marker
            list.number = list.number.addingSaturating(1)
        } else {
            marker = list.marker
        }
        // 0: turndown's padding, `*   ` and `1.  ` / `10.  ` (two spaces after any number).
        var padding = options.listMarkerPadding == 0 ? (list.isOrdered ? 2 : 3) : options.listMarkerPadding
        // pandoc reads `B. Russell` as a paragraph: a capital letter and `.` need two spaces.
        if (list.numbering == .upperAlpha || list.numbering == .upperRoman) && list.marker == "." { padding = max(padding, 2) }
        marker += String(repeating: " ", count: padding)
        lists.append(list)
        w.marker(marker)
        pushPrefix(String(repeating: " ", count: marker.count))
        w.markLineStart()
        if case .listItem(let task?) = document.kind(at: i) {
            if options.gfm {
                w.marker(task == .checked ? "[x] " : "[ ] ")
            } else {
                w.marker(task == .checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> ")
            }
            w.markContentStarted()
        }
        openBlockContainer(tightItem: list.isTight)
        if options.escaping == .pandoc, let attributes = pandocAttributes(i) { enterItemAttributes(i, attributes) }
    }

    /// pandoc's form of a list item's id, classes and attributes (`<li id="x">`), as pandoc
    /// writes them: inline content in a bracketed span (`- [bar]{#x}`, with `span=symbol`),
    /// blocks in a fenced div (`- ::: {#x}`, with `division=symbol` too).
    mutating func enterItemAttributes(_ i: Int32, _ attributes: String) {
        var child = records.firstChild(i)
        var blocks = false
        while child >= 0 && !blocks {
            blocks = records.tag(child).isBlock
            child = records.nextSibling(child)
        }
        if blocks {
            guard options.division == .symbol && options.span == .symbol else { return }
            w.marker("::: " + attributes)
            w.cr()
            openBlockContainer()
            fencedDivisions.append(i)
        } else if records.firstChild(i) >= 0 && options.span == .symbol {
            // Opened with the implicit paragraph of its first inline node (see `enter`).
            spannedItems.append(i)
        }
    }

    /// Whether the node's last child is a block other than a list (turndown's "item content
    /// ends with a line end").
    func endsWithBlock(_ i: Int32) -> Bool {
        var child = records.firstChild(i)
        var last: Int32 = -1
        while child >= 0 {
            last = child
            child = records.nextSibling(child)
        }
        return last >= 0 && tag(last).isBlock && tag(last) != .list
    }

    /// Writes a code block; an HTML block under `rawHTML=text` is written the same way, as a
    /// fence with the info string `html`, so its markup reads as written.
    mutating func writeCodeBlock(_ i: Int32) {
        let info: String
        if case .codeBlock(let codeInfo) = document.kind(at: i) {
            // An info string is one line: a line end in it would end the fence line early (and
            // a fence after it would close the block).
            info = codeInfo.contains(where: \.isNewline) ? String(codeInfo.map { $0.isNewline ? " " : $0 }) : codeInfo
        } else if records.tag(i) == .htmlBlock {
            info = "html"
        } else {
            return
        }
        var code = Array(document.textBytes(at: i))
        // A carriage return is a line end to a reader: one inside a line of indented code (or of
        // code under a container's prefix) would start a line without the indent.
        if code.contains(0x0D) { code = Self.lineFeedsOnly(code) }
        if code.last != 0x0A && !code.isEmpty { code.append(0x0A) }
        // The code without its final line end; its lines are split only where needed.
        let body = code.isEmpty ? code[...] : code.dropLast()
        let hasLines = !code.isEmpty
        func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        let firstLineBlank = !hasLines || isBlank(body[..<(body.firstIndex(of: 0x0A) ?? body.endIndex)])
        let lastLineBlank = !hasLines || isBlank(body[(body.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex)...])
        func lines() -> [ArraySlice<UInt8>] { hasLines ? body.split(separator: 0x0A, omittingEmptySubsequences: false) : [] }
        let p = parent(i)
        let firstInItem = p >= 0 && tag(p) == .listItem && records.firstChild(p) == i
        // Indented code needs a blank line before it that ends any list or paragraph: not the
        // first block of an item, not inside a tight list, not right after a list.
        let inTightItem = p >= 0 && tag(p) == .listItem && (lists.last?.isTight ?? false)
        let afterList = previousSibling(of: i).map { tag($0) == .list } ?? false
        // Indented code right after indented code (nothing written between) would continue it.
        let afterIndentedCode = lastIndentedCodeEnd == w.bytes.count
        if options.codeBlockStyle == .indented && info.isEmpty && hasLines && !firstLineBlank
            && !lastLineBlank && !firstInItem && !inTightItem && !afterList && !afterIndentedCode {
            w.flush()
            pushPrefix("    ")
            w.marker("    ")
            writeVerbatimLines(lines())
            popPrefix()
            w.cr()
            lastIndentedCodeEnd = w.bytes.count
            return
        }
        var fenceChar = options.fence.utf8.first ?? UInt8(ascii: "`")
        if fenceChar == UInt8(ascii: "`") && info.utf8.contains(UInt8(ascii: "`")) { fenceChar = UInt8(ascii: "~") }
        var longest = 0
        var run = 0
        for b in code {
            run = b == fenceChar ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = [UInt8](repeating: fenceChar, count: max(3, longest + 1))
        w.marker(fence)
        if !info.isEmpty {
            w.marker(info.utf8)
        } else if records.tag(i) == .codeBlock && !options.defaultCodeLanguage.isEmpty {
            w.marker(options.defaultCodeLanguage.utf8)
        }
        w.keepTrailingSpaces()
        w.cr()
        if hasLines {
            w.flush()
            if w.prefix.isEmpty {
                // No container prefix to repeat on every line: the code goes out in one piece.
                w.verbatim(body)
                w.forceLineEnd()
            } else {
                writeVerbatimLines(lines())
            }
            w.cr()
        }
        w.marker(fence)
        w.cr()
    }

    /// Writes code lines, each on its own prefixed line, keeping their spaces.
    mutating func writeVerbatimLines(_ lines: [ArraySlice<UInt8>]) {
        for (n, line) in lines.enumerated() {
            if n > 0 { w.newlineKeepingContent(emptyLine: line.isEmpty) }
            w.verbatim(line)
        }
        if !lines.isEmpty { w.forceLineEnd() }
    }

    /// An HTML block by `rawHTML`: as written (`keep`), as a fenced `html` code block (`text`),
    /// or not at all (`drop`).
    mutating func writeHTMLBlock(_ i: Int32) {
        switch options.rawHTML {
        case .drop: return
        case .text: writeCodeBlock(i); return
        case .keep: break
        }
        var raw = keptRawHTML(Array(document.textBytes(at: i)))
        while let l = raw.last, l == 0x0A { raw.removeLast() }
        if raw.isEmpty { return }
        if contentFollowsInsideBlock(i), let end = HTMLBlockStart.missingEnd(of: raw) {
            // An HTML block that ends at a marker (`<pre>`, a comment) would take in the blocks
            // written after it, their escaped text becoming raw HTML: it gets its end.
            raw += [0x0A] + end
        }
        let lines = raw.split(separator: 0x0A, omittingEmptySubsequences: false)
        w.flush()
        writeVerbatimLines(lines)
        endHTMLBlock(after: i)
    }

    /// Writes a subtree as an HTML block (for constructs Markdown cannot express).
    mutating func writeHTMLFragment(_ i: Int32) {
        var htmlOptions = HTMLRenderer.Options()
        // The writer's own policy: safe unless `unsafe` (then raw HTML is kept as it is too).
        htmlOptions.unsafe = options.unsafe
        htmlOptions.rawHTML = options.rawHTML
        // The structure without its presentation (`class`, `style`, `data-*`), as a person would
        // write it in Markdown.
        htmlOptions.keepAttributes = options.htmlFallbackAttributes
        htmlOptions.attributeLineEndsAsReferences = true
        var html = HTMLRenderer.renderFragment(document[NodeID(index: i)], options: htmlOptions)
        while let l = html.last, l == 0x0A { html.removeLast() }
        w.flush()
        writeVerbatimLines(Self.withoutBlankLines(html))
        endHTMLBlock(after: i)
    }

    /// Whether more is written after the block `i` before a container that ends an HTML block
    /// (the document, a block quote, a list item, a footnote) ends: a node follows it or one of its
    /// ancestors inside that container. (Each walk climbs a chain of last children, which only
    /// one leaf ends: linear over the tree.)
    func contentFollowsInsideBlock(_ i: Int32) -> Bool {
        var node = i
        while true {
            if records.nextSibling(node) >= 0 { return true }
            let parent = records.parent(node)
            guard parent >= 0 else { return false }
            switch tag(parent) {
            case .document:
                return false
            case .blockQuote, .listItem, .footnoteDefinition:
                // Only a container written as one ends the block: not a list item or quote
                // inside an image's or a link's text, inside emphasis, or outside a list.
                if isWrittenAsContainer(parent) { return false }
                node = parent
            default: node = parent
            }
        }
    }

    /// Whether the container `c` (a quote, a list item, a footnote definition) is written as a
    /// Markdown container, whose end ends an HTML block inside it: not inside inline content (an
    /// image's or a link's text, emphasis and the other delimited nodes: their blocks are written
    /// inline), and, for a list item, in a list that sits in a block.
    func isWrittenAsContainer(_ c: Int32) -> Bool {
        if linkDepth > 0 || !openDelimiters.isEmpty { return false }
        let parent = records.parent(c)
        guard parent >= 0 else { return true }
        if tag(c) == .listItem {
            guard tag(parent) == .list else { return false }
            let outer = records.parent(parent)
            return outer < 0 || tag(outer).isBlock && tag(outer) != .paragraph && tag(outer) != .heading
        }
        return tag(parent).isBlock && tag(parent) != .paragraph && tag(parent) != .heading
    }

    /// Ends the line of an HTML block written for node `i`. Whatever is written after it inside
    /// the same container (more of the inline content it sits in, a table inside a link or a
    /// paragraph, or the next block of a tight list item) would belong to the HTML block as raw
    /// HTML, its Markdown escapes void: a blank line ends the block first. At a container's end
    /// (the document, a quote, a list item, a footnote) the container ends it.
    mutating func endHTMLBlock(after i: Int32) {
        let parent = records.parent(i)
        let next = records.nextSibling(i)
        let inInlineContent = parent >= 0 && (!tag(parent).isBlock || tag(parent) == .paragraph || tag(parent) == .heading)
        if inInlineContent || next >= 0 && !tag(next).isBlock || contentFollowsInsideBlock(i) { w.blankLine() } else { w.cr() }
    }

    /// The lines of an HTML fragment without blank lines, which would end the HTML block. Outside
    /// `<pre>` they are whitespace between tags and go; inside, where they are content, an
    /// empty line becomes a `&#10;` at the start of the next line and a line of spaces starts
    /// with a character reference (`&#32;`, `&#9;`), so the code keeps them.
    static func withoutBlankLines(_ html: [UInt8]) -> [ArraySlice<UInt8>] {
        if !mayHoldPreTag(html) { return nonBlankLines(html) }
        var lines: [ArraySlice<UInt8>] = []
        var openPre = 0
        var pendingNewlines = 0
        for line in html.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if isBlank && openPre == 0 { continue }
            if line.isEmpty {
                pendingNewlines += 1
                continue
            }
            if !isBlank { openPre = max(0, openPre + Self.preTagBalance(line)) }
            if pendingNewlines == 0 && !isBlank {
                lines.append(line)
                continue
            }
            var kept: [UInt8] = []
            for _ in 0..<pendingNewlines { kept += Array("&#10;".utf8) }
            pendingNewlines = 0
            if isBlank {
                kept += Array((line.first == 0x09 ? "&#9;" : "&#32;").utf8)
                kept += line.dropFirst()
            } else {
                kept += line
            }
            lines.append(kept[...])
        }
        return lines
    }

    /// Whether `html` has `<pre` or `</pre` anywhere (else no line of it is inside `<pre>`).
    static func mayHoldPreTag(_ html: [UInt8]) -> Bool {
        html.withUnsafeBufferPointer { p in
            let n = p.count
            guard let base = p.baseAddress else { return false }
            var i = 0
            while i < n, let hit = memchr(base + i, Int32(UInt8(ascii: "<")), n - i) {
                let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var j = k + 1
                if j < n && p[j] == UInt8(ascii: "/") { j += 1 }
                if j + 3 <= n && p[j] == UInt8(ascii: "p") && p[j + 1] == UInt8(ascii: "r") && p[j + 2] == UInt8(ascii: "e") {
                    return true
                }
                i = k + 1
            }
            return false
        }
    }

    /// The lines of `html` that hold more than spaces and tabs (`withoutBlankLines` where no
    /// line is inside `<pre>`), found with `memchr`.
    static func nonBlankLines(_ html: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        html.withUnsafeBufferPointer { p in
            let n = p.count
            guard let base = p.baseAddress else { return }
            var start = 0
            while start < n {
                let end = memchr(base + start, 0x0A, n - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? n
                var k = start
                while k < end && (p[k] == 0x20 || p[k] == 0x09) { k += 1 }
                if k < end { lines.append(html[start ..< end]) }
                start = end + 1
            }
        }
        return lines
    }

    /// How many `<pre` start tags the line opens minus the `</pre>` end tags it has.
    static func preTagBalance(_ line: ArraySlice<UInt8>) -> Int {
        var balance = 0
        var i = line.startIndex
        let end = line.endIndex
        while let k = line[i..<end].firstIndex(of: UInt8(ascii: "<")) {
            if k + 5 <= end && line[k + 1] == UInt8(ascii: "p") && line[k + 2] == UInt8(ascii: "r") && line[k + 3] == UInt8(ascii: "e")
                && (line[k + 4] == UInt8(ascii: ">") || line[k + 4] == 0x20) {
                balance += 1
            } else if k + 6 <= end && line[k + 1] == UInt8(ascii: "/") && line[k + 2] == UInt8(ascii: "p")
                        && line[k + 3] == UInt8(ascii: "r") && line[k + 4] == UInt8(ascii: "e") && line[k + 5] == UInt8(ascii: ">") {
                balance -= 1
            }
            i = k + 1
        }
        return balance
    }

    /// The element name a division is written as in HTML fallbacks (`div` unless its own name is
    /// valid and bears no code).
    func divisionName(_ i: Int32) -> String {
        if case .division(let tag) = document.kind(at: i), HTMLNames.isValidElementName(tag),
           !HTMLNames.isCodeBearingElement(tag) {
            return tag
        }
        return "div"
    }

    /// The node's attributes and style as HTML attribute text (with a leading space).
    func htmlAttributes(_ i: Int32) -> String {
        var text = ""
        let element = divisionName(i)
        for a in document.attributes(at: i) where HTMLNames.isValidAttributeName(a.name)
            && policy.allowsAttribute(a.name, value: a.value, element: element) {
            if a.name == "style" && document.style(at: i) != nil { continue }
            var escaped = ByteOutput()
            HTMLEscaping.escapeText(a.value, into: &escaped)
            // A line end inside a tag could make a blank line, which ends a paragraph.
            let value = a.value.utf8.contains(0x0A) ? escaped.string.replacingOccurrences(of: "\n", with: "&#10;") : escaped.string
            text += " \(a.name)=\"\(value)\""
        }
        if let style = document.style(at: i), !style.cssText.isEmpty {
            var escaped = ByteOutput()
            HTMLEscaping.escapeText(style.cssText, into: &escaped)
            text += " style=\"\(escaped.string)\""
        }
        return text
    }

    /// The node's attributes in pandoc's syntax (`{#id .class key="value"}`), or nil when it
    /// has none. With `short`, a lone class is written bare (`note`, for `::: note`).
    func pandocAttributes(_ i: Int32, short: Bool = false) -> String? {
        Self.pandocAttributes(i, in: document, short: short)
    }

    /// `pandocAttributes(_:short:)` for a node of `document`.
    ///
    /// pandoc reads `#id`, `.class` and `key=` only for names that start with a letter and go on
    /// with letters, digits, `-`, `_`, `:` and `.`; one name off that rule makes it read the whole
    /// `{…}` as text, whose raw HTML would then be live. So other ids and classes are written
    /// `id="…"` and `class="…"` (which pandoc maps to them), other keys are left out, and values
    /// escape `\`, `"`, `|` (a pipe-table cell) and, as character references, `<` and `&`.
    static func pandocAttributes(_ i: Int32, in document: Document, short: Bool = false) -> String? {
        var id: String?
        var classes: [Substring] = []
        var otherClasses: [Substring] = []
        var others: [String] = []
        for a in document.attributes(at: i) where HTMLNames.isValidAttributeName(a.name) && !HTMLNames.isEventHandler(a.name) {
            switch a.name {
            case "id" where !a.value.isEmpty:
                id = a.value
            case "class":
                for name in a.value.split(whereSeparator: { $0.isWhitespace }) {
                    if isPandocName(name) { classes.append(name) } else { otherClasses.append(name) }
                }
            default:
                // `data-` keys keep their prefix: pandoc's reader drops it only for keys HTML
                // does not know, and a list of those here would be one more thing to get wrong
                // (`data-onclick` without it is an event handler). pandoc's HTML writer writes
                // either form back as the same `data-` attribute.
                if isPandocName(a.name[...]) { others.append(a.name + "=" + pandocQuoted(a.value)) }
            }
        }
        var parts: [String] = []
        if let id {
            if isPandocName(id[...]) { parts.append("#" + id) } else { parts.append("id=" + pandocQuoted(id)) }
        }
        if short && parts.isEmpty && others.isEmpty && otherClasses.isEmpty && classes.count == 1 { return String(classes[0]) }
        parts += classes.map { "." + $0 }
        if !otherClasses.isEmpty { parts.append("class=" + pandocQuoted(otherClasses.joined(separator: " "))) }
        parts += others
        return parts.isEmpty ? nil : "{" + parts.joined(separator: " ") + "}"
    }

    /// Whether pandoc reads `name` as an identifier, class or key: a letter, then letters,
    /// digits, `-`, `_`, `:` and `.`.
    static func isPandocName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isLetter else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
    }

    /// A value in double quotes as pandoc reads it back: backslash escapes for `\`, `"` and `|`,
    /// character references for `<` and `&`, line ends left out.
    static func pandocQuoted(_ value: String) -> String {
        var out = "\""
        for c in value where c != "\n" && c != "\r" && c != "\r\n" {
            switch c {
            case "\\", "\"", "|": out.append("\\"); out.append(c)
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// `bytes` with CR LF and lone CR as LF.
    static func lineFeedsOnly(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var k = 0
        while k < bytes.count {
            if bytes[k] == 0x0D {
                out.append(0x0A)
                if k + 1 < bytes.count && bytes[k + 1] == 0x0A { k += 1 }
            } else {
                out.append(bytes[k])
            }
            k += 1
        }
        return out
    }

    /// A footnote label as written in `[^label]`: whitespace, controls, brackets, backslashes
    /// and `<`, `>` become `-`, so that the label is always one (a line end or bracket in it
    /// would leave `[^…]` as text, and the rest of the label with it, `<script>` included).
    static func footnoteLabel(_ label: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in label.unicodeScalars {
            switch scalar {
            case "[", "]", "\\", "<", ">": out.append("-")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace: out.append("-")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The previous sibling of the node being entered (valid during `enter`).
    mutating func previousSibling(of i: Int32) -> Int32? {
        currentPreviousSibling >= 0 ? currentPreviousSibling : nil
    }

    /// Whether the subtree of `i` holds a soft or hard line break.
    func containsBreak(_ i: Int32) -> Bool {
        var found = false
        document.walk(from: NodeID(index: i)) { event in
            if case .enter(let n) = event, n.tag == .softBreak || n.tag == .lineBreak { found = true; return .stop }
            return .proceed
        }
        return found
    }

    /// The number of code points in UTF-8 bytes: what setext underlines and pipe-table cells are
    /// padded to (grid tables, which pandoc cuts by display columns, use `DisplayWidth`).
    static func codePointCount(of bytes: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }
}

// MARK: - Starting blocks

extension MarkdownWriter {
    /// An ATX heading writes its marker now; a setext heading (asked for, or needed for a line
    /// break, levels 1–2) writes its underline on exit.
    mutating func startHeading(_ i: Int32) {
        guard case .heading(let level) = document.kind(at: i) else { return }
        let empty = records.firstChild(i) < 0
        // A line break needs several lines: setext headings can hold them (levels 1–2; not in
        // pandoc's Markdown, where a setext heading is one line: there the break is `<br>`).
        let multiline = level <= 2 && options.escaping != .pandoc && containsBreak(i)
        if (options.headingStyle == .setext || multiline) && level <= 2 && !empty {
            headingLineStart = w.bytes.count
        } else {
            w.marker(String(repeating: "#", count: min(max(level, 1), 6)) + " ")
            w.markContentStarted()
            headingLineStart = -1
        }
        inHeading = true
        flattenRoot = i
    }

    /// The bullet of a bullet list starting here: `bulletListMarker`, or where it names several
    /// (markdownify's `*+-`), the one for the number of bullet lists around it, in turn.
    var preferredBullet: String {
        let markers = options.bulletListMarker
        guard markers.count > 1 else { return markers }
        let characters = Array(markers)
        return String(characters[(lists.last?.bulletDepth ?? 0) % characters.count])
    }

    /// Chooses the list's marker and opens its context.
    mutating func startList(_ i: Int32) {
        guard case .list(let attributes) = document.kind(at: i) else { return }
        var marker = listMarker(i, attributes)
        let preferred = attributes.isOrdered ? options.orderedListDelimiter : preferredBullet
        if options.escaping == .pandoc && marker != preferred {
            // pandoc reads bullet lists in a row as one list whatever their markers: an empty
            // comment between them ends the first, as pandoc's own writer does (for ordered lists
            // too, which keep their delimiter then).
            marker = preferred
            w.htmlBlockMarker("<!-- -->")
            w.markContentStarted()
            w.blankLine()
        }
        chosenListMarkers[i] = marker
        var numbering = options.listNumbering == .source ? attributes.numbering : .decimal
        if let first = Self.listNumber(attributes.start, numbering), Self.isAmbiguousToPandoc(first, numbering) {
            numbering = .decimal
        } else if Self.listNumber(attributes.start, numbering) == nil {
            // A start the numbering cannot write (0 for letters): decimal for the whole list.
            numbering = .decimal
        }
        lists.append(ListContext(isOrdered: attributes.isOrdered, isTight: attributes.isTight,
                                 number: max(attributes.start, 0), marker: marker, numbering: numbering,
                                 bulletDepth: (lists.last?.bulletDepth ?? 0) + (attributes.isOrdered ? 0 : 1)))
    }

    /// Whether pandoc reads a list's first number as the other style: the letter `i` as a Roman
    /// numeral, a one-letter Roman numeral other than `i` (`v`, `x`, `l`, `c`, `d`, `m`) as a
    /// letter. Such lists are written in decimal.
    static func isAmbiguousToPandoc(_ first: String, _ numbering: ListNumbering) -> Bool {
        switch numbering {
        case .lowerAlpha, .upperAlpha: return first == "i" || first == "I"
        case .lowerRoman, .upperRoman: return first.count == 1 && first != "i" && first != "I"
        case .decimal: return false
        }
    }

    /// An ordered item's number written in `numbering`, as pandoc reads it: decimal, one letter
    /// (up to 26) or a Roman numeral (up to 3999); nil past those.
    static func listNumber(_ n: Int, _ numbering: ListNumbering) -> String? {
        switch numbering {
        case .decimal: return String(min(max(n, 0), 999_999_999))
        case .lowerAlpha, .upperAlpha: return (1...26).contains(n) ? numbering.label(n) : nil
        case .lowerRoman, .upperRoman: return (1...3999).contains(n) ? numbering.label(n) : nil
        }
    }

    mutating func writeThematicBreak(_ i: Int32) {
        var rule = options.thematicBreak
        // `- ---` would itself read as a rule: use another character after a list marker.
        let p = records.parent(i)
        if p >= 0 && tag(p) == .listItem && records.firstChild(p) == i, let c = rule.first(where: { $0 != " " }),
           let marker = lists.last?.marker, marker.first == c {
            rule = rule.replacingCharacter(c, with: c == "*" ? "-" : "*")
        }
        w.marker(rule)
        w.cr()
    }

    /// Writes the `[^label]:` of a footnote definition; its content follows, indented.
    mutating func startFootnoteDefinition(_ i: Int32) {
        guard case .footnoteDefinition(let label) = document.kind(at: i) else { return }
        let labelText = Self.footnoteLabel(label)
        if options.gfm {
            w.marker("[^" + labelText + "]:")
            let first = records.firstChild(i)
            if first >= 0 && (tag(first) == .paragraph || isInline(tag(first))) {
                w.marker(" ")
                w.markLineStart()
            } else {
                w.cr()
            }
        } else {
            w.content("\\[^" + labelText + "\\]:")
            w.marker(" ")
            w.markLineStart()
        }
        pushPrefix("    ")
        openBlockContainer()
    }

    /// A division written as pandoc's fenced div (`::: {#id .class}`), when it has attributes
    /// (a division without them writes its content only); true when a fence was written.
    mutating func startFencedDivision(_ i: Int32) -> Bool {
        guard var attributes = pandocAttributes(i, short: true) else { return false }
        if case .division("section") = document.kind(at: i) {
            // pandoc reads `<section>` as a division of class `section` (and writes that back as
            // `<section>`), first of its classes.
            if !attributes.hasPrefix("{") {
                attributes = "{.section ." + attributes + "}"
            } else if attributes.hasPrefix("{#"), let space = attributes.firstIndex(where: { $0 == " " || $0 == "}" }) {
                attributes = attributes[..<space] + " .section" + attributes[space...]
            } else {
                attributes = "{.section " + attributes.dropFirst()
            }
        }
        startBlock(i)
        w.marker("::: " + attributes)
        w.cr()
        openBlockContainer()
        return true
    }

    /// A division written as HTML: its start tag, on a line of its own.
    mutating func startDivision(_ i: Int32) {
        startBlock(i)
        let name = divisionName(i)
        w.htmlBlockMarker("<" + name + htmlAttributes(i) + ">")
        w.blankLine()
    }
}

// MARK: - Blocks inside a heading or a term

extension MarkdownWriter {
    /// Enters a block inside a heading or a definition term (`<h2>A <p>B</p> C</h2>`): a
    /// Markdown heading is one line, so the block's content joins it, separated by a space,
    /// rather than ending the heading (and the text after it lazily continuing the block).
    /// Code blocks become code spans. Returns false to skip the children.
    mutating func enterFlattenedBlock(_ i: Int32) -> Bool {
        writeFlattenedBlockSeparator()
        switch tag(i) {
        case .codeBlock:
            var code = Array(document.textBytes(at: i))
            while let last = code.last, last == 0x0A || last == 0x0D { code.removeLast() }
            writeCodeSpan(code: code)
            return false
        case .htmlBlock:
            var html = Array(document.textBytes(at: i))
            while let last = html.last, MarkdownTextEscaper.isSpace(last) { html.removeLast() }
            switch options.rawHTML {
            case .keep:
                html = keptRawHTML(html)
                for k in html.indices where html[k] == 0x0A || html[k] == 0x0D { html[k] = 0x20 }
                if !html.isEmpty { writeContent(html) }
            case .text:
                if !html.isEmpty { writeCodeSpan(code: html) }
            case .drop:
                break
            }
            return false
        case .thematicBreak:
            return false
        default:
            return true
        }
    }

    /// The space between a flattened block's content and what surrounds it (none at the start
    /// of the line or after whitespace).
    mutating func writeFlattenedBlockSeparator() {
        if pendingSpaces.isEmpty && !w.atLineStart && w.last != 0x20 { writeSpace() }
    }
}
