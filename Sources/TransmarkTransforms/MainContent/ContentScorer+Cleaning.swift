@_spi(TransmarkStorage) import TransmarkCore

/// The cleaning inside the article that needs the actions first: emptied headings, credits
/// beside images.
extension ContentScorer {
    /// Leaves out the headings whose section is empty once cleaned: "Related articles", "Read
    /// more", "You may also like" over a list of links that was dropped, or over nothing at all
    /// (a box that script fills), so the heading would stand over nothing. A heading keeps its place when anything of its section is kept (text, an image,
    /// a table, code), up to the next heading of its level or above that has text (an empty
    /// heading ends no section), or when it reads as a sentence (a pull quote or a paragraph set
    /// as a heading); a
    /// heading that is the last thing of its wrapper is judged by what follows the wrapper. The
    /// title (`keepSubtree`) is never touched. Linear: one pass for the kept content per node,
    /// and each heading looks at its own section's siblings.
    func droppingOrphanHeadings(_ actions: [RewriteAction]) -> [RewriteAction] {
        var actions = actions
        // Kept content under each node: bytes of kept text, plus one per kept image, table or
        // code block; and the content that was there before the cleaning.
        var keptContent = [Int32](repeating: 0, count: count)
        var whole = [Bool](repeating: false, count: count)
        var isKept = [Bool](repeating: false, count: count)
        for i in 1..<count {
            let p = Int(records.parent(Int32(i)))
            if case .keepSubtree = actions[i] { whole[i] = true } else { whole[i] = whole[p] }
            if case .keep = actions[i] { isKept[i] = true } else { isKept[i] = whole[i] }
        }
        var headings: [Int] = []
        for i in stride(from: count - 1, to: 0, by: -1) {
            let index = Int32(i)
            let tag = records.tag(index)
            if isKept[i] {
                switch tag {
                case .text, .code: keptContent[i] &+= Int32(clamping: records.textCount(index))
                case .image, .table, .codeBlock, .displayMath: keptContent[i] &+= 1
                default: break
                }
                if tag == .heading, case .keep = actions[i] { headings.append(i) }
            }
            let p = Int(records.parent(index))
            keptContent[p] &+= keptContent[i]
        }
        for h in headings where keptContent[h] > 0 {
            guard case .heading(let level) = document.kind(at: Int32(h)) else { continue }
            // The heading, or the wrapper it ends: climb while nothing follows it.
            var anchor = Int32(h)
            var next = nextElement(after: anchor)
            while next < 0 {
                let p = records.parent(anchor)
                guard p > 0, isKept[Int(p)] || isUnwrapped(actions[Int(p)]) else { break }
                anchor = p
                next = nextElement(after: anchor)
            }
            var keptAfter: Int32 = 0
            var s = next
            while s >= 0 {
                if records.tag(s) == .heading, case .heading(let l) = document.kind(at: s), l <= level, showsText(Int(s)) { break }
                keptAfter &+= keptContent[Int(s)]
                if keptAfter > 0 { break }
                s = nextElement(after: s)
            }
            if keptAfter == 0 && !readsAsSentence(h) { actions[h] = .drop }
        }
        return actions
    }

    /// Leaves out the short scraps that an article's kept text ends with after its last
    /// paragraph ("Share:", "Contact:", "More on this", a date, a credit): from the end, each
    /// kept paragraph, heading or division of text only shorter than `scrapLength` bytes goes,
    /// up to the first longer one, a short sentence ("I hope you like it.", "The paper is
    /// here:"), a link to a file (an attachment), an image, table, code block or list (an
    /// ingredient list ends a recipe). Only on articles, and never the whole article: the
    /// scraps go only when such content stands before them (a post of three short lines under
    /// its title stays). Linear: one pass to mark what is kept, one walk back.
    func droppingTrailingScraps(_ actions: [RewriteAction]) -> [RewriteAction] {
        var actions = actions
        let (isKept, inList) = keptNodes(actions)
        var scraps: [Int] = []
        var afterContent = false
        var i = count - 1
        while i > 0 {
            defer { i -= 1 }
            guard isKept[i] else { continue }
            let tag = records.tag(Int32(i))
            if tag == .image || tag == .table || tag == .codeBlock || tag == .displayMath || inList[i] {
                afterContent = true
                break
            }
            guard tag == .paragraph || tag == .heading || (tag == .division && !holdsBlock(i)) else { continue }
            if case .keepSubtree = actions[i] { break }
            guard subtreeText[i] > 0 else { continue }
            if subtreeText[i] >= Self.scrapLength || isShortSentence(i) || linksToAFile(i) {
                afterContent = true
                break
            }
            scraps.append(i)
        }
        if afterContent { for s in scraps { actions[s] = .drop } }
        return actions
    }

    /// Leaves out, on articles, the blocks of the kept text that are only a date ("03.04.2020",
    /// "Aktualisiert: 14. Juni 2019, 15:49"): the page's metadata, wherever it stands; not in a
    /// list (a table of dates), not the title. Linear: one pass to mark what is kept, one over
    /// the blocks.
    func droppingDateLines(_ actions: [RewriteAction]) -> [RewriteAction] {
        var actions = actions
        let (isKept, inList) = keptNodes(actions)
        for k in 1..<count where isKept[k] && !inList[k] {
            let tag = records.tag(Int32(k))
            guard tag == .paragraph || (tag == .division && !holdsBlock(k)) else { continue }
            if case .keepSubtree = actions[k] { continue }
            if isDateLine(k) { actions[k] = .drop }
        }
        return actions
    }

    /// Which nodes `actions` keep (a kept node under a kept or unwrapped parent, or anything
    /// under the title's `keepSubtree`), and which stand inside a list.
    private func keptNodes(_ actions: [RewriteAction]) -> (kept: [Bool], inList: [Bool]) {
        var isKept = [Bool](repeating: false, count: count)
        var whole = [Bool](repeating: false, count: count)
        var inList = [Bool](repeating: false, count: count)
        for i in 1..<count {
            let p = Int(records.parent(Int32(i)))
            if case .keepSubtree = actions[i] { whole[i] = true } else { whole[i] = whole[p] }
            let alive = p == 0 || isKept[p] || isUnwrapped(actions[p])
            if case .keep = actions[i] { isKept[i] = alive } else { isKept[i] = whole[i] }
            inList[i] = inList[p] || records.tag(Int32(i)) == .list
        }
        return (isKept, inList)
    }

    /// Whether node `i`'s text is a date and little else: at most 40 bytes holding a year (a run
    /// of four digits), other digits separated by `.`, `/`, `-`, `:`, `,`, `|` or spaces (a day,
    /// a month, a time), and at most 15 letters beside them (a month's name, "Updated", "Uhr");
    /// not ending with a full stop, `!` or `?` as a sentence does ("It opened in 2019.").
    func isDateLine(_ i: Int) -> Bool {
        guard subtreeText[i] <= 40, subtreeText[i] >= 4 else { return false }
        let text = document[NodeID(index: Int32(i))].plainText.utf8
        var digits = 0, letters = 0, other = 0, run = 0, year = false
        for b in text {
            if b >= 0x30 && b <= 0x39 {
                digits += 1
                run += 1
                if run == 4 { year = true }
                continue
            }
            run = 0
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x80...: letters += 1
            case 0x20, 0x09, 0x0A, 0x2E, 0x2F, 0x2D, 0x3A, 0x2C, 0x7C: break
            default: other += 1
            }
        }
        // A sentence ends with its stop; a date ends with its digits or a word ("Uhr").
        if let last = text.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?") { return false }
        return year && digits >= 4 && letters <= 15 && other == 0
    }

    /// Whether node `i`'s text is a sentence of four words or more (it ends with `.`, `!`, `?`,
    /// or `:` before what it introduces): a closing line of the article, not a scrap.
    func isShortSentence(_ i: Int) -> Bool {
        let text = document[NodeID(index: Int32(i))].plainText.utf8
        guard let last = text.last, ".!?:".utf8.contains(last) else { return false }
        return text.lazy.filter { $0 == 0x20 }.count >= 3
    }

    /// Whether node `i` holds a link to a file (`.pdf`, `.docx`, `.xlsx`, `.zip`, …): the
    /// article's attachment, not a scrap.
    func linksToAFile(_ i: Int) -> Bool {
        let end = subtreeEnd(of: i)
        for k in i..<end where records.tag(Int32(k)) == .link {
            guard case .link(let destination, _) = document.kind(at: Int32(k)) else { continue }
            let path = destination.split(separator: "#", maxSplits: 1).first?.split(separator: "?", maxSplits: 1).first ?? ""
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { continue }
            if Self.fileExtensions.contains(path[path.index(after: dot)...].lowercased()) { return true }
        }
        return false
    }

    /// The endings of files an article links to as attachments.
    static let fileExtensions: Set<String> = ["pdf", "doc", "docx", "odt", "rtf", "xls", "xlsx", "ods", "csv", "ppt",
                                              "pptx", "odp", "zip", "epub", "mp3", "mp4"]

    /// Text shorter than this, after an article's last paragraph, is a scrap.
    static let scrapLength: Int32 = 60

    /// Whether heading `h` is a sentence (six words or more, ending with a full stop or an
    /// ellipsis) or a paragraph (`paragraphLength` bytes or more): a pull quote or a paragraph
    /// set as a heading, content of its own, not the title of a section.
    func readsAsSentence(_ h: Int) -> Bool {
        let text = document[NodeID(index: Int32(h))].plainText.utf8
        if text.count >= Self.paragraphLength { return true }
        guard text.count >= 30, text.last == UInt8(ascii: ".") || text.reversed().starts(with: [0xA6, 0x80, 0xE2]) else { return false }
        return text.lazy.filter { $0 == 0x20 }.count >= 5
    }

    /// Whether node `i` holds text other than white space (a heading of one space or no-break
    /// space is a spacer).
    func showsText(_ i: Int) -> Bool {
        subtreeText[i] > 0 && document[NodeID(index: Int32(i))].plainText.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// A heading this long (bytes) is a paragraph set as a heading.
    static let paragraphLength = 200

    /// The next sibling of `i` that is not white space, or -1.
    func nextElement(after i: Int32) -> Int32 {
        nonBlank(from: records.nextSibling(i))
    }

    /// The first child of `i` that is not white space, or -1.
    func firstElement(of i: Int32) -> Int32 {
        nonBlank(from: records.firstChild(i))
    }

    /// `node` or the first sibling after it that is not a text node of white space only, or -1.
    private func nonBlank(from node: Int32) -> Int32 {
        var s = node
        while s >= 0, records.tag(s) == .text, !document.textBytes(at: s).contains(where: { $0 > 0x20 }) {
            s = records.nextSibling(s)
        }
        return s
    }

    private func isUnwrapped(_ action: RewriteAction) -> Bool {
        if case .unwrap = action { return true }
        return false
    }
}

extension ContentScorer {
    /// Leaves out the text beside an image in its own wrapper inside the article (a photo's
    /// caption or credit outside a `figcaption`: `<div class="img-inline"><img>AFP / Name</div>`),
    /// keeping the image: a division holding one or two images, no table, code or heading, and
    /// at most 200 bytes of text. Wrappers in a group of posts or items are left as they are
    /// (`inGroup`: a listing's cards are an image and a title).
    func droppingImageCaptions(_ actions: [RewriteAction], inGroup: [Bool]) -> [RewriteAction] {
        var actions = actions
        var images = [Int32](repeating: 0, count: count)
        var blocking = [Int32](repeating: 0, count: count)
        // Nodes in each subtree, itself included: a subtree is the range from its node on.
        var size = [Int32](repeating: 1, count: count)
        for i in stride(from: count - 1, to: 0, by: -1) {
            switch records.tag(Int32(i)) {
            case .image: images[i] &+= 1
            case .table, .codeBlock, .heading, .list, .displayMath: blocking[i] &+= 1
            default: break
            }
            let p = Int(records.parent(Int32(i)))
            images[p] &+= images[i]
            blocking[p] &+= blocking[i]
            size[p] &+= size[i]
        }
        var i = 1
        while i < count {
            let end = i + Int(size[i])
            guard records.tag(Int32(i)) == .division, case .keep = actions[i], !inGroup[i], (1...2).contains(images[i]),
                  blocking[i] == 0, subtreeText[i] > 0, subtreeText[i] <= 200 else {
                i += 1
                continue
            }
            // Every part of the wrapper that holds no image goes; the images and what leads to
            // them stay.
            var j = i + 1
            while j < end {
                let after = j + Int(size[j])
                if images[j] == 0 {
                    actions[j] = .drop
                    j = after
                } else if records.tag(Int32(j)) == .image {
                    j = after   // the image with its alternative text
                } else {
                    j += 1
                }
            }
            i = end
        }
        return actions
    }
}
