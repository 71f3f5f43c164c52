import TransmarkCore

/// Formats the numbers of ordered list items: decimal, `a`…`z`, `aa`… (bijective base 26), and
/// Roman numerals up to 3999. Numbers that a style cannot show (zero or negative for letters and
/// Roman numerals, above 3999 for Roman numerals) fall back to decimal. (`ListNumbering.label`.)
public enum ListMarkerFormatter {
    /// The item number `n` in `numbering`, without delimiter.
    public static func format(_ n: Int, _ numbering: ListNumbering) -> String {
        numbering.label(n)
    }
}
