import Foundation
import Testing
import Transmark

/// Each rule feature on a small rule set of its own.
@Suite struct RuleFeatureTests {
    static func rules(_ characterRules: [CharacterRule], lines: [LineRule] = [], escapes: [String] = ["\\"],
                      newline: InlineRules.Newline = .softBreak, crossLines: Bool = true) -> InlineRules {
        InlineRules(name: "test", characterRules: characterRules, lineRules: lines, escapeCharacters: escapes,
                    newline: newline, spansCrossLines: crossLines)
    }

    @Test func repeatCountsChooseTheTarget() throws {
        let r = Self.rules([.repeating("*", [1: .emphasis, 2: .strong])])
        #expect(try html("*a* **b** ***c***", rules: r) == "<p><em>a</em> <strong>b</strong> <em><strong>c</strong></em></p>\n")
        // maxCount 2: a longer run nests.
        #expect(try html("****d****", rules: r) == "<p><strong><strong>d</strong></strong></p>\n")
    }

    @Test func minimumCountLeavesShortRunsAsText() throws {
        let r = Self.rules([.repeating("~", [2: .strikethrough], minCount: 2, maxCount: 2)])
        #expect(try html("~a~ ~~b~~ ~~~c~~~", rules: r) == "<p>~a~ <del>b</del> ~<del>c</del>~</p>\n")
    }

    @Test func multiCharacterUnit() throws {
        let r = Self.rules([.repeating("==", [1: .highlight])])
        #expect(try html("==marked== =not=", rules: r) == "<p><mark>marked</mark> =not=</p>\n")
    }

    @Test func escapes() throws {
        let r = Self.rules([.repeating("*", [1: .emphasis])])
        #expect(try html("\\*a\\* \\q \\\\", rules: r) == "<p>*a* \\q \\</p>\n")
        let other = Self.rules([.repeating("*", [1: .emphasis])], escapes: ["%"])
        #expect(try html("%*a* \\*b*", rules: other) == "<p>*a* \\<em>b</em></p>\n")
    }

    @Test func balancedLiteralRule() throws {
        let r = Self.rules([.repeating("`", [1: .code], literal: true, balanced: true), .repeating("*", [1: .emphasis])])
        #expect(try html("``a ` *b*`` `c", rules: r) == "<p><code>a ` *b*</code> `c</p>\n")
    }

    @Test func literalCancelsTheOtherRules() throws {
        let r = Self.rules([.repeating("%", [1: .custom("raw")], literal: true), .repeating("*", [1: .strong])])
        #expect(try html("%*x*% *y*", rules: r) == "<p><raw>*x*</raw> <strong>y</strong></p>\n")
    }

    @Test func boundaryAgainstNonBoundary() throws {
        // A boundary span is matched when its closing tag is read: the run inside stays text.
        let boundary = Self.rules([.enclosed("{", "}", .custom("box")), .repeating("*", [1: .strong])])
        #expect(try html("*a {b* c}", rules: boundary) == "<p>*a <box>b* c</box></p>\n")
        // Without a boundary the first closer wins, and the span it crosses stays text.
        let crossing = Self.rules([.enclosed("{", "}", .custom("box"), boundary: false), .repeating("*", [1: .strong])])
        #expect(try html("*a {b* c}", rules: crossing) == "<p><strong>a {b</strong> c}</p>\n")
        #expect(try html("{nested {box}}", rules: crossing) == "<p><box>nested <box>box</box></box></p>\n")
    }

    @Test func metadataAndTitles() throws {
        let r = Self.rules([.enclosed("[", "]", metadata: ("(", ")"), .link)])
        #expect(try html("[a](/u \"T\") [b] [](/empty) [c](", rules: r)
                == "<p><a href=\"/u\" title=\"T\">a</a> [b] <a href=\"/empty\">/empty</a> [c](</p>\n")
    }

    @Test func customTargetsWithStyleAndMetadata() throws {
        let r = Self.rules([CharacterRule(open: "@[", close: "]", metadataOpen: "(", metadataClose: ")",
                                          targets: [1: .custom("mention", style: "color: #1264a3; font-weight: bold")], boundary: true)])
        let doc = try Registry.standard.adding(InlineRulesFrontend(rules: r)).parse(Array("hi @[Ann](U42)".utf8), from: "test")
        let mention = Array(Array(doc.root.children)[0].children)[1]
        #expect(mention.kind == .custom(name: "mention"))
        #expect(mention.attributes == [Attribute("data-metadata", "U42")])
        #expect(mention.style?.fontWeight == .bold)
    }

    @Test func wordBoundaryFlanking() throws {
        let r = Self.rules([.repeating("*", [1: .strong], flanking: .wordBoundary, intraword: false)])
        #expect(try html("*a* b*c* *d *e* (*f*)", rules: r) == "<p><strong>a</strong> b*c* *d <strong>e</strong> (<strong>f</strong>)</p>\n")
        let intraword = Self.rules([.repeating("*", [1: .strong], flanking: .wordBoundary, intraword: true)])
        #expect(try html("b*c*d", rules: intraword) == "<p>b<strong>c</strong>d</p>\n")
    }

    @Test func delimiterRunFlankingWithoutIntraword() throws {
        let r = Self.rules([.repeating("_", [1: .emphasis])])
        #expect(try html("_a_ snake_case_name", rules: r) == "<p><em>a</em> snake<em>case</em>name</p>\n")
        let strict = Self.rules([.repeating("_", [1: .emphasis], intraword: false)])
        #expect(try html("_a_ snake_case_name", rules: strict) == "<p><em>a</em> snake_case_name</p>\n")
    }

    @Test func lineRules() throws {
        let r = Self.rules([.repeating("*", [1: .emphasis])], lines: [
            .heading("## ", level: 2), .heading("# ", level: 1),
            LineRule(prefix: "> ", kind: .blockQuote),
            LineRule(prefix: "  - ", kind: .listItem, level: 2, trim: false),
            LineRule(prefix: "- ", kind: .listItem),
            LineRule(prefix: "1. ", kind: .orderedListItem),
            LineRule(prefix: "    ", kind: .codeBlock, trim: false),
            LineRule(prefix: "!! ", kind: .custom, name: "warning", style: "color: red"),
        ])
        let input = "# Title #\n## *Sub*\n> a\n> b\n\n- one\n  - deep\n- two\n3. three\n4. four\n\n    code *x*\n!! careful"
        #expect(try html(input, rules: r) == """
            <h1>Title</h1>
            <h2><em>Sub</em></h2>
            <blockquote>
            <p>a
            b</p>
            </blockquote>
            <ul>
            <li>one
            <ul>
            <li>deep</li>
            </ul>
            </li>
            <li>two</li>
            </ul>
            <ol start="3">
            <li>three</li>
            <li>four</li>
            </ol>
            <pre><code>code *x*
            </code></pre>
            <warning style="color: #ff0000">
            <p>careful</p>
            </warning>

            """)
    }

    @Test func newlineModes() throws {
        let base: [CharacterRule] = [.repeating("*", [1: .emphasis])]
        #expect(try html("*a\nb*\n\nc", rules: Self.rules(base)) == "<p><em>a\nb</em></p>\n<p>c</p>\n")
        #expect(try html("*a\nb*", rules: Self.rules(base, newline: .lineBreak, crossLines: false)) == "<p>*a<br />\nb*</p>\n")
        #expect(try html("a\nb", rules: Self.rules(base, newline: .paragraph)) == "<p>a</p>\n<p>b</p>\n")
    }

    @Test func codeFenceWithInfoString() throws {
        let r = Self.rules([], lines: [LineRule(prefix: "```", kind: .codeFence)])
        #expect(try html("```swift\nlet a = 1\n```\nafter", rules: r)
                == "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n<p>after</p>\n")
        // An unclosed fence keeps its lines.
        #expect(try html("```\nkept", rules: r) == "<pre><code>kept\n</code></pre>\n")
    }

    @Test func invalidBytesBecomeReplacementCharacters() throws {
        let doc = try InlineRulesFrontend(rules: .chat).parse([0x61, 0xFF, 0x00, 0x62, 0x0D, 0x0A, 0x63])
        #expect(try TextBackend().renderString(doc) == "a\u{FFFD}\u{FFFD}b\nc\n")
    }
}
