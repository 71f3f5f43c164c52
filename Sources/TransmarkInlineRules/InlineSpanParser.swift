import TransmarkCore

/// Parses the inline content of one block with a rule set's character rules and adds it to a
/// builder. Linear in the content, never backtracking and never recursing:
///
/// 1. One left-to-right pass splits the content into text, escapes, delimiter runs and tags.
///    A literal rule's opener finds its closer by a forward search whose results are cached
///    (cmark's backtick scan), so failing openers cost nothing more; a boundary rule's closing tag
///    is matched at once against a bracket stack (cmark's "look for link or image"), processing
///    the delimiters inside it first, bounded at the bracket.
/// 2. The remaining delimiters are paired with a delimiter stack that keeps, per rule, the lowest
///    opener still worth looking at (`openers_bottom`), so no opener is scanned twice in vain.
/// 3. The items are written out: a matched delimiter opens or closes nodes, an unmatched one is
///    text as written, so no character of the input is lost.
struct InlineSpanParser {
    let rules: CompiledRules
    let bytes: UnsafeBufferPointer<UInt8>

    struct Opening {
        var rule: Int32
        var count: Int32
        var metadataStart: Int32
        var metadataEnd: Int32
    }

    enum ItemKind: UInt8 { case text, run, open, close, lineBreak, literal }

    struct Item {
        var kind: ItemKind
        /// The source range: the text, the run, the tag (a closing tag with its metadata), or a
        /// literal span from opener to closer.
        var start: Int32
        var end: Int32
        var rule: Int32 = -1
        /// Repetitions left in a run.
        var count: Int32 = 0
        var canOpen = false
        var canClose = false
        /// Links of the delimiter list (item indices), -1 at the ends.
        var previous: Int32 = -1
        var next: Int32 = -1
        /// Spans opened after this item, innermost first (each later match is an outer span, so
        /// they are appended and written in reverse).
        var opens: [Opening] = []
        /// How many spans close before this item.
        var closes: Int32 = 0
        /// A closing tag's metadata, or a literal span's content (a) and label (b).
        var a0: Int32 = -1
        var a1: Int32 = -1
        var b0: Int32 = -1
        var b1: Int32 = -1
        /// A span that closed with nothing inside: its metadata is written as its text.
        var fillsEmpty = false
    }

    struct Bracket {
        var rule: Int32
        var item: Int32
    }

    /// A cached forward search for a literal rule's closing runs (see `findLiteralCloser`).
    struct LiteralSearch {
        var scannedToEnd = false
        /// The start of the last run seen, by run length (0 for enclosed rules' closing tags).
        var lastSeen: [Int: Int] = [:]
    }

    var items: [Item] = []
    var lastDelimiter: Int32 = -1
    var brackets: [Bracket] = []
    var bracketCount: [Int]
    /// Per rule: brackets opened before this item can no longer form a span (no links in links).
    var inactiveBefore: [Int32]
    var literalSearches: [LiteralSearch]
    /// Per rule: the next metadata-closing tag at or after the last position searched from.
    var metadataCloseAt: [Int]
    /// Per prefix rule: the last body scan (see `prefixSpanEnd`).
    var prefixScans: [PrefixScan]

    /// A prefix rule's last body scan: from `start` the body characters ran to `stop` (the first
    /// character outside the class), and `lastEnd` is where the last character that may end a
    /// body ended (`start` when none). A later trigger whose body starts inside `start...stop`
    /// runs to the same `stop`, so its answer is known without scanning again.
    struct PrefixScan {
        var start = -1
        var stop = -1
        var lastEnd = -1
    }

    init(rules: CompiledRules, bytes: UnsafeBufferPointer<UInt8>) {
        self.rules = rules
        self.bytes = bytes
        bracketCount = Array(repeating: 0, count: rules.rules.count)
        inactiveBefore = Array(repeating: -1, count: rules.rules.count)
        literalSearches = Array(repeating: LiteralSearch(), count: rules.rules.count)
        metadataCloseAt = Array(repeating: -1, count: rules.rules.count)
        prefixScans = Array(repeating: PrefixScan(), count: rules.rules.count)
    }

    // MARK: Entry

    /// Parses `range` of the bytes (newlines in it are line breaks of `breakKind`) and adds the
    /// inline nodes to `builder`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, rules: CompiledRules,
                      breakKind: NodeKind, into builder: inout DocumentBuilder) {
        var parser = InlineSpanParser(rules: rules, bytes: bytes)
        parser.tokenize(range)
        parser.processEmphasis(above: -1)
        parser.emit(into: &builder, breakKind: breakKind)
    }

    // MARK: Pass 1: tokens

    @inline(__always)
    func matches(_ tag: [UInt8], at i: Int, end: Int) -> Bool {
        let n = tag.count
        guard i + n <= end else { return false }
        for k in 0..<n where bytes[i + k] != tag[k] { return false }
        return true
    }

    mutating func appendText(_ from: Int, _ to: Int) {
        if to > from { items.append(Item(kind: .text, start: Int32(from), end: Int32(to))) }
    }

    mutating func pushDelimiter(_ item: Item) {
        var item = item
        let index = Int32(items.count)
        item.previous = lastDelimiter
        item.next = -1
        if lastDelimiter >= 0 { items[Int(lastDelimiter)].next = index }
        lastDelimiter = index
        items.append(item)
    }

    mutating func tokenize(_ range: Range<Int>) {
        let end = range.upperBound
        var i = range.lowerBound
        var textStart = i
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                appendText(textStart, i)
                items.append(Item(kind: .lineBreak, start: Int32(i), end: Int32(i + 1)))
                i += 1
                textStart = i
                continue
            }
            if rules.startsEscape[Int(b)], let length = escapeLength(at: i, end: end), i + length < end,
               rules.escapable[Int(bytes[i + length])] {
                appendText(textStart, i)
                appendText(i + length, i + length + 1)
                i += length + 1
                textStart = i
                continue
            }
            let candidates = rules.rulesByFirstByte[Int(b)]
            var next = -1
            if !candidates.isEmpty {
                for r in candidates {
                    let rule = rules.rules[Int(r)]
                    if rule.body != nil {
                        // A prefix rule that forms no span leaves the trigger to later rules.
                        if matches(rule.open, at: i, end: end), let spanEnd = prefixSpanEnd(Int(r), at: i, range: range) {
                            appendText(textStart, i)
                            var item = Item(kind: .literal, start: Int32(i), end: Int32(spanEnd), rule: r)
                            item.a0 = Int32(i + rule.open.count)
                            item.a1 = Int32(spanEnd)
                            items.append(item)
                            textStart = spanEnd
                            next = spanEnd
                            break
                        }
                        continue
                    }
                    if rule.isRepeating {
                        if matches(rule.open, at: i, end: end) {
                            next = run(Int(r), at: i, range: range, textStart: &textStart)
                            break
                        }
                    } else if let close = rule.close, matches(close, at: i, end: end) {
                        // A closing tag that closes nothing is text, unless this or a later
                        // rule reads it otherwise.
                        next = closingTag(Int(r), at: i, end: end, textStart: &textStart)
                        if next >= 0 { break }
                        if matches(rule.open, at: i, end: end) {
                            next = openingTag(Int(r), at: i, end: end, textStart: &textStart)
                            break
                        }
                    } else if matches(rule.open, at: i, end: end) {
                        next = openingTag(Int(r), at: i, end: end, textStart: &textStart)
                        break
                    }
                }
            }
            i = next >= 0 ? next : i + 1
        }
        appendText(textStart, end)
    }

    /// Where a prefix rule's span that starts with the trigger at `i` ends, or `nil` when none
    /// forms: the trigger must start a word (unless the rule is `intraword`) and be followed by at
    /// least one body character that may end a body. Linear: each byte is scanned once per rule
    /// (see `PrefixScan`).
    mutating func prefixSpanEnd(_ r: Int, at i: Int, range: Range<Int>) -> Int? {
        let rule = rules.rules[r]
        guard let body = rule.body else { return nil }
        if !rule.intraword && CharacterClass.before(i, in: bytes, from: range.lowerBound) == .other { return nil }
        let start = i + rule.open.count
        let scan = prefixScans[r]
        if start >= scan.start && start <= scan.stop && scan.start >= 0 {
            return scan.lastEnd > start ? scan.lastEnd : nil
        }
        let end = range.upperBound
        var p = start
        var lastEnd = start
        while p < end {
            let b = bytes[p]
            var scalar = Unicode.Scalar(b)
            var length = 1
            if b >= 0x80 {
                var e = p + 1
                while e < end && e < p + 4 && bytes[e] & 0xC0 == 0x80 { e += 1 }
                var iterator = bytes[p..<e].makeIterator()
                var decoder = UTF8()
                guard case .scalarValue(let decoded) = decoder.decode(&iterator) else { break }
                scalar = decoded
                length = e - p
                // A decoded scalar shorter than the bytes taken (invalid continuation) ends the body.
                guard decoded.utf8.count == length else { break }
            }
            let membership = body.membership(scalar)
            if membership == 0 { break }
            p += length
            if membership == 1 { lastEnd = p }
        }
        prefixScans[r] = PrefixScan(start: start, stop: p, lastEnd: lastEnd)
        return lastEnd > start ? lastEnd : nil
    }

    func escapeLength(at i: Int, end: Int) -> Int? {
        for e in rules.escapes where matches(e, at: i, end: end) { return e.count }
        return nil
    }

    /// A run of a repeating rule's tag at `i`; returns where scanning goes on.
    mutating func run(_ r: Int, at i: Int, range: Range<Int>, textStart: inout Int) -> Int {
        let rule = rules.rules[r]
        let unit = rule.open.count
        var j = i
        var count = 0
        while matches(rule.open, at: j, end: range.upperBound) {
            j += unit
            count += 1
        }
        guard count >= rule.minCount else { return j }   // too short: text
        if rule.literal {
            guard let closer = findLiteralCloser(r, from: j, end: range.upperBound, length: count) else { return j }
            appendText(textStart, i)
            var item = Item(kind: .literal, start: Int32(i), end: Int32(closer.upperBound), rule: Int32(r))
            item.count = Int32(count)
            item.a0 = Int32(j)
            item.a1 = Int32(closer.lowerBound)
            items.append(item)
            textStart = closer.upperBound
            return closer.upperBound
        }
        let before = CharacterClass.before(i, in: bytes, from: range.lowerBound)
        let after = CharacterClass.at(j, in: bytes, end: range.upperBound)
        let (canOpen, canClose) = CharacterClass.flanking(before: before, after: after, mode: rule.flanking, intraword: rule.intraword)
        guard canOpen || canClose else { return j }
        appendText(textStart, i)
        var item = Item(kind: .run, start: Int32(i), end: Int32(j), rule: Int32(r))
        item.count = Int32(count)
        item.canOpen = canOpen
        item.canClose = canClose
        pushDelimiter(item)
        textStart = j
        return j
    }

    /// The closing run of a literal repeating rule (or the closing tag of a literal enclosed one)
    /// at or after `from`. Every run the scan passes is remembered by length, and once a scan
    /// has reached the end, an opener whose length was not seen again fails at once: each byte
    /// is scanned a bounded number of times.
    mutating func findLiteralCloser(_ r: Int, from: Int, end: Int, length: Int) -> Range<Int>? {
        let rule = rules.rules[r]
        let key = rule.balanced ? length : 0
        if literalSearches[r].scannedToEnd && (literalSearches[r].lastSeen[key] ?? -1) < from { return nil }
        let tag = rule.close ?? rule.open
        var p = from
        while p < end {
            guard bytes[p] == tag[0], matches(tag, at: p, end: end) else { p += 1; continue }
            var q = p + tag.count
            var count = 1
            if rule.close == nil {
                while matches(tag, at: q, end: end) {
                    q += tag.count
                    count += 1
                }
            }
            let runKey = rule.balanced ? count : 0
            literalSearches[r].lastSeen[runKey] = p
            if rule.close != nil || (rule.balanced ? count == length : count >= rule.minCount) { return p..<q }
            p = q
        }
        literalSearches[r].scannedToEnd = true
        return nil
    }

    /// An opening tag of an enclosed rule at `i`.
    mutating func openingTag(_ r: Int, at i: Int, end: Int, textStart: inout Int) -> Int {
        let rule = rules.rules[r]
        let after = i + rule.open.count
        if rule.literal {
            guard let close = rule.close, let found = findEnclosedCloser(open: rule.open, close: close, from: after, end: end) else {
                return after
            }
            var item = Item(kind: .literal, start: Int32(i), end: Int32(found.upperBound), rule: Int32(r))
            var metadata = after..<found.lowerBound
            var label = metadata
            if let separator = rule.separator, let s = firstIndex(of: separator, in: metadata) {
                metadata = after..<s
                label = (s + separator.count)..<found.lowerBound
            }
            if !rule.requiredPrefixes.isEmpty && !rule.requiredPrefixes.contains(where: { matches($0, at: metadata.lowerBound, end: metadata.upperBound) }) {
                return after
            }
            appendText(textStart, i)
            item.a0 = Int32(metadata.lowerBound)
            item.a1 = Int32(metadata.upperBound)
            item.b0 = Int32(label.lowerBound)
            item.b1 = Int32(label.upperBound)
            items.append(item)
            textStart = found.upperBound
            return found.upperBound
        }
        appendText(textStart, i)
        var item = Item(kind: .open, start: Int32(i), end: Int32(after), rule: Int32(r))
        if rule.boundary {
            brackets.append(Bracket(rule: Int32(r), item: Int32(items.count)))
            bracketCount[r] += 1
            items.append(item)
        } else {
            item.canOpen = true
            pushDelimiter(item)
        }
        textStart = after
        return after
    }

    /// A literal enclosed span's closing tag: the first one after `from`, provided no opening tag
    /// comes before it (the scan stops there, so it never passes another opener: linear).
    func findEnclosedCloser(open: [UInt8], close: [UInt8], from: Int, end: Int) -> Range<Int>? {
        var p = from
        while p < end {
            let b = bytes[p]
            if b == 0x0A { return nil }
            if b == close[0] && matches(close, at: p, end: end) { return p..<(p + close.count) }
            if b == open[0] && matches(open, at: p, end: end) { return nil }
            p += 1
        }
        return nil
    }

    func firstIndex(of tag: [UInt8], in range: Range<Int>) -> Int? {
        var p = range.lowerBound
        while p < range.upperBound {
            if matches(tag, at: p, end: range.upperBound) { return p }
            p += 1
        }
        return nil
    }

    /// The metadata after a closing tag ending at `after`: its content range and where it ends.
    /// The search for the closing metadata tag is cached per rule and only moves forward.
    mutating func metadata(_ r: Int, after: Int, end: Int) -> (content: Range<Int>, end: Int)? {
        let rule = rules.rules[r]
        guard let mOpen = rule.metadataOpen, let mClose = rule.metadataClose, matches(mOpen, at: after, end: end) else { return nil }
        let start = after + mOpen.count
        var found = metadataCloseAt[r]
        if found != Int.max && found < start {
            found = Int.max
            var p = start
            while p < end {
                if bytes[p] == mClose[0] && matches(mClose, at: p, end: end) { found = p; break }
                p += 1
            }
            metadataCloseAt[r] = found
        }
        guard found != Int.max, found < end else { return nil }
        if rule.targetsLink && !isLinkMetadata(start..<found, stop: mOpen[0]) { return nil }
        return (start..<found, found + mClose.count)
    }

    /// Whether a link's metadata reads as a destination without spaces, optionally followed by a
    /// quoted title. The scan stops at the first space or metadata-opening byte (which no other
    /// link's metadata can come before), so it stays linear.
    func isLinkMetadata(_ range: Range<Int>, stop: UInt8) -> Bool {
        var p = range.lowerBound
        let e = range.upperBound
        while p < e && CharacterClass.isSpaceByte(bytes[p]) { p += 1 }
        while p < e && !CharacterClass.isSpaceByte(bytes[p]) {
            if bytes[p] == stop || bytes[p] == 0x0A { return false }
            p += 1
        }
        while p < e && CharacterClass.isSpaceByte(bytes[p]) { p += 1 }
        if p == e { return true }
        guard bytes[p] == 0x22 else { return false }
        var q = e
        while q > p && CharacterClass.isSpaceByte(bytes[q - 1]) { q -= 1 }
        return q - 1 > p && bytes[q - 1] == 0x22
    }

    /// A closing tag of an enclosed rule at `i`; -1 when it closes nothing and should be read as
    /// an opening tag instead (when both tags are spelled alike).
    mutating func closingTag(_ r: Int, at i: Int, end: Int, textStart: inout Int) -> Int {
        let rule = rules.rules[r]
        guard let close = rule.close else { return -1 }
        let closeEnd = i + close.count
        let meta = metadata(r, after: closeEnd, end: end)
        if rule.boundary {
            guard bracketCount[r] > 0 else { return -1 }
            // Where rules share the closing tag (`]` of images and links), the innermost bracket decides.
            if let top = brackets.last, top.rule != Int32(r), rules.rules[Int(top.rule)].close == close { return -1 }
            // The nearest bracket of this rule; brackets of other rules above it stay text.
            while let top = brackets.last, top.rule != Int32(r) {
                bracketCount[Int(top.rule)] -= 1
                brackets.removeLast()
            }
            let bracket = brackets.removeLast()
            bracketCount[r] -= 1
            if (rule.needsMetadata && meta == nil) || bracket.item < inactiveBefore[r] { return closeEnd }
            appendText(textStart, i)
            processEmphasis(above: bracket.item)
            var item = Item(kind: .close, start: Int32(i), end: Int32(meta?.end ?? closeEnd), rule: Int32(r))
            item.closes = 1
            item.a0 = Int32(meta?.content.lowerBound ?? -1)
            item.a1 = Int32(meta?.content.upperBound ?? -1)
            item.fillsEmpty = Int(bracket.item) == items.count - 1
            items[Int(bracket.item)].opens.append(Opening(rule: Int32(r), count: 1, metadataStart: item.a0, metadataEnd: item.a1))
            inactiveBefore[r] = Int32(items.count)
            items.append(item)
            let next = meta?.end ?? closeEnd
            textStart = next
            return next
        }
        if rule.needsMetadata && meta == nil { return -1 }
        appendText(textStart, i)
        var item = Item(kind: .close, start: Int32(i), end: Int32(meta?.end ?? closeEnd), rule: Int32(r))
        item.canClose = true
        item.a0 = Int32(meta?.content.lowerBound ?? -1)
        item.a1 = Int32(meta?.content.upperBound ?? -1)
        pushDelimiter(item)
        let next = meta?.end ?? closeEnd
        textStart = next
        return next
    }

    // MARK: Pass 2: the delimiter stack

    mutating func unlink(_ index: Int32) {
        let item = items[Int(index)]
        if item.previous >= 0 { items[Int(item.previous)].next = item.next }
        if item.next >= 0 { items[Int(item.next)].previous = item.previous }
        if lastDelimiter == index { lastDelimiter = item.previous }
    }

    /// Pairs the delimiters above item `bottom` (cmark's `process_emphasis`), then removes them all.
    mutating func processEmphasis(above bottom: Int32) {
        var first: Int32 = -1
        var d = lastDelimiter
        while d >= 0 && d > bottom {
            first = d
            d = items[Int(d)].previous
        }
        var openersBottom: [Int: Int32] = [:]
        var closer = first
        while closer >= 0 {
            let c = items[Int(closer)]
            guard c.canClose else { closer = c.next; continue }
            let rule = rules.rules[Int(c.rule)]
            let key = Int(c.rule) &* 1_000_003 &+ (rule.balanced ? Int(c.count) : 0)
            let floor = max(bottom, openersBottom[key] ?? bottom)
            var o = c.previous
            var opener: Int32 = -1
            while o >= 0 && o > floor {
                let candidate = items[Int(o)]
                if candidate.rule == c.rule && candidate.canOpen && (!rule.balanced || candidate.count == c.count) {
                    opener = o
                    break
                }
                o = candidate.previous
            }
            guard opener >= 0 else {
                openersBottom[key] = c.previous
                let next = c.next
                if !c.canOpen { unlink(closer) }
                closer = next
                continue
            }
            pair(opener: opener, closer: closer, rule: rule)
            // Delimiters between the two can no longer pair (they would cross the span).
            items[Int(opener)].next = closer
            items[Int(closer)].previous = opener
            let o2 = items[Int(opener)]
            if o2.kind == .open || Int(o2.count) < rule.minCount { unlink(opener) }
            let c2 = items[Int(closer)]
            if c2.kind == .close || Int(c2.count) < rule.minCount {
                let next = c2.next
                unlink(closer)
                closer = next
            }
        }
        // Whatever is left above the bottom is text.
        var top = lastDelimiter
        while top >= 0 && top > bottom { top = items[Int(top)].previous }
        lastDelimiter = top
        if top >= 0 { items[Int(top)].next = -1 }
    }

    mutating func pair(opener: Int32, closer: Int32, rule: CompiledRules.Rule) {
        let o = items[Int(opener)], c = items[Int(closer)]
        if o.kind == .run {
            let available = min(Int(o.count), Int(c.count), rule.maxCount)
            let use = rule.target(for: available)?.count ?? available
            items[Int(opener)].count -= Int32(use)
            items[Int(closer)].count -= Int32(use)
            items[Int(opener)].opens.append(Opening(rule: o.rule, count: Int32(use), metadataStart: -1, metadataEnd: -1))
        } else {
            items[Int(opener)].opens.append(Opening(rule: o.rule, count: 1, metadataStart: c.a0, metadataEnd: c.a1))
            items[Int(closer)].fillsEmpty = closer == opener + 1
        }
        items[Int(closer)].closes += 1
    }

    // MARK: Pass 3: nodes

    func string(_ start: Int32, _ end: Int32) -> String {
        guard start >= 0, end > start else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
    }

    func text(_ start: Int32, _ end: Int32, into builder: inout DocumentBuilder) {
        if end > start { builder.text(bytes: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])) }
    }

    /// A link's destination and title from its metadata (`url "title"`).
    func linkParts(_ start: Int32, _ end: Int32) -> (destination: String, title: String) {
        var s = Int(start), e = Int(end)
        guard s >= 0, e > s else { return ("", "") }
        while s < e && CharacterClass.isSpaceByte(bytes[s]) { s += 1 }
        while e > s && CharacterClass.isSpaceByte(bytes[e - 1]) { e -= 1 }
        if e - s >= 2 && bytes[e - 1] == 0x22 {
            var q = e - 2
            while q > s && bytes[q] != 0x22 { q -= 1 }
            if q > s && bytes[q] == 0x22 && CharacterClass.isSpaceByte(bytes[q - 1]) {
                var d = q - 1
                while d > s && CharacterClass.isSpaceByte(bytes[d - 1]) { d -= 1 }
                return (string(Int32(s), Int32(d)), string(Int32(q + 1), Int32(e - 1)))
            }
        }
        if e - s >= 2 && bytes[s] == 0x3C && bytes[e - 1] == 0x3E { s += 1; e -= 1 }
        return (string(Int32(s), Int32(e)), "")
    }

    func openSpan(_ opening: Opening, into builder: inout DocumentBuilder) {
        let rule = rules.rules[Int(opening.rule)]
        guard let (_, target) = rule.target(for: Int(opening.count)) else {
            builder.open(.span)
            return
        }
        switch target.shape {
        case .fixed(let kind):
            if opening.metadataStart >= 0 {
                builder.open(kind, attributes: [Attribute("data-metadata", string(opening.metadataStart, opening.metadataEnd))],
                             style: target.style)
            } else {
                builder.open(kind, style: target.style)
            }
        case .link:
            let (destination, title) = linkParts(opening.metadataStart, opening.metadataEnd)
            builder.open(.link(destination: destination, title: title), style: target.style)
        case .image:
            let (source, title) = linkParts(opening.metadataStart, opening.metadataEnd)
            builder.open(.image(source: source, title: title, size: nil), style: target.style)
        case .code:
            // Code is a leaf: a non-literal rule's span gets the code look as a span.
            var style = target.style ?? Style()
            if style.fontFamily == nil { style.fontFamily = ["monospace"] }
            builder.open(.span, style: style)
        }
    }

    func emitLiteral(_ item: Item, into builder: inout DocumentBuilder) {
        let rule = rules.rules[Int(item.rule)]
        guard let (_, target) = rule.target(for: rule.isRepeating ? Int(item.count) : 1) else {
            text(item.start, item.end, into: &builder)
            return
        }
        if rule.body != nil {
            emitPrefixSpan(item, target: target, into: &builder)
            return
        }
        // Repeating literal rules (code) hold their content in a0..<a1; enclosed ones hold
        // the metadata in a0..<a1 and the label in b0..<b1.
        let content0 = rule.isRepeating ? item.a0 : item.b0
        let content1 = rule.isRepeating ? item.a1 : item.b1
        switch target.shape {
        case .code:
            builder.leaf(.code, text: codeText(content0, content1), style: target.style)
        case .link, .image:
            let (destination, title) = linkParts(item.a0, item.a1)
            if case .image = target.shape {
                builder.open(.image(source: destination, title: title, size: nil), style: target.style)
            } else {
                builder.open(.link(destination: destination, title: title), style: target.style)
            }
            if content1 > content0 { literalText(content0, content1, into: &builder) } else { builder.text(destination) }
            builder.close()
        case .fixed(let kind):
            builder.open(kind, style: target.style)
            literalText(content0, content1, into: &builder)
            builder.close()
        }
    }

    /// A prefix rule's span: the trigger and body as the node's text; the body (`a0..<a1`) is a
    /// link's destination, an image's source, or a `data-metadata` attribute of other kinds.
    func emitPrefixSpan(_ item: Item, target: CompiledTarget, into builder: inout DocumentBuilder) {
        let body = string(item.a0, item.a1)
        switch target.shape {
        case .code:
            builder.leaf(.code, text: string(item.start, item.end), style: target.style)
            return
        case .link:
            builder.open(.link(destination: body, title: ""), style: target.style)
        case .image:
            builder.open(.image(source: body, title: "", size: nil), style: target.style)
        case .fixed(let kind):
            builder.open(kind, attributes: [Attribute("data-metadata", body)], style: target.style)
        }
        text(item.start, item.end, into: &builder)
        builder.close()
    }

    /// Literal text with newlines as spaces (a literal span stays on one line).
    func literalText(_ start: Int32, _ end: Int32, into builder: inout DocumentBuilder) {
        var from = Int(start)
        for p in Int(start)..<max(Int(start), Int(end)) where bytes[p] == 0x0A {
            text(Int32(from), Int32(p), into: &builder)
            builder.text(" ")
            from = p + 1
        }
        text(Int32(from), end, into: &builder)
    }

    /// Code span content: newlines become spaces, and one space is stripped from each end when
    /// both ends have one and the content is not all spaces (CommonMark).
    func codeText(_ start: Int32, _ end: Int32) -> String {
        var s = Int(start), e = Int(end)
        if e - s >= 2 && (bytes[s] == 0x20 || bytes[s] == 0x0A) && (bytes[e - 1] == 0x20 || bytes[e - 1] == 0x0A)
            && bytes[s..<e].contains(where: { $0 != 0x20 && $0 != 0x0A }) {
            s += 1
            e -= 1
        }
        guard e > s else { return "" }
        var out = Array(bytes[s..<e])
        for k in out.indices where out[k] == 0x0A { out[k] = 0x20 }
        return String(decoding: out, as: UTF8.self)
    }

    func emit(into builder: inout DocumentBuilder, breakKind: NodeKind) {
        for item in items {
            switch item.kind {
            case .text:
                text(item.start, item.end, into: &builder)
            case .lineBreak:
                builder.leaf(breakKind)
            case .literal:
                emitLiteral(item, into: &builder)
            case .run:
                for _ in 0..<item.closes { builder.close() }
                if item.count > 0 {
                    let tag = rules.rules[Int(item.rule)].open
                    tag.withUnsafeBufferPointer { t in
                        for _ in 0..<item.count { builder.text(bytes: t) }
                    }
                }
                for opening in item.opens.reversed() { openSpan(opening, into: &builder) }
            case .open:
                if item.opens.isEmpty {
                    text(item.start, item.end, into: &builder)
                } else {
                    for opening in item.opens.reversed() { openSpan(opening, into: &builder) }
                }
            case .close:
                if item.closes == 0 {
                    text(item.start, item.end, into: &builder)
                } else {
                    if item.fillsEmpty && item.a1 > item.a0 {
                        builder.text(linkParts(item.a0, item.a1).destination)
                    }
                    for _ in 0..<item.closes { builder.close() }
                }
            }
        }
    }
}
