import Foundation
import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct TaggedStringTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0)

    /// `b` fixed bold, `color` computed from its `value` attribute, over a 14 pt base.
    static var styles: TaggedStringStyles {
        var bold = Style()
        bold.fontWeight = .bold
        return TaggedStringStyles(
            base: RunAttributes(font: FontDescriptor(size: 14)),
            tags: [
                "b": .style(bold),
                "color": .dynamic { tag, inherited in
                    var a = inherited
                    if tag.attribute("value") == "red" { a.foregroundColor = red }
                    return a
                },
            ])
    }

    @Test func argumentsAreEscaped() throws {
        let name = "<b>Eve</b> & co"
        let tagged: TaggedString = "Hi <b>\(name)</b>!"
        #expect(tagged.markup == "Hi <b>&lt;b&gt;Eve&lt;/b&gt; &amp; co</b>!")
        #expect(tagged.plainText == "Hi <b>Eve</b> & co!")
        let s = try tagged.styledText(Self.styles)
        #expect(s.text == "Hi <b>Eve</b> & co!")
        #expect(Styled.words(s) { $0.font.weight == 700 } == ["<b>Eve</b> & co"])
        let formatted = TaggedString(format: "%@ has <b>%@</b> 100%%", "a<b", 3)
        #expect(formatted.plainText == "a<b has 3 100%")
    }

    @Test func dynamicTagFromAttributesAndInheritedStyle() throws {
        let s = try TaggedString(markup: "<b>bold <color value=\"red\">both</color></b> <color value='blue'>plain</color>").styledText(Self.styles)
        #expect(s.text == "bold both plain")
        let both = s.runStyles[s.runs[1].style]
        #expect(both.font.weight == 700 && both.foregroundColor == Self.red && both.font.size == 14)
        #expect(Styled.words(s) { $0.foregroundColor == Self.red } == ["both"])
    }

    @Test func unknownTagsUseTheHandlerOrAreStripped() throws {
        let markup = TaggedString(markup: "a <x>b</x> c")
        #expect(try markup.styledText(Self.styles).runs.count == 1)
        var styles = Self.styles
        styles.unknownTag = { tag, inherited in
            var a = inherited
            a.sourceTag = tag.name
            return a
        }
        let s = try markup.styledText(styles)
        #expect(Styled.words(s) { $0.sourceTag == "x" } == ["b"])
    }

    @Test func lenientRepairs() throws {
        let s = try TaggedString(markup: "<b>1 <i>2</b> 3</i> 4</u> a < b <b>5").styledText(.standard())
        #expect(s.text == "1 2 3 4 a < b 5")
        #expect(Styled.words(s) { $0.traits.contains(.emphasis) } == ["2 3"] || Styled.words(s) { $0.traits.contains(.emphasis) } == ["2", " 3"])
        #expect(Styled.words(s) { $0.traits == [.strong, .emphasis] } == ["2"])
        #expect(Styled.words(s) { $0.traits == .emphasis } == [" 3"])
        #expect(Styled.words(s) { $0.traits == .strong }.last == "5")
    }

    @Test(arguments: [
        ("<b>x</i></b>", 4, "closes no open tag"),
        ("<b><i>x</b></i>", 7, "still open"),
        ("<b>x", 0, "never closed"),
        ("a < b", 2, "starts no tag"),
        ("<b x=\"1>y", 0, "unterminated quote"),
    ])
    func strictModeNamesThePosition(markup: String, offset: Int, message: String) {
        var styles = TaggedStringStyles.standard()
        styles.isStrict = true
        do {
            _ = try TaggedString(markup: markup).styledText(styles)
            Issue.record("expected an error for \(markup)")
        } catch let TransmarkError.malformedInput(text, at) {
            #expect(at == offset)
            #expect(text.contains(message), "\(text)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func standardTagsAndLinks() throws {
        let s = try TaggedString(markup: "<a href=\"https://x.org/?a=1&amp;b=2\">go</a> <code>c</code> <sup>2</sup>").styledText(.standard())
        let link = s.runStyles[s.runs[0].style]
        #expect(link.link?.url == "https://x.org/?a=1&b=2" && link.underline != nil)
        #expect(s.runStyles.contains { $0.traits.contains(.code) && $0.font.family == "monospace" })
        #expect(s.runStyles.contains { $0.traits.contains(.superscript) && $0.baselineOffset > 0 })
        let attributed = AttributedString(s)
        #expect(attributed.runs.first?.link == URL(string: "https://x.org/?a=1&b=2"))
    }

    @Test func entitiesAndNewlines() throws {
        let s = try TaggedString(markup: "&lt;tag&gt; &#x1F44D; &#233;\n<b>line</b> &unknown;").styledText(.standard())
        #expect(s.text == "<tag> 👍 é\nline &unknown;")
        #expect(s.paragraphs.count == 2)
        try s.validate()
    }
}
