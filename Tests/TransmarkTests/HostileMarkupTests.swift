import Foundation
import Testing
import TestSupport
import Transmark

/// Markdown written from json-tree and styled-json input stays safe when a renderer with raw HTML
/// on reads it (issue 35): hostile footnote labels, link destinations and titles, code info
/// strings, attributes, element names and text, in every Markdown profile and escaping mode
/// (`MarkupSafety.markdownSettings`), read back by libcmark-gfm (the Markdown frontend, without
/// the tag filter) and written as HTML with raw HTML passed through (`unsafe`, as
/// `cmark-gfm --unsafe`). Also: no C0 control but tab and line ends reaches HTML or Markdown.
@Suite struct HostileMarkupTests {
    static let script = "<script>alert(1)</script>"

    static let labels = [
        "a\r\(script)\r", "a\n\(script)\n", "a\r\n\(script)", "]\(script)", "a\\]\(script)", "\u{85}<svg onload=alert(1)>",
        "x<img src=x onerror=alert(1)>", String(repeating: "a", count: 1200) + script, "\t\(script)\t", "",
    ]

    static let destinations = [
        "&#106;avascript:alert(1)", "javascript&#58;alert(1)", "&#x6A;avascript:alert(1)", "java\tscript:alert(1)",
        " javascript:alert(1)", "javascript:alert(1)", "\u{0}javascript:alert(1)", "JaVaScRiPt:alert(1)",
        "data:text/html,\(script)", "vbscript:msgbox(1)", "x\" onmouseover=\"alert(1)", "<javascript:alert(1)>",
        ")\(script)", "x\n\(script)", "x\r\n\r\n\(script)", "&Tab;javascript:alert(1)", "jav&#x09;ascript:alert(1)",
    ]

    static let titles = ["\">\(script)", "x\n\n\(script)", "&#34;onmouseover=alert(1)", "x\r\(script)\r"]

    static let texts = [
        script, "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;", "\\\(script)", "<!--x--><script>",
        "a\r\(script)\r", "&#60;script&#62;alert(1)&#60;/script&#62;", "<a href=\"javascript:alert(1)\">x</a>",
        "<javascript:alert(1)>", "[x](javascript:alert(1))", "![x](javascript:alert(1))", "<http://a.b/\" onmouseover=alert(1)>",
    ]

    static let attributes: [Attribute] = [
        Attribute("id", "\">\(script)"), Attribute("class", "x\"} \(script)"), Attribute("onclick", "alert(1)"),
        Attribute("style", "width:ex/**/pression(alert(1))"), Attribute("href", "javascript:alert(1)"),
        Attribute("data-x", "\(script)"), Attribute("title", "\n\n\(script)"),
    ]

    /// A document holding every hostile string where a tree can hold one.
    static let document: Document = {
        var b = DocumentBuilder()
        b.open(.heading(level: 2), attributes: attributes)
        b.text(script)
        b.close()
        for (k, label) in labels.enumerated() {
            b.open(.paragraph)
            b.text("see ")
            b.leaf(.footnoteReference(label: label))
            b.close()
            b.open(.footnoteDefinition(label: label))
            b.open(.paragraph)
            b.text("note \(k) " + texts[k % texts.count])
            b.close()
            b.close()
        }
        for (k, destination) in destinations.enumerated() {
            b.open(.paragraph, attributes: k % 3 == 0 ? attributes : [])
            b.open(.link(destination: destination, title: titles[k % titles.count]), attributes: attributes)
            b.text(k % 2 == 0 ? destination : texts[k % texts.count])
            b.close()
            b.text(" ")
            b.open(.image(source: destination, title: titles[k % titles.count], size: ImageSize(width: 1, height: nil)),
                   attributes: attributes)
            b.text(texts[k % texts.count])
            b.close()
            b.close()
        }
        for text in texts {
            b.open(.paragraph)
            b.text(text)
            b.open(.emphasis)
            b.text(text)
            b.close()
            b.leaf(.code, text: text + "`" + script)
            b.open(.span, attributes: attributes, style: Style())
            b.text(text)
            b.close()
            b.close()
            b.leaf(.codeBlock(info: "x\n" + script), text: text + "\n```\n" + script + "\n")
            b.leaf(.codeBlock(info: "```" + script + "~~~"), text: text)
        }
        for name in ["script", "img src=x onerror=alert(1)", "iframe", "style"] {
            b.open(.division(tag: name), attributes: attributes)
            b.open(.paragraph)
            b.open(.custom(name: name), attributes: attributes)
            b.text(script)
            b.close()
            b.close()
            b.close()
        }
        b.open(.table(alignments: [.none, .left]))
        b.open(.tableRow(isHeader: true))
        for text in ["|" + script + "|", texts[1]] {
            b.open(.tableCell(.plain), attributes: attributes)
            b.text(text)
            b.close()
        }
        b.close()
        b.close()
        b.open(.definitionList, attributes: attributes)
        b.open(.term)
        b.text(script)
        b.close()
        b.open(.definition)
        b.open(.paragraph)
        b.text(texts[1])
        b.close()
        b.close()
        b.close()
        b.leaf(.htmlBlock, text: "<img src=x onerror=alert(1)>\n")
        b.open(.paragraph)
        b.leaf(.htmlInline, text: script)
        b.close()
        return b.finish()
    }()

    /// The HTML libcmark-gfm makes of `markdown` with raw HTML on and no tag filter.
    static func renderUnsafely(_ markdown: [UInt8]) throws -> String {
        var reader = MarkdownFrontend.Options()
        reader.extensions.remove(.tagfilter)
        let document = try MarkdownFrontend().parse(markdown, options: reader)
        var writer = HTMLBackend.Options()
        writer.unsafe = true
        return String(decoding: try HTMLBackend().render(document, options: writer), as: UTF8.self)
    }

    static func check(_ document: Document, _ label: String) throws -> [String] {
        var failures: [String] = []
        for setting in MarkupSafety.markdownSettings {
            let markdown = try Registry.standard.render(document, to: "markdown", options: setting)
            let found = MarkupSafety.violations(in: try renderUnsafely(markdown))
            if !found.isEmpty {
                failures.append("\(label) \(setting.map { "\($0.key)=\($0.value)" }.joined(separator: " ")): \(found.prefix(3))")
            }
        }
        return failures
    }

    @Test func hostileJSONTreeStaysSafeInEveryMarkdownSetting() throws {
        let json = try Registry.standard.render(Self.document, to: "json-tree")
        let read = try Registry.standard.parse(json, from: "json-tree")
        let failures = try Self.check(read, "json-tree")
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(4))")
    }

    @Test func hostileStyledJSONStaysSafeInEveryMarkdownSetting() throws {
        let json = try Registry.standard.render(Self.document, to: "styled-json")
        let read = try Registry.standard.parse(json, from: "styled-json")
        var failures = try Self.check(read, "styled-json")
        // Runs written by an editor: hostile link URLs and footnote labels on the runs.
        for (k, label) in Self.labels.enumerated() {
            let url = Self.destinations[k % Self.destinations.count]
            let encode = { (s: String) in String(decoding: try! JSONSerialization.data(withJSONObject: s, options: [.fragmentsAllowed]), as: UTF8.self) }
            let styled = #"""
                {"version":1,"unit":"utf16","text":"ab1\n2.\tn","runStyles":[{"font":{"family":"f","size":16,"weight":400},"link":{"url":\#(encode(url)),"title":\#(encode(Self.titles[k % Self.titles.count]))}},{"font":{"family":"f","size":16,"weight":400},"footnoteReference":\#(encode(label))},{"font":{"family":"f","size":16,"weight":400}},{"font":{"family":"f","size":16,"weight":400},"traits":["listMarker"]}],"runs":[{"location":0,"length":2,"style":0},{"location":2,"length":1,"style":1},{"location":3,"length":1,"style":2},{"location":4,"length":3,"style":3},{"location":7,"length":1,"style":2}],"paragraphStyles":[{},{"role":"footnote"}],"paragraphs":[{"location":0,"length":4,"style":0},{"location":4,"length":4,"style":1}]}
                """#
            let document = try Registry.standard.parse(Array(styled.utf8), from: "styled-json")
            failures += try Self.check(document, "styled-json runs \(k)")
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(4))")
    }

    /// A link whose text holds blocks (a table written as HTML, paragraphs) cannot be read back as
    /// a link: its destination and title then stand as text, and must still not be markup (the
    /// fuzz finding: a title holding `<body onload=…>` became a live tag).
    @Test func aLinkThatCannotParseLeavesNoLiveTagBehind() throws {
        for (destination, title) in [("x", "</head><body onload=alert(1)>"), ("img src=x onerror=alert(1)", ""),
                                     ("<script>alert(1)</script>", "t"), ("x", "<img src=x onerror=alert(1)>")] {
            var b = DocumentBuilder()
            b.open(.paragraph)
            b.open(.link(destination: destination, title: title))
            b.text("a")
            b.open(.table(alignments: [.none]))
            b.open(.tableRow(isHeader: false))
            b.open(.tableCell(TableCellAttributes()))
            b.open(.paragraph); b.text("one"); b.close()
            b.open(.paragraph); b.text("two"); b.close()
            b.close(); b.close(); b.close()
            b.close()
            b.close()
            let failures = try Self.check(b.finish(), "link around a table, \(destination) \(title)")
            #expect(failures.isEmpty, "\(failures.prefix(3))")
        }
    }

    /// The issue's example: a footnote label with carriage returns around a script element.
    @Test func footnoteLabelsAreAlwaysLabels() throws {
        let json = #"{"transmark-json-tree":1,"root":{"kind":"document","children":[{"kind":"paragraph","children":[{"kind":"footnoteReference","label":"a\r<script>alert(1)</script>\r"}]},{"kind":"footnoteDefinition","label":"a\r<script>alert(1)</script>\r","children":[{"kind":"paragraph","children":[{"kind":"text","text":"n"}]}]}]}}"#
        let markdown = try Registry.standard.convert(json, from: "json-tree", to: "markdown")
        #expect(markdown.hasPrefix("[^a--script-alert(1)-/script--]"), "\(markdown)")
        #expect(markdown.contains("\n[^a--script-alert(1)-/script--]: n\n"), "\(markdown)")
        #expect(MarkupSafety.violations(in: try Self.renderUnsafely(Array(markdown.utf8))).isEmpty)
    }

    /// turndown's escaping keeps `<` that starts a tag text, and a character reference in a
    /// destination is not decoded into `javascript:`.
    @Test func turndownEscapingLeavesNothingLive() throws {
        let settings: [[(key: String, value: String)]] = [[("escaping", "turndown")], [("profile", "turndown")]]
        for setting in settings {
            let options = ConversionOptions(setting)
            let text = try Registry.standard.convert("<p>&lt;img src=x onerror=alert(1)&gt;</p>", from: "html", to: "markdown", options: options)
            #expect(text == "\\<img src=x onerror=alert(1)>\n", "\(text)")
            let link = try Registry.standard.convert(#"<a href="&amp;#106;avascript:alert(1)">x</a>"#, from: "html", to: "markdown", options: options)
            #expect(link == "[x](&amp;#106;avascript:alert\\(1\\))\n", "\(link)")
            for markdown in [text, link] {
                #expect(MarkupSafety.violations(in: try Self.renderUnsafely(Array(markdown.utf8))).isEmpty, "\(markdown)")
            }
            // Across text nodes: `<` at the end of one, a letter starting the next.
            var b = DocumentBuilder()
            b.open(.paragraph)
            b.leaf(.text, text: "a <")
            b.leaf(.text, text: "script>alert(1)</script>")
            b.close()
            let split = try Registry.standard.render(b.finish(), to: "markdown", options: setting)
            #expect(String(decoding: split, as: UTF8.self) == "a \\<script>alert(1)\\</script>\n")
            // `unsafe` keeps turndown's own output.
            let unsafe = try Registry.standard.convert("<p>&lt;b&gt;</p>", from: "html", to: "markdown",
                                                      options: ConversionOptions(setting + [("unsafe", "true")]))
            #expect(unsafe == "<b>\n")
        }
    }

    @Test func controlCharactersNeverReachHTMLOrMarkdown() throws {
        let json = #"{"transmark-json-tree":1,"root":{"kind":"document","children":[{"kind":"heading","level":1,"attributes":[["title","t\u0007"]],"children":[{"kind":"text","text":"a\u001b[31mred\u0007\u0000b\u0001\u000b\u000c\u001f\tc"}]},{"kind":"codeBlock","info":"x\u001b","text":"\u001b[2J\u0000\n"},{"kind":"paragraph","children":[{"kind":"code","text":"\u0008"},{"kind":"link","destination":"x\u001by","title":"\u0007","children":[{"kind":"text","text":"\u0000"}]}]}]}}"#
        let document = try Registry.standard.parse(Array(json.utf8), from: "json-tree")
        var outputs: [(target: String, options: [(key: String, value: String)])] = [("html", []), ("html", [("unsafe", "true")])]
        outputs += MarkupSafety.markdownSettings.map { ("markdown", $0) }
        outputs.append(("markdown", [("escaping", "none")]))
        for (target, options) in outputs {
            let out = try Registry.standard.render(document, to: target, options: options)
            #expect(MarkupSafety.controlCharacters(in: out).isEmpty, "\(target) \(options): \(String(decoding: out, as: UTF8.self).debugDescription)")
            #expect(String(decoding: out, as: UTF8.self).contains("\u{FFFD}"))
        }
        let html = try Registry.standard.render(document, to: "html")
        #expect(String(decoding: html, as: UTF8.self).contains(">a\u{FFFD}[31mred\u{FFFD}\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tc</h1>"))
        // From the readers too: ESC and BEL in HTML and Markdown input.
        for (source, input) in [("html", "<p>a\u{1B}[31mb\u{7}</p>"), ("markdown", "a\u{1B}[31mb\u{7}\n")] {
            for target in ["html", "markdown"] {
                let out = try Registry.standard.convert(Array(input.utf8), from: source, to: target)
                #expect(MarkupSafety.controlCharacters(in: out).isEmpty, "\(source) → \(target)")
            }
        }
    }

    @Test(arguments: [
        ("width:ex/**/pression(alert(1))", false), ("width: ex/* a */pression(alert(1))", false),
        ("width:EXPRESSION/**/(alert(1))", false), ("background:u/**/rl(javascript:alert(1))", false),
        ("x: / * y; width: expression(1) */", false), ("a:b /* c */ */ expression(1)", false),
        ("width:1px /* expression( */", true), ("color:red/**/", true), ("color: red", true), ("width: 1px /*", true),
        ("x:/*/ expression(1) */", true),
    ])
    func styleFilterSeesThroughComments(css: String, allowed: Bool) {
        #expect(SanitizerPolicy.default.allowsAttribute("style", value: css, element: "span") == allowed)
    }
}
