/// The characters the layout engine draws around content: bullets, checkboxes, the block-quote
/// bar, rules, heading markers. Shared by the `text` and `ansi` formats so that an `ansi` rendering
/// with its escape sequences removed reads like the `text` rendering.
public struct TextMarkers: Hashable, Sendable {
    /// Bullets of bullet lists, by nesting level (cycled when nesting is deeper).
    public var bullets: [String]
    /// The checkbox of an unchecked task item.
    public var taskUnchecked: String
    /// The checkbox of a checked task item.
    public var taskChecked: String
    /// The prefix of every line of a block quote.
    public var blockQuote: String
    /// The character repeated across the width for a thematic break (one column wide).
    public var rule: String
    /// The marker before heading text, by level (index 0 is level 1).
    public var headingPrefixes: [String]
    /// The character repeated under heading text, by level; empty for none (one column wide).
    public var headingUnderlines: [String]
    /// How many columns code blocks are indented.
    public var codeIndent: Int
    /// How many columns definitions (of definition lists) are indented.
    public var definitionIndent: Int

    /// Creates markers.
    public init(bullets: [String], taskUnchecked: String, taskChecked: String, blockQuote: String, rule: String,
                headingPrefixes: [String], headingUnderlines: [String], codeIndent: Int = 4, definitionIndent: Int = 4) {
        self.bullets = bullets.isEmpty ? ["*"] : bullets
        self.taskUnchecked = taskUnchecked
        self.taskChecked = taskChecked
        self.blockQuote = blockQuote
        self.rule = rule
        self.headingPrefixes = headingPrefixes
        self.headingUnderlines = headingUnderlines
        self.codeIndent = max(0, codeIndent)
        self.definitionIndent = max(0, definitionIndent)
    }

    /// Unicode markers: `•`/`◦`/`▪` bullets, `☐`/`☑` checkboxes, a `│ ` quote bar, `─` rules,
    /// `═` under level-1 and `─` under level-2 headings, `### ` before levels 3 to 6.
    public static let unicode = TextMarkers(
        bullets: ["•", "◦", "▪"], taskUnchecked: "☐", taskChecked: "☑", blockQuote: "│ ", rule: "─",
        headingPrefixes: ["", "", "### ", "#### ", "##### ", "###### "],
        headingUnderlines: ["═", "─", "", "", "", ""])

    /// ASCII markers: `*`/`-`/`+` bullets, `[ ]`/`[x]` checkboxes, a `> ` quote prefix, `-` rules,
    /// `=` and `-` under level-1 and level-2 headings, `### ` before levels 3 to 6.
    public static let ascii = TextMarkers(
        bullets: ["*", "-", "+"], taskUnchecked: "[ ]", taskChecked: "[x]", blockQuote: "> ", rule: "-",
        headingPrefixes: ["", "", "### ", "#### ", "##### ", "###### "],
        headingUnderlines: ["=", "-", "", "", "", ""])
}
