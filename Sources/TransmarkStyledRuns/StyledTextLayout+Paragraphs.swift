@_spi(TransmarkStorage) import TransmarkCore

extension StyledTextLayout {
    /// Starts a paragraph for inline content that arrives outside one (in a `<div>`, a table
    /// cell, a list item without a paragraph), in the style of the innermost block container: the
    /// inline that opens it (a link, emphasis) gives its style to its own text only.
    mutating func ensureParagraph() {
        if paragraphOpen { return }
        beginParagraph(containerRole(skippingTop: false), style: frames.last?.block ?? 0)
    }

    /// The role of a paragraph inside the innermost block container (list item, footnote,
    /// definition); looks down through at most 64 inline frames.
    mutating func containerRole(skippingTop: Bool) -> ParagraphAttributes.Role {
        var i = frames.count - (skippingTop ? 2 : 1)
        var steps = 0
        let records = document.storage.records
        while i >= 0 && steps < 64 {
            let tag = records.tag(frames[i].node)
            switch tag {
            case .listItem: return .listItem
            case .footnoteDefinition: return .footnote
            case .definition: return .definition
            default: if tag.isBlock { return .paragraph }
            }
            i -= 1
            steps += 1
        }
        return .paragraph
    }

    /// The role of an explicit paragraph node (its frame is on top).
    mutating func role(inside parent: Int32) -> ParagraphAttributes.Role { containerRole(skippingTop: true) }

    /// Starts a paragraph: ends the previous one with `\n`, computes the paragraph attributes from
    /// the block context and writes a pending list marker.
    mutating func beginParagraph(_ role: ParagraphAttributes.Role, style: Int32, rule: Bool = false, preserve: Bool = false) {
        if paragraphOpen {
            if cellDepth > 0 { return }
            endParagraph()
        }
        if let p = pending {
            out.append("\n", style: paragraphEndStyle(p.base))
            out.addParagraph(from: p.start, style: p.style)
            pending = nil
        }
        let theme = options.theme
        let r = resolved[Int(style)]
        let levels = Double(lists.count + definitionDepth + footnoteDepth)
        let indent = Double(quoteDepth) * theme.quoteIndent + levels * theme.listIndent
        var first = indent
        var tabs: [ParagraphAttributes.TabStop] = []
        if pendingMarker != nil {
            first = max(0, indent - theme.listIndent)
            tabs.append(.init(location: normalized(indent)))
        }
        if role == .tableRow, let table = tables.last, table.alignments.count > 1 {
            // One stop per column, up to `maxTabStops` (5,000 cells of colspan 1000 made 5,000,000).
            for column in 1 ..< min(table.alignments.count, options.maxTabStops.addingSaturating(1)) {
                tabs.append(.init(location: normalized(indent + Double(column) * theme.tableColumnWidth),
                                  alignment: Self.alignment(table.alignments[column])))
            }
        }
        var before = 0.0
        var after = theme.paragraphSpacing
        if role == .heading { before = theme.headingSpacingBefore }
        if role == .tableRow { after = 0 }
        if role == .listItem, let list = lists.last, list.attributes.isTight { after = 0 }
        let attributes = customStyling != nil ? ParagraphAttributes() : ParagraphAttributes(
            role: role, alignment: r.alignment, headIndent: normalized(indent), firstLineHeadIndent: normalized(first),
            spacingBefore: normalized(before), spacingAfter: normalized(after), lineHeightMultiple: r.lineHeightMultiple,
            tabStops: tabs, hasRule: rule, preservesWhitespace: preserve || r.preservesWhitespace)
        pending = (out.offset, out.intern(attributes), style)
        paragraphOpen = true
        if let marker = pendingMarker {
            pendingMarker = nil
            var a = resolved[Int(marker.style)].run
            a.traits.insert(.listMarker)
            a.listMarker = marker.text
            let markerStyle = out.intern(a)
            var text = marker.text + "\t"
            text.withUTF8 { out.append($0, style: markerStyle) }
        }
    }

    /// Ends the current paragraph (its `\n` comes when the next one begins). Inside a table
    /// cell only the row's own end counts (`force`).
    mutating func endParagraph(force: Bool = false) {
        if cellDepth > 0 && !force { return }
        paragraphOpen = false
    }

    /// Writes a list item's or footnote's marker as its own paragraph when no content claimed it.
    mutating func flushPendingMarker() {
        guard let marker = pendingMarker else { return }
        endParagraph()
        beginParagraph(containerRole(skippingTop: false), style: marker.style)
        endParagraph()
    }

    /// Closes the last paragraph at the end of the text; an empty one gets a `\n` so that it
    /// has a character to carry its attributes.
    mutating func finishParagraphs() {
        guard let p = pending else { return }
        if out.offset == p.start { out.append("\n", style: paragraphEndStyle(p.base)) }
        out.addParagraph(from: p.start, style: p.style)
        pending = nil
    }

    /// A code block or raw HTML block: its text as one paragraph with whitespace kept.
    mutating func layOutLiteralBlock(_ index: Int32, style: Int32, role: ParagraphAttributes.Role) {
        endParagraph()
        beginParagraph(role, style: style, preserve: true)
        var bytes = document.textBytes(at: index)
        if bytes.last == 0x0A { bytes = bytes.dropLast() }
        appendText(bytes, style: style)
        endParagraph()
    }

    /// Appends a node's text bytes in a resolved style, applying `text-transform` and UTF-8 repair.
    mutating func appendText(_ bytes: ArraySlice<UInt8>, style: Int32) {
        let runStyle = runStyle(style)
        let transform = resolved[Int(style)].textTransform
        if transform == .none && !repairText {
            bytes.withUnsafeBufferPointer { out.append($0, style: runStyle) }
            return
        }
        var text = String(decoding: bytes, as: UTF8.self)
        switch transform {
        case .uppercase: text = text.uppercased()
        case .lowercase: text = text.lowercased()
        case .capitalize: text = Self.capitalized(text)
        case .none: break
        }
        text.withUTF8 { out.append($0, style: runStyle) }
    }

    static func capitalized(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for ch in text {
            if atWordStart && ch.isLetter { result += ch.uppercased() } else { result.append(ch) }
            atWordStart = ch.isWhitespace || ch.isPunctuation
        }
        return result
    }

    /// The marker of the next item of the innermost list, advancing its counter.
    mutating func nextListMarker(task: TaskState?) -> String {
        guard let list = lists.last else { return task.map(ListMarkers.task) ?? ListMarkers.bullet(level: 1) }
        let number = list.next
        lists[lists.count - 1].next = number.addingSaturating(list.attributes.step)
        if let task { return ListMarkers.task(task) }
        if list.attributes.isOrdered { return ListMarkers.ordinal(number, numbering: list.attributes.numbering) }
        return ListMarkers.bullet(level: lists.count)
    }

    /// The number of a footnote: its position in order of first reference (or definition).
    mutating func footnoteNumber(_ label: String) -> Int {
        if let n = footnoteNumbers[label] { return n }
        let n = footnoteNumbers.count + 1
        footnoteNumbers[label] = n
        return n
    }

    /// The plain text of an image's subtree (its alternative text).
    mutating func altText(of index: Int32) -> String {
        var bytes: [UInt8] = []
        var cursor = WalkCursor(start: index)
        let records = document.storage.records
        while let (i, entering) = cursor.next(records) {
            guard entering else { continue }
            switch records.tag(i) {
            case .text, .code, .inlineMath, .displayMath: bytes.append(contentsOf: document.textBytes(at: i))
            case .softBreak, .lineBreak: bytes.append(0x20)
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func alignment(_ alignment: TableAlignment) -> ParagraphAttributes.Alignment {
        switch alignment {
        case .none: .natural
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }
}
