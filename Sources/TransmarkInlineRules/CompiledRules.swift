import TransmarkCore

/// An `InlineRules` set prepared for parsing: tags as bytes, targets resolved, lookup tables by
/// first byte. Made once per frontend.
struct CompiledRules: Sendable {
    struct Rule: Sendable {
        let open: [UInt8]
        let close: [UInt8]?
        let metadataOpen: [UInt8]?
        let metadataClose: [UInt8]?
        let separator: [UInt8]?
        let requiredPrefixes: [[UInt8]]
        let minCount: Int
        let maxCount: Int
        /// The target for a span of `count` repetitions (index = count, up to `maxCount`): the
        /// largest count with a target at or below it; `nil` where there is none.
        let targetByCount: [(count: Int, target: CompiledTarget)?]
        let boundary: Bool
        let literal: Bool
        let balanced: Bool
        let flanking: CharacterRule.Flanking
        let intraword: Bool
        var isRepeating: Bool { close == nil }
        /// Whether the span is a link or image (its metadata must read as a destination).
        var targetsLink: Bool {
            guard let target = targetByCount[min(1, maxCount)]?.target ?? targetByCount.last??.target else { return false }
            switch target.shape {
            case .link, .image: return true
            default: return false
            }
        }
        /// Whether metadata must follow the closing tag for a span to form.
        var needsMetadata: Bool { metadataOpen != nil && metadataClose != nil }

        /// The resolved target and the repetitions it takes for a span of `count` (≥ `minCount`).
        func target(for count: Int) -> (count: Int, target: CompiledTarget)? {
            targetByCount[min(max(count, 0), maxCount)]
        }
    }

    /// A line rule with its prefix as bytes, its name defaulted and its style parsed; the
    /// rule's other fields (`kind`, `level`, `trim`, …) are read through it.
    @dynamicMemberLookup
    struct Line: Sendable {
        let rule: LineRule
        let prefix: [UInt8]
        let name: String
        let style: Style?

        subscript<T>(dynamicMember field: KeyPath<LineRule, T>) -> T { rule[keyPath: field] }
    }

    let rules: [Rule]
    let lines: [Line]
    /// Rule indices whose opening or closing tag starts with a byte, by byte, in rule order.
    let rulesByFirstByte: [[Int32]]
    /// Escape sequences as bytes, and whether a byte starts one.
    let escapes: [[UInt8]]
    let startsEscape: [Bool]
    /// Whether an escape before this byte makes it literal (the first byte of any tag, of any
    /// line prefix, or of an escape).
    let escapable: [Bool]
    let newline: InlineRules.Newline
    let spansCrossLines: Bool

    /// Only ASCII tag characters are escapable: a multi-byte first byte would cover unrelated
    /// characters.
    private static func mark(_ table: inout [Bool], _ byte: UInt8) {
        if byte < 0x80 { table[Int(byte)] = true }
    }

    init(_ source: InlineRules) {
        var rules: [Rule] = []
        for r in source.characterRules {
            let open = Array(r.open.utf8)
            guard !open.isEmpty, !r.targets.isEmpty else { continue }
            var close = r.close.map { Array($0.utf8) }
            if close?.isEmpty == true || close == open { close = nil }
            var byCount: [(count: Int, target: CompiledTarget)?] = Array(repeating: nil, count: r.maxCount + 1)
            var best: (count: Int, target: CompiledTarget)?
            for count in 0...r.maxCount {
                if let t = r.targets[count] { best = (count, CompiledTarget(t)) }
                byCount[count] = best
            }
            if best == nil, let first = r.targets.sorted(by: { $0.key < $1.key }).first {
                // Every target lies above maxCount: use the smallest for every count.
                for count in 0...r.maxCount { byCount[count] = (max(count, 1), CompiledTarget(first.value)) }
            }
            for count in r.minCount...r.maxCount where byCount[count] == nil {
                byCount[count] = r.targets.sorted(by: { $0.key < $1.key }).first.map { (count, CompiledTarget($0.value)) }
            }
            let mOpen = r.metadataOpen.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
            let mClose = r.metadataClose.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
            rules.append(Rule(open: open, close: close, metadataOpen: mOpen, metadataClose: mOpen == nil ? nil : mClose,
                              separator: r.separator.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 },
                              requiredPrefixes: (r.requiredPrefixes ?? []).map { Array($0.utf8) }.filter { !$0.isEmpty },
                              minCount: r.minCount, maxCount: r.maxCount, targetByCount: byCount,
                              boundary: close != nil && r.boundary, literal: r.literal, balanced: r.balanced,
                              flanking: r.flanking, intraword: r.intraword))
        }
        self.rules = rules
        var byFirst = [[Int32]](repeating: [], count: 256)
        var escapable = [Bool](repeating: false, count: 256)
        for (i, rule) in rules.enumerated() {
            byFirst[Int(rule.open[0])].append(Int32(i))
            Self.mark(&escapable, rule.open[0])
            if let close = rule.close {
                if close[0] != rule.open[0] { byFirst[Int(close[0])].append(Int32(i)) }
                Self.mark(&escapable, close[0])
            }
            if let m = rule.metadataOpen { Self.mark(&escapable, m[0]) }
            if let m = rule.metadataClose { Self.mark(&escapable, m[0]) }
        }
        rulesByFirstByte = byFirst
        lines = source.lineRules.compactMap { rule in
            let prefix = Array(rule.prefix.utf8)
            guard !prefix.isEmpty else { return nil }
            Self.mark(&escapable, prefix[0])
            return Line(rule: rule, prefix: prefix, name: rule.name ?? "block",
                        style: rule.style.map { CSSStyleParser.parse($0) }.flatMap { $0.isEmpty ? nil : $0 })
        }
        escapes = source.escapeCharacters.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var starts = [Bool](repeating: false, count: 256)
        for e in escapes {
            starts[Int(e[0])] = true
            Self.mark(&escapable, e[0])
        }
        startsEscape = starts
        self.escapable = escapable
        newline = source.newline
        spansCrossLines = source.spansCrossLines
    }
}
