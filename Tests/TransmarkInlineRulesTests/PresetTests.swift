import Foundation
import Testing
import Transmark

/// The presets as data: JSON round trips, a rule set written from scratch, malformed input.
@Suite struct PresetTests {
    @Test(arguments: InlineRules.presets)
    func presetsRoundTripThroughJSON(_ rules: InlineRules) throws {
        let json = try rules.jsonData()
        let decoded = try InlineRules(json: json)
        #expect(decoded == rules)
        #expect(try decoded.jsonData() == json)
    }

    /// The README's rule set, written from scratch in JSON.
    static let wikiJSON = """
        {
          "name": "wiki",
          "summary": "a tiny wiki markup",
          "characterRules": [
            { "open": "`", "targets": { "1": { "kind": "code" } }, "literal": true, "balanced": true },
            { "open": "=", "minCount": 2, "maxCount": 2, "targets": { "2": { "kind": "highlight" } } },
            { "open": "*", "targets": { "1": { "kind": "strong" } }, "flanking": "wordBoundary", "intraword": false },
            { "open": "{{", "close": "}}", "targets": { "1": { "kind": "variable", "style": "font-family: monospace; color: #8b008b" } } },
            { "open": "[[", "close": "]]", "metadataOpen": "(", "metadataClose": ")", "targets": { "1": { "kind": "link" } } }
          ],
          "lineRules": [
            { "prefix": "! ", "kind": "heading", "level": 1 },
            { "prefix": "* ", "kind": "listItem" },
            { "prefix": "NOTE: ", "kind": "custom", "name": "aside", "style": "font-style: italic" }
          ],
          "newline": "softBreak"
        }
        """

    @Test func ruleSetFromScratch() throws {
        let wiki = try InlineRules(json: Data(Self.wikiJSON.utf8))
        #expect(wiki.characterRules[3].boundary)     // enclosed rules default to boundaries
        let registry = Registry.standard.adding(InlineRulesFrontend(rules: wiki))
        let input = "! Welcome\nHello {{user}}, this is *important* and ==marked==.\nSee [[the docs]](/docs) or `*code*`.\n\n* one\n* two\nNOTE: written by hand"
        #expect(try registry.convert(input, from: "wiki", to: "html") == """
            <h1>Welcome</h1>
            <p>Hello <variable style="color: #8b008b; font-family: monospace">user</variable>, this is <strong>important</strong> and <mark>marked</mark>.
            See <a href="/docs">the docs</a> or <code>*code*</code>.</p>
            <ul>
            <li>one</li>
            <li>two</li>
            </ul>
            <aside style="font-style: italic">
            <p>written by hand</p>
            </aside>

            """)
        #expect(try registry.convert("*a* {{b}}", from: "wiki", to: "markdown") == "**a** b\n")
    }

    @Test func theSameRuleSetInSwift() throws {
        let wiki = InlineRules(name: "wiki", characterRules: [
            .repeating("=", [2: .highlight], minCount: 2),
            .repeating("*", [1: .strong], flanking: .wordBoundary, intraword: false),
            .enclosed("{{", "}}", .custom("variable", style: "font-family: monospace; color: #8b008b")),
        ], lineRules: [.heading("! ", level: 1)])
        let registry = Registry.standard.adding(InlineRulesFrontend(rules: wiki))
        #expect(try registry.convert("! Hi *there* {{you}}", from: "wiki", to: "html") == "<h1>Hi <strong>there</strong> <variable style=\"color: #8b008b; font-family: monospace\">you</variable></h1>\n")
        #expect(registry.formats.contains { $0.format.name == "wiki" })
    }

    /// Characters a preset's rules consume as markup (delimiters, brackets, prefixes).
    static let delimiters: Set<Character> = ["*", "_", "~", "`", "[", "]", "(", ")", "<", ">", "|", "#", "-", "!", "\\", "•", "\t", " ", "\n", "1", "."]

    @Test(arguments: ["chat", "swiftymarkdown", "stylizer"], [
        "*unclosed bold and _unclosed italic",
        "stray closers* and_ and~ here]",
        "[metadata without target] (url) [text]( and [](",
        "**[half bold**](u) `unclosed code",
        "<https://x.org|label <not a link> <https://y.org",
        "> *a\n> b*\n- [x\n- y](z)",
        "mixed *_~`[<>]`~_* everything _*[x](y)*_ ~~~ ``` ~~ **",
    ])
    func malformedInputLosesNothing(format: String, input: String) throws {
        let text = try convert(input, from: format, to: "text")
        // Every character that is not markup reaches the text, in order.
        let kept = input.filter { !Self.delimiters.contains($0) }
        let out = text.filter { !Self.delimiters.contains($0) }
        var it = out.makeIterator()
        var missing: [Character] = []
        outer: for ch in kept {
            while let next = it.next() { if next == ch { continue outer } }
            missing.append(ch)
            break
        }
        #expect(missing.isEmpty, "\(format): \(input.debugDescription) → \(text.debugDescription)")
    }

    @Test func unmatchedDelimitersStayAsWritten() throws {
        #expect(try convert("*a _b ~c `d [e](", from: "swiftymarkdown", to: "text") == "*a _b ~c `d [e](\n")
        #expect(try convert("*a _b ~c `d <e", from: "chat", to: "text") == "*a _b ~c `d <e\n")
        #expect(try convert("a] b) c**", from: "stylizer", to: "text") == "a] b) c**\n")
    }
}
