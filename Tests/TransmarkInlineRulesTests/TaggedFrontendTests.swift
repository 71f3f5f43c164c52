import Testing
import Transmark

/// The `tagged` format: tagged strings through the shared tree.
@Suite struct TaggedFrontendTests {
    @Test func knownTagsBecomeNodeKinds() throws {
        let input = "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><s>s</s><del>d</del><mark>m</mark><sup>1</sup><sub>2</sub><code>&lt;c&gt;</code><span style=\"color: #ff0000\">r</span><a href=\"/x\" title=\"t\">a</a>x<br/>y"
        #expect(try convert(input, from: "tagged") == "<p><strong>b</strong><strong>s</strong><em>i</em><em>e</em><u>u</u><del>s</del><del>d</del><mark>m</mark><sup>1</sup><sub>2</sub><code>&lt;c&gt;</code><span style=\"color: #ff0000\">r</span><a href=\"/x\" title=\"t\">a</a>x<br />\ny</p>\n")
    }

    @Test func escapedUserContentStaysText() throws {
        let user = "<b>Eve</b> & <script>"
        let tagged: TaggedString = "Hi <b>\(user)</b>"
        #expect(try convert(tagged.markup, from: "tagged") == "<p>Hi <strong>&lt;b&gt;Eve&lt;/b&gt; &amp; &lt;script&gt;</strong></p>\n")
        #expect(try convert("a < b and <3", from: "tagged", to: "text") == "a < b and <3\n")
    }

    @Test func unknownTagPolicies() throws {
        let input = "a <user id=\"1\">Ann</user> b <lonely> c"
        #expect(try convert(input, from: "tagged", to: "text") == "a Ann b <lonely> c\n")
        #expect(try convert(input, from: "tagged", to: "text", ["unknownTags": "dropWithContent"]) == "a b <lonely> c\n")
        #expect(try convert(input, from: "tagged", to: "text", ["unknownTags": "literalText"])
                == "a <user id=\"1\">Ann</user> b <lonely> c\n")
    }

    @Test func linesAreParagraphsAndTagsReopen() throws {
        #expect(try convert("<b>one\ntwo</b>\n\nthree", from: "tagged")
                == "<p><strong>one</strong></p>\n<p><strong>two</strong></p>\n<p>three</p>\n")
        #expect(try convert("<b>1 <i>2</b> 3</i>", from: "tagged") == "<p><strong>1 <em>2</em></strong><em> 3</em></p>\n")
    }

    @Test func customNodesCarryTheirAttributes() throws {
        #expect(try tree("<b>x</b><user id=\"7\">y</user>", from: "tagged").contains("strong"))
        let doc = try Transmark.parse("<b>x</b><user id=\"7\">y</user>", from: "tagged", options: ["customNodes": "true"])
        let nodes = Array(Array(doc.root.children)[0].children)
        #expect(nodes.map(\.kind) == [.custom(name: "b"), .custom(name: "user")])
        #expect(nodes[1].attributes == [Attribute("id", "7")])
    }

    @Test func strictModeNamesTheOffset() {
        #expect(throws: TransmarkError.malformedInput(message: "tag <b> is never closed", offset: 2)) {
            try convert("a <b>x", from: "tagged", ["strict": "true"])
        }
    }

    @Test func taggedStringStyledTextGoesThroughTheTree() throws {
        let tagged = TaggedString(markup: "Hi <b>there</b>\n<x>you</x>")
        let styles = TaggedStringStyles.standard()
        var options = TaggedFrontend.Options()
        options.customNodes = true
        let document = try TaggedFrontend().parse(tagged.markup, options: options)
        #expect(try tagged.styledText(styles) == StyledText(document: document, tagStyles: styles))
        let styled = try tagged.styledText(styles)
        #expect(styled.text == "Hi there\nyou")
        #expect(styled.paragraphs.count == 2)
    }
}
