@_spi(TransmarkStorage) import TransmarkCore

/// What one attempt of `main-content` decided.
struct Extraction {
    /// What the copy does with each node.
    var actions: [RewriteAction]
    /// The page kind recognised.
    var kind: MainContentTransform.PageKind
    /// How sure the extraction is, 0…1.
    var confidence: Double
    /// The author named in the page's byline, if it has one.
    var byline: String?
    /// The text of the first paragraph kept, if any.
    var lead: String?
}

/// Sibling elements that look alike (the same tag and class under one parent): the posts of a
/// thread, the items of a listing.
struct ItemGroup {
    /// Their parent.
    var parent: Int
    /// The items, in document order.
    var items: [Int]
    /// Bytes of text, prose and link text in the items, hints aside.
    var text = 0
    var prose = 0
    var links = 0
    /// Items holding at least one link.
    var linked = 0
    /// Items whose class or id names a post (`message`, `reply`, `answer`, `comment`, …).
    var discussionHinted = 0
    /// Items whose class or id names a comment (`comment`, `disqus`, `replies`).
    var commentsHinted = 0
    /// Bytes of text in the longest item.
    var longest = 0
}

/// What the page's structure says about its kind.
struct KindEvidence {
    /// The best group of posts: three or more alike siblings with prose, most of them named as
    /// posts, replies or messages (not comments), holding more prose than the chosen container
    /// beside them.
    var discussion: ItemGroup?
    /// The best group of alike siblings with prose, named or not (none holding 60 % of their
    /// text): used when the page or its URL says it is a discussion and no named group exists.
    var looseDiscussion: ItemGroup?
    /// The best group of listing items: five or more alike siblings, most with a link, short.
    var listing: ItemGroup?
    /// Prose in the chosen container outside the listing group.
    var proseOutsideListing = 0
    /// Elements hinting at prices and carts outside the listing group (all of them without one).
    var commerceOutsideListing = 0
    /// Whether the chosen container is documentation by its markup: it, an ancestor or an
    /// element inside it names a documentation frame (`rst-content`, `theme-doc-markdown`) and
    /// another element of the page outside it does too (a docs sidebar, a docs search), so that
    /// one class word alone does not decide; or three elements inside it carry a documentation
    /// generator's classes (Sphinx's `docutils literal`).
    var inDocsFrame = false
}

extension ContentScorer {
    /// Items of a group must hold this much text (bytes) to count.
    static let itemText: Int32 = 20

    /// Finds groups of alike siblings in one pass: each division, list item or table row is
    /// keyed by its parent, its tag and a hash of its class.
    func itemGroups() -> [ItemGroup] {
        let storage = document.storage
        var groups: [Int: Int] = [:]
        var found: [ItemGroup] = []
        storage.attributeBytes.withUnsafeBufferPointer { bytes in
            for i in 1..<count {
                let index = Int32(i)
                let tag = records.tag(index)
                guard tag == .division || tag == .listItem || tag == .tableRow, subtreeText[i] >= Self.itemText else { continue }
                // FNV-1a over the class value (0 without one).
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                let list = records.attributes(index)
                if list >= 0 {
                    for span in storage.attributeSpans[storage.attributeLists[Int(list)].spans] {
                        let name = UnsafeBufferPointer(rebasing: bytes[span.name])
                        guard name.elementsEqual("class".utf8) else { continue }
                        for b in UnsafeBufferPointer(rebasing: bytes[span.value]) {
                            hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3
                        }
                    }
                }
                let parent = Int(records.parent(index))
                let key = Int(truncatingIfNeeded: hash &+ UInt64(tag.rawValue) &* 31 &+ UInt64(parent) &* 0x9E37_79B9_7F4A_7C15)
                let g: Int
                if let existing = groups[key] {
                    g = existing
                } else {
                    g = found.count
                    groups[key] = g
                    found.append(ItemGroup(parent: parent, items: []))
                }
                found[g].items.append(i)
                found[g].text += Int(subtreeText[i])
                found[g].longest = max(found[g].longest, Int(subtreeText[i]))
                found[g].prose += Int(subtreeProse[i])
                found[g].links += Int(subtreeLinks[i])
                if subtreeLinks[i] > 0 { found[g].linked += 1 }
                if hints[i].contains(.discussion) { found[g].discussionHinted += 1 }
                if hints[i].contains(.comments) { found[g].commentsHinted += 1 }
            }
        }
        return found.filter { $0.items.count >= 3 }
    }

    /// The structural evidence for the page kind around the chosen container `top`.
    func kindEvidence(top: Int) -> KindEvidence {
        var evidence = KindEvidence()
        let line = TopLine(self, top: top)
        var menus: [Bool]?
        for group in itemGroups() {
            let n = group.items.count
            // Posts: prose in most of them (40 bytes on average, 300 in all).
            if group.prose >= 300 && group.prose >= 40 * n && group.links * 2 < group.text {
                // Comments under an article are not a thread: named posts, not comments, and more
                // prose than the chosen container holds beside them.
                if group.discussionHinted * 2 >= n, group.commentsHinted * 2 < n, group.prose > evidence.discussion?.prose ?? 0,
                   group.prose >= proseOutside(group, top: top, line) {
                    evidence.discussion = group
                }
                // Unnamed, they must at least be alike: no one of them holds 60 % of the text
                // (three wrappers around a whole page are not posts).
                if group.longest * 5 <= group.text * 3, group.prose > evidence.looseDiscussion?.prose ?? 0 {
                    evidence.looseDiscussion = group
                }
            }
            // Listing items: five or more, most with a link and some text besides (a summary, a
            // date: a menu's items are links alone), short, alike in length (none holds 40 % of
            // the text: boxes around an article are not a listing), a quarter of the page, and
            // not in a part of the page left out (a menu, a header).
            if n >= 5 && group.linked * 5 >= n * 4 && group.text <= 1000 * n && group.text * 4 >= pageTextBytes
                && group.text - group.links >= 12 * n && group.links * 20 <= group.text * 17 && !excluded[group.parent]
                && group.longest * 5 <= group.text * 2
                && group.discussionHinted * 2 < n && group.text > evidence.listing?.text ?? 0 {
                // Nor in a menu too large to be left out (a site's navigation holding most of
                // an old page's text): its items are the site's sections, not the page's.
                if menus == nil { menus = menuMarks() }
                if !menus![group.parent] { evidence.listing = group }
            }
        }
        evidence.commerceOutsideListing = commerceHints
        if docsHints >= 2 && top != 0 {
            var a = top
            while a > 0 && !hints[a].contains(.docs) { a = Int(records.parent(Int32(a))) }
            evidence.inDocsFrame = a > 0
            var inside = 0
            for i in top + 1 ..< subtreeEnd(of: top) where hints[i].contains(.docs) { inside += 1 }
            // A frame inside the container (`main` around `theme-doc-markdown`) with another
            // element outside it; or three inside it.
            if inside >= 3 || inside >= 1 && docsHints > inside { evidence.inDocsFrame = true }
        }
        if let listing = evidence.listing {
            evidence.proseOutsideListing = proseOutside(listing, top: top, line)
            var inside = [Bool](repeating: false, count: count)
            inside[listing.parent] = true
            for i in listing.parent + 1 ..< count {
                inside[i] = inside[Int(records.parent(Int32(i)))]
                if inside[i] && hints[i].contains(.commerce) { evidence.commerceOutsideListing -= 1 }
            }
        }
        return evidence
    }

    /// Which nodes are in a menu: under an element whose class or id names boilerplate
    /// (`navigation`, `menu`, `nav`, not countered by `content` or `main`) or under `nav`, however
    /// large (the exclusion before scoring spares a large subtree; a listing's evidence does
    /// not). One pass in document order.
    func menuMarks() -> [Bool] {
        var marks = [Bool](repeating: false, count: count)
        for i in 1..<count {
            marks[i] = marks[Int(records.parent(Int32(i)))]
                || hints[i].contains(.unlikely) && !hints[i].contains(.maybe) && !hints[i].contains(.comments)
                || divisionTag(i) == "nav"
        }
        return marks
    }

    /// Which nodes are inside the chosen container and which are its ancestors, marked once so
    /// that each group is placed against it in constant time, however deep the page.
    struct TopLine {
        var inside: [Bool]
        var above: [Bool]

        init(_ scorer: ContentScorer, top: Int) {
            inside = [Bool](repeating: false, count: scorer.count)
            above = [Bool](repeating: false, count: scorer.count)
            inside[top] = true
            for i in top + 1 ..< scorer.count { inside[i] = inside[Int(scorer.records.parent(Int32(i)))] }
            var p = top
            while p > 0 {
                p = Int(scorer.records.parent(Int32(p)))
                above[p] = true
            }
        }
    }

    /// The prose of the chosen container `top` that is not in `group`.
    func proseOutside(_ group: ItemGroup, top: Int, _ line: TopLine) -> Int {
        if line.inside[group.parent] { return max(0, Int(subtreeProse[top]) - group.prose) }
        if line.above[group.parent] { return 0 }
        return Int(subtreeProse[top])
    }

    /// The page kind: a specific kind the page declares wins; then a thread of posts in its
    /// structure; then what its URL says; then a listing or a shop in its structure; then an
    /// article when the page declares one or the container holds prose; else `other`.
    func recogniseKind(_ evidence: KindEvidence, top: Int, metadata: DocumentMetadata) -> MainContentTransform.PageKind {
        let declared = MainContentTransform.PageKind(declared: metadata.pageKind)
        if let declared, declared != .article { return declared }
        if evidence.discussion != nil { return .discussion }
        if let fromURL = MainContentTransform.PageKind(url: metadata.sourceURL ?? metadata.canonicalURL) {
            return fromURL
        }
        if evidence.inDocsFrame { return .documentation }
        // Prices and a cart outside any grid of products, and no long prose chosen (a press
        // release under a shop's header is an article): a product page.
        if evidence.commerceOutsideListing >= 2 && subtreeProse[top] < 1500 && declared == nil {
            return .product
        }
        // A listing is what a page without an article shows: the container chosen holds little
        // prose beside the items.
        if let listing = evidence.listing, evidence.proseOutsideListing < 500, listing.text * 2 >= 3 * evidence.proseOutsideListing,
           declared == nil {
            return .listing
        }
        if declared == .article || subtreeProse[top] >= 400 { return .article }
        return .other
    }

    /// Marks what the kind keeps besides the chosen container: the posts of a thread (their
    /// own class words aside), the items of a listing (link-heavy as they are), a product's
    /// tables, definition lists and described sections, a recipe's ingredients, and comment
    /// sections when `comments` is on.
    func keepWhatTheKindNeeds(_ kind: MainContentTransform.PageKind, _ evidence: KindEvidence, top: Int,
                              kept: inout [Bool], inGroup: inout [Bool]) {
        switch kind {
        case .discussion:
            // Posts named comments (a link's comments under it) are comment sections: kept when
            // `comments` is on, like any other.
            guard let posts = evidence.discussion ?? evidence.looseDiscussion,
                  posts.commentsHinted * 2 < posts.items.count || options.comments else { break }
            kept[posts.parent] = true
            inGroup[posts.parent] = true
            for item in posts.items { kept[item] = true }
        case .listing:
            guard let listing = evidence.listing else { break }
            // The listing replaces the container, unless that came first (an introduction) or
            // holds the listing.
            let keepTop = top != 0 && (top < listing.parent || isAncestor(top, of: listing.parent))
            if !keepTop { kept = [Bool](repeating: false, count: count) }
            kept[listing.parent] = true
            inGroup[listing.parent] = true
        case .product:
            // The product's own block (around its title, with its price or cart and a
            // description) replaces a grid of other products chosen instead.
            if let block = productBlock() {
                if let listing = evidence.listing, top == listing.parent || isAncestor(listing.parent, of: top) {
                    kept = [Bool](repeating: false, count: count)
                }
                kept[block] = true
            }
            var covered = kept
            for i in 1..<count {
                if !covered[i] { covered[i] = covered[Int(records.parent(Int32(i)))] }
                let tag = records.tag(Int32(i))
                // The product's description told in sections beside its block: their paragraphs.
                let isDetail = (tag == .table || tag == .definitionList) && text[i] >= 40
                    || tag == .paragraph && text[i] >= Self.detailParagraph
                guard !covered[i], !excluded[i], isDetail, linkDensity(i) < 0.3 else { continue }
                kept[i] = true
                covered[i] = true
            }
        case .article, .other:
            // A recipe's ingredients, beside the instructions chosen: a list or table that does
            // not score as prose.
            guard ingredientHints > 0 else { break }
            var covered = coveredByKept(kept)
            for i in 1..<count {
                if !covered[i] { covered[i] = covered[Int(records.parent(Int32(i)))] }
                guard !covered[i], hints[i].contains(.ingredients), !excluded[i], subtreeText[i] >= Self.itemText,
                      linkDensity(i) < 0.5 else { continue }
                kept[i] = true
                covered[i] = true
            }
        default:
            break
        }
        if options.comments {
            let covered = coveredByKept(kept)
            for i in 1..<count where hints[i].contains(.comments) && !covered[i] && !excluded[i] {
                let parent = Int(records.parent(Int32(i)))
                guard !hints[parent].contains(.comments), subtreeText[i] >= Int32(options.minParagraph) else { continue }
                kept[i] = true
                inGroup[i] = true
            }
        }
    }

    /// A paragraph this long (bytes) outside a product's block describes the product.
    static let detailParagraph: Int32 = 80

    /// The smallest element around the page's first level-1 heading that holds a price or cart
    /// and some text (200 bytes), nil when there is none.
    func productBlock() -> Int? {
        var commerce = [Int32](repeating: 0, count: count)
        for i in stride(from: count - 1, to: 0, by: -1) {
            if hints[i].contains(.commerce) { commerce[i] += 1 }
            commerce[Int(records.parent(Int32(i)))] += commerce[i]
        }
        var heading = -1
        for i in 1..<count where !excluded[i] && records.tag(Int32(i)) == .heading {
            if case .heading(let level) = document.kind(at: Int32(i)), level == 1 {
                heading = i
                break
            }
        }
        guard heading > 0 else { return nil }
        var a = Int(records.parent(Int32(heading)))
        while a > 0 {
            if commerce[a] > 0 && subtreeText[a] >= 200 { return excluded[a] ? nil : a }
            a = Int(records.parent(Int32(a)))
        }
        return nil
    }

    /// Which nodes are kept or inside a kept node.
    func coveredByKept(_ kept: [Bool]) -> [Bool] {
        var covered = kept
        for i in 1..<count where !covered[i] {
            covered[i] = covered[Int(records.parent(Int32(i)))]
        }
        return covered
    }

    /// Whether `a` is a proper ancestor of `node`.
    func isAncestor(_ a: Int, of node: Int) -> Bool {
        guard a < node else { return false }
        var p = node
        while p > a {
            p = Int(records.parent(Int32(p)))
        }
        return p == a
    }
}
