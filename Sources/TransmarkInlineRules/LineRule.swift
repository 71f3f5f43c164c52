/// A line rule of an `InlineRules` set: a line that starts with `prefix` becomes a block.
///
/// Rules are tried in order and the first whose prefix starts the line wins, so longer prefixes
/// (`## `) go before shorter ones (`# `). Consecutive lines of the same rule form one block (a
/// quote, a list, an indented code block); a blank line ends it.
public struct LineRule: Codable, Sendable, Hashable {
    /// What lines of a rule become.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// A heading of `level` (1 to 6).
        case heading
        /// A block quote; consecutive lines are one quote.
        case blockQuote
        /// An item of a bullet list nested `level` deep (1 is the outermost).
        case listItem
        /// An item of an ordered list nested `level` deep; digits in the prefix match any number
        /// (`1. ` matches `12. `), which is the item's number.
        case orderedListItem
        /// A line of an indented code block (the prefix is the indentation, removed).
        case codeBlock
        /// A code fence: lines up to one that ends with the same prefix are a code block. The rest
        /// of the opening line is the info string, or (with `infoString` off) the first code line.
        case codeFence
        /// A custom block (`division(tag:)` named `name`, styled with `style`); consecutive lines
        /// are one block.
        case custom
    }

    /// The text that starts a line of this rule (`# `, `> `, `- `, `    `, three backticks).
    public var prefix: String
    /// What the line becomes.
    public var kind: Kind
    /// The heading level or list nesting level.
    public var level: Int
    /// The name of a custom block.
    public var name: String?
    /// CSS declarations for the block's style.
    public var style: String?
    /// Whether spaces and tabs around the rest of the line are removed.
    public var trim: Bool
    /// Whether a closing run of the prefix's first character is removed too (`# Title #`).
    public var stripsClosingSequence: Bool
    /// For a code fence: whether the rest of the opening line is the info string (language).
    public var infoString: Bool

    /// Creates a line rule.
    public init(prefix: String, kind: Kind, level: Int = 1, name: String? = nil, style: String? = nil,
                trim: Bool = true, stripsClosingSequence: Bool = false, infoString: Bool = true) {
        self.prefix = prefix
        self.kind = kind
        self.level = max(1, min(level, kind == .heading ? 6 : 32))
        self.name = name
        self.style = style
        self.trim = trim
        self.stripsClosingSequence = stripsClosingSequence
        self.infoString = infoString
    }

    /// A heading rule (`# ` … `###### `), removing a closing `#` sequence.
    public static func heading(_ prefix: String, level: Int) -> LineRule {
        LineRule(prefix: prefix, kind: .heading, level: level, stripsClosingSequence: true)
    }

    enum CodingKeys: String, CodingKey {
        case prefix, kind, level, name, style, trim, stripsClosingSequence, infoString
    }

    /// Decodes a rule; every key but `prefix` and `kind` may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(prefix: try c.decode(String.self, forKey: .prefix), kind: try c.decode(Kind.self, forKey: .kind),
                  level: try c.decodeIfPresent(Int.self, forKey: .level) ?? 1,
                  name: try c.decodeIfPresent(String.self, forKey: .name),
                  style: try c.decodeIfPresent(String.self, forKey: .style),
                  trim: try c.decodeIfPresent(Bool.self, forKey: .trim) ?? true,
                  stripsClosingSequence: try c.decodeIfPresent(Bool.self, forKey: .stripsClosingSequence) ?? false,
                  infoString: try c.decodeIfPresent(Bool.self, forKey: .infoString) ?? true)
    }
}
