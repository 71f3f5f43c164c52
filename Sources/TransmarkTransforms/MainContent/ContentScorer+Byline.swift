@_spi(TransmarkStorage) import TransmarkCore

extension ContentScorer {
    /// The author a page names in a visible byline: the text (3 to 100 bytes) of an element
    /// whose class or id says `byline`, `author` or `writtenby`, or whose `rel` or `itemprop` is
    /// `author`; the first inside the chosen container `top`, else the last before it, else the
    /// first on the page. A leading "By", "Written by", "Par", "Von" or "Por" goes. Nil when
    /// there is none.
    func byline(near top: Int) -> String? {
        var first = -1, lastBefore = -1, firstInside = -1
        var insideTop = [Bool](repeating: false, count: count)
        for i in 1..<count {
            insideTop[i] = i == top || insideTop[Int(records.parent(Int32(i)))]
            guard hints[i].contains(.byline), !hardExcluded[i], subtreeText[i] >= 3, subtreeText[i] <= 100 else { continue }
            if first < 0 { first = i }
            if insideTop[i] {
                firstInside = i
                break
            }
            if i < top { lastBefore = i }
        }
        let chosen = firstInside >= 0 ? firstInside : lastBefore >= 0 ? lastBefore : first
        guard chosen > 0 else { return nil }
        return Self.authorName(document[NodeID(index: Int32(chosen))].plainText)
    }

    /// A byline's text as a name: whitespace collapsed, a leading "By" (in a few languages)
    /// removed; nil when nothing with a letter is left.
    static func authorName(_ text: String) -> String? {
        var name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for prefix in ["Written by ", "written by ", "By ", "by ", "BY ", "Par ", "par ", "Von ", "von ", "Por ", "por "]
            where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
            break
        }
        guard name.contains(where: \.isLetter) else { return nil }
        return name
    }

    /// The text of the first paragraph the actions keep (of at least `minParagraph` bytes, not
    /// mostly links), whitespace collapsed: the article's lead, which stands for a description
    /// the page does not give (as Readability's excerpt). Nil when none is kept.
    func lead(_ actions: [RewriteAction]) -> String? {
        var whole = [Bool](repeating: false, count: count)
        for i in 1..<count {
            let index = Int32(i)
            if case .keepSubtree = actions[i] { whole[i] = true } else { whole[i] = whole[Int(records.parent(index))] }
            guard records.tag(index) == .paragraph, subtreeText[i] >= Int32(max(options.minParagraph, 1)),
                  subtreeLinks[i] * 2 < subtreeText[i] else { continue }
            var kept = whole[i]
            if case .keep = actions[i] { kept = true }
            guard kept else { continue }
            let text = document[NodeID(index: index)].plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return text.isEmpty ? nil : text
        }
        return nil
    }
}
