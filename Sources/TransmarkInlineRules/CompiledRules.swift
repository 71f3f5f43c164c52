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
        /// A prefix rule's body class; `nil` for the other shapes.
        let body: CompiledBody?
        var isRepeating: Bool { close == nil && body == nil }
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
            if close?.isEmpty == true || close == open || r.body != nil { close = nil }
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
            let mOpen = r.body != nil ? nil : r.metadataOpen.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
            let mClose = r.metadataClose.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
            rules.append(Rule(open: open, close: close, metadataOpen: mOpen, metadataClose: mOpen == nil ? nil : mClose,
                              separator: r.separator.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 },
                              requiredPrefixes: (r.requiredPrefixes ?? []).map { Array($0.utf8) }.filter { !$0.isEmpty },
                              minCount: r.minCount, maxCount: r.maxCount, targetByCount: byCount,
                              boundary: close != nil && r.boundary, literal: r.literal || r.body != nil, balanced: r.balanced,
                              flanking: r.flanking, intraword: r.intraword, body: r.body.map(CompiledBody.init)))
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

/// A prefix rule's body class prepared for scanning: ASCII by table, other scalars by their
/// Unicode properties and a set.
struct CompiledBody: Sendable {
    /// Per ASCII byte: 0 not in the body, 1 anywhere, 2 inside only.
    let ascii: [UInt8]
    let alphanumerics: Bool
    /// Non-ASCII scalars allowed anywhere, and inside only.
    let characters: Set<UInt32>
    let inner: Set<UInt32>

    init(_ body: CharacterRule.Body) {
        var ascii = [UInt8](repeating: 0, count: 128)
        if body.alphanumerics {
            for b in UInt8(ascii: "0")...UInt8(ascii: "9") { ascii[Int(b)] = 1 }
            for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { ascii[Int(b)] = 1 }
            for b in UInt8(ascii: "a")...UInt8(ascii: "z") { ascii[Int(b)] = 1 }
        }
        var characters: Set<UInt32> = []
        var inner: Set<UInt32> = []
        for scalar in body.inner.unicodeScalars {
            if scalar.value < 0x80 { ascii[Int(scalar.value)] = 2 } else { inner.insert(scalar.value) }
        }
        for scalar in body.characters.unicodeScalars {
            if scalar.value < 0x80 { ascii[Int(scalar.value)] = 1 } else { characters.insert(scalar.value) }
        }
        // White space never belongs to a body: a span ends at the end of its word.
        for b in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20] { ascii[b] = 0 }
        self.ascii = ascii
        self.alphanumerics = body.alphanumerics
        self.characters = characters
        self.inner = inner.subtracting(characters)
    }

    /// 0 when `scalar` is not in the body, 1 when it may end it, 2 when it may only be inside.
    func membership(_ scalar: Unicode.Scalar) -> UInt8 {
        if scalar.value < 0x80 { return ascii[Int(scalar.value)] }
        if characters.contains(scalar.value) { return 1 }
        if inner.contains(scalar.value) { return 2 }
        if alphanumerics {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType == .decimal { return 1 }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return 1
            default: break
            }
        }
        return 0
    }
}
