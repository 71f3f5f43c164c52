/// The parsed form of a selector list: what `Selector` compiles and `SelectorMatcher` runs.
struct SelectorSyntax: Sendable, Hashable {
    /// The selectors of a group (`a, b`); a node matches when any of them matches.
    var complexSelectors: [ComplexSelector]
}

/// Compound selectors joined by combinators, as written left to right (`table > td.x`).
struct ComplexSelector: Sendable, Hashable {
    /// The compound selectors, left to right; the last one is the subject.
    var compounds: [CompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var combinators: [SelectorCombinator]
}

/// How two compound selectors relate.
enum SelectorCombinator: Sendable, Hashable {
    /// `a b`: an ancestor.
    case descendant
    /// `a > b`: the parent.
    case child
    /// `a + b`: the element sibling right before.
    case nextSibling
    /// `a ~ b`: any element sibling before.
    case subsequentSibling
}

/// A type selector (or `*`) and conditions on one node (`td.x[colspan]:first-child`).
struct CompoundSelector: Sendable, Hashable {
    /// The type name, lowercased; `nil` for `*` or no type selector.
    var typeName: String? {
        didSet { typeKindTags = typeName.map(SelectorTypeNames.kindTags(named:)) ?? [] }
    }
    /// The node kinds whose names fold to `typeName` (`table-cell` → `tableCell`).
    private(set) var typeKindTags: Set<NodeKind.Tag> = []
    /// The other simple selectors; all must hold.
    var conditions: [SelectorCondition]
}

/// One simple selector other than the type.
enum SelectorCondition: Sendable, Hashable {
    /// `#id`.
    case id(String)
    /// `.class`.
    case className(String)
    /// `[name]`, `[name=value]`, …; `caseInsensitive` is `nil` without an `i` or `s` flag (HTML's
    /// rule for the attribute then applies: see `SelectorAttributes.valuesIgnoreCase(of:)`).
    case attribute(name: String, match: AttributeMatch?, value: String, caseInsensitive: Bool?)
    /// `:nth-child(an+b)`, `:first-child` (0n+1).
    case nthChild(NthPattern)
    /// `:nth-last-child(an+b)`, `:last-child`.
    case nthLastChild(NthPattern)
    /// `:nth-of-type(an+b)`, `:first-of-type`.
    case nthOfType(NthPattern)
    /// `:nth-last-of-type(an+b)`, `:last-of-type`.
    case nthLastOfType(NthPattern)
    /// `:only-child`.
    case onlyChild
    /// `:only-of-type`.
    case onlyOfType
    /// `:empty`: no element children and no text.
    case empty
    /// `:not(a, b)`: none of these compound selectors matches.
    case not([CompoundSelector])

    /// Whether evaluating it needs sibling positions.
    var needsPositions: Bool {
        switch self {
        case .nthChild, .nthLastChild, .nthOfType, .nthLastOfType, .onlyChild, .onlyOfType: true
        case .not(let inner): inner.contains { $0.conditions.contains(where: \.needsPositions) }
        default: false
        }
    }
}

/// The operators of attribute selectors.
enum AttributeMatch: Sendable, Hashable {
    /// `=`: exactly.
    case equals
    /// `~=`: one of the whitespace-separated words.
    case includesWord
    /// `|=`: exactly, or followed by `-`.
    case dashPrefix
    /// `^=`: starts with (never an empty value).
    case prefix
    /// `$=`: ends with (never an empty value).
    case suffix
    /// `*=`: contains (never an empty value).
    case substring
}

/// `an+b`: matches the positions (1-based) `a·n + b` for some `n ≥ 0`.
struct NthPattern: Sendable, Hashable {
    var a: Int
    var b: Int

    /// Whether the 1-based `position` is one of the pattern's.
    func matches(_ position: Int) -> Bool {
        if a == 0 { return position == b }
        let offset = position - b
        return offset % a == 0 && offset / a >= 0
    }
}
