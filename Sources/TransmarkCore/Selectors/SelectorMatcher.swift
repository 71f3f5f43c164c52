/// Runs a compiled selector over a document in one enter/exit pass, with no recursion.
///
/// Each compound selector `c[i]` of a complex selector gets one bit per node, "the selector up to
/// `c[i]` matches with this node as its subject". A node's bits are computed when the walk enters
/// it, from bits already known: its parent's (`>`), its ancestors' folded into the parent's frame
/// (descendant), and its previous element siblings' kept in the parent's frame (`+`, `~`). Work
/// is O(nodes × compounds), whatever the depth and whatever the selector.
struct SelectorMatcher {
    private let syntax: SelectorSyntax
    private let document: Document
    /// Offsets of each complex selector's first bit.
    private let bitBase: [Int]
    private let bitCount: Int

    init(syntax: SelectorSyntax, document: Document) {
        self.syntax = syntax
        self.document = document
        var bases: [Int] = []
        var total = 0
        for complex in syntax.complexSelectors {
            bases.append(total)
            total += complex.compounds.count
        }
        bitBase = bases
        bitCount = total
    }

    /// One open element of the walk: its own bits, its bits or'ed with all its ancestors', and
    /// what its element children so far left behind.
    private struct FrameLayout {
        let stride: Int
        // Per frame, four runs of `bitCount` bytes: self, selfOrAncestor, lastChild, anyChild.
        func selfBits(_ frame: Int) -> Int { frame * stride }
        func inherited(_ frame: Int) -> Int { frame * stride + stride / 4 }
        func lastChild(_ frame: Int) -> Int { frame * stride + stride / 2 }
        func anyChild(_ frame: Int) -> Int { frame * stride + 3 * stride / 4 }
    }

    /// The nodes that match, in document order.
    func matches() -> [Node] {
        let positions: SiblingPositions? = syntax.complexSelectors.contains { complex in
            complex.compounds.contains { $0.conditions.contains(where: \.needsPositions) }
        } ? SiblingPositions(document) : nil
        let layout = FrameLayout(stride: bitCount * 4)
        // Frame 0 is the document: it matches nothing and has no ancestors.
        var bits = [Bool](repeating: false, count: layout.stride * 16)
        var depth = 0
        var result: [Node] = []
        var own = [Bool](repeating: false, count: bitCount)

        for event in document.events() {
            switch event {
            case .enter(let node):
                if node.id == document.root.id { continue }
                guard SelectorMatcher.isElement(node.tag) else { continue }
                let parent = depth
                let kind = node.kind
                var anyMatch = false
                for (c, complex) in syntax.complexSelectors.enumerated() {
                    let base = bitBase[c]
                    for i in complex.compounds.indices {
                        var ok: Bool
                        if i == 0 {
                            ok = true
                        } else {
                            let before = base + i - 1
                            switch complex.combinators[i - 1] {
                            case .child: ok = bits[layout.selfBits(parent) + before]
                            case .descendant: ok = bits[layout.inherited(parent) + before]
                            case .nextSibling: ok = bits[layout.lastChild(parent) + before]
                            case .subsequentSibling: ok = bits[layout.anyChild(parent) + before]
                            }
                        }
                        if ok { ok = compoundMatches(complex.compounds[i], node: node, kind: kind, positions: positions) }
                        own[base + i] = ok
                    }
                    if own[base + complex.compounds.count - 1] { anyMatch = true }
                }
                if anyMatch { result.append(node) }
                depth += 1
                if bits.count < (depth + 1) * layout.stride { bits.append(contentsOf: repeatElement(false, count: bits.count)) }
                let frame = depth
                for b in 0..<bitCount {
                    bits[layout.selfBits(frame) + b] = own[b]
                    bits[layout.inherited(frame) + b] = own[b] || bits[layout.inherited(parent) + b]
                    bits[layout.lastChild(frame) + b] = false
                    bits[layout.anyChild(frame) + b] = false
                }
            case .exit(let node):
                if node.id == document.root.id { continue }
                guard SelectorMatcher.isElement(node.tag) else { continue }
                let frame = depth
                depth -= 1
                let parent = depth
                for b in 0..<bitCount {
                    let mine = bits[layout.selfBits(frame) + b]
                    bits[layout.lastChild(parent) + b] = mine
                    if mine { bits[layout.anyChild(parent) + b] = true }
                }
            }
        }
        return result
    }

    /// Text and soft breaks are not elements: type selectors, `*`, positions and combinators
    /// skip them.
    static func isElement(_ tag: NodeKind.Tag) -> Bool {
        tag != .text && tag != .softBreak
    }

    private func compoundMatches(_ compound: CompoundSelector, node: Node, kind: NodeKind,
                                 positions: SiblingPositions?) -> Bool {
        if let name = compound.typeName,
           !SelectorTypeNames.matches(name, kindTags: compound.typeKindTags, kind: kind) {
            return false
        }
        if compound.conditions.isEmpty { return true }
        var attributes: [Attribute]?
        for condition in compound.conditions {
            if !conditionHolds(condition, node: node, kind: kind, attributes: &attributes, positions: positions) { return false }
        }
        return true
    }

    private func conditionHolds(_ condition: SelectorCondition, node: Node, kind: NodeKind,
                                attributes: inout [Attribute]?, positions: SiblingPositions?) -> Bool {
        func attribute(_ name: String) -> String? {
            if attributes == nil {
                // Names lowercased once per node, not once per condition and attribute (`p[a99]`
                // × 300 over paragraphs with many attributes took 11.6 s).
                attributes = SelectorAttributes.all(of: node).map { Attribute($0.name.lowercased(), $0.value) }
            }
            return attributes!.first { $0.name == name }?.value
        }
        switch condition {
        case .id(let id):
            return attribute("id") == id
        case .className(let name):
            guard let classes = attribute("class") else { return false }
            return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
                .contains { $0 == name }
        case .attribute(let name, let match, var expected, let caseInsensitive):
            guard var value = attribute(name) else { return false }
            guard let match else { return true }
            if caseInsensitive ?? SelectorAttributes.valuesIgnoreCase(of: name) {
                value = value.lowercased()
                expected = expected.lowercased()
            }
            switch match {
            case .equals: return value == expected
            case .includesWord:
                return !expected.isEmpty && !expected.contains(" ")
                    && value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == expected }
            case .dashPrefix: return value == expected || value.hasPrefix(expected + "-")
            case .prefix: return !expected.isEmpty && value.hasPrefix(expected)
            case .suffix: return !expected.isEmpty && value.hasSuffix(expected)
            case .substring: return !expected.isEmpty && value.contains(expected)
            }
        case .nthChild(let pattern):
            return pattern.matches(positions!.index(node.id.index))
        case .nthLastChild(let pattern):
            return pattern.matches(positions!.indexFromEnd(node.id.index))
        case .nthOfType(let pattern):
            return pattern.matches(positions!.typeIndex(node.id.index))
        case .nthLastOfType(let pattern):
            return pattern.matches(positions!.typeIndexFromEnd(node.id.index))
        case .onlyChild:
            return positions!.index(node.id.index) == 1 && positions!.indexFromEnd(node.id.index) == 1
        case .onlyOfType:
            return positions!.typeIndex(node.id.index) == 1 && positions!.typeIndexFromEnd(node.id.index) == 1
        case .empty:
            for child in node.children {
                if SelectorMatcher.isElement(child.tag) { return false }
                if child.tag == .text && !document.textBytes(at: child.id.index).isEmpty { return false }
            }
            return !node.tag.hasLiteralText || document.textBytes(at: node.id.index).isEmpty
        case .not(let inner):
            for compound in inner where compoundMatches(compound, node: node, kind: kind, positions: positions) {
                return false
            }
            return true
        }
    }
}

/// Each element's 1-based position among its parent's element children, from the start and
/// from the end, overall and among siblings of its type: one pass over every parent's children.
struct SiblingPositions {
    private var fromStart: [Int32]
    private var fromEnd: [Int32]
    private var ofTypeFromStart: [Int32]
    private var ofTypeFromEnd: [Int32]

    init(_ document: Document) {
        let records = document.storage.records
        let count = records.count
        fromStart = [Int32](repeating: 0, count: count)
        fromEnd = fromStart
        ofTypeFromStart = fromStart
        ofTypeFromEnd = fromStart
        var children: [Int32] = []
        var keys: [String] = []
        var typeCounts: [String: Int32] = [:]
        for parent in 0..<Int32(count) {
            var child = records.firstChild(parent)
            guard child >= 0 else { continue }
            children.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            typeCounts.removeAll(keepingCapacity: true)
            while child >= 0 {
                if SelectorMatcher.isElement(records.tag(child)) {
                    children.append(child)
                    let key = SelectorTypeNames.typeKey(of: document.kind(at: child))
                    keys.append(key)
                    let n = (typeCounts[key] ?? 0) + 1
                    typeCounts[key] = n
                    ofTypeFromStart[Int(child)] = n
                }
                child = records.nextSibling(child)
            }
            let total = Int32(children.count)
            for (k, c) in children.enumerated() {
                fromStart[Int(c)] = Int32(k + 1)
                fromEnd[Int(c)] = total - Int32(k)
                ofTypeFromEnd[Int(c)] = typeCounts[keys[k]]! - ofTypeFromStart[Int(c)] + 1
            }
        }
    }

    func index(_ node: Int32) -> Int { Int(fromStart[Int(node)]) }
    func indexFromEnd(_ node: Int32) -> Int { Int(fromEnd[Int(node)]) }
    func typeIndex(_ node: Int32) -> Int { Int(ofTypeFromStart[Int(node)]) }
    func typeIndexFromEnd(_ node: Int32) -> Int { Int(ofTypeFromEnd[Int(node)]) }
}
