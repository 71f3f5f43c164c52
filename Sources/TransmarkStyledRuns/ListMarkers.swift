import TransmarkCore

/// The list markers written into styled text: bullets by level, numbers by numbering style.
public enum ListMarkers {
    /// The bullet for a bullet list at `level` (1 is top level): `•`, `◦`, then `▪`.
    public static func bullet(level: Int) -> String {
        switch level {
        case ...1: "•"
        case 2: "◦"
        default: "▪"
        }
    }

    /// The marker of item number `number` in a list numbered with `numbering`: `3.`, `c.`, `iii.`.
    public static func ordinal(_ number: Int, numbering: ListNumbering) -> String {
        switch numbering {
        case .decimal: return String(number) + "."
        case .lowerAlpha: return alpha(number, uppercase: false) + "."
        case .upperAlpha: return alpha(number, uppercase: true) + "."
        case .lowerRoman: return roman(number, uppercase: false) + "."
        case .upperRoman: return roman(number, uppercase: true) + "."
        }
    }

    /// The task box of a task-list item: `☐` or `☑`.
    public static func task(_ state: TaskState) -> String {
        state == .checked ? "☑" : "☐"
    }

    /// Bijective base-26 letters (a…z, aa, ab, …); numbers below 1 fall back to decimal.
    static func alpha(_ number: Int, uppercase: Bool) -> String {
        guard number >= 1 else { return String(number) }
        var n = number
        var scalars: [UInt8] = []
        let base: UInt8 = uppercase ? 0x41 : 0x61
        while n > 0 {
            n -= 1
            scalars.append(base + UInt8(n % 26))
            n /= 26
        }
        return String(decoding: scalars.reversed(), as: UTF8.self)
    }

    /// Roman numerals for 1 to 3999; other numbers fall back to decimal.
    static func roman(_ number: Int, uppercase: Bool) -> String {
        guard number >= 1 && number < 4000 else { return String(number) }
        let table: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var n = number
        var s = ""
        for (value, digits) in table {
            while n >= value {
                s += digits
                n -= value
            }
        }
        return uppercase ? s.uppercased() : s
    }
}
