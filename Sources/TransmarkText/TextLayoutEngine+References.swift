@_spi(TransmarkStorage) import TransmarkCore

extension TextLayoutEngine {
    /// Finds every footnote definition. References find the first one for a label; a later
    /// definition with the same label (a tree built by hand or from HTML may hold one) is still
    /// listed at the end, unreferenced, so its text is never lost.
    mutating func collectFootnoteDefinitions() {
        for i in 0..<records.count where records.tag(Int32(i)) == .footnoteDefinition {
            guard case .footnoteDefinition(let label) = document.kind(at: Int32(i)) else { continue }
            if footnoteDefinitions[label] == nil { footnoteDefinitions[label] = Int32(i) }
            footnoteOrder.append((label, Int32(i)))
        }
    }

    /// The number of a footnote or link reference, numbering it on first use. Keys are `^` and
    /// a footnote's label, or `>` and a link's destination.
    mutating func referenceNumber(key: String, _ reference: Reference) -> Int {
        if let n = referenceNumbers[key] { return n }
        references.append(reference)
        referenceNumbers[key] = references.count
        return references.count
    }

    /// The list at the end: after a rule, `[n] ` entries with hanging indents, footnotes and link
    /// targets in number order, then footnotes that nothing referenced.
    mutating func renderReferences() {
        for (label, index) in footnoteOrder {
            if footnoteDefinitions[label] != index {
                references.append(.footnote(index)) // a duplicate label: nothing refers to it
            } else if referenceNumbers["^" + label] == nil {
                _ = referenceNumber(key: "^" + label, .footnote(index))
            }
        }
        guard !references.isEmpty else { return }
        pendingBlank = true
        renderRule()
        pendingBlank = false
        let numberStyle = themedAlone(settings.theme.footnoteReference)
        var k = 0
        while k < references.count {
            let marker = "[\(k + 1)] "
            let height = prefixes.count
            pushPrefix(first: marker, rest: String(repeating: " ", count: DisplayWidth.of(marker)),
                       firstStyle: numberStyle, restStyle: 0)
            switch references[k] {
            case .link(let url):
                if settings.styled { inline.setStyle(themed(settings.theme.linkURL)) }
                inline.appendCollapsing(url)
                flushInline()
            case .footnote(let index):
                footnoteRoot = index
                process(from: index)
                flushInline()
                footnoteRoot = -1
            }
            if prefixes.count > height && prefixes[height].firstPending {
                beginLine(contentEmpty: true)
                endLine(contentWidth: 0)
            }
            popPrefixes(to: height)
            pendingBlank = false
            k += 1
        }
    }
}
