import TransmarkCore

// The list of active formatting elements: inline elements closed early (by a block, a cell, or
// misnested end tags) are reopened where inline content continues.
extension HTMLTreeBuilder {
    /// Adds the element just pushed to the active formatting elements, keeping at most three
    /// identical entries after the last marker ("Noah's Ark") and at most `formattingLimit`.
    mutating func addFormatting(key: Int32, element: HTMLElement, kind: NodeKind, attributes: AttributeListID, style: Style?) {
        var identical = 0
        var firstIdentical = -1
        var count = 0
        var oldest = -1
        var i = formatting.count - 1
        while i >= 0 && !formatting[i].isMarker {
            let e = formatting[i]
            count += 1
            oldest = i
            if e.key == key && e.kind == kind && e.style == style && builder.attributeListsEqual(e.attributes, attributes) {
                identical += 1
                firstIdentical = i
            }
            i -= 1
        }
        if identical >= 3 {
            formatting.remove(at: firstIdentical)
        } else if count >= Self.formattingLimit && oldest >= 0 {
            formatting.remove(at: oldest)
        }
        formatting.append(HTMLFormattingEntry(isMarker: false, key: key, element: element,
                                              stackIndex: Int32(stack.count - 1), kind: kind,
                                              attributes: attributes, style: style))
    }

    /// Removes entries up to and including the last marker.
    mutating func clearFormattingToMarker() {
        while let last = formatting.popLast() {
            if last.isMarker { break }
        }
        // Only entries after the last marker are ever reconstructed: look no further back (a
        // scan of the whole list made nested table cells quadratic).
        needsReconstruction = false
        var i = formatting.count - 1
        while i >= 0 && !formatting[i].isMarker {
            if formatting[i].stackIndex < 0 {
                needsReconstruction = true
                break
            }
            i -= 1
        }
    }

    /// The index in `formatting` of the last entry with `key` after the last marker, or nil.
    mutating func formattingIndex(key: Int32) -> Int? {
        var i = formatting.count - 1
        while i >= 0 && !formatting[i].isMarker {
            if formatting[i].key == key { return i }
            i -= 1
        }
        return nil
    }

    /// Reopens the active formatting elements that are no longer open, in order.
    mutating func reconstructFormatting() {
        guard suppressDepth == 0 else { return }
        needsReconstruction = false
        var first = formatting.count
        var i = formatting.count - 1
        while i >= 0 && !formatting[i].isMarker {
            if formatting[i].stackIndex < 0 { first = i }
            i -= 1
        }
        guard first < formatting.count else { return }
        flushPendingSpace()
        for j in first ..< formatting.count where formatting[j].stackIndex < 0 {
            let e = formatting[j]
            let node = openNode(e.kind, attributes: e.attributes, style: e.style, element: e.element)
            push(e.element, key: e.key, node: node, flags: [.inline, .isFormatting])
            formatting[j].stackIndex = Int32(stack.count - 1)
        }
    }

    /// The end tag of an active formatting element: closes everything above it (what was inline
    /// is reopened later) and the element itself (`removingEmptyNode`: its node goes if it got
    /// nothing). Returns false if `key` is not active.
    mutating func closeFormatting(key: Int32, removingEmptyNode: Bool = false) -> Bool {
        guard let index = formattingIndex(key: key) else { return false }
        let stackIndex = formatting[index].stackIndex
        // Every pop resets the entry of the element it removes, so an entry whose element is not
        // at its place on the stack (past its top, or another element there) is a builder bug:
        // debug builds stop on it; release builds treat the entry as not open, as one whose
        // element was popped, rather than trap on an index.
        let isAtItsPlace = stackIndex < 0 || (Int(stackIndex) < stack.count && stack[Int(stackIndex)].key == formatting[index].key
            && stack[Int(stackIndex)].flags.contains(.isFormatting))
        assert(isAtItsPlace, "active formatting entry \(index) points at stack index \(stackIndex), not at its element")
        if stackIndex < 0 || !isAtItsPlace {
            formatting.remove(at: index)
            return true
        }
        if stackIndex < topBoundary {
            return true // not in scope: ignored
        }
        // Entries above it stay active; the element itself does not.
        formatting.remove(at: index)
        stack[Int(stackIndex)].flags.remove(.isFormatting)
        pop(through: stackIndex, removingEmptyNode: removingEmptyNode)
        return true
    }

    /// Pops the inline elements on top of the stack (before a block opens); the formatting
    /// ones are reopened inside the block when inline content arrives. One that got no content
    /// yet leaves no node: `<a href="/p"><div>Title</div></a>` is a link inside the block only,
    /// not also an empty link before it.
    /// A `noscript` or `q` among them stays open around the block, as in a browser: it is closed
    /// with the element the block opens in (or by its end tag).
    mutating func closeInlineElements() {
        if !quotes.isEmpty { rehomeQuotesAboveBlock() }
        let openNoscripts = noscripts.count
        while let last = stack.last, last.flags.contains(.inline) {
            pop(removingEmptyNode: true)
        }
        let parent = Int32(stack.count - 1)
        while noscripts.count < openNoscripts { noscripts.append(parent) }
    }

    /// Makes the quotes closed by the inline elements on top of the stack closed by the element
    /// under them instead (the block about to open is inside the quote, as in a browser).
    mutating func rehomeQuotesAboveBlock() {
        var parent = stack.count - 1
        while parent >= 0 && stack[parent].flags.contains(.inline) { parent -= 1 }
        var i = quotes.count - 1
        while i >= 0 && quotes[i] > Int32(parent) {
            quotes[i] = Int32(parent)
            i -= 1
        }
    }
}
