/// One character rule of an `InlineRules` set: which tags mark a span and what the span becomes.
///
/// Three shapes:
/// - **repeating** (`close` is `nil`): a run of the `open` tag opens and a run closes, its length
///   (from `minCount` to `maxCount` repetitions) choosing the target: `*a*` emphasis, `**a**` strong.
/// - **enclosed**: `open` … `close`, optionally followed by `metadataOpen` … `metadataClose` (a
///   link's `[text](url)`), or, for literal rules, with the metadata first and a `separator`
///   (chat's `<https://x|label>`).
/// - **prefix** (`body` is set): the `open` tag (a trigger: `@`, `#`, `/`) followed by one or more
///   characters of the `body` class, with no closing tag: `@mention`, `#tag`, `/command`. The
///   span ends at the first character outside the class, which stays outside it (`@bob, hi` is
///   `@bob` then `, hi`).
///
/// Matching is CommonMark's delimiter stack: never backtracking, linear in the input. A tag that
/// finds no partner stays text.
public struct CharacterRule: Codable, Sendable, Hashable {
    /// How a run of a repeating tag qualifies to open or close a span.
    public enum Flanking: String, Codable, Sendable, Hashable, CaseIterable {
        /// CommonMark's delimiter runs: an opener is followed by a non-space (and, before
        /// punctuation, preceded by space or punctuation), a closer the mirror image.
        case delimiterRun
        /// Chat style: an opener starts a word (after the start, a space or punctuation, before a
        /// non-space) and a closer ends one (after a non-space, before the end, a space or punctuation).
        case wordBoundary
    }

    /// The opening tag (for a repeating rule, the repeated unit: `*`, `~`, a backtick).
    public var open: String
    /// The closing tag of an enclosed rule (`]`, `>`); `nil` for a repeating rule.
    public var close: String?
    /// The tag that opens metadata right after `close` (`(` of a link).
    public var metadataOpen: String?
    /// The tag that closes the metadata (`)`).
    public var metadataClose: String?
    /// For a literal enclosed rule: the content is `metadata` + `separator` + text (`|` in
    /// `<https://x|label>`); without a separator in the content, the content is both.
    public var separator: String?
    /// For a literal enclosed rule: the content must start with one of these (`https://`) to form
    /// a span; otherwise the tags stay text (`<not a link>`).
    public var requiredPrefixes: [String]?
    /// The fewest repetitions that form a span (a shorter run is text).
    public var minCount: Int
    /// The most repetitions one span takes (a longer run makes nested spans, as `***a***`).
    public var maxCount: Int
    /// What a span becomes, by repetition count (for enclosed rules, count 1).
    public var targets: [Int: InlineTarget]
    /// Whether the span is a boundary: tags inside it pair only with each other, and it is matched
    /// as soon as its closing tag is read (a link: `**[not bold**](url)`). Without it, an enclosed
    /// rule's tags pair like repeating ones, first closer first, and may cross other spans.
    public var boundary: Bool
    /// Whether the content is taken literally: no rule (and no escape) applies inside it (code).
    public var literal: Bool
    /// Whether the closing run must have as many repetitions as the opening one (code's backticks).
    public var balanced: Bool
    /// How repeating runs qualify to open and close.
    public var flanking: Flanking
    /// Whether a run inside a word (letters on both sides) may open or close a span; for a
    /// prefix rule, whether the trigger may follow a letter or digit (`a@b` is no mention).
    public var intraword: Bool
    /// For a prefix rule: the characters that may follow the trigger; `nil` for the other shapes.
    public var body: Body?

    /// The characters of a prefix rule's body (`bob` in `@bob`): letters, marks and digits of any
    /// script when `alphanumerics` is set, plus the characters of `characters` anywhere and those
    /// of `inner` anywhere but at the end (`.` in `@jane.doe.`, whose body is `jane.doe`). In
    /// JSON: `{"alphanumerics": true, "characters": "_", "inner": ".-"}`.
    public struct Body: Codable, Sendable, Hashable {
        /// Whether letters, marks and digits of any script belong to the body.
        public var alphanumerics: Bool
        /// Further characters allowed anywhere in the body.
        public var characters: String
        /// Characters allowed inside the body but not as its last character.
        public var inner: String

        /// Creates a body class.
        public init(alphanumerics: Bool = true, characters: String = "_", inner: String = "") {
            self.alphanumerics = alphanumerics
            self.characters = characters
            self.inner = inner
        }

        /// Letters, digits and `_`, with `.` and `-` inside (`@jane.doe`, `#release-notes`).
        public static let name = Body(characters: "_", inner: ".-")
        /// Letters, digits, `_` and `-` (`/deploy`, `/remind-me`).
        public static let word = Body(characters: "_-")

        enum CodingKeys: String, CodingKey { case alphanumerics, characters, inner }

        /// Decodes a body class; every key may be left out (`alphanumerics` true, `characters`
        /// `"_"`, `inner` empty).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(alphanumerics: try c.decodeIfPresent(Bool.self, forKey: .alphanumerics) ?? true,
                      characters: try c.decodeIfPresent(String.self, forKey: .characters) ?? "_",
                      inner: try c.decodeIfPresent(String.self, forKey: .inner) ?? "")
        }
    }

    /// Creates a rule.
    public init(open: String, close: String? = nil, metadataOpen: String? = nil, metadataClose: String? = nil,
                separator: String? = nil, requiredPrefixes: [String]? = nil,
                minCount: Int = 1, maxCount: Int = 1, targets: [Int: InlineTarget],
                boundary: Bool = false, literal: Bool = false, balanced: Bool = false,
                flanking: Flanking = .delimiterRun, intraword: Bool = true, body: Body? = nil) {
        self.open = open
        self.close = close
        self.metadataOpen = metadataOpen
        self.metadataClose = metadataClose
        self.separator = separator
        self.requiredPrefixes = requiredPrefixes
        self.minCount = max(1, min(minCount, maxCount))
        self.maxCount = max(minCount, maxCount, 1)
        self.targets = targets
        self.boundary = boundary
        self.literal = literal
        self.balanced = balanced
        self.flanking = flanking
        self.intraword = intraword
        self.body = body
    }

    /// A repeating rule (`*`, `_`, `~`, a backtick) with one target per repetition count.
    public static func repeating(_ tag: String, _ targets: [Int: InlineTarget], minCount: Int? = nil, maxCount: Int? = nil,
                                 literal: Bool = false, balanced: Bool = false,
                                 flanking: Flanking = .delimiterRun, intraword: Bool = true) -> CharacterRule {
        let counts = targets.keys.sorted()
        return CharacterRule(open: tag, minCount: minCount ?? counts.first ?? 1, maxCount: maxCount ?? counts.last ?? 1,
                             targets: targets, literal: literal, balanced: balanced, flanking: flanking, intraword: intraword)
    }

    /// An enclosed rule (`[` … `]` with `(` … `)` metadata, say).
    public static func enclosed(_ open: String, _ close: String, metadata: (open: String, close: String)? = nil,
                                _ target: InlineTarget, boundary: Bool = true, literal: Bool = false) -> CharacterRule {
        CharacterRule(open: open, close: close, metadataOpen: metadata?.open, metadataClose: metadata?.close,
                      targets: [1: target], boundary: boundary, literal: literal)
    }

    /// A prefix rule: `trigger` followed by one or more characters of `body` becomes `target`,
    /// the trigger and body as its text (for a link, the body is the destination; other kinds keep
    /// it as a `data-metadata` attribute). The trigger counts only at the start of a word (after
    /// the start, a space or punctuation) unless `intraword` is set. Nothing inside is parsed.
    ///
    /// ```swift
    /// .prefix("@", body: .name, .custom("mention"))      // @jane.doe
    /// .prefix("/", body: .word, .custom("command"))      // /deploy
    /// ```
    public static func prefix(_ trigger: String, body: Body = .name, _ target: InlineTarget,
                              intraword: Bool = false) -> CharacterRule {
        CharacterRule(open: trigger, targets: [1: target], literal: true, intraword: intraword, body: body)
    }

    /// Whether the rule is repeating (no closing tag of its own, and no body).
    public var isRepeating: Bool { body == nil && (close == nil || close == open) }

    /// Whether the rule is a prefix rule (a trigger and a body).
    public var isPrefix: Bool { body != nil }

    enum CodingKeys: String, CodingKey {
        case open, close, metadataOpen, metadataClose, separator, requiredPrefixes, minCount, maxCount, targets
        case boundary, literal, balanced, flanking, intraword, body
    }

    /// Decodes a rule; every key but `open` and `targets` may be left out. With `body`, the rule
    /// is a prefix rule, whose `intraword` defaults to false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let targets = try c.decode([Int: InlineTarget].self, forKey: .targets)
        let counts = targets.keys.sorted()
        let close = try c.decodeIfPresent(String.self, forKey: .close)
        let body = try c.decodeIfPresent(Body.self, forKey: .body)
        self.init(open: try c.decode(String.self, forKey: .open), close: close,
                  metadataOpen: try c.decodeIfPresent(String.self, forKey: .metadataOpen),
                  metadataClose: try c.decodeIfPresent(String.self, forKey: .metadataClose),
                  separator: try c.decodeIfPresent(String.self, forKey: .separator),
                  requiredPrefixes: try c.decodeIfPresent([String].self, forKey: .requiredPrefixes),
                  minCount: try c.decodeIfPresent(Int.self, forKey: .minCount) ?? counts.first ?? 1,
                  maxCount: try c.decodeIfPresent(Int.self, forKey: .maxCount) ?? counts.last ?? 1,
                  targets: targets,
                  boundary: try c.decodeIfPresent(Bool.self, forKey: .boundary) ?? (close != nil),
                  literal: try c.decodeIfPresent(Bool.self, forKey: .literal) ?? false,
                  balanced: try c.decodeIfPresent(Bool.self, forKey: .balanced) ?? false,
                  flanking: try c.decodeIfPresent(Flanking.self, forKey: .flanking) ?? .delimiterRun,
                  intraword: try c.decodeIfPresent(Bool.self, forKey: .intraword) ?? (body == nil),
                  body: body)
    }
}
