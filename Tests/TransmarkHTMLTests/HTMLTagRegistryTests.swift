import Testing
import TransmarkCore
@testable import TransmarkHTML

/// The tag registry: custom tags, styles, computed mappings, unknown-tag policies, built-ins.
@Suite struct HTMLTagRegistryTests {
    func tree(_ html: String, _ registry: HTMLTagRegistry) throws -> String {
        try HTMLFrontendInputs.tree(html) { $0.tagRegistry = registry }
    }

    @Test func customTagToCustomKind() throws {
        let registry = HTMLTagRegistry.standard.setting(.node(.custom(name: "story")), for: "Story")
        #expect(try tree("<p>a <story type=\"1\">b</story></p>", registry)
            == "document\n  paragraph\n    text \"a \"\n    custom name=\"story\" [type=\"1\"]\n      text \"b\"\n")
    }

    @Test func customTagToStyle() throws {
        var red = Style()
        red.color = .rgba(RGBAColor(red: 255, green: 0, blue: 0))
        let registry = HTMLTagRegistry.standard.setting(.styled(red), for: "alert")
        #expect(try tree("<alert style=\"font-weight: bold\">x</alert>", registry)
            == "document\n  span {color: #ff0000; font-weight: 700}\n    text \"x\"\n")
    }

    @Test func customTagToBlockKind() throws {
        let registry = HTMLTagRegistry.standard.setting(.node(.blockQuote), for: "callout")
        #expect(try tree("<p>a<callout>b</callout>", registry)
            == "document\n  paragraph\n    text \"a\"\n  blockQuote\n    text \"b\"\n")
    }

    @Test func computedFromAttributes() throws {
        let registry = HTMLTagRegistry.standard.setting(.computed { element in
            switch element.attribute("type") {
            case "1": HTMLElementMapping.Node(kind: .strong, attributes: [])
            case "2": HTMLElementMapping.Node(kind: .emphasis)
            default: nil
            }
        }, for: "story")
        #expect(try tree("<story type=1>a</story><story type=2>b</story><story>c</story>", registry)
            == "document\n  strong\n    text \"a\"\n  emphasis [type=\"2\"]\n    text \"b\"\n  text \"c\"\n")
    }

    @Test func unknownTagPolicies() throws {
        let html = "<p>a <story>b</story> c</p>"
        #expect(try tree(html, .standard) == "document\n  paragraph\n    text \"a b c\"\n")
        #expect(try tree(html, HTMLTagRegistry.standard.with(unknownTagPolicy: .dropWithContent))
            == "document\n  paragraph\n    text \"a c\"\n")
        #expect(try tree(html, HTMLTagRegistry.standard.with(unknownTagPolicy: .literalText))
            == "document\n  paragraph\n    text \"a <story>b</story> c\"\n")
    }

    @Test func isolatedUnknownStartTagIsText() throws {
        #expect(try tree("Hi <Congratulation!> there", .standard) == "document\n  text \"Hi <Congratulation!> there\"\n")
        #expect(try tree("a <story> b", .standard) == "document\n  text \"a <story> b\"\n")
        #expect(try tree("a <story> b</story>", .standard) == "document\n  text \"a b\"\n")
    }

    @Test func removingABuiltin() throws {
        let registry = HTMLTagRegistry.standard.removing("b")
        #expect(!registry.hasMapping(for: "b"))
        #expect(HTMLTagRegistry.standard.hasMapping(for: "b"))
        #expect(try tree("<p><b>x</b> y</p>", registry) == "document\n  paragraph\n    text \"x y\"\n")
        #expect(try tree("<p><b>x</b> y</p>", registry.with(unknownTagPolicy: .dropWithContent))
            == "document\n  paragraph\n    text \"y\"\n")
    }

    @Test func replacingABuiltinKeepsItsParsingRules() throws {
        let registry = HTMLTagRegistry.standard.setting(.node(.underline), for: "b")
        #expect(try tree("<p><b>1<i>2</b>3</i></p>", registry)
            == "document\n  paragraph\n    underline\n      text \"1\"\n      emphasis\n        text \"2\"\n    emphasis\n      text \"3\"\n")
        var restored = registry
        restored.restoreBuiltinMapping(for: "b")
        #expect(try tree("<b>x</b>", restored) == "document\n  strong\n    text \"x\"\n")
    }

    @Test func dropAndLiteralMappings() throws {
        let registry = HTMLTagRegistry.standard.setting(.drop, for: "aside").setting(.literalText, for: "tt")
        #expect(try tree("a<aside>gone</aside><tt>b</tt>", registry) == "document\n  text \"a<tt>b</tt>\"\n")
    }
}
