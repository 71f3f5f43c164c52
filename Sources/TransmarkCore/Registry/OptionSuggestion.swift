/// The "did you mean" of an option error: the accepted key closest to a mistyped one.
enum OptionSuggestion {
    /// The accepted key (`format.key` or bare) most like `key`, if one is close enough: the same
    /// key in another case (`headingstyle`), one a typo or two away (`linewidht`), or one that
    /// contains it or that it contains (`width` → `lineWidth`). Compared on the bare keys, ASCII
    /// case-insensitively; ties go to the first in `accepted`.
    static func closest(to key: String, among accepted: [String]) -> String? {
        let wanted = Array(bare(key).lowercased().utf8)
        guard !wanted.isEmpty else { return nil }
        var best: (candidate: String, score: Int)?
        for candidate in accepted {
            let other = Array(bare(candidate).lowercased().utf8)
            let score: Int
            if other == wanted {
                score = 0
            } else if wanted.count >= 4, other.count >= 4, let d = editDistance(wanted, other, limit: 2) {
                score = d
            } else if wanted.count >= 4, other.count >= 4, contains(other, wanted) || contains(wanted, other) {
                score = 3
            } else {
                continue
            }
            if best == nil || score < best!.score { best = (candidate, score) }
        }
        return best?.candidate
    }

    /// The key without a `format.` qualifier.
    static func bare(_ key: String) -> Substring {
        guard let dot = key.firstIndex(of: ".") else { return Substring(key) }
        return key[key.index(after: dot)...]
    }

    /// Whether `haystack` contains `needle` as a run of bytes.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbours), or nil when it is over `limit`. Option keys are short: the table is tiny.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit || a.isEmpty || b.isEmpty { return nil }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}
