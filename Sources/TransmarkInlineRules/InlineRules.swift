import Foundation

/// A lightweight markup defined as data, SwiftyMarkdown's and Stylizer's idea: character rules
/// (`*bold*`, `[text](url)`, code between backticks) and line rules (`# `, `> `, `- `), each mapped to a node
/// kind or a custom kind with a style. Codable, so a rule set can live in a JSON file (see
/// Docs/inline-rules.md); `InlineRulesFrontend(rules:)` makes it a format of the registry.
///
/// ```swift
/// let wiki = InlineRules(name: "wiki", characterRules: [
///     .repeating("=", [2: .highlight], minCount: 2),
///     .repeating("*", [1: .strong]),
///     .enclosed("{{", "}}", .custom("variable", style: "font-family: monospace; color: #8b008b")),
/// ], lineRules: [.heading("! ", level: 1)])
/// let registry = Registry.standard.adding(InlineRulesFrontend(rules: wiki))   // -f wiki
/// ```
public struct InlineRules: Codable, Sendable, Hashable {
    /// How a newline inside a block is read.
    public enum Newline: String, Codable, Sendable, Hashable, CaseIterable {
        /// A soft break (a space when rendered); a blank line ends the paragraph.
        case softBreak
        /// A hard line break (chat); a blank line ends the paragraph.
        case lineBreak
        /// Every line is a paragraph of its own (SwiftyMarkdown).
        case paragraph
    }

    /// The format name (`chat`), what `-f` takes.
    public var name: String
    /// One line describing the markup.
    public var summary: String
    /// Other names for the format.
    public var aliases: [String]
    /// File extensions (without dot) that imply the format.
    public var fileExtensions: [String]
    /// Character rules, in priority order (where two rules' tags start at the same place, the
    /// first wins: `![` before `[`).
    public var characterRules: [CharacterRule]
    /// Line rules, tried in order.
    public var lineRules: [LineRule]
    /// Characters that make the next tag character literal (`\*`).
    public var escapeCharacters: [String]
    /// How a newline is read.
    public var newline: Newline
    /// Whether a span may continue over a newline inside a block (off: each line is matched alone).
    public var spansCrossLines: Bool

    /// Creates a rule set.
    public init(name: String, summary: String = "", aliases: [String] = [], fileExtensions: [String] = [],
                characterRules: [CharacterRule], lineRules: [LineRule] = [], escapeCharacters: [String] = ["\\"],
                newline: Newline = .softBreak, spansCrossLines: Bool = true) {
        self.name = name
        self.summary = summary
        self.aliases = aliases
        self.fileExtensions = fileExtensions
        self.characterRules = characterRules
        self.lineRules = lineRules
        self.escapeCharacters = escapeCharacters
        self.newline = newline
        self.spansCrossLines = spansCrossLines
    }

    enum CodingKeys: String, CodingKey {
        case name, summary, aliases, fileExtensions, characterRules, lineRules, escapeCharacters, newline, spansCrossLines
    }

    /// Decodes a rule set; every key but `name` and `characterRules` may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name),
                  summary: try c.decodeIfPresent(String.self, forKey: .summary) ?? "",
                  aliases: try c.decodeIfPresent([String].self, forKey: .aliases) ?? [],
                  fileExtensions: try c.decodeIfPresent([String].self, forKey: .fileExtensions) ?? [],
                  characterRules: try c.decode([CharacterRule].self, forKey: .characterRules),
                  lineRules: try c.decodeIfPresent([LineRule].self, forKey: .lineRules) ?? [],
                  escapeCharacters: try c.decodeIfPresent([String].self, forKey: .escapeCharacters) ?? ["\\"],
                  newline: try c.decodeIfPresent(Newline.self, forKey: .newline) ?? .softBreak,
                  spansCrossLines: try c.decodeIfPresent(Bool.self, forKey: .spansCrossLines) ?? true)
    }

    /// Reads a rule set from JSON.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(InlineRules.self, from: json)
    }

    /// The rule set as JSON (keys sorted, indented).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
