/// A small line diff for test failures: shows where two texts part, with context, and makes
/// escape sequences and other control characters visible.
public enum TextDiff {
    /// Describes the first difference between `expected` and `actual`, with three lines of context.
    public static func describe(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < e.count && first < a.count && e[first] == a[first] { first += 1 }
        var lastE = e.count - 1, lastA = a.count - 1
        while lastE > first && lastA > first && e[lastE] == a[lastA] { lastE -= 1; lastA -= 1 }
        var lines: [String] = []
        for i in max(0, first - 3)..<first { lines.append("  \(visible(e[i]))") }
        if first <= lastE { for i in first...lastE { lines.append("- \(visible(e[i]))") } }
        if first <= lastA { for i in first...lastA { lines.append("+ \(visible(a[i]))") } }
        let tail = max(lastE, lastA) + 1
        for i in tail..<min(e.count, tail + 3) where i < e.count { lines.append("  \(visible(e[i]))") }
        return "@@ line \(first + 1) (- expected, + actual)\n" + lines.joined(separator: "\n")
    }

    /// The text with control characters shown as symbols (ESC as ␛, tab as →).
    public static func visible<S: StringProtocol>(_ s: S) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x1B: out += "␛"
            case 0x09: out += "→"
            case 0x0D: out += "␍"
            case 0..<0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
