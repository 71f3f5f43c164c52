import TransmarkCore

extension HTMLTreeBuilder {
    mutating func handleEndTag(_ tag: HTMLTag, element: HTMLElement) {
        let key: Int32 = element != .unknown ? Int32(element.rawValue) : (customKeys[tag.name] ?? -1)
        if isCollecting && collectEndTag(element: element, key: key) { return }
        if foreignDepth > 0 && inForeignContent && foreignEndTag(key: key) { return }
        settleLingeringItem()
        let isMapped: Bool
        if element != .unknown {
            isMapped = !registry.hasKnownOverrides || registry.knownMappings[Int(element.rawValue)] != nil
        } else if registry.unknownTagPolicy != .literalText {
            isMapped = true
        } else {
            isMapped = !registry.customMappings.isEmpty && registry.customMappings[tag.name] != nil
        }
        if !isMapped && registry.unknownTagPolicy == .literalText {
            emitLiteralTag()
            if key >= 0 {
                let index = topByKey[Int(key)]
                if index >= 0 && index >= topBoundary { pop(through: index) }
            }
            return
        }
        guard key >= 0 else { return }
        switch element {
        case .html, .body:
            return
        case .noscript where topByKey[Int(key)] < 0:
            // A block split it from the stack; a browser still has it open around the block.
            if !noscripts.isEmpty { noscripts.removeLast() }
            return
        case .q where !quotes.isEmpty:
            let index = topByKey[Int(key)]
            if index >= 0 && index >= topBoundary {
                // Popping the quote writes its closing mark inside it; a quote a block split is
                // closed by the `q` reopened after the block.
                if quotes[quotes.count - 1] < index { quotes[quotes.count - 1] = index }
                if !closeFormatting(key: key) { pop(through: index) }
            } else if index < 0 {
                // A quote a block split from the stack: the mark goes after the content closed
                // here.
                if suppressDepth == 0 { emitText(quotes.count == 1 ? "\u{201D}" : "\u{2019}") }
                quotes.removeLast()
            }
            return
        case .a where isInNoscript:
            // A link around the lazy image's copy (left out) would be an empty link.
            if closeFormatting(key: key, removingEmptyNode: true) { return }
        case .br:
            if suppressDepth == 0 {
                prepareInlineContent()
                builder.leaf(.lineBreak)
                spacing = .start
            }
            return
        case .li:
            closeItem()
            return
        case .h1, .h2, .h3, .h4, .h5, .h6:
            var heading: Int32 = -1
            for h in [HTMLElement.h1, .h2, .h3, .h4, .h5, .h6] { heading = max(heading, top(h)) }
            if heading >= 0 && heading >= topBoundary { pop(through: heading) }
            return
        case .td, .th, .tr, .tbody, .thead, .tfoot, .caption:
            let index = top(element)
            if index >= 0 && index > currentTable && currentTable >= 0 { pop(through: index) }
            return
        case .table:
            let index = currentTable
            if index >= 0 { pop(through: index) }
            return
        case .template:
            // Closes its template whatever is open inside (a table, an object: scope boundaries
            // that stop other end tags), as the WHATWG rules do.
            let index = topByKey[Int(key)]
            if index >= 0 { pop(through: index) }
            return
        default:
            break
        }
        if closeFormatting(key: key) { return }
        let index = topByKey[Int(key)]
        guard index >= 0 && index >= topBoundary else { return }
        let entry = stack[Int(index)]
        if entry.flags.contains(.literalTags) { emitLiteralTag() }
        pop(through: index)
    }

    /// `</li>`: closes the item in scope. Its node stays open until the next token shows whether
    /// a list nested directly in the list follows (it then belongs in this item).
    mutating func closeItem() {
        let item = itemInScope
        guard item >= 0 else { return }
        pop(through: item + 1)
        let entry = stack[Int(item)]
        let parentIsList = item > 0 && stack[Int(item) - 1].flags.contains(.listContainer)
        guard parentIsList && entry.node >= 0 else {
            pop()
            return
        }
        if !quotes.isEmpty { closeQuotes(endingAt: item) }
        stack.removeLast()
        topByKey[Int(entry.key)] = entry.previousSameKey
        topBoundary = entry.previousBoundary
        if !noscripts.isEmpty { closePoppedNoscripts() }
        lingeringItem = entry.node
        spacing = .start
    }
}
