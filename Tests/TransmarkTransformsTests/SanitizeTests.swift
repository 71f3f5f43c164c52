import Testing
import Transmark

@Suite struct SanitizeTests {
    @Test func dropsWhatCanRunCode() throws {
        let document = try Registry.standard.parse(Array("""
            <p onclick="steal()" class="c" data-x="1" id="p1">Hi <a href="javascript:alert(1)">one</a>
            <a href=" java&#9;script:alert(2)">two</a> <a href="JAVASCRIPT:x">three</a>
            <a href="https://example.com/" onmouseover="x()">safe</a> <a href="/rel">rel</a>
            <img src="data:text/html,<script>x</script>" alt="pic"> <img src="https://example.com/i.png" alt="ok">
            <span style="color: red" title="t">red</span></p>
            """.utf8), from: "html")
        let safe = try SanitizeTransform().apply(to: document, options: .init())
        let all = nodes(safe)
        let destinations = all.compactMap { if case .link(let d, _) = $0.kind { d } else { nil } }
        // The HTML frontend reads " java&#9;script:" as a browser does (leading space and inner tab
        // ignored), so it is a javascript: link and goes with the others; its text stays.
        #expect(destinations == ["https://example.com/", "/rel"])
        let sources = all.compactMap { if case .image(let s, _, _) = $0.kind { s } else { nil } }
        #expect(sources == ["https://example.com/i.png"])
        #expect(safe.root.plainText.contains("one") && safe.root.plainText.contains("two") && safe.root.plainText.contains("pic"))
        for node in all {
            #expect(!node.attributes.contains { $0.name.hasPrefix("on") || $0.name == "data-x" }, "\(node.attributes)")
        }
        let paragraph = try #require(all.first { $0.tag == .paragraph })
        #expect(paragraph.attributes == [Attribute("class", "c"), Attribute("id", "p1")])
        #expect(all.contains { $0.style?.isEmpty == false })
        let unstyled = try Registry.standard.applyTransforms(["sanitize:styles=false,attributes=data-*"], to: document)
        #expect(!nodes(unstyled).contains { $0.style != nil })
        #expect(nodes(unstyled).first { $0.tag == .paragraph }?.attributes == [Attribute("data-x", "1")])
    }

    @Test func schemesAreReadAsBrowsersReadThem() throws {
        var b = DocumentBuilder()
        b.open(.paragraph)
        for destination in [" java\tscript:alert(1)", "\u{1}JaVaScRiPt:x", "java\nscript:y", "vbscript:z", "data:text/html,x",
                            "https://ok.example/", "relative/path", "#frag", "mailto:a@b.c"] {
            b.open(.link(destination: destination, title: ""))
            b.text("t")
            b.close()
        }
        b.close()
        let safe = try SanitizeTransform().apply(to: b.finish(), options: .init())
        let destinations = nodes(safe).compactMap { if case .link(let d, _) = $0.kind { d } else { nil } }
        #expect(destinations == ["https://ok.example/", "relative/path", "#frag", "mailto:a@b.c"])
        var noRelative = SanitizeTransform.Options()
        noRelative.relative = false
        noRelative.schemes = ["https"]
        let strict = try SanitizeTransform().apply(to: safe, options: noRelative)
        #expect(nodes(strict).compactMap { if case .link(let d, _) = $0.kind { d } else { nil } } == ["https://ok.example/"])
        #expect(strict.root.plainText == "ttttttttt")  // link text is never lost
    }

    @Test func rawHTMLAndKindsFollowTheirOptions() throws {
        let document = try Registry.standard.parse(Array("<script>alert(1)</script>\n\nText <b>bold</b> and `code`.\n\n> quote\n".utf8), from: "markdown")
        #expect(nodes(document).contains { $0.tag == .htmlBlock })
        let dropped = try Registry.standard.applyTransforms(["sanitize"], to: document)
        #expect(!nodes(dropped).contains { $0.tag == .htmlBlock || $0.tag == .htmlInline })
        #expect(!dropped.root.plainText.contains("alert"))
        let shown = try Registry.standard.applyTransforms(["sanitize:rawHTML=text"], to: document)
        // (GFM's tag filter has already defused the script tag in the raw block.)
        #expect(shown.root.plainText.contains("script>alert(1)") && shown.root.plainText.contains("<b>bold</b>"))
        let narrow = try Registry.standard.applyTransforms(["sanitize:kinds=paragraph,text,code"], to: document)
        #expect(Set(nodes(narrow).map(\.tag)).isSubset(of: [.document, .paragraph, .text, .code, .softBreak]))
        #expect(narrow.root.plainText.contains("quote"))
        let strict = try Registry.standard.applyTransforms(["sanitize:kinds=paragraph,text,disallowed=drop"], to: document)
        #expect(!strict.root.plainText.contains("quote") && !strict.root.plainText.contains("code"))
        #expect(throws: TransmarkError.self) { _ = try Registry.standard.applyTransforms(["sanitize:kinds=paragraph,nonsense"], to: document) }
    }

    @Test(arguments: Corpus.pages)
    func realPagesComeOutClean(_ page: String) throws {
        let document = try Corpus.document(page)
        let safe = try Registry.standard.applyTransforms(["sanitize:schemes=https"], to: document)
        for node in nodes(safe) {
            #expect(node.tag != .htmlBlock && node.tag != .htmlInline)
            #expect(!node.attributes.contains { $0.name.hasPrefix("on") || $0.name == "style" })
            if case .link(let d, _) = node.kind { #expect(!URLReference(d).isAbsolute || d.lowercased().hasPrefix("https:"), "\(d)") }
            if case .image(let s, _, _) = node.kind { #expect(!URLReference(s).isAbsolute || s.lowercased().hasPrefix("https:"), "\(s)") }
        }
        #expect(safe.root.plainText == text(of: document, skipping: Set(nodes(document).filter { $0.tag == .htmlBlock || $0.tag == .htmlInline }.map(\.id))))
    }
}
