import Foundation
import Testing
import Transmark

/// Prefix rules: a trigger and a body class, no closing tag (`@mention`, `#tag`, `/command`).
@Suite struct PrefixRuleTests {
    static let commands = InlineRules(name: "commands", characterRules: [
        .prefix("/", body: .word, .custom("command")),
        .prefix("#", body: .word, .link),
        .repeating("*", [1: .strong], flanking: .wordBoundary, intraword: false),
    ])

    @Test func chatMentionsAndChannelsEndAtTheirWord() throws {
        let t = try tree("hi @jane.doe, see #release-notes. thanks @bob", from: "chat")
        #expect(t == """
            document
              paragraph
                text "hi "
                custom name=\"mention\" [data-metadata="jane.doe"] {color: #1264a3; font-weight: 700}
                  text "@jane.doe"
                text ", see "
                custom name=\"channel\" [data-metadata="release-notes"] {color: #1264a3}
                  text "#release-notes"
                text ". thanks "
                custom name=\"mention\" [data-metadata="bob"] {color: #1264a3; font-weight: 700}
                  text "@bob"

            """)
    }

    /// An enclosed rule cannot say "up to the end of the word": `@` … ` ` took the space.
    @Test func theSpaceAfterThePrefixSpanStaysText() throws {
        let text = try convert("ping @bob now", from: "chat", to: "text")
        #expect(text == "ping @bob now\n")
        let html = try convert("ping @bob now", from: "chat")
        #expect(html.contains(">@bob</mention> now</p>"))
    }

    @Test func aTriggerInsideAWordOrWithoutABodyIsText() throws {
        for input in ["mail a@b.com", "@ alone", "# 1", "price: 5#", "@.", "a/b"] {
            let t = try tree(input, from: "chat")
            #expect(!t.contains("custom name="), "\(input): \(t)")
        }
        #expect(try tree("(@ann)", from: "chat").contains("custom name=\"mention\" [data-metadata=\"ann\"]"))
    }

    @Test func innerCharactersDoNotEndABody() throws {
        let t = try tree("@jane.doe. and @x-", from: "chat")
        #expect(t.contains("data-metadata=\"jane.doe\""))
        #expect(t.contains("text \"@jane.doe\""))
        #expect(t.contains("text \". and \""))
        #expect(t.contains("data-metadata=\"x\""))
    }

    @Test func bodiesOfAnyScript() throws {
        let t = try tree("@zoë and #日本語 and @José", from: "chat")
        #expect(t.contains("text \"@zoë\""))
        #expect(t.contains("text \"#日本語\""))
        #expect(t.contains("text \"@José\""))
    }

    @Test func nothingInsideIsParsedAndOtherRulesStillApplyAround() throws {
        let t = try tree("*@bob_smith*", from: "chat")
        #expect(t == """
            document
              paragraph
                strong
                  custom name=\"mention\" [data-metadata="bob_smith"] {color: #1264a3; font-weight: 700}
                    text "@bob_smith"

            """)
    }

    @Test func commandsAndLinkTargets() throws {
        let h = try html("/deploy now, see #ops and *x*", rules: Self.commands)
        #expect(h == "<p><command data-metadata=\"deploy\">/deploy</command> now, see <a href=\"ops\">#ops</a> and <strong>x</strong></p>\n")
    }

    @Test func prefixRulesReadFromJSON() throws {
        let json = #"""
        {"name": "tags", "characterRules": [
          {"open": "@", "body": {"characters": "_", "inner": "."}, "targets": {"1": {"kind": "mention"}}}
        ]}
        """#
        let rules = try InlineRules(json: Data(json.utf8))
        #expect(rules.characterRules[0].isPrefix)
        #expect(rules.characterRules[0].intraword == false)
        #expect(rules.characterRules[0].body == CharacterRule.Body(alphanumerics: true, characters: "_", inner: "."))
        #expect(try html("to @a.b. and x@y", rules: rules) == "<p>to <mention data-metadata=\"a.b\">@a.b</mention>. and x@y</p>\n")
        let again = try InlineRules(json: rules.jsonData())
        #expect(again == rules)
    }

    /// A body whose inner-only characters include the trigger: each trigger in the tail would
    /// scan to its end again (quadratic) without the per-rule scan memory.
    @Test func linearWhenInnerCharactersHoldTriggers() throws {
        let rules = InlineRules(name: "at", characterRules: [
            .prefix("@", body: CharacterRule.Body(characters: "", inner: "@."), .custom("m")),
        ])
        let input = "@a" + String(repeating: "@.", count: 150_000)
        let registry = Registry.standard.adding(InlineRulesFrontend(rules: rules))
        let start = ContinuousClock.now
        let document = try registry.parse(Array(input.utf8), from: "at")
        let elapsed = ContinuousClock.now - start
        #expect(document.nodeCount > 0)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
