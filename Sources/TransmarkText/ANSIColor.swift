/// A terminal color: one of the 16 basic colors (which follow the user's terminal palette), one of
/// the 256 indexed colors, or a 24-bit RGB color. Colors are downsampled to what the terminal
/// supports when written (see `ANSIColorDepth`).
public enum ANSIColor: Hashable, Sendable {
    /// A basic color, 0 to 15: black, red, green, yellow, blue, magenta, cyan, white, then their
    /// bright variants (8 to 15).
    case basic(UInt8)
    /// A color of the 256-color palette (0–15 basic, 16–231 a 6×6×6 cube, 232–255 grays).
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(UInt8, UInt8, UInt8)

    /// The terminal palette's black (index 0).
    public static let black = ANSIColor.basic(0)
    /// The terminal palette's red (index 1).
    public static let red = ANSIColor.basic(1)
    /// The terminal palette's green (index 2).
    public static let green = ANSIColor.basic(2)
    /// The terminal palette's yellow (index 3).
    public static let yellow = ANSIColor.basic(3)
    /// The terminal palette's blue (index 4).
    public static let blue = ANSIColor.basic(4)
    /// The terminal palette's magenta (index 5).
    public static let magenta = ANSIColor.basic(5)
    /// The terminal palette's cyan (index 6).
    public static let cyan = ANSIColor.basic(6)
    /// The terminal palette's white (index 7).
    public static let white = ANSIColor.basic(7)
    /// The terminal palette's bright black (index 8).
    public static let brightBlack = ANSIColor.basic(8)
    /// The terminal palette's bright red (index 9).
    public static let brightRed = ANSIColor.basic(9)
    /// The terminal palette's bright green (index 10).
    public static let brightGreen = ANSIColor.basic(10)
    /// The terminal palette's bright yellow (index 11).
    public static let brightYellow = ANSIColor.basic(11)
    /// The terminal palette's bright blue (index 12).
    public static let brightBlue = ANSIColor.basic(12)
    /// The terminal palette's bright magenta (index 13).
    public static let brightMagenta = ANSIColor.basic(13)
    /// The terminal palette's bright cyan (index 14).
    public static let brightCyan = ANSIColor.basic(14)
    /// The terminal palette's bright white (index 15).
    public static let brightWhite = ANSIColor.basic(15)

    /// The color as the given depth can show it; `nil` for `.none`.
    public func downsampled(to depth: ANSIColorDepth) -> ANSIColor? {
        switch depth {
        case .none: return nil
        case .truecolor, .auto: return self
        case .ansi256:
            if case .rgb(let r, let g, let b) = self { return .indexed(Self.nearestIndexed(r, g, b)) }
            return self
        case .ansi16:
            switch self {
            case .basic: return self
            case .indexed(let n):
                if n < 16 { return .basic(n) }
                let (r, g, b) = Self.rgbOfIndexed(n)
                return .basic(Self.nearestBasic(r, g, b))
            case .rgb(let r, let g, let b):
                return .basic(Self.nearestBasic(r, g, b))
            }
        }
    }

    /// The xterm default RGB values of the 16 basic colors.
    static let basicPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of a 256-palette index (xterm defaults).
    static func rgbOfIndexed(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
        if n < 16 { return basicPalette[Int(n)] }
        if n >= 232 {
            let v = UInt8(8 + 10 * (Int(n) - 232))
            return (v, v, v)
        }
        let i = Int(n) - 16
        return (UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6]))
    }

    @inline(__always)
    static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        // Weighted Euclidean ("redmean"-like weights), good enough to pick palette entries.
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The nearest entry of the 6×6×6 cube or the gray ramp (16–255).
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int {
            let v = Int(v)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return (v - 35) / 40
        }
        let ri = level(r), gi = level(g), bi = level(b)
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cr = cubeLevels[ri], cg = cubeLevels[gi], cb = cubeLevels[bi]
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let gv = 8 + 10 * grayIndex
        let cubeDistance = distance(Int(r), Int(g), Int(b), cr, cg, cb)
        let grayDistance = distance(Int(r), Int(g), Int(b), gv, gv, gv)
        return grayDistance < cubeDistance ? UInt8(232 + grayIndex) : UInt8(cube)
    }

    /// The nearest of the 16 basic colors.
    static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for (i, c) in basicPalette.enumerated() {
            let d = distance(Int(r), Int(g), Int(b), Int(c.0), Int(c.1), Int(c.2))
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return UInt8(best)
    }
}

/// How many colors the terminal shows.
public enum ANSIColorDepth: String, Hashable, Sendable, CaseIterable {
    /// Not given: decided from the environment (`COLORTERM=truecolor|24bit` gives truecolor,
    /// a `TERM` ending in `256color` gives 256, anything else 16).
    case auto
    /// 24-bit colors (`ESC[38;2;r;g;bm`).
    case truecolor
    /// The 256-color palette (`ESC[38;5;nm`).
    case ansi256 = "256"
    /// The 16 basic colors (`ESC[31m`, `ESC[91m`, …).
    case ansi16 = "16"
    /// No colors (text attributes such as bold still apply).
    case none
}
