@_spi(TransmarkStorage) import TransmarkCore

/// The page's own summary as evidence: the block that opens with the declared description
/// (`<meta name="description">`, `og:description`) is the article's.
extension ContentScorer {
    /// Marks the nodes that hold the block whose text opens as the page's declared description
    /// does (`holdsDescribed`): a class word on a wrapper around the article
    /// (`elementor-widget-theme-post-content`) does not leave out the text the page summarises
    /// itself with. Only a single such block counts: an opening found twice is a teaser as well
    /// (popular posts in a sidebar). Linear: one pass over the text nodes, one walk up.
    mutating func markBlocksOpeningAsDescribed() {
        guard !descriptionKey.isEmpty else { return }
        var found = -1
        var matches = 0
        document.storage.text.withUnsafeBufferPointer { textBytes in
            for i in 1..<count where records.tag(Int32(i)) == .text {
                let start = Int(records.textStart(Int32(i))), n = Int(records.textCount(Int32(i)))
                guard n >= descriptionKey.count, Self.startsCollapsed(textBytes[start..<start + n], with: descriptionKey) else { continue }
                var block = Int(records.parent(Int32(i)))
                while block > 0 && !records.tag(Int32(block)).isBlock { block = Int(records.parent(Int32(block))) }
                if block != found { matches += 1 }
                found = block
            }
        }
        // Twice on the page, it is a teaser too (a list of popular posts): no longer evidence.
        guard matches == 1 else { return }
        var ancestor = found
        while ancestor > 0 {
            holdsDescribed[ancestor] = true
            ancestor = Int(records.parent(Int32(ancestor)))
        }
    }

    /// The block that opens as the page's description does (the deepest node `holdsDescribed`
    /// marks), or -1.
    func describedBlock() -> Int {
        var node: Int32 = 0
        while true {
            var c = records.firstChild(node)
            while c >= 0 && !holdsDescribed[Int(c)] { c = records.nextSibling(c) }
            if c < 0 { return node == 0 ? -1 : Int(node) }
            node = c
        }
    }

    /// Keeps the article's lead when it stands before the article, outside it: the block that
    /// opens as the page's description does, in the wrapper of the article or one up to five
    /// levels above it (a standfirst beside the headline, over the body), not left out for its
    /// hints, and no longer than a lead is.
    func keepDescribedLead(before top: Int, kept: inout [Bool]) {
        let lead = describedBlock()
        // Before the article and not around it: its subtree ends where the article's starts or
        // earlier (nodes are in document order, each subtree in one run).
        guard lead > 0, subtreeEnd(of: lead) <= top, !excluded[lead], !hardExcluded[lead], subtreeText[lead] <= 1000 else { return }
        var wrappers: [Int32] = []
        var a = records.parent(Int32(top))
        while a >= 0 && wrappers.count < 5 {
            wrappers.append(a)
            a = a == 0 ? -1 : records.parent(a)
        }
        var ancestor = records.parent(Int32(lead))
        while ancestor > 0 {
            if wrappers.contains(ancestor) {
                kept[lead] = true
                return
            }
            ancestor = records.parent(ancestor)
        }
    }

    /// The first `length` bytes of `bytes` with leading white space skipped and each run of
    /// white space as one space; empty when there are fewer.
    static func collapsedPrefix(of bytes: [UInt8], length: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(length)
        var pendingSpace = false
        for b in bytes {
            if InputEncoding.isASCIIWhitespace(b) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            if out.count == length { break }
            out.append(b)
            if out.count == length { break }
        }
        return out.count == length ? out : []
    }

    /// Whether `text`, read as `collapsedPrefix` reads it, starts with `key`.
    static func startsCollapsed<Bytes: Sequence<UInt8>>(_ text: Bytes, with key: [UInt8]) -> Bool {
        var k = 0
        var pendingSpace = false
        for b in text {
            if InputEncoding.isASCIIWhitespace(b) {
                pendingSpace = k > 0
                continue
            }
            if pendingSpace {
                guard key[k] == 0x20 else { return false }
                k += 1
                pendingSpace = false
                if k == key.count { return true }
            }
            guard key[k] == b else { return false }
            k += 1
            if k == key.count { return true }
        }
        return false
    }
}
