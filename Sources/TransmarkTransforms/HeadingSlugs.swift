/// GitHub-style heading anchors: lowercased text without punctuation, spaces as hyphens, made
/// unique with `-1`, `-2`, … in document order (as github-slugger does).
public struct HeadingSlugs: Sendable {
    private var used: Set<String> = []
    /// For each base slug, the last suffix tried: the next heading with that base starts past
    /// it, so `n` equal headings take `n` probes, not `n²/2`.
    private var lastSuffix: [String: Int] = [:]

    /// Creates a generator; `reserved` are ids already in use, never produced.
    public init(reserved: some Sequence<String> = [String]()) {
        used = Set(reserved)
    }

    /// The slug of `text` without deduplication: lowercased, letters, digits, marks, `-` and `_`
    /// kept, each space turned into `-`, everything else dropped.
    public static func slug(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.trimmingSpaces.lowercased().unicodeScalars {
            switch scalar {
            case " ": scalars.append("-")
            case "-", "_": scalars.append(scalar)
            default:
                let p = scalar.properties
                switch p.generalCategory {
                case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                    scalars.append(scalar)
                default:
                    break
                }
            }
        }
        return String(scalars)
    }

    /// The next unique anchor for a heading with this text.
    public mutating func next(for text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var n = lastSuffix[base] ?? 0
        if n > 0 { candidate = "\(base)-\(n)" }
        while used.contains(candidate) {
            n += 1
            candidate = "\(base)-\(n)"
        }
        lastSuffix[base] = n
        used.insert(candidate)
        return candidate
    }
}
