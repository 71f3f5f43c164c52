import TransmarkCore

/// A change of terminal text attributes that a theme applies to an element. Every field is
/// optional: `nil` inherits the surrounding value, `true`/`false` sets or clears it.
public struct ANSIStyle: Hashable, Sendable {
    /// Bold (SGR 1).
    public var bold: Bool?
    /// Dim, faint (SGR 2).
    public var dim: Bool?
    /// Italic (SGR 3).
    public var italic: Bool?
    /// Underline (SGR 4).
    public var underline: Bool?
    /// Strikethrough (SGR 9).
    public var strikethrough: Bool?
    /// Reverse video (SGR 7).
    public var inverse: Bool?
    /// The text color.
    public var foreground: ANSIColor?
    /// The background color.
    public var background: ANSIColor?

    /// Creates a style; everything unset by default.
    public init(bold: Bool? = nil, dim: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil,
                strikethrough: Bool? = nil, inverse: Bool? = nil,
                foreground: ANSIColor? = nil, background: ANSIColor? = nil) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
    }

    /// Nothing set: inherits everything.
    public static let inherit = ANSIStyle()

    /// Whether nothing is set.
    public var isEmpty: Bool { self == ANSIStyle() }
}

/// The attributes in effect for a run of text: the result of applying the styles of every
/// enclosing element, innermost last. Internal to the layout engine.
struct TextStyle: Hashable, Sendable {
    static let boldFlag: UInt8 = 1, dimFlag: UInt8 = 2, italicFlag: UInt8 = 4
    static let underlineFlag: UInt8 = 8, strikeFlag: UInt8 = 16, inverseFlag: UInt8 = 32

    var flags: UInt8 = 0
    var foreground: ANSIColor?
    var background: ANSIColor?
    /// Index of the hyperlink target in the engine's link table, or -1.
    var link: Int32 = -1

    static let plain = TextStyle()

    @inline(__always)
    mutating func set(_ flag: UInt8, _ on: Bool?) {
        guard let on else { return }
        if on { flags |= flag } else { flags &= ~flag }
    }

    /// This style with `style` applied over it.
    func applying(_ style: ANSIStyle) -> TextStyle {
        var result = self
        result.set(Self.boldFlag, style.bold)
        result.set(Self.dimFlag, style.dim)
        result.set(Self.italicFlag, style.italic)
        result.set(Self.underlineFlag, style.underline)
        result.set(Self.strikeFlag, style.strikethrough)
        result.set(Self.inverseFlag, style.inverse)
        if let f = style.foreground { result.foreground = f }
        if let b = style.background { result.background = b }
        return result
    }

    /// This style with the typed CSS of a node applied over it: font weight ≥ 600 (or `bolder`)
    /// is bold, below 400 (or `lighter`) dim; italic and oblique are italic; text-decoration
    /// lines give underline and strikethrough; colors are taken as opaque RGB (fully transparent
    /// ones are ignored).
    func applying(_ css: Style) -> TextStyle {
        var result = self
        switch css.fontWeight {
        case .weight(let w)?:
            result.set(Self.boldFlag, w >= 600)
            if w < 400 { result.flags |= Self.dimFlag }
        case .bolder?: result.flags |= Self.boldFlag
        case .lighter?: result.flags &= ~Self.boldFlag
        case nil: break
        }
        switch css.fontStyle {
        case .italic?, .oblique?: result.flags |= Self.italicFlag
        case .normal?: result.flags &= ~Self.italicFlag
        case nil: break
        }
        if let decoration = css.textDecoration {
            result.set(Self.underlineFlag, decoration.contains(.underline))
            result.set(Self.strikeFlag, decoration.contains(.lineThrough))
        }
        if case .rgba(let c)? = css.color, c.alpha > 0 {
            result.foreground = .rgb(c.red, c.green, c.blue)
        }
        switch css.backgroundColor {
        case .rgba(let c)? where c.alpha > 0:
            result.background = .rgb(c.red, c.green, c.blue)
        case .currentColor?:
            result.background = result.foreground
        default:
            break
        }
        return result
    }
}
