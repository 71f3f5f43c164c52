import TransmarkCore

/// Formats the numbers of ordered list items: decimal, `a`…`z`, `aa`… (bijective base 26), and
/// Roman numerals up to 3999. Numbers that a style cannot show (zero or negative for letters and
/// Roman numerals, above 3999 for Roman numerals) fall back to decimal.
public enum ListMarkerFormatter {
    /// The item number `n` in `numbering`, without delimiter.
    public static func format(_ n: Int, _ numbering: ListNumbering) -> String {
        switch numbering {
        case .decimal:
            return String(n)
        case .lowerAlpha, .upperAlpha:
            guard n >= 1 else { return String(n) }
            var digits: [UInt8] = []
            var v = n
            let base: UInt8 = numbering == .lowerAlpha ? 0x61 : 0x41
            while v > 0 {
                v -= 1
                digits.append(base + UInt8(v % 26))
                v /= 26
            }
            return String(decoding: digits.reversed(), as: UTF8.self)
        case .lowerRoman, .upperRoman:
            guard n >= 1 && n <= 3999 else { return String(n) }
            let values = [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1]
            let symbols = ["M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"]
            var result = ""
            var v = n
            for (value, symbol) in zip(values, symbols) {
                while v >= value {
                    result += symbol
                    v -= value
                }
            }
            return numbering == .lowerRoman ? result.lowercased() : result
        }
    }
}
