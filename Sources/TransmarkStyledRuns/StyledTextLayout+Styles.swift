@_spi(TransmarkStorage) import TransmarkCore

extension StyledTextLayout {
    /// The index of a resolved style, adding it if new. The styles of links, table rows and
    /// cells are added without the lookup (`unique`): nearly every one has its own (a URL, a row
    /// and column), and duplicates in this internal table are harmless (the output's run styles
    /// are interned again, in `runStyle`).
    mutating func intern(_ style: ResolvedStyle, unique: Bool = false) -> Int32 {
        let i = unique ? resolved.appendUnindexed(style) : resolved.index(of: style)
        if i == outputIndex.count { outputIndex.append(-1) }
        return Int32(i)
    }

    /// Opens the style scope of a link, table row or cell (`node`): every style resolved until it
    /// closes is removed then. Such styles carry the node's URL or row and column, so they are
    /// nearly all unique, and a page has thousands: kept, they made the layout's tables bigger
    /// than the document.
    mutating func openScope(for node: Int32) {
        scopes.append(StyleScope(node: node, resolvedCount: Int32(resolved.count), childCacheLogCount: Int32(childCacheLog.count),
                                 payloadChildCacheLogCount: Int32(payloadChildCacheLog.count)))
    }

    /// Closes the innermost scope: its styles go, with the cache entries added while it was open
    /// (they may name its styles as parent or result). A paragraph still waiting for its end keeps
    /// its base style's run attributes; a list marker still waiting for its paragraph (inside a
    /// table cell, markers wait for the row's end) keeps its style and those after it, until an
    /// enclosing scope closes.
    mutating func closeScope() {
        let scope = scopes.removeLast()
        var first = Int(scope.resolvedCount)
        if let marker = pendingMarker, Int(marker.style) >= first { first = Int(marker.style) + 1 }
        if let p = pending, p.base >= first {
            detachedBase = (resolved[Int(p.base)].run, outputIndex[Int(p.base)])
            pending = (p.start, p.style, Self.detachedBaseIndex)
        }
        for key in childCacheLog[Int(scope.childCacheLogCount)...] { childCache[key] = nil }
        childCacheLog.removeSubrange(Int(scope.childCacheLogCount)...)
        for key in payloadChildCacheLog[Int(scope.payloadChildCacheLogCount)...] { payloadChildCache[key] = nil }
        payloadChildCacheLog.removeSubrange(Int(scope.payloadChildCacheLogCount)...)
        resolved.removeLast(downTo: first)
        if first < outputIndex.count { outputIndex.removeSubrange(first...) }
    }

    /// The `base` of a pending paragraph whose style went with its scope (see `detachedBase`).
    static let detachedBaseIndex: Int32 = -2

    /// The run style of a pending paragraph's closing `\n`.
    mutating func paragraphEndStyle(_ base: Int32) -> Int {
        if base != Self.detachedBaseIndex { return runStyle(base) }
        guard var detached = detachedBase else { return runStyle(0) }
        if detached.output < 0 {
            detached.output = Int32(out.intern(detached.run))
            detachedBase = detached
        }
        return Int(detached.output)
    }

    /// The output run-style index of a resolved style (interned on first use, so styles that
    /// never reach text never reach the output).
    mutating func runStyle(_ style: Int32) -> Int {
        let known = outputIndex[Int(style)]
        if known >= 0 { return Int(known) }
        let i = out.intern(resolved[Int(style)].run)
        outputIndex[Int(style)] = Int32(i)
        return i
    }

    /// The resolved style of a leaf node, or `nil` when it is hidden. Plain text shares its parent's.
    mutating func leafStyle(_ index: Int32, kind: NodeKind, parent: Int32) -> Int32? {
        let records = document.storage.records
        if records.tag(index) == .text && records.style(index) < 0 && textIsNeutral { return parent }
        return resolveChild(index, kind: kind, parent: parent)
    }

    /// Whether plain text nodes get no style of their own from the theme or tag styles.
    var textIsNeutral: Bool {
        kindStyles[Int(NodeKind.Tag.text.rawValue)] == nil && options.tagStyles.byKind[.text] == nil
    }

    /// The resolved style of a node inside `parent`, or `nil` when the node is hidden
    /// (`display: none`, `visibility: hidden`). Style-free nodes are cached per parent and kind
    /// (payload-free kinds by tag, others by their value), so a run of emphasis nodes or list
    /// items costs one dictionary lookup each. Not cached: table rows and cells (their
    /// attributes count rows and columns) and links and images (nearly every one differs).
    mutating func resolveChild(_ index: Int32, kind: NodeKind, parent: Int32) -> Int32? {
        // The record holds the kind's tag (reading it from `kind` is a switch over every case).
        let tag = document.storage.records.tag(index)
        if let customStyling {
            // The caller's rules decide: custom nodes through them, everything else inherits.
            guard case .custom(let name) = kind else { return parent }
            var r = resolved[Int(parent)]
            r.run = customStyling.style(TaggedStringTag(name: name, attributes: document.attributes(at: index)), r.run)
            return intern(r)
        }
        let inline = document.style(at: index)
        if inline == nil && PayloadFreeKinds.contains(tag) {
            let key = Int(parent) &* 64 &+ Int(tag.rawValue)
            if let cached = childCache[key] { return cached < 0 ? nil : cached }
            let result = computeChild(kind: kind, tag: tag, parent: parent, inline: nil)
            childCache[key] = result ?? -1
            if !scopes.isEmpty { childCacheLog.append(key) }
            return result
        }
        if inline == nil && Self.cachesPayloadKind(tag) {
            let key = PayloadChildKey(parent: parent, kind: kind)
            if let cached = payloadChildCache[key] { return cached < 0 ? nil : cached }
            let result = computeChild(kind: kind, tag: tag, parent: parent, inline: nil)
            payloadChildCache[key] = result ?? -1
            if !scopes.isEmpty { payloadChildCacheLog.append(key) }
            return result
        }
        return computeChild(kind: kind, tag: tag, parent: parent, inline: inline)
    }

    /// Whether nodes of this kind nearly always get a resolved style of their own.
    static func hasMostlyUniqueStyle(_ tag: NodeKind.Tag) -> Bool {
        tag == .link || tag == .tableRow || tag == .tableCell
    }

    /// Whether the resolved style of a node of this kind (with a payload) depends only on its
    /// parent's style and its kind, and its values repeat enough to be worth caching.
    static func cachesPayloadKind(_ tag: NodeKind.Tag) -> Bool {
        switch tag {
        case .tableRow, .tableCell, .link, .image: return false
        default: return true
        }
    }

    private mutating func computeChild(kind: NodeKind, tag: NodeKind.Tag, parent: Int32, inline: Style?) -> Int32? {
        let themeStyle: Style?
        if PayloadFreeKinds.contains(tag) {
            themeStyle = kindStyles[Int(tag.rawValue)]
        } else {
            let s = options.theme.style(for: kind)
            themeStyle = s.isEmpty ? nil : s
        }
        let declared = StyleCascade.declared(theme: themeStyle, tag: options.tagStyles.style(for: kind),
                                             inline: inline, precedence: options.precedence)
        if let declared {
            if declared.display == Display.none { return nil }
            if declared.visibility == .hidden || declared.visibility == .collapse { return nil }
        }
        var r = resolved[Int(parent)]
        if let declared { r = applier.apply(declared, to: r) }
        applySemantics(of: kind, to: &r.run)
        return intern(r, unique: Self.hasMostlyUniqueStyle(tag))
    }

    /// Sets the semantic attributes a node kind adds to everything inside it.
    private mutating func applySemantics(of kind: NodeKind, to run: inout RunAttributes) {
        switch kind {
        case .strong: run.traits.insert(.strong)
        case .emphasis: run.traits.insert(.emphasis)
        case .code, .codeBlock: run.traits.insert(.code)
        case .strikethrough: run.traits.insert(.strikethrough)
        case .underline: run.traits.insert(.underline)
        case .superscript: run.traits.insert(.superscript)
        case .subscript: run.traits.insert(.subscript)
        case .highlight: run.traits.insert(.highlight)
        case .link(let destination, let title): run.link = LinkTarget(url: destination, title: title)
        case .heading(let level): run.headingLevel = level
        case .blockQuote: run.blockQuoteDepth = (run.blockQuoteDepth ?? 0) + 1
        case .list: run.listLevel = (run.listLevel ?? 0) + 1
        case .tableRow(let isHeader):
            run.tableRow = tables.last?.row ?? 0
            run.tableColumn = nil
            if isHeader { run.traits.insert(.tableHeader) }
        case .tableCell(let cell):
            run.tableColumn = tables.last?.column ?? 0
            if cell.isHeader { run.traits.insert(.tableHeader) }
        case .footnoteReference(let label): run.footnoteReference = label
        case .inlineMath: run.math = .inline
        case .displayMath: run.math = .display
        case .custom(let name), .division(let name): run.sourceTag = name
        default: break
        }
    }
}

/// The cascade of declared styles for one node: the theme's style for its kind, the caller's tag
/// style, then the node's inline CSS, each filling only what the one before left unset, in the
/// order the precedence policy gives.
public enum StyleCascade {
    /// The style declared for a node, or `nil` when no level declares anything.
    public static func declared(theme: Style?, tag: Style?, inline: Style?, precedence: StyledTextOptions.Precedence) -> Style? {
        let caller: Style?
        switch (tag, theme) {
        case (nil, nil): caller = nil
        case (let t?, nil): caller = t
        case (nil, let k?): caller = k
        case (let t?, let k?): caller = t.filling(from: k)
        }
        switch (caller, inline) {
        case (nil, nil): return nil
        case (let c?, nil): return c
        case (nil, let i?): return i
        case (let c?, let i?):
            return precedence == .inlineWins ? i.filling(from: c) : c.filling(from: i)
        }
    }
}
