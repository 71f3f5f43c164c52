@_spi(TransmarkStorage) import TransmarkCore

/// The scoring behind `MainContentTransform`, over flat per-node arrays.
struct ContentScorer {
    let document: Document
    let records: NodeRecords
    let options: MainContentTransform.Options
    let count: Int

    /// Bytes of text in the subtree (boilerplate left out), of text inside links, commas.
    var text: [Int32]
    var linkText: [Int32]
    var commas: [Int32]
    /// Bytes of text in prose blocks (paragraphs, code blocks and leaf divisions of at least
    /// `minParagraph` bytes whose links hold less than a quarter of their text) in the subtree.
    var prose: [Int32]
    /// Images, tables and code blocks in the subtree.
    var media: [Int32]
    /// The class weight (±25 per matching class or id, roughly).
    var weight: [Int16]
    /// Left out: boilerplate (inherited); `hard` is boilerplate other than headers.
    var excluded: [Bool]
    var hardExcluded: [Bool]
    var isHeaderDivision: [Bool]
    /// Whether a node has block children.
    var hasBlockChild: [Bool]
    /// Whether a node has block children, left out or not (so that text beside them stands
    /// loose; see `computeScores`).
    var holdsBlocks: [Bool]
    var score: [Float]
    var isCandidate: [Bool]
    /// The class and id hints of each node (empty for nodes without them).
    var hints: [ContentHints]
    /// A hash of each node's `class` value (0: none), to find blocks alike the article's.
    var classHash: [Int]
    /// Whether a node is a cookie or consent notice (`ContentHints.notice`) holding at most half
    /// of the page's text or 2,000 bytes, or inside one: never chosen as the article.
    var inNotice: [Bool]
    /// Whether a node holds the one block whose text opens as the page's declared description
    /// does (see `markBlocksOpeningAsDescribed`): neither left out for its hints nor dropped
    /// inside the article.
    var holdsDescribed: [Bool]
    /// The first bytes of the page's declared description (`<meta name="description">`,
    /// `og:description`), white space collapsed; empty when it has fewer than 40.
    let descriptionKey: [UInt8]
    /// Text and prose under each node with hints aside (see `textPerSubtree`).
    var subtreeText: [Int32] = []
    var subtreeProse: [Int32] = []
    var subtreeLinks: [Int32] = []
    /// Elements whose class, id or `itemprop` speaks of prices and carts.
    var commerceHints = 0
    /// How many elements name a recipe's ingredients.
    var ingredientHints = 0
    /// Elements whose class or id names a documentation site's frame (`ContentHints.docs`).
    var docsHints = 0
    /// How far class, id and role hints are trusted (see `Relaxation`).
    let relaxation: Relaxation
    /// Bytes of text in the whole page (text, code spans and code blocks), hints aside.
    var pageTextBytes = 0

    /// The attempts of `MainContentTransform.apply`, in order.
    enum Relaxation: CaseIterable {
        /// Hints leave subtrees out and weigh containers; link-heavy parts of the article go.
        case none
        /// Hints weigh containers but leave nothing out (one word such as `sidebar` or `ad` in
        /// a wrapper's class no longer drops the article inside it).
        case keepHinted
        /// Hints are ignored, and nothing inside the article is dropped for its links.
        case ignoreHints
    }

    init(_ document: Document, options: MainContentTransform.Options, relaxation: Relaxation = .none) {
        self.document = document
        self.records = document.storage.records
        self.options = options
        self.relaxation = relaxation
        count = records.count
        text = Array(repeating: 0, count: count)
        linkText = Array(repeating: 0, count: count)
        commas = Array(repeating: 0, count: count)
        prose = Array(repeating: 0, count: count)
        media = Array(repeating: 0, count: count)
        weight = Array(repeating: 0, count: count)
        excluded = Array(repeating: false, count: count)
        hardExcluded = Array(repeating: false, count: count)
        isHeaderDivision = Array(repeating: false, count: count)
        hasBlockChild = Array(repeating: false, count: count)
        holdsBlocks = Array(repeating: false, count: count)
        score = Array(repeating: 0, count: count)
        isCandidate = Array(repeating: false, count: count)
        hints = Array(repeating: [], count: count)
        inNotice = Array(repeating: false, count: count)
        classHash = Array(repeating: 0, count: count)
        holdsDescribed = Array(repeating: false, count: count)
        descriptionKey = Self.collapsedPrefix(of: Array((document.metadata.description ?? "").utf8), length: 40)
    }

    /// A byline is at most this long (bytes of text); a longer element named for its author is
    /// an author's box, up to `authorBoxLength`.
    static let bylineLength: Int32 = 100
    /// The longest author's box left out.
    static let authorBoxLength: Int32 = 1500
    /// Boilerplate by its hints this short (bytes of text) is left out in every attempt.
    static let smallBoilerplate: Int32 = 200
    /// The longest reply form left out in every attempt.
    static let replyFormLength: Int32 = 3000

    /// The division tag of node `i`, if it is a division.
    func divisionTag(_ i: Int) -> String? {
        guard records.tag(Int32(i)) == .division, case .division(let tag) = document.kind(at: Int32(i)) else { return nil }
        return tag
    }

    /// File names of the transparent images old pages lay out with.
    static let spacerNames: Set<String> = ["s.gif", "spacer.gif", "blank.gif", "pixel.gif", "clear.gif",
                                           "transparent.gif", "trans.gif", "1x1.gif", "dot.gif", "spacer.png",
                                           "blank.png", "pixel.png", "transparent.png", "1x1.png"]

    /// Whether an image is a spacer: no alternative text, and a declared width or height of at
    /// most one pixel (`<img src="s.gif" height="1" width="14">`) or a spacer's file name
    /// (`s.gif`, `spacer.gif`, `1x1.png`, …).
    func isSpacerImage(_ index: Int32) -> Bool {
        guard case .image(let source, _, let size) = document.kind(at: index) else { return false }
        var child = records.firstChild(index)
        while child >= 0 {
            if document[NodeID(index: child)].plainText.contains(where: { !$0.isWhitespace }) { return false }
            child = records.nextSibling(child)
        }
        if let width = size?.width, width <= 1 { return true }
        if let height = size?.height, height <= 1 { return true }
        var name = Substring(source)
        if let end = name.firstIndex(where: { $0 == "?" || $0 == "#" }) { name = name[..<end] }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        return Self.spacerNames.contains(name.lowercased())
    }

    // MARK: Scoring

    mutating func computeScores() {
        let storage = document.storage
        // Hints are evidence, not a veto over a large part of the page: a subtree holding more
        // than half of the page's text is never left out for a word in its class or id.
        (subtreeText, subtreeProse, subtreeLinks) = textPerSubtree()
        let subtreeText = subtreeText, subtreeProse = subtreeProse
        pageTextBytes = Int(subtreeText[0])
        let vetoLimit = subtreeText[0] / 2
        let holdsArticle = ancestorsOfLargestArticle(prose: subtreeProse)
        markBlocksOpeningAsDescribed()
        let holdsDescribed = holdsDescribed
        // The nearest `article` or `main` element around each node (0: none); a wrapper inside
        // it that holds most of its prose is layout too (`<div class="sidebar-layout">`).
        var enclosingArticle = [Int](repeating: 0, count: count)
        func holdsMostProse(_ i: Int) -> Bool { subtreeProse[i] * 2 > subtreeProse[0] }
        func holdsMostOf(_ article: Int, _ i: Int) -> Bool {
            article > 0 && subtreeProse[i] * 2 > subtreeProse[article]
        }
        // Down: hints and exclusion (parents come before children in preorder).
        storage.attributeBytes.withUnsafeBufferPointer { bytes in
            storage.text.withUnsafeBufferPointer { textBytes in
                for i in 1..<count {
                    let index = Int32(i)
                    let parent = Int(records.parent(index))
                    let tag = records.tag(index)
                    var out = excluded[parent]
                    var hard = hardExcluded[parent]
                    switch tag {
                    case .text, .code, .codeBlock:
                        let start = Int(records.textStart(index)), n = Int(records.textCount(index))
                        text[i] = Int32(n)
                        var c: Int32 = 0
                        for b in textBytes[start..<start + n] where b == UInt8(ascii: ",") { c += 1 }
                        commas[i] = c
                    default:
                        break
                    }
                    if tag.isBlock { holdsBlocks[parent] = true }
                    if tag == .image && isSpacerImage(index) {
                        // Layout filler, not content: never kept, never counted as media.
                        out = true
                        hard = true
                    } else if tag == .image || tag == .table || tag == .codeBlock {
                        media[i] = 1
                    }
                    var protected = false
                    enclosingArticle[i] = enclosingArticle[parent]
                    if tag == .division, let name = divisionTag(i) {
                        switch name {
                        // Not when it holds most of the page's prose: an unclosed or misused
                        // `header` or `aside` around the article is a wrapper.
                        case "nav", "aside", "footer":
                            if !holdsMostProse(i) {
                                out = true
                                hard = true
                            }
                        case "header":
                            if !holdsMostProse(i) {
                                out = true
                                isHeaderDivision[i] = true
                            }
                        case "article", "main":
                            protected = true
                            enclosingArticle[i] = i
                        default:
                            break
                        }
                    }
                    let list = records.attributes(index)
                    if list >= 0 {
                        var hints: ContentHints = []
                        var w: Int16 = 0
                        var boilerplateRole = false
                        for span in storage.attributeSpans[storage.attributeLists[Int(list)].spans] {
                            let name = UnsafeBufferPointer(rebasing: bytes[span.name])
                            let value = UnsafeBufferPointer(rebasing: bytes[span.value])
                            if name.elementsEqual("class".utf8) && !value.isEmpty {
                                var hasher = Hasher()
                                hasher.combine(bytes: UnsafeRawBufferPointer(value))
                                classHash[i] = hasher.finalize() | 1
                            }
                            if name.elementsEqual("class".utf8) || name.elementsEqual("id".utf8) {
                                var h = ContentHints.of(value)
                                // An id made from the section's heading (`sharing-with-a-single-
                                // developer`) says what the text is about, not what the block is.
                                if !h.isEmpty && name.elementsEqual("id".utf8) && isHeadingAnchor(index, id: value) { h = [] }
                                if h.contains(.positive) { w += 25 }
                                if h.contains(.negative) { w -= 25 }
                                hints.formUnion(h)
                            } else if name.elementsEqual("role".utf8) {
                                boilerplateRole = ContentHints.isBoilerplateRole(value)
                            } else if name.elementsEqual("itemprop".utf8) {
                                if value.starts(with: "price".utf8) || value.starts(with: "offers".utf8) { hints.insert(.commerce) }
                                if value.elementsEqual("author".utf8) { hints.insert(.byline) }
                            } else if name.elementsEqual("rel".utf8), ContentHints.of(value).contains(.byline) {
                                hints.insert(.byline)
                            }
                        }
                        self.hints[i] = hints
                        // A notice is short: a class word on a wrapper around much of a page
                        // (`cookie-consent-open` on the body) is not one.
                        let isNotice = hints.contains(.notice) && subtreeText[i] <= max(vetoLimit, 2_000)
                        // A reply form is short too, and never the article.
                        let isReplyForm = hints.contains(.replyForm) && subtreeText[i] <= Self.replyFormLength && !holdsArticle[i]
                        if isReplyForm && !options.comments {
                            out = true
                            hard = true
                        }
                        if isNotice {
                            inNotice[i] = true
                            out = true
                            hard = true
                        }
                        // An author's box (a photo, a biography, links to their profiles) is
                        // longer than a byline and short beside an article.
                        if hints.contains(.byline), subtreeText[i] > Self.bylineLength, subtreeText[i] <= Self.authorBoxLength,
                           relaxation != .ignoreHints, !protected, !holdsArticle[i], !holdsDescribed[i] {
                            out = true
                            hard = true
                        }
                        if hints.contains(.commerce) { commerceHints += 1 }
                        if hints.contains(.ingredients) { ingredientHints += 1 }
                        if hints.contains(.docs) { docsHints += 1 }
                        // Comments asked for: a comment section is content like any other.
                        if options.comments && hints.contains(.comments) { hints.remove(.unlikely) }
                        weight[i] = relaxation == .ignoreHints ? 0 : w
                        if relaxation == .none && !protected && !hints.contains(.maybe) && subtreeText[i] <= vetoLimit
                            && !holdsArticle[i] && !holdsDescribed[i] {
                            let wrapsArticle = holdsMostOf(enclosingArticle[i], i)
                            if hints.contains(.unlikely) || boilerplateRole || hints.contains(.layout) && !wrapsArticle {
                                out = true
                                hard = true
                            } else if hints.contains(.header) && !wrapsArticle {
                                out = true
                                isHeaderDivision[i] = tag == .division
                            }
                        } else if relaxation != .none && !protected && !hints.contains(.maybe) && hints.contains(.unlikely)
                                    && subtreeText[i] <= Self.smallBoilerplate && !holdsArticle[i] && !holdsDescribed[i]
                                    && !hints.contains(.comments) {
                            // A retry trusts the hints less to find an article they hid; a share
                            // bar or a "like this" box is too small to hide one. (Comments are
                            // decided after the article is found.)
                            out = true
                            hard = true
                        }
                    }
                    excluded[i] = out
                    hardExcluded[i] = hard
                    inNotice[i] = inNotice[i] || inNotice[parent]
                }
            }
        }
        // Up: totals and paragraph scores (children come after their parent, so a reverse pass
        // sees every child before its parent).
        for i in stride(from: count - 1, to: 0, by: -1) {
            let index = Int32(i)
            let tag = records.tag(index)
            // A link into the page (`#section`, a table of contents) weighs 0.3 of its text, as in
            // Readability: it moves the reader within the article, not away from it.
            if tag == .link { linkText[i] = isFragmentLink(index) ? text[i] * 3 / 10 : text[i] }
            guard !excluded[i] else { continue }
            let parent = Int(records.parent(index))
            text[parent] += text[i]
            linkText[parent] += linkText[i]
            commas[parent] += commas[i]
            media[parent] += media[i]
            prose[parent] += prose[i]
            if tag.isBlock { hasBlockChild[parent] = true }
            let scores: Bool
            switch tag {
            case .paragraph, .codeBlock: scores = true
            case .division, .tableCell: scores = !hasBlockChild[i]
            // Text standing loose between blocks (`<td><div>Meaning:</div> Overly sentimental.
            // <br> …`, an old page's article) is a paragraph without its element, as
            // Readability wraps such runs in `<p>` before scoring; not text outside every
            // element (a `<noscript>`'s markup read as text).
            case .text: scores = holdsBlocks[parent] && parent > 0
            default: scores = false
            }
            guard scores, text[i] >= Int32(options.minParagraph) else { continue }
            if linkText[i] * 4 < text[i] {
                prose[parent] += text[i] - prose[i]
                prose[i] = text[i]
            }
            let contentScore = 1 + Float(commas[i]) + min(3, Float(text[i]) / 100)
            var ancestor = parent
            var level = 0
            while ancestor >= 0 && level < 5 {
                if !isCandidate[ancestor] {
                    isCandidate[ancestor] = true
                    score[ancestor] = initialScore(ancestor)
                }
                score[ancestor] += contentScore / (level == 0 ? 1 : level == 1 ? 2 : Float(level * 3))
                if ancestor == 0 { break }
                ancestor = Int(records.parent(Int32(ancestor)))
                level += 1
            }
        }
    }

    /// A container's score before its paragraphs add to it.
    func initialScore(_ i: Int) -> Float {
        var s: Float = Float(weight[i])
        switch records.tag(Int32(i)) {
        case .division:
            switch divisionTag(i) {
            case "article": s += 10
            case "main": s += 8
            case "section": s += 3
            case "div": s += 5
            default: break
            }
        case .codeBlock, .blockQuote, .tableCell: s += 3
        case .list, .listItem, .definitionList, .term, .definition: s -= 3
        case .heading: s -= 5
        default: break
        }
        return s
    }

    func linkDensity(_ i: Int) -> Float {
        text[i] == 0 ? 0 : Float(linkText[i]) / Float(text[i])
    }

    /// A candidate's final score: scaled by link density and, a little, by position.
    func finalScore(_ i: Int) -> Float {
        score[i] * (1 - linkDensity(i)) * (1 - 0.15 * Float(i) / Float(count))
    }

    // MARK: Choosing

    /// What the copy does with each node, the page kind and the confidence; `metadata` is the
    /// page's (its declared kind, its URL).
    func plan(metadata: DocumentMetadata) -> Extraction {
        var best = -1
        var bestScore: Float = -.infinity
        for i in 0..<count where isCandidate[i] && !inNotice[i] {
            let s = finalScore(i)
            if s > bestScore {
                bestScore = s
                best = i
            }
        }
        var top = best < 0 ? 0 : best
        if top != 0 {
            // An ancestor that scores nearly as well holds more of the article.
            var last = bestScore
            let threshold = bestScore / 3
            var p = Int(records.parent(Int32(top)))
            while p > 0 {
                if isCandidate[p] {
                    let s = finalScore(p)
                    if s < threshold { break }
                    if s > last {
                        top = p
                        break
                    }
                    last = s
                }
                p = Int(records.parent(Int32(p)))
            }
            // Content in sibling blocks: climb while what an ancestor adds is mostly prose (a
            // page's article split into several sections, cards or slots).
            top = grownToAlikeBlocks(top)
            top = grownToSiblingProse(top)
            // A lone child stands for its parent.
            while top != 0 {
                let p = Int(records.parent(Int32(top)))
                if p == 0 || elementChildren(of: p) != 1 { break }
                top = p
            }
        }
        let topScore = isCandidate[top] ? finalScore(top) : 0

        // The article: the top candidate and its siblings that belong with it.
        var kept = [Bool](repeating: false, count: count)
        if top == 0 {
            kept[0] = true
        } else {
            let parent = records.parent(Int32(top))
            let threshold = max(10, topScore * 0.2)
            let topClass = document[NodeID(index: Int32(top))].attribute("class") ?? ""
            var siblings: [Int] = []
            var c = records.firstChild(parent)
            while c >= 0 {
                siblings.append(Int(c))
                c = records.nextSibling(c)
            }
            for s in siblings {
                if s == top {
                    kept[s] = true
                    continue
                }
                if excluded[s] { continue }
                var bonus: Float = 0
                if !topClass.isEmpty, document[NodeID(index: Int32(s))].attribute("class") == topClass { bonus = topScore * 0.2 }
                if isCandidate[s] && finalScore(s) + bonus >= threshold {
                    kept[s] = true
                } else if records.tag(Int32(s)) == .paragraph || (divisionTag(s) == "div" && !holdsBlock(s)), !isCopyrightLine(s) {
                    // A paragraph, or a division that holds only text (a lead, a standfirst),
                    // which reads as one; not a copyright line.
                    let density = linkDensity(s), length = text[s]
                    if length > 80 && density < 0.25 {
                        kept[s] = true
                    } else if length > 0 && length <= 80 && density == 0 && endsLikeProse(s) {
                        kept[s] = true
                    }
                } else if [.table, .codeBlock, .image].contains(records.tag(Int32(s))) || divisionTag(s) == "figure" {
                    kept[s] = linkDensity(s) < 0.5
                }
            }
            // A heading right before a kept sibling introduces it.
            for (k, s) in siblings.enumerated() where !kept[s] && !excluded[s] && records.tag(Int32(s)) == .heading {
                if k + 1 < siblings.count && kept[siblings[k + 1]] { kept[s] = true }
            }
            keepDescribedLead(before: top, kept: &kept)
        }

        // What the page kind adds: every post of a thread, every item of a listing, a product's
        // specifications, comment sections when asked for.
        let evidence = kindEvidence(top: top)
        let kind = recogniseKind(evidence, top: top, metadata: metadata)
        // Inside a kept group of posts or items, links are the content and the items' own class
        // words (`comment`, `reply`) no longer leave them out.
        var inGroup = [Bool](repeating: false, count: count)
        keepWhatTheKindNeeds(kind, evidence, top: top, kept: &kept, inGroup: &inGroup)

        // The title: the first level-1 heading of the article; else the last one before it, or
        // a later level-2 heading that sits beside the article or one of its ancestors (a post
        // title above the post's body).
        var title = -1
        if options.title {
            var firstInside = -1, lastBefore = -1, lastSecondBefore = -1
            var insideKept = [Bool](repeating: false, count: count)
            for i in 0..<count {
                let p = i == 0 ? -1 : Int(records.parent(Int32(i)))
                insideKept[i] = kept[i] || (p >= 0 && insideKept[p])
                guard records.tag(Int32(i)) == .heading, !hardExcluded[i], text[i] > 0 || (excluded[i] && hasText(i)),
                      case .heading(let level) = document.kind(at: Int32(i)), level <= 2 else { continue }
                if insideKept[i] {
                    if firstInside < 0 && level == 1 { firstInside = i }
                } else if firstInside < 0 && i < top {
                    if level == 1 { lastBefore = i } else if !excluded[i] { lastSecondBefore = i }
                }
            }
            title = firstInside >= 0 ? firstInside : lastBefore
            if firstInside < 0, lastSecondBefore > lastBefore, isBesideAncestor(lastSecondBefore, of: top) {
                title = lastSecondBefore
            }
        }

        // Which nodes lead to something kept (the title, the kept siblings).
        var holds = [Bool](repeating: false, count: count)
        for i in 0..<count where kept[i] || i == title {
            var p = i == 0 ? -1 : Int(records.parent(Int32(i)))
            while p >= 0 && !holds[p] {
                holds[p] = true
                p = p == 0 ? -1 : Int(records.parent(Int32(p)))
            }
        }

        // A retry relaxes the hints that may have hidden a short article, not the comment
        // section after it (a reply form): that stays out, unless the article itself is in one
        // (a live commentary named `comments`).
        var dropsComments = relaxation != .none && !options.comments
        var a = top
        while dropsComments && a > 0 {
            if hints[a].contains(.comments) { dropsComments = false }
            a = Int(records.parent(Int32(a)))
        }

        // Down: each node's fate. `inside` marks nodes copied as part of the article.
        var actions = [RewriteAction](repeating: .drop, count: count)
        var inside = [Bool](repeating: false, count: count)
        var alive = [Bool](repeating: false, count: count)
        alive[0] = true
        inside[0] = kept[0]
        for i in 1..<count {
            let p = Int(records.parent(Int32(i)))
            guard alive[p] else { continue }
            if i == title {
                actions[i] = .keepSubtree
                continue
            }
            inGroup[i] = inGroup[i] || inGroup[p]
            if inside[p] || kept[i] {
                let cleans = options.clean && relaxation != .ignoreHints && !inGroup[i]
                // In a group, only a node's own hints leave it out, not its post's.
                let leftOut = excluded[i] && (!inGroup[i] || !excluded[p] || !inGroup[p])
                    || dropsComments && hints[i].contains(.comments) && !inGroup[i]
                if !kept[i] && cleans && dropsInside(i, kind: kind) || leftOut && !kept[i] {
                    if holds[i] {
                        actions[i] = .unwrap
                        alive[i] = true
                    }
                    continue
                }
                actions[i] = .keep
                alive[i] = true
                inside[i] = true
            } else if holds[i] {
                actions[i] = .unwrap
                alive[i] = true
            }
        }
        if options.clean && relaxation != .ignoreHints {
            if kind != .listing && kind != .product { actions = droppingImageCaptions(actions, inGroup: inGroup) }
            actions = droppingOrphanHeadings(actions)
            if kind == .article { actions = droppingTrailingScraps(droppingDateLines(actions)) }
        }
        return Extraction(actions: actions, kind: kind,
                          confidence: confidence(actions, kind: kind, evidence: evidence, top: top, metadata: metadata),
                          byline: byline(near: top), lead: lead(actions))
    }

    /// The ancestor of `top` to keep when the article continues in sibling blocks: climbs while
    /// the text an ancestor adds beside the current choice is at least half prose, holds a
    /// prose block's worth, at least half as much prose as the choice, and is not mostly links;
    /// up to the page itself (a landing page of sections: everything but what hints leave out).
    /// A level that adds too little (a slot holding a button beside the article) is looked past,
    /// up to three levels above the last one taken, so the sections beyond it still count.
    func grownToSiblingProse(_ top: Int) -> Int {
        var top = top
        var current = top
        var levelsPast = 0
        let least = Int32(max(options.minParagraph, 1) * 4)
        while current != 0 && levelsPast < 3 {
            let p = Int(records.parent(Int32(current)))
            current = p
            let addedText = text[p] - text[top]
            let addedProse = prose[p] - prose[top]
            let addedLinks = linkText[p] - linkText[top]
            if addedText == 0 && p != 0 || addedProse >= least && addedProse * 2 >= prose[top] && addedProse * 2 >= addedText
                && addedLinks * 3 < addedText {
                top = p
                levelsPast = 0
            } else {
                levelsPast += 1
            }
        }
        return top
    }

    /// The ancestor of `top` that holds the other blocks of the page with `top`'s class (an
    /// article split into alike sections with other wrappers, ads or headings between them,
    /// however deep), when what it adds is mostly prose and not links; else `top`. Only blocks
    /// with a prose block's worth of prose that were not left out count. Linear: each node's
    /// ancestors are walked once.
    func grownToAlikeBlocks(_ top: Int) -> Int {
        let wanted = classHash[top]
        guard wanted != 0 else { return top }
        let least = Int32(max(options.minParagraph, 1) * 4)
        let topClass = document[NodeID(index: Int32(top))].attribute("class")
        // Depth of each ancestor of `top` (the root is 0), and the ancestor each walk reached.
        var ancestorDepth = [Int](repeating: -1, count: count)
        var chain: [Int] = []
        var a = top
        while true {
            chain.append(a)
            if a == 0 { break }
            a = Int(records.parent(Int32(a)))
        }
        for (k, node) in chain.reversed().enumerated() { ancestorDepth[node] = k }
        let subtreeEnd = subtreeEnd(of: top)
        var reached = [Int32](repeating: -1, count: count)
        var highest = top
        for i in 1..<count where i < top || i >= subtreeEnd {
            guard classHash[i] == wanted, !excluded[i], prose[i] >= least,
                  document[NodeID(index: Int32(i))].attribute("class") == topClass else { continue }
            // Up to the first ancestor of `top`, stopping at a node an earlier walk passed.
            var path: [Int] = []
            var p = Int(records.parent(Int32(i)))
            while ancestorDepth[p] < 0 && reached[p] < 0 {
                path.append(p)
                p = Int(records.parent(Int32(p)))
            }
            let meeting = ancestorDepth[p] >= 0 ? p : Int(reached[p])
            for q in path { reached[q] = Int32(meeting) }
            if ancestorDepth[meeting] < ancestorDepth[highest] { highest = meeting }
        }
        // From the highest meeting point down, the first level whose additions pass.
        for node in chain.reversed() where ancestorDepth[node] >= ancestorDepth[highest] && node != top {
            let addedText = text[node] - text[top]
            let addedProse = prose[node] - prose[top]
            let addedLinks = linkText[node] - linkText[top]
            if addedProse >= least && addedProse * 2 >= addedText && addedLinks * 3 < addedText { return node }
        }
        return top
    }

    /// The index after node `i`'s last descendant: nodes are stored in document order, so its
    /// subtree is the range from `i` to the next node that is not inside it.
    func subtreeEnd(of i: Int) -> Int {
        var a = i
        while a > 0 {
            let next = records.nextSibling(Int32(a))
            if next >= 0 { return Int(next) }
            a = Int(records.parent(Int32(a)))
        }
        return count
    }

    /// Bytes of text under each node (text, code spans and code blocks), of prose (as `prose`
    /// counts it) and of text inside links, hints aside.
    func textPerSubtree() -> (text: [Int32], prose: [Int32], links: [Int32]) {
        var total = [Int32](repeating: 0, count: count)
        var prose = [Int32](repeating: 0, count: count)
        var links = [Int32](repeating: 0, count: count)
        var blockChild = [Bool](repeating: false, count: count)
        for i in stride(from: count - 1, to: 0, by: -1) {
            let index = Int32(i)
            let tag = records.tag(index)
            switch tag {
            case .text, .code, .codeBlock: total[i] &+= Int32(clamping: records.textCount(index))
            case .link: links[i] = total[i]
            default: break
            }
            let isProseBlock: Bool
            switch tag {
            case .paragraph, .codeBlock: isProseBlock = true
            case .division, .tableCell: isProseBlock = !blockChild[i]
            default: isProseBlock = false
            }
            if isProseBlock && total[i] >= Int32(options.minParagraph) && links[i] * 4 < total[i] { prose[i] = total[i] }
            let parent = Int(records.parent(index))
            total[parent] = total[parent] &+ total[i]
            prose[parent] = prose[parent] &+ prose[i]
            links[parent] = links[parent] &+ links[i]
            if tag.isBlock { blockChild[parent] = true }
        }
        return (total, prose, links)
    }

    /// Marks the ancestors of the page's `article` or `main` element with the most prose: a
    /// wrapper around it (`<div class="has-sidebar">`) is layout, whatever its class says.
    func ancestorsOfLargestArticle(prose: [Int32]) -> [Bool] {
        var marks = [Bool](repeating: false, count: count)
        var best = -1
        for i in 1..<count where prose[i] > 0 && (best < 0 || prose[i] > prose[best]) {
            switch divisionTag(i) {
            case "article", "main": best = i
            default: break
            }
        }
        var p = best <= 0 ? -1 : Int(records.parent(Int32(best)))
        while p > 0 {
            marks[p] = true
            p = Int(records.parent(Int32(p)))
        }
        return marks
    }

    /// How much text an article needs for the first attempt to stand: 500 bytes (Readability's
    /// threshold), or a third of the page's text on shorter pages (after `computeScores`).
    var enoughText: Int { min(500, pageTextBytes / 3) }

    /// Bytes of text the actions keep (text, code spans and code blocks).
    func keptTextBytes(_ actions: [RewriteAction]) -> Int {
        var whole = [Bool](repeating: false, count: count)
        var total = 0
        for i in 1 ..< count {
            let index = Int32(i)
            let p = Int(records.parent(index))
            if case .keepSubtree = actions[i] { whole[i] = true } else { whole[i] = whole[p] }
            let kept: Bool
            if case .keep = actions[i] { kept = true } else { kept = whole[i] }
            guard kept else { continue }
            switch records.tag(index) {
            case .text, .code, .codeBlock: total += Int(records.textCount(index))
            default: break
            }
        }
        return total
    }

    /// Whether a node inside the article is boilerplate or link-heavy (on a `kind` of page:
    /// documentation's tables of links, a matrix of platforms and their install pages, are its
    /// content).
    func dropsInside(_ i: Int, kind: MainContentTransform.PageKind) -> Bool {
        if excluded[i] { return true }
        if holdsDescribed[i] { return false }
        let tag = records.tag(Int32(i))
        let division = divisionTag(i)
        // A figure's caption describes its image; the image stays, its caption and credit go.
        if division == "figcaption" { return true }
        let isFigure = division == "figure"
        // A short paragraph that is mostly links as long as a headline is a teaser inside the
        // article ("Read more: …", "Lea también: …", "À lire aussi"), not its prose; a bare
        // address is not a headline but what the article points to ("sign the petition:").
        if tag == .paragraph {
            return text[i] < 300 && linkText[i] >= 25 && linkDensity(i) > 0.6 && !isBareAddress(i)
        }
        guard tag == .division && !isFigure || tag == .list || tag == .table else { return false }
        let w = Float(weight[i]) + (isCandidate[i] ? score[i] : 0)
        if w < 0 && media[i] == 0 { return true }
        guard commas[i] < 10, text[i] > 0 else { return false }
        let density = linkDensity(i)
        if tag == .table { return kind != .documentation && density > 0.5 }
        return density > (weight[i] >= 25 ? 0.5 : 0.33)
    }

    /// Whether node `i`'s text is one web address and nothing else (`https://…`, `www.…`).
    func isBareAddress(_ i: Int) -> Bool {
        let text = document[NodeID(index: Int32(i))].plainText.trimmingSpaces.utf8
        guard !text.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) else { return false }
        return text.starts(with: "https://".utf8) || text.starts(with: "http://".utf8) || text.starts(with: "www.".utf8)
    }

    /// Whether `id` is made from the words of the heading that node `index` is or starts with
    /// (a section or heading anchor that a documentation generator or a blog engine wrote): three
    /// words or more, the heading's first words in order (a slug, perhaps shortened). An id of one
    /// or two words that repeats its heading (`comments` over "Comments", `related-posts` over
    /// "Related posts") names the block, and its hints count.
    func isHeadingAnchor(_ index: Int32, id: UnsafeBufferPointer<UInt8>) -> Bool {
        var heading = index
        if records.tag(index) != .heading {
            let c = firstElement(of: index)
            guard c >= 0, records.tag(c) == .heading else { return false }
            heading = c
        }
        let idWords = Self.words(of: Array(id))
        let headingWords = Self.words(of: Array(document[NodeID(index: heading)].plainText.utf8))
        // One or two words (`comments`, `related-posts` over "Related posts") name the block.
        guard idWords.count >= 3, idWords.count <= headingWords.count else { return false }
        return idWords == Array(headingWords.prefix(idWords.count))
    }

    /// The runs of ASCII letters and digits in `bytes`, lowercased; other bytes separate them.
    static func words(of bytes: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for b in bytes {
            let l = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
            if (l >= 0x61 && l <= 0x7A) || (l >= 0x30 && l <= 0x39) {
                current.append(l)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether node `i`'s parent is an ancestor of `node`.
    func isBesideAncestor(_ i: Int, of node: Int) -> Bool {
        let parent = records.parent(Int32(i))
        var a = records.parent(Int32(node))
        while a >= 0 {
            if a == parent { return true }
            a = records.parent(a)
        }
        return false
    }

    func elementChildren(of p: Int) -> Int {
        var n = 0
        var c = records.firstChild(Int32(p))
        while c >= 0 {
            let tag = records.tag(c)
            if tag != .text && tag != .softBreak && tag != .lineBreak { n += 1 } else if text[Int(c)] > 0, tag == .text,
                document.textBytes(at: c).contains(where: { $0 > 0x20 }) {
                return 2
            }
            if n > 1 { return n }
            c = records.nextSibling(c)
        }
        return n
    }

    /// Whether node `i`'s text starts as a copyright notice does (`©`, `(c)`, `Copyright`).
    func isCopyrightLine(_ i: Int) -> Bool {
        let text = document[NodeID(index: Int32(i))].plainText.drop { $0.isWhitespace }
        let head = text.prefix(9).lowercased()
        return head.hasPrefix("©") || head.hasPrefix("(c)") || head.hasPrefix("copyright")
    }

    /// Whether link `index` points into the page itself (`#id`).
    func isFragmentLink(_ index: Int32) -> Bool {
        guard case .link(let destination, _) = document.kind(at: index) else { return false }
        return destination.utf8.count > 1 && destination.utf8.first == UInt8(ascii: "#")
    }

    /// Whether a child of `i` is a block (a division of text only reads as a paragraph).
    func holdsBlock(_ i: Int) -> Bool {
        var c = records.firstChild(Int32(i))
        while c >= 0 {
            if records.tag(c).isBlock { return true }
            c = records.nextSibling(c)
        }
        return false
    }

    func endsLikeProse(_ i: Int) -> Bool {
        let t = document[NodeID(index: Int32(i))].plainText
        return t.hasSuffix(".") || t.contains(". ")
    }

    /// Whether a left-out node has text (its totals were not kept).
    func hasText(_ i: Int) -> Bool {
        !document[NodeID(index: Int32(i))].plainText.isEmpty
    }
}
